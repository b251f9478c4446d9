"""Compiled callables that a helper of this module makes: `step = make_step(loss)` or
`step = partitioner.partition(loss)`, where every `return` of the helper is a jit of something
(`return jax.jit(fn, donate_argnums=...)`). A call of `step` then runs compiled JAX work."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.semantic.scopes import class_named

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


def made_compiled(model: Model, func: ast.expr, scope: Scope) -> bool:
    """`func` is a local name bound once to what such a helper returns."""
    if not isinstance(func, ast.Name) or scope.lookup_scope(func.id) is not scope:
        return False
    bindings = scope.bindings.get(func.id, [])
    statement = model.parent(bindings[0].node) if len(bindings) == 1 else None
    if not (isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Call)):
        return False
    helper = _helper(model, statement.value.func, scope)
    returns = [r.value for r in helper.of_type(ast.Return)] if helper is not None else []  # type: ignore[attr-defined]
    return bool(returns) and all(isinstance(r, ast.Call) and _jit(model, r.func, helper) for r in returns)  # type: ignore[arg-type]


def _helper(model: Model, func: ast.expr, scope: Scope) -> Scope | None:
    """The function of this module `func` calls: by name, or a method of an instance bound once
    to a class of this module (`p = Partitioner(); p.partition`)."""
    refs = model.function_refs(func, scope)
    if len(refs) == 1:
        return refs[0][0]
    if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
        return None
    bindings = scope.bindings.get(func.value.id, []) if scope.lookup_scope(func.value.id) is scope else []
    statement = model.parent(bindings[0].node) if len(bindings) == 1 else None
    made = statement.value if isinstance(statement, ast.Assign) else None
    if not (isinstance(made, ast.Call) and isinstance(made.func, ast.Name)):
        return None
    node = class_named(scope, made.func.id)
    cls = model.scope_of.get(node) if node is not None else None
    methods = [m for m in cls.children if getattr(m.node, "name", None) == func.attr] if cls is not None else []
    return methods[0] if len(methods) == 1 else None


def _jit(model: Model, func: ast.expr, scope: Scope) -> bool:
    found = model.transform_of(func, scope)
    return found is not None and found[0].kind == "jit"
