"""JAX104 in-place-update: item assignment on a JAX array."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.checks.base import Report, snippet
from jaxlint.semantic.calls import is_array_annotation
from jaxlint.semantic.values import TRACED_TREE, Value

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.interpret import Facts
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

CODE = "JAX104"
NAME = "in-place-update"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "Item assignment or `del` on a JAX array (JAX arrays are immutable)."

_AT_METHOD = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide", ast.Pow: "power"}


def check(model: Model) -> Iterator[Report]:
    for scope in [model.module, *model.functions()]:
        statements = scope.of_type(ast.Assign, ast.AugAssign, ast.Delete)
        if not any(_subscript_targets(s) for s in statements) or not _may_hold_jax_arrays(model, scope):
            continue
        facts = model.facts(scope)
        for stmt in statements:
            for target in _subscript_targets(stmt):
                base, indices = _innermost(target)
                if _is_jax_array(facts.value(base), indices, facts):
                    yield _report(stmt, target, base, indices, scope)
                    break


def _may_hold_jax_arrays(model: Model, scope: Scope) -> bool:
    """Cheap pre-check before interpreting: traced code, a call into JAX, an array annotation,
    or a name from an outer scope (which may hold an array made there)."""
    if model.info(scope).traced or scope.kind == "module" or scope.parent is not model.module:
        return True
    for call in scope.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if (model.qualified(func, scope) or "").startswith("jax") or isinstance(func, ast.Call):
            return True
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Subscript):
            return True  # x.at[i].set(v)
        if any(model.info(target).traced for target, _ in model.function_refs(func, scope)):
            return True  # a jit-compiled function of this module
    if scope.is_function and not isinstance(scope.node, ast.Lambda):
        args = scope.node.args  # type: ignore[attr-defined]
        if any(is_array_annotation(a.annotation) for a in args.posonlyargs + args.args + args.kwonlyargs):
            return True
    targets = [t for s in scope.of_type(ast.Assign, ast.AugAssign, ast.Delete) for t in _subscript_targets(s)]
    return any(isinstance(base, ast.Name) and base.id not in scope.bindings
               for base in (_innermost(t)[0] for t in targets))


def _subscript_targets(stmt: ast.AST) -> list[ast.Subscript]:
    if isinstance(stmt, ast.Assign):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AugAssign,)):
        targets = [stmt.target]
    elif isinstance(stmt, ast.Delete):
        targets = stmt.targets
    else:
        return []
    return [t for t in targets if isinstance(t, ast.Subscript)]


def _innermost(target: ast.Subscript) -> tuple[ast.expr, list[ast.expr]]:
    """`x[i][j]` → (x, [i, j])."""
    indices = [target.slice]
    base = target.value
    while isinstance(base, ast.Subscript):
        indices.insert(0, base.slice)
        base = base.value
    return base, indices


def _is_jax_array(value: Value, indices: list[ast.expr], facts: Facts) -> bool:
    if value.numpy or value.is_tuple:  # NumPy arrays, lists and tuples are mutable or not arrays
        return False
    if value.jax or value.surely_traced_array:
        return True
    if value.traced and any(_multi_axis(i) for i in indices):
        return True  # `y[:, 0] = v`: lists and dicts take no such index
    # A traced pytree may be a dict: only array-style indices say it is an array.
    return value.traced == TRACED_TREE and not value.uncertain and all(_array_index(i, facts) for i in indices)


def _multi_axis(index: ast.expr) -> bool:
    return isinstance(index, ast.Tuple) and any(
        isinstance(e, ast.Slice) or (isinstance(e, ast.Constant) and e.value is Ellipsis) for e in index.elts)


def _array_index(index: ast.expr, facts: Facts) -> bool:
    if isinstance(index, ast.Constant):
        return isinstance(index.value, int) or index.value is Ellipsis or index.value is None
    if isinstance(index, ast.Tuple):
        return all(_array_index(e, facts) for e in index.elts)
    if facts.value(index).traced:  # a tracer cannot be a dict key
        return True
    return isinstance(index, (ast.Slice, ast.UnaryOp, ast.BinOp))


def _report(stmt: ast.stmt, target: ast.Subscript, base: ast.expr, indices: list[ast.expr], scope) -> Report:
    name = snippet(base)
    if isinstance(stmt, ast.Delete):
        return Report(stmt, f"`del` on an element of JAX array `{name}` raises; JAX arrays are immutable "
                            f"(build a new array, e.g. with `jnp.delete`)", scope)
    index = ", ".join(_index_text(i) for i in indices)
    if isinstance(stmt, ast.AugAssign):
        method = _AT_METHOD.get(type(stmt.op))
        value = snippet(stmt.value)
        if method is None:
            return Report(stmt, f"In-place update of JAX array `{name}`; JAX arrays are immutable, "
                                f"use `{name}.at[{index}]` and rebind `{name}`", scope)
        replacement = f"{name} = {name}.at[{index}].{method}({value})"
    else:
        replacement = f"{name} = {name}.at[{index}].set({snippet(stmt.value)})"
    fixable = "safe" if isinstance(base, ast.Name) and (len(indices) == 1 or all(_plain(i) for i in indices)) else None
    return Report(stmt, f"In-place update of JAX array `{name}`; use `{replacement}`", scope, fixable=fixable)


def _index_text(index: ast.expr) -> str:
    if isinstance(index, ast.Tuple):
        return ", ".join(snippet(e) for e in index.elts)
    return snippet(index)


def _plain(index: ast.expr) -> bool:
    return not isinstance(index, (ast.Slice, ast.Tuple))
