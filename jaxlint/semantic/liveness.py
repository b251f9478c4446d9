"""Whether what a call returns is ever read: the results of `k1, k2 = split(key)` that are
overwritten before any use draw nothing that anyone sees."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_BLOCKS = ("body", "orelse", "finalbody")


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
