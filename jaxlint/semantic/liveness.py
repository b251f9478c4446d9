"""Which binding a read sees, and whether a binding is ever read: the results of
`k1, k2 = split(key)` that are overwritten before any use draw nothing that anyone sees."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_BLOCKS = ("body", "orelse", "finalbody")
# The read may see more than one binding: one bound in a branch or a loop before it, or the one of
# an earlier iteration.
SOME_BINDING = ast.Pass()


def reaching_binding(model: Model, node: ast.AST, bindings: set[ast.stmt]) -> ast.stmt | None:
    """Of the binding statements `bindings` of one name, the one a read at `node` sees when each
    statement before it at its level or an enclosing one runs in order: the nearest one before it;
    None when none can have run (module code before the first), SOME_BINDING when that depends on a
    branch or on an earlier loop iteration."""
    statement = model.statement_of(node)
    looped = False
    while statement is not None:
        block = _block_of(model, statement)
        if block is None:
            return SOME_BINDING
        for prior in reversed(block[:block.index(statement)]):
            if prior in bindings:
                return prior
            if any(inner in bindings for inner in ast.walk(prior)):
                return SOME_BINDING
        parent = model.parent(statement)
        if parent in bindings:  # inside `for f in ...:` or `with ... as f:`
            return parent  # type: ignore[return-value]
        if isinstance(parent, ast.Module):
            return SOME_BINDING if looped else None
        looped = looped or isinstance(parent, (ast.For, ast.AsyncFor, ast.While))
        statement = model.statement_of(parent)  # type: ignore[arg-type]  # the `try` of an `except` clause
    return SOME_BINDING


def results_unused(model: Model, scope: Scope, call: ast.Call) -> bool:
    """The call's value is thrown away (`split(key)` as a statement), or bound only to names that
    are each bound again, further down their block, before anything reads them."""
    statement = model.parent(call)
    if isinstance(statement, ast.Expr):
        return True
    if not isinstance(statement, ast.Assign) or statement.value is not call:
        return False
    names = []
    for target in statement.targets:
        for node in ast.walk(target):
            if isinstance(node, (ast.Attribute, ast.Subscript)):
                return False  # kept in an object or a container: read elsewhere
            if isinstance(node, ast.Name):
                names.append(node.id)
    declared = scope.globals | scope.nonlocals
    return bool(names) and not declared.intersection(names) and all(
        _dead_after(model, scope, statement, name) for name in names)


def _dead_after(model: Model, scope: Scope, statement: ast.stmt, name: str) -> bool:
    end = statement.end_lineno or statement.lineno
    if not any(b.lineno > end for b in scope.bindings.get(name, ())):
        return False  # never bound again (most names): the walk down the block is not needed
    block = _block_of(model, statement)
    if block is None:
        return False
    for later in block[block.index(statement) + 1:]:
        if _reads(later, name):
            return False
        if _binds(later, name):
            return True
    return False  # never read, but never overwritten either: a draw kept for nothing is still drawn


def _block_of(model: Model, statement: ast.stmt) -> list[ast.stmt] | None:
    parent = model.parent(statement)
    for field in _BLOCKS:
        block = getattr(parent, field, None)
        if isinstance(block, list) and statement in block:
            return block
    return None


def _reads(statement: ast.stmt, name: str) -> bool:
    """Any read of `name` in the statement, nested functions included (they may read it later)."""
    return any(isinstance(node, ast.Name) and node.id == name and not isinstance(node.ctx, ast.Store)
               for node in ast.walk(statement))


def _binds(statement: ast.stmt, name: str) -> bool:
    """`name = ...` or `name, other = ...` (unconditionally, at this level)."""
    if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
        return False
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    return any(isinstance(node, ast.Name) and node.id == name
               for target in targets for node in ([target] if isinstance(target, ast.Name) else
                                                  getattr(target, "elts", [])))
