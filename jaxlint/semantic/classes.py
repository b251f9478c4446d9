"""What the code of a class says about its objects: which scope is a method, the fields the class
declares and the attributes its methods store."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# Methods that build an object: what they store is its initial state, not a change of it.
BUILDERS = frozenset(("__init__", "__post_init__", "setup"))


def method_class(scope: Scope) -> Scope | None:
    """The class `scope` is a method of, or None."""
    parent = scope.parent
    return parent if scope.kind == "function" and parent is not None and parent.kind == "class" else None


def field_declarations(cls: Scope) -> list[ast.AnnAssign]:
    """The annotated names of the class body, in order (`rng_key: jax.Array`, `n: int = 4`): the
    fields of a dataclass, a NamedTuple or a flax/equinox module."""
    return [s for s in cls.node.body  # type: ignore[attr-defined]
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]


def class_fields(cls: Scope) -> list[str]:
    """Fields declared in the class body: a dataclass or module attribute given when the object
    is built."""
    return [s.target.id for s in field_declarations(cls)]  # type: ignore[union-attr]


def attribute_stores(method: Scope, self_name: str) -> Iterator[tuple[str, ast.expr | None]]:
    """(attribute, value) for each `self.attr = value` in the method, the whole value for one
    target of an unpacking (`w_key, self.key = split(key)`), None for an augmented assignment."""
    for statement in method.of_type(ast.Assign, ast.AnnAssign, ast.AugAssign):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]  # type: ignore[attr-defined]
        value = None if isinstance(statement, ast.AugAssign) else statement.value  # type: ignore[attr-defined]
        for target in targets:
            for part in [target] if isinstance(target, ast.Attribute) else getattr(target, "elts", []):
                if isinstance(part, ast.Attribute) and isinstance(part.value, ast.Name) and part.value.id == self_name:
                    yield part.attr, value


def receiver_attribute_stores(model: Model, method: Scope, expr: ast.expr
                              ) -> list[tuple[Scope, ast.Attribute, ast.expr | None]] | None:
    """For `self.attr` read in `method` (a method, `self` its first parameter): each store or `del`
    of an attribute of that name anywhere in the class (any object, nested functions too), with the
    value a plain `target = value` gives it, else None. None when `expr` is no such read."""
    cls = method.parent
    receiver = method.positional_params()[:1] if method.is_function else []
    if not (isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and expr.value.id in receiver
            and cls is not None and cls.kind == "class"):
        return None
    found = []
    for scope in cls.subtree():
        for node in scope.of_type(ast.Attribute):
            if node.attr == expr.attr and isinstance(node.ctx, (ast.Store, ast.Del)):  # type: ignore[attr-defined]
                found.append((scope, node, plain_assigned_value(model, node)))  # type: ignore[arg-type]
    return found  # type: ignore[return-value]


def plain_assigned_value(model: Model, target: ast.AST) -> ast.expr | None:
    """The value a plain `target = value` gives `target`; None for any other store or binding."""
    statement = model.parent(target)
    if isinstance(statement, ast.Assign) and statement.targets == [target]:
        return statement.value
    return None
