"""JAX108 tracer-concretization: in code traced by jit, vmap, grad or a lax body, a traced array
where a concrete Python value is needed: `float`/`int`/`complex`/`operator.index`, `.item()`,
`.tolist()`, `range`, a shape or size argument, a slice bound (the model's table of such places,
`semantic/static_arguments.py`). A tracer made by jnp from static values there is JAX105's
finding; `bool()` and conditions are JAX103's; `np.asarray` is JAX111's. Under grad-like transforms
alone, only `float`/`complex` of a value computed from a differentiated parameter raise."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.knowledge.static_arguments import METHOD_SINKS, SHAPE_SINKS
from jaxlint.rules.base import Report, function_label, snippet
from jaxlint.rules.static_cause import StaticArgnames, static_fix
from jaxlint.rules.traced_chain import proven, why_traced
from jaxlint.semantic.api import (
    concrete_arguments,
    concrete_only,
    dead_under_tracing,
    differentiated_facts,
    differentiated_params,
    last_name,
    shape_guarded,
)

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


FixData = StaticArgnames  # fix A: mark the parameters static


_SINK_NAMES = frozenset(name.rsplit(".", 1)[1] for name in SHAPE_SINKS) | METHOD_SINKS | {"item", "tolist"}

# What JAX 0.10.2 raises at each kind of place, and what to write instead.
_CONVERSIONS = {"`int`", "`float`", "`complex`", "`.item()`", "`.tolist()`"}
_INDEX = {"`range`", "`operator.index`"}


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if info.traced and not info.abstract and info.transforms == {"grad"}:
            yield from _under_grad(model, scope)
        if not info.traced or not info.abstract:
            continue
        calls = [c for c in scope.of_type(ast.Call) if last_name(c.func) in _SINK_NAMES]  # type: ignore[attr-defined]
        if not calls and not scope.of_type(ast.Slice):
            continue
        facts = model.facts(scope)
        seen: set[ast.AST] = set()
        for sink, expr, _ in concrete_arguments(model, scope, calls):
            value = facts.value(expr)
            # a tracer jnp made from static values is JAX105's (the fix is NumPy there)
            place = _place(model, expr)
            if place in seen or not value.surely_traced_array or value.staged_static is not None \
                    or dead_under_tracing(model, scope, expr) or concrete_only(model, scope, expr) \
                    or shape_guarded(model, scope, expr) \
                    or not proven(model, scope, expr):
                continue
            seen.add(place)
            yield _report(model, scope, expr, sink)


def _under_grad(model: Model, scope: Scope) -> Iterator[Report]:
    """Under grad-like transforms alone `int(x)` takes the primal value, but `float(x)`/`complex(x)` of
    a value computed from a differentiated parameter raises (checked on JAX 0.10.2)."""
    calls = [c for c in scope.of_type(ast.Call) if last_name(c.func) in _FLOATS  # type: ignore[attr-defined]
             and len(c.args) == 1 and model.qualified(c.func, scope) in _FLOAT_BUILTINS]  # type: ignore[attr-defined]
    params = differentiated_params(model, scope) if calls else None
    if not params:
        return
    facts = differentiated_facts(model, scope, params)
    for call in calls:
        argument = call.args[0]  # type: ignore[attr-defined]
        if facts.value(argument).surely_traced_array and not concrete_only(model, scope, argument) \
                and not shape_guarded(model, scope, argument):
            where = model.info(scope).describe(function_label(scope))
            yield Report(argument, f"`{snippet(call.func)}` needs a concrete value, but `{snippet(argument)}` is "  # type: ignore[attr-defined]
                                   f"computed from a differentiated parameter in {where}: it raises "
                                   f"ConcretizationTypeError; return it as an "
                                   f"auxiliary output (`has_aux=True`), or print it with `jax.debug.print`", scope)


_FLOATS = frozenset(("float", "complex"))
_FLOAT_BUILTINS = frozenset(("builtins.float", "builtins.complex"))


def _place(model: Model, expr: ast.expr) -> ast.AST:
    """The call or slice that needs the value: reported once (`x[i:i + 4]` has two traced bounds)."""
    node = model.parent(expr)
    while node is not None and not isinstance(node, (ast.Call, ast.Slice)):
        node = model.parent(node)
    return node or expr


def _report(model: Model, scope: Scope, expr: ast.expr, sink: str) -> Report:
    where = model.info(scope).describe(function_label(scope))
    if sink in _CONVERSIONS:
        error, instead = "ConcretizationTypeError", "keep it a JAX array, or compute it outside the traced function"
    elif sink in _INDEX:
        error, instead = "TracerIntegerConversionError", "use `jax.lax.fori_loop`/`jax.lax.while_loop`"
    elif sink == "a slice bound":
        error, instead = "IndexError", "use `jax.lax.dynamic_slice` (a fixed size), or mask with `jnp.where`"
    else:
        error, instead = "a TypeError or ConcretizationTypeError", "shapes must be static: derive it from `x.shape`"
    chain = why_traced(model, scope, expr)
    head = f"{sink} needs a concrete value, but `{snippet(expr)}` is traced in {where}" \
           f"{f' ({chain.text})' if chain.text else ''}: it raises {error}"
    static = static_fix(model, scope, expr)
    if static is None:
        return Report(expr, f"{head}; {instead}", scope, lines=chain.lines, related=chain.related)
    return Report(expr, f"{head}; {static.named} is used only where a static value is fine: mark it static "
                        f"(`static_argnames`)", scope, fixable="safe", fix_data=static.data, lines=chain.lines,
                  related=chain.related)
