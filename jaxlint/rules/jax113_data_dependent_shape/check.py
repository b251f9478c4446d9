"""JAX113 data-dependent-shape: inside jit/vmap, a result whose shape would depend on the values:
`x[mask]` with a traced boolean mask (NonConcreteBooleanIndexError), and `jnp.nonzero`,
`argwhere`, `flatnonzero`, `unique` (and its variants), `compress`, `extract`, one-argument
`jnp.where` and `x.nonzero()` without `size=` (ConcretizationTypeError, TracerBoolConversionError
for `compress`/`extract`). Under jit these raise whatever the argument (a NumPy constant too, checked
on JAX 0.10.2); under vmap alone, only on a traced (batched) argument. Also such a function handed
itself to a transform that calls it on tracers (`jax.vmap(jnp.nonzero)`, `jax.jit(jnp.unique)`,
`jax.lax.map(jnp.argwhere, xs)`, `jnp.apply_along_axis(jnp.where, 0, m)`); `jnp.where` only where it
is known to get one argument."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.knowledge.transforms import TRANSFORMS
from jaxlint.rules.base import Report, function_label, snippet
from jaxlint.semantic.api import concrete_only

if TYPE_CHECKING:
    from jaxlint.semantic.api import Facts
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_SIZED = frozenset(f"jax.numpy.{name}" for name in (
    "nonzero", "argwhere", "flatnonzero", "unique", "unique_values", "unique_counts", "unique_inverse", "unique_all",
    "compress", "extract"))
_LAST_NAMES = frozenset(name.rsplit(".", 1)[1] for name in _SIZED) | {"where"}
# Calls that make a boolean array of their arguments.
_BOOLEAN = frozenset(f"jax.numpy.{name}" for name in (
    "logical_and", "logical_or", "logical_not", "logical_xor", "isnan", "isfinite", "isinf", "isclose", "greater",
    "less", "equal", "not_equal", "greater_equal", "less_equal", "isin"))


def check(model: Model) -> Iterator[Report]:
    yield from _transformed_callables(model)
    for scope in model.functions():
        info = model.info(scope)
        if not (info.traced and info.abstract) or info.shape_only:
            continue
        compiled = "jit" in info.transforms or info.cached
        facts = None
        for call in scope.of_type(ast.Call):
            name = _sized_call(model, call, scope)  # type: ignore[arg-type]
            if name is None:
                continue
            facts = facts or model.facts(scope)
            subject = call.func.value if name == "nonzero method" else (call.args[0] if call.args else None)  # type: ignore[attr-defined]
            if not compiled and (subject is None or not facts.value(subject).traced) or concrete_only(model, scope, call):
                continue
            yield Report(call, f"`{snippet(call)}` in {info.describe(function_label(scope))} has a shape that depends "
                               f"on the values, which tracing cannot know: it raises; pass `size=` (and "
                               f"`fill_value=`) for a fixed-size result", scope)
        for subscript in scope.of_type(ast.Subscript):
            if not isinstance(subscript.ctx, ast.Load):  # type: ignore[attr-defined]
                continue
            facts = facts or model.facts(scope)
            mask = subscript.slice  # type: ignore[attr-defined]
            if _traced_boolean(model, mask, scope, facts) and not concrete_only(model, scope, subscript):
                yield Report(subscript, f"`{snippet(subscript)}` indexes with the traced boolean mask `{snippet(mask)}` "
                                        f"in {info.describe(function_label(scope))}: the result's length depends on "
                                        f"the values and it raises NonConcreteBooleanIndexError; use "
                                        f"`jnp.where({snippet(mask)}, {snippet(subscript.value)}, fill)` or a sum of "  # type: ignore[attr-defined]
                                        f"the masked values", scope)


# Callers that call the function they are given with one array: its name, and the position of the function.
_ONE_ARGUMENT_CALLERS = {"jax.lax.map": 0, "jax.numpy.apply_along_axis": 0}


def _transformed_callables(model: Model) -> Iterator[Report]:
    """`jax.vmap(jnp.nonzero)`, `jax.lax.map(jnp.unique, xs)`: the transform traces the function itself."""
    for scope in (model.module, *model.functions()):
        for call in scope.of_type(ast.Call):
            # what is handed is looked at first: it is rarely a function of JAX's (and only a name
            # or an attribute can name one), so the callee is seldom resolved
            handed = call.args[0] if call.args else None  # type: ignore[attr-defined]
            if not isinstance(handed, (ast.Name, ast.Attribute)):
                continue
            name = model.qualified(handed, scope)
            if name not in _SIZED and name != "jax.numpy.where":
                continue
            transform = model.qualified(call.func, scope)  # type: ignore[attr-defined]
            kind = TRANSFORMS[transform].kind if transform in TRANSFORMS else None
            if kind not in ("jit", "vmap") and transform not in _ONE_ARGUMENT_CALLERS:
                continue
            if name == "jax.numpy.where" and not _calls_with_one_argument(model, call, transform):  # type: ignore[arg-type]
                continue
            short = snippet(handed)
            yield Report(call, f"`{snippet(call.func)}` traces `{short}`, whose result's shape depends on the values, "  # type: ignore[attr-defined]
                               f"which tracing cannot know: calling it raises; hand it "
                               f"`functools.partial({short}, size=...)` for a fixed-size result", scope)


def _calls_with_one_argument(model: Model, call: ast.Call, transform: str) -> bool:
    """Whether the function handed to `call` gets one argument: `lax.map`, `apply_along_axis` without
    extra arguments, or a transformed function called at once with one (`jax.vmap(jnp.where)(m)`)."""
    if transform in _ONE_ARGUMENT_CALLERS:
        return len(call.args) <= 3 and not any(k.arg not in ("axis", "arr", "xs") for k in call.keywords)
    parent = model.parent(call)
    return isinstance(parent, ast.Call) and parent.func is call and len(parent.args) == 1 and not parent.keywords


def _sized_call(model: Model, call: ast.Call, scope: Scope) -> str | None:
    """The data-dependent call without `size=`: its qualified name, or "nonzero method"."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in _LAST_NAMES and name != "nonzero" or any(k.arg in ("size", None) for k in call.keywords):
        return None  # given a size, or `**kwargs` that may hold one
    qualified = model.qualified(func, scope)
    if qualified in _SIZED:
        return qualified
    if qualified == "jax.numpy.where" and len(call.args) == 1 and not call.keywords:
        return qualified
    if qualified is None and name == "nonzero" and isinstance(func, ast.Attribute) and not call.args:
        facts = model.facts(scope)
        return "nonzero method" if facts.value(func.value).surely_traced_array else None
    return None


def _traced_boolean(model: Model, expr: ast.expr, scope: Scope, facts: Facts, depth: int = 0) -> bool:
    """A traced value known to be boolean: a comparison, `~`/`&`/`|` of them, a boolean `jnp`
    function, or a local name bound once to one of these."""
    if isinstance(expr, ast.Compare):
        return bool(facts.value(expr).traced) or any(bool(facts.value(e).traced) for e in [expr.left, *expr.comparators])
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Invert):
        return _traced_boolean(model, expr.operand, scope, facts, depth)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.BitAnd, ast.BitOr, ast.BitXor)):
        return (_traced_boolean(model, expr.left, scope, facts, depth)
                and _traced_boolean(model, expr.right, scope, facts, depth))
    if isinstance(expr, ast.Call):
        return model.qualified(expr.func, scope) in _BOOLEAN and any(bool(facts.value(a).traced) for a in expr.args)
    if isinstance(expr, ast.Name) and depth < 3:
        bindings = scope.bindings.get(expr.id, []) if scope.lookup_scope(expr.id) is scope else []
        if len(bindings) == 1 and bindings[0].kind == "assign":
            parent = model.parent(bindings[0].node)
            if isinstance(parent, ast.Assign) and len(parent.targets) == 1:
                return _traced_boolean(model, parent.value, scope, facts, depth + 1)
    return False
