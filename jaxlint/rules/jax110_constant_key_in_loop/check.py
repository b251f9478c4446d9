"""JAX110 constant-key-in-loop: `jax.random.key(seed)`/`PRNGKey(seed)` called inside a loop (a
Python loop, a comprehension, or the body of a lax loop) with a seed that does not change from one
iteration to the next, and drawn from in that loop (a `jax.random` sampler or `split`, directly or
through the name it is bound to). Every iteration then draws the same numbers. A loop over literal
settings (a sweep, where the same key per setting is how results are compared) is not flagged,
nor is a key folded with the iteration (`fold_in(key, i)`)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import key_use
from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_KEY_MAKERS = frozenset(("jax.random.key", "jax.random.PRNGKey"))


def check(model: Model) -> Iterator[Report]:
    for scope in model.scopes:
        for call in scope.of_type(ast.Call):
            func = call.func  # type: ignore[attr-defined]
            if getattr(func, "attr", getattr(func, "id", None)) not in ("key", "PRNGKey"):
                continue
            if model.qualified(func, scope) not in _KEY_MAKERS or not call.args:  # type: ignore[attr-defined]
                continue
            report = _repeated(model, call, scope)  # type: ignore[arg-type]
            if report is not None:
                yield report


def _repeated(model: Model, call: ast.Call, scope: Scope) -> Report | None:
    loops = [loop for loop in model.loops.around(call) if not model.loops.sweeps(loop, scope)]
    in_lax_body = model.info(scope).loop_body and not loops
    if not loops and not in_lax_body:
        return None
    varying = set(scope.params()) if in_lax_body else set()  # a lax body's index and carry change
    if any(model.loops.depends(a, loops) or _reads(a, varying) for a in call.args):
        return None
    if not _drawn(model, call, scope, loops, varying):
        return None
    origin = model.info(scope).origin.removeprefix("traced by ") or "a lax loop"
    where = f"the loop at line {model.loops.row(loops[0])}" if loops else f"the body of {origin}"
    return Report(call, f"`{snippet(call)}` makes the same key in every iteration of {where}, and it is drawn from "
                        f"there: every iteration draws the same numbers; make the key once before the loop and split "
                        f"it each iteration (or `jax.random.fold_in(key, i)`)", scope,
                  lines=(model.loops.row(loops[0]),) if loops else ())


def _reads(expr: ast.AST, names: set[str]) -> bool:
    return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(expr))


def _drawn(model: Model, call: ast.Call, scope: Scope, loops: list[ast.AST], varying: set[str]) -> bool:
    """The key is drawn from in the loop: passed to a sampler or `split` there, itself or by the name
    it is bound to (`fold_in` with what changes makes a new key each iteration: not a draw)."""
    uses: list[ast.AST] = [call]
    parent = model.parent(call)
    if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(parent.targets[0], ast.Name):
        name = parent.targets[0].id
        body = loops[0] if loops else scope.node
        uses = [n for n in ast.walk(body) if isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Load)
                and n.lineno >= call.lineno]
    for use in uses:
        consumer = model.parent(use)
        if not isinstance(consumer, ast.Call) or use not in consumer.args:
            continue
        kind = key_use(model.qualified(consumer.func, scope))
        if kind == "sampler":
            return True
        if kind == "fold" and not any(model.loops.depends(a, loops) or _reads(a, varying)
                                      for a in consumer.args if a is not use):
            return True
    return False
