"""Where a module names a JAX name that was removed (jaxlint.knowledge.removed_api): its imports and
attribute uses, unless guarded by a fallback or a version test."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple

from jaxlint.knowledge.removed_api import LAST_NAMES, REMOVED, Removal, removal

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Binding, Scope


class Reference(NamedTuple):
    node: ast.AST  # an import statement, or the outermost expression naming the removed name
    scope: Scope
    name: str  # the removed name, as in the table
    removal: Removal
    bound: str | None = None  # for an import: the local name it binds


def _imports_removed(model: Model) -> tuple[Reference, ...]:
    found = []
    for binding in model.imports:
        hit = removal(binding.qualified)
        if hit is None and isinstance(binding.node, ast.Import):
            # `import jax.util` binds `jax`, which exists: the module it imports is what was removed
            hit = next((gone for alias in binding.node.names if alias.asname is None
                        and alias.name.split(".")[0] == binding.name and (gone := removal(alias.name))), None)
        if hit is not None and not guarded(model, binding.node):
            scope = _owner(model, binding)
            found.append(Reference(binding.node, scope, hit[0], hit[1], binding.name))
    return tuple(found)


def references(model: Model) -> list[Reference]:
    """Every place the module names a removed JAX name: the imports of one (which raise there), and
    attribute uses (`jax.tree_map(...)`, `jax.experimental.maps.xmap`) through imports of JAX that
    still exist."""
    found = list(_imports_removed(model))
    for scope in model.scopes:
        for node in scope.of_type(ast.Attribute):
            if node.attr not in LAST_NAMES or not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
                continue
            base = model.qualified(node.value, scope)  # type: ignore[attr-defined]
            name = f"{base}.{node.attr}" if base else None  # type: ignore[attr-defined]
            if name not in REMOVED or _root_import_removed(node, scope) or guarded(model, node):
                continue  # as written: the model reads old aliases (`jax.tree_map`) as their new names
            outer = node
            while isinstance(parent := model.parent(outer), ast.Attribute) and parent.value is outer:
                outer = parent  # `jax.experimental.maps.xmap`: the whole name is reported
            found.append(Reference(outer, scope, name, REMOVED[name]))
    return found


_FAILURES = frozenset(("ImportError", "ModuleNotFoundError", "AttributeError", "Exception", "BaseException"))


def guarded(model: Model, node: ast.AST) -> bool:
    """Code for older JAX versions that the module only reaches on them: a `try` that catches the
    ImportError/AttributeError, its `except` fallback, a branch of an `if` that tests `hasattr(...)`
    or a version."""
    child, parent = node, model.parent(node)
    while parent is not None:
        if isinstance(parent, ast.ExceptHandler):
            return True
        if isinstance(parent, ast.Try) and child in parent.body and any(_catches_failure(h) for h in parent.handlers):
            return True
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test and _tests_version(parent.test):
            return True
        child, parent = parent, model.parent(parent)
    return False


def _catches_failure(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any((t.attr if isinstance(t, ast.Attribute) else getattr(t, "id", "")) in _FAILURES for t in types)


def _tests_version(test: ast.expr) -> bool:
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "hasattr":
            return True
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        if "version" in name.lower():
            return True
    return False


def _owner(model: Model, binding: Binding) -> Scope:
    return next(s for s in model.scopes if binding in s.bindings.get(binding.name, ()))


def _root_import_removed(node: ast.AST, scope: Scope) -> bool:
    """`hcb.id_tap` where `hcb` is an import of a removed module: the import is what is reported."""
    while isinstance(node, ast.Attribute):
        node = node.value
    if not isinstance(node, ast.Name):
        return True
    return any(b.kind == "import" and removal(b.qualified) is not None for b in scope.bindings_of(node.id))

