"""A finding wholly caused by parameters of a jit-compiled function that are used only where a
static value is fine (Python conditions, shapes, counts, slice bounds): marking them static
(`static_argnames`) fixes it (JAX103 and JAX108 fix A). Found through the function's callers up to
the one jit applies to."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple, TypedDict

from jaxlint.rules.base import function_label
from jaxlint.semantic.api import concrete_arguments

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class StaticArgnames(TypedDict, total=False):
    """Fix A's data (fixes/static_argnames.py): the parameters to mark static, and the jit-compiled
    function they belong to (its row and name)."""

    params: list[str]
    function: int
    entry: str


class StaticFix(NamedTuple):
    """The parameters that are the whole cause, as a message names them, and the fix's data."""

    named: str  # "`n`", or "`n` of `solve`, which only passes it on here,"
    data: StaticArgnames


def static_fix(model: Model, scope: Scope, operand: ast.expr) -> StaticFix | None:
    """`static_cause` as a finding reports it: the words and the data of fix A (fixes/static_argnames.py)."""
    cause = static_cause(model, scope, operand)
    if cause is None:
        return None
    entry, params = cause
    names = ", ".join(f"`{p}`" for p in params)
    through = "" if entry is scope else f" of `{function_label(entry)}`, which only passes it on here,"
    data: StaticArgnames = {"params": params, "function": entry.node.lineno,  # type: ignore[attr-defined]
                            "entry": entry.node.name}  # type: ignore[attr-defined]
    return StaticFix(names + through, data)


def static_cause(model: Model, scope: Scope, operand: ast.expr) -> tuple[Scope, list[str]] | None:
    """The jit-compiled function and its parameters that are the whole cause of `operand` and are
    used only where static values are fine: the function's own, or those of the jit-compiled function
    that only passes them on to it (`jax.jit(solve)`, `solve` handing `max_steps` to a helper)."""
    info = model.info(scope)
    if info.filtered or info.loop_body:
        return None  # equinox's filter_jit takes no `static_argnames`; a lax loop body's index is traced by the loop
    facts = model.facts(scope)
    names = [n for n in ast.walk(operand) if isinstance(n, ast.Name) and facts.value(n).traced]
    params = sorted({n.id for n in names})
    # A pytree parameter (`state.step`) cannot be made static: only a scalar or array one.
    if not params or any(n.id not in info.traced_params or not facts.value(n).surely_traced_array for n in names):
        return None
    if not _only_where_static(model, scope, params):
        return None
    return _jit_entry(model, scope, params, _CHAIN)


_CHAIN = 3  # calls followed up from the function to the jit-compiled one


def _only_where_static(model: Model, scope: Scope, params: list[str], passed: frozenset[ast.AST] = frozenset()) -> bool:
    """The parameters are bound once and read only in Python conditions, where a concrete value
    is needed (`range(n)`, `jnp.zeros(n)`, `x[:n]`), or as the `passed` arguments; never as an
    array or a dict (`loss.sum() < eps`, `cfg["flag"]`: a static argument must be hashable)."""
    if any(b.kind != "param" for p in params for b in scope.bindings.get(p, [])):
        return False
    concrete: set[ast.expr] | None = None
    for load in scope.of_type(ast.Name):
        if load.id not in params or not isinstance(load.ctx, ast.Load):  # type: ignore[attr-defined]
            continue
        if isinstance(model.parent(load), (ast.Attribute, ast.Subscript)):
            return False
        if load in passed or _in_condition(model, load):
            continue
        if concrete is None:
            concrete = {expr for _, expr, _ in concrete_arguments(model, scope, scope.of_type(ast.Call))}
        if not _feeds(model, load, concrete):
            return False
    return True


def _jit_entry(model: Model, scope: Scope, params: list[str], depth: int) -> tuple[Scope, list[str]] | None:
    """The function jit applies to, with its parameters that reach `params` of `scope` unchanged,
    `depth` calls up at most; every call of `scope` is in that one caller."""
    info = model.info(scope)
    if info.cached and "jit" in info.transforms and info.all_params_traced and not info.filtered and info.transformed_itself:
        return scope, params  # jit applies to it: its `static_argnames` can say so
    if depth == 0:
        return None
    callers: dict[Scope, set[ast.Name]] = {}
    for param in params:
        arguments = model.arguments_from_callers(scope, param)
        if not arguments:
            return None
        for caller, argument in arguments:
            if not isinstance(argument, ast.Name) or caller.lookup_scope(argument.id) is not caller:
                return None
            callers.setdefault(caller, set()).add(argument)
    if len(callers) != 1:
        return None
    [(caller, passed)] = callers.items()
    names = sorted({a.id for a in passed})
    if not names or any(n not in model.info(caller).traced_params for n in names) \
            or not _only_where_static(model, caller, names, frozenset(passed)):
        return None
    return _jit_entry(model, caller, names, depth - 1)


def _in_condition(model: Model, node: ast.AST) -> bool:
    child, parent = node, model.parent(node)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.IfExp) and parent.test is child:
            return True
        child, parent = parent, model.parent(parent)
    return isinstance(parent, (ast.If, ast.While, ast.Assert)) and getattr(parent, "test", None) is child


_ARITHMETIC = (ast.BinOp, ast.UnaryOp, ast.IfExp)


def _feeds(model: Model, node: ast.AST, concrete: set[ast.expr]) -> bool:
    """The value reaches one of the `concrete` expressions through Python arithmetic only."""
    while node not in concrete:
        node = model.parent(node)  # type: ignore[assignment]
        if not isinstance(node, _ARITHMETIC):
            return False
    return True
