"""JAX203 unstable-static-arg: a static argument of a jit-compiled function that changes with every
iteration of the loop calling it (a compilation per value), or that cannot be hashed (a list, dict
or set display, a comprehension, an array, or a name holding one on every path to the call:
`ValueError: Non-hashable static arguments are not supported` at the call). A value that takes only
a few values over the run (a comparison, a choice
between constants) compiles that many times, not every iteration, and is not flagged; neither is a
loop over a literal sequence (a sweep of a few settings)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.api import Compiled
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The compiled callee, and whether the static argument is unhashable (verify expects a ValueError)."""

    callee: str
    unhashable: bool


def check(model: Model) -> Iterator[Report]:
    for call, scope in model.loops.compiled_calls:
        compiled = model.loops.compiled(call, scope)
        if compiled is None or not compiled.static:
            continue
        report = _unhashable(model, call, compiled, scope) or _varying(model, call, compiled, scope)
        if report is not None:
            yield report


def _unhashable(model: Model, call: ast.Call, compiled: Compiled, scope: Scope) -> Report | None:
    facts = model.facts(scope)
    for name, expr in compiled.static_arguments(call):
        kind = facts.value(expr).unhashable  # a display, an array, or a name bound to one on every path
        if kind and not _jnp_call(model, expr, scope):
            what = f"{kind} `{snippet(expr)}`," if not isinstance(expr, ast.Name) else f"`{expr.id}`, {kind} here,"
            return Report(call, f"static argument `{name}` of jit-compiled `{snippet(call.func)}` is {what} "
                                f"which cannot be hashed: the call raises ValueError; pass a tuple",
                          scope, severity="error", fix_data={"callee": compiled.name, "unhashable": True})
    return None


def _jnp_call(model: Model, expr: ast.expr, scope: Scope) -> bool:
    """`jnp.array(2)` written into the static argument: JAX105 reports it (a jnp call on a static value)."""
    return isinstance(expr, ast.Call) and (model.qualified(expr.func, scope) or "").startswith("jax.numpy.")


def _varying(model: Model, call: ast.Call, compiled: Compiled, scope: Scope) -> Report | None:
    loops = model.loops.untraced_loops(call, scope)
    for name, expr in compiled.static_arguments(call):
        if loops and model.loops.depends(expr, loops) and not model.loops.takes_few_values(expr, loops):
            return _report(model, call, compiled, scope, name, f"`{snippet(expr)}`, which changes", loops)
        through = model.loops.from_callers_loop(expr, scope)
        if through is not None:
            argument, _, outer = through
            if model.loops.depends(argument, outer) and not model.loops.takes_few_values(argument, outer):
                function = (scope.qualname or "").rsplit(".", 1)[-1]
                what = f"`{snippet(expr)}`, which `{function}` is given as `{snippet(argument)}`, changing"
                return _report(model, call, compiled, scope, name, what, outer)
    return None


def _report(model: Model, call: ast.Call, compiled: Compiled, scope: Scope, name: str, what: str,
            loops: list[ast.AST]) -> Report:
    row = model.loops.row(loops[0])
    return Report(call, f"static argument `{name}` of jit-compiled `{snippet(call.func)}` is {what} every iteration "
                        f"of the loop (line {row}): one compilation per iteration; pass it as a traced argument instead",
                  scope, lines=(row,), fix_data={"callee": compiled.name})
