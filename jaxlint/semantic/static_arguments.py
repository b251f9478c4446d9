"""The expressions of a scope that must be concrete where JAX needs a Python value (the places are
the facts of jaxlint.knowledge.static_arguments)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.knowledge.static_arguments import CONVERTING_METHODS, HASHED_SINKS, METHOD_SINKS, SHAPE_SINKS

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


def number_literals(expr: ast.expr) -> bool:
    """A tuple or list literal of number constants: static arithmetic (`jnp.prod((4, 8))`)."""
    return isinstance(expr, (ast.Tuple, ast.List)) and bool(expr.elts) and all(
        isinstance(e, ast.Constant) and type(e.value) in (int, float) for e in expr.elts)


def concrete_arguments(model: Model, scope: Scope, calls: list[ast.AST]) -> Iterator[tuple[str, ast.expr, bool]]:
    """Every place in the scope's `calls` and slices where Python or JAX needs a concrete value:
    (what needs it, the expression that must be concrete, whether a NumPy array fails there too)."""
    for call in calls:
        name = model.qualified(call.func, scope)  # type: ignore[attr-defined]
        if isinstance(call.func, ast.Attribute) and call.func.attr in CONVERTING_METHODS and name is None:  # type: ignore[attr-defined]
            yield f"`.{call.func.attr}()`", call.func.value, False  # type: ignore[attr-defined]
            continue
        if name in SHAPE_SINKS:
            positions, keywords = SHAPE_SINKS[name]
            label = f"`{name.replace('jax.numpy.', 'jnp.').replace('builtins.', '')}`"
            exprs = [a for i, a in enumerate(call.args) if i in positions]  # type: ignore[attr-defined]
            exprs += [k.value for k in call.keywords if k.arg in keywords]  # type: ignore[attr-defined]
        elif isinstance(call.func, ast.Attribute) and call.func.attr in METHOD_SINKS and name is None:  # type: ignore[attr-defined]
            label = f"`.{call.func.attr}()`"  # type: ignore[attr-defined]
            exprs = list(call.args) + [k.value for k in call.keywords]  # type: ignore[attr-defined]
        else:
            continue
        if any(k.arg == "total_repeat_length" for k in call.keywords):  # type: ignore[attr-defined]
            exprs = [e for e in exprs if e is not _repeats(call, name)]  # the counts may be traced then
        for expr in exprs:
            for part in expr.elts if isinstance(expr, (ast.Tuple, ast.List)) else [expr]:
                yield label, part, name in HASHED_SINKS
    for sub in scope.of_type(ast.Slice):
        for bound in (sub.lower, sub.upper, sub.step):  # type: ignore[attr-defined]
            if bound is not None:
                yield "a slice bound", bound, False


def _repeats(call: ast.Call, name: str | None) -> ast.expr | None:
    """The `repeats` argument of `jnp.repeat(x, repeats)` or `x.repeat(repeats)`."""
    position = 1 if name == "jax.numpy.repeat" else 0
    if len(call.args) > position:
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == "repeats"), None)
