"""JAX102 prng-key-reuse: one PRNG key value consumed twice."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, function_label

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.api import KeyUse
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The key consumed again, whether in a loop, the row of its first use and a fresh name for the split."""

    key: str
    in_loop: bool
    first_line: int | None
    fresh: str


# Tests feed one key to two code paths to compare them (jit vs eager, a library vs a reference):
# the idiom, not a bug. The `test-files` setting says which files are tests.


def check(model: Model) -> Iterator[Report]:
    if not model.keys.may_hold_keys():
        return
    for scope in [model.module, *model.functions()]:
        info = model.info(scope)
        if info.host or info.shape_only:  # host callbacks and abstract evaluation draw nothing twice
            continue
        if not _mentions_keys(model, scope) or not model.keys.may_hold_keys(scope):
            continue
        reuses = model.facts(scope).key_reuses
        fresh = _fresh_name(scope, "subkey") if reuses else ""  # once per scope: a walk of it
        for reuse in reuses:
            yield _report(reuse, scope, fresh)


def _report(reuse: KeyUse, scope: Scope, fresh: str) -> Report:
    if reuse.repeated:
        return _never_advanced(reuse, scope)
    if reuse.batched:
        label = "lambda" if isinstance(scope.node, ast.Lambda) else f"`{function_label(scope)}`"
        origin = (f"passed unbatched (`in_axes=None`) to the vmapped {label}" if reuse.name in scope.params()
                  and reuse.name in scope.bindings and len(scope.bindings[reuse.name]) == 1
                  else f"read from outside the vmapped {label}")
        return Report(reuse.node, f"PRNG key `{reuse.name}` is {origin}: every "
                      f"element of the batch draws the same numbers. Map over per-element keys instead "
                      f"(`keys = jax.random.split({reuse.name}, n)`, passed as a vmapped argument)", scope)
    first_line = getattr(reuse.first, "lineno", None)
    line = getattr(reuse.call, "lineno", None)
    named = (first_line,) if first_line is not None else ()  # the row `line N` below names
    if reuse.split_elsewhere:
        later = " in the next iteration" if reuse.in_loop and first_line is not None and first_line < line else ""
        where = f"consumed here and split again on line {first_line}{later}"
        first_line = None  # the fix splits right before this consumer
    elif reuse.in_loop and reuse.first is reuse.call:
        where = "consumed in every iteration of the loop without being split"
        named = ()
    else:
        where = f"already consumed on line {first_line}"
    message = (f"PRNG key `{reuse.name}` is reused ({where}); the draws {_outcome(reuse)}. "
               f"Split first: `{reuse.name}, {fresh} = jax.random.split({reuse.name})` and use `{fresh}`")
    # Splitting a key the function reads from outside would make the name local (UnboundLocalError).
    fixable = "unsafe" if reuse.name in scope.bindings else None
    return Report(reuse.node, message, scope, fixable=fixable,
                  fix_data={"key": reuse.name, "in_loop": reuse.in_loop, "first_line": first_line, "fresh": fresh},
                  lines=named)


def _fresh_name(scope: Scope, base: str) -> str:
    """`base`, or `base_1`, `base_2`... when the function (or, at module level, the module) already
    uses that name: a name only another function uses does not clash with a local one."""
    taken: set[str] = set()
    pending = [scope]
    while pending:  # the scope and the ones nested in it, from the model's index (no walk of the tree)
        inner = pending.pop()
        taken.update(n.id for n in inner.of_type(ast.Name))  # type: ignore[attr-defined]
        taken.update(inner.bindings, inner.globals, inner.nonlocals)
        pending += inner.children
    name, number = base, 0
    while name in taken:
        number += 1
        name = f"{base}_{number}"
    return name


def _never_advanced(reuse: KeyUse, scope: Scope) -> Report:
    label = function_label(scope)
    origin = "set when its object is built" if isinstance(reuse.node, ast.Attribute) else f"read from outside `{label}`"
    if isinstance(reuse.first, ast.Call):
        again, lines = f"line {reuse.first.lineno} calls it again", (reuse.first.lineno,)
    else:
        again, lines = "a module is applied at every step", ()
    message = (f"PRNG key `{reuse.name}` is {origin} and never advanced: every call of "
               f"`{label}` ({again}) draws the same numbers. Pass a fresh key as an argument "
               f"(`key, subkey = jax.random.split(key)` at the caller)")
    return Report(reuse.node, message, scope, lines=lines)


def _outcome(reuse: KeyUse) -> str:
    """Two calls of one sampler with one key repeat the numbers; other pairs are correlated."""
    same = isinstance(reuse.first, ast.Call) and _same_callee(reuse.call.func, reuse.first.func)
    return "repeat" if same or reuse.in_loop and reuse.first is reuse.call else "are correlated"


def _same_callee(one: ast.expr, other: ast.expr) -> bool:
    while isinstance(one, ast.Attribute) and isinstance(other, ast.Attribute) and one.attr == other.attr:
        one, other = one.value, other.value
    if isinstance(one, ast.Name) and isinstance(other, ast.Name):
        return one.id == other.id
    if isinstance(one, (ast.Name, ast.Attribute)) and isinstance(other, (ast.Name, ast.Attribute)):
        return False
    return ast.dump(one) == ast.dump(other)  # not a dotted name: compared whole (rare)


def _mentions_keys(model: Model, scope) -> bool:
    """Something here is used as a PRNG key, or a `jax.random` call makes one."""
    return bool(model.keys.random_key_args(scope)) or model.keys.calls_jax_random(scope)
