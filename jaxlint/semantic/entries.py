"""Entries of a pytree handed in through a transform (`cfg["use_bias"]`, `state[0]`).

`jax.jit`, `vmap` and lax bodies turn every leaf of the pytrees they are given into an array
tracer, Python bools and ints included. An entry picked by a constant key is such a leaf, unless
it is itself a container (a nested dict, a list of layers): the function's own code says so
when it uses the same entry as one.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.knowledge import api

if TYPE_CHECKING:
    from jaxlint.semantic.scopes import Scope

# Attributes that arrays have as well: using one says nothing about being a container.
_ARRAY_LIKE_ATTRS = api.SHAPE_ATTRS | api.STATIC_ATTRS | api.ARRAY_ATTRS | api.ARRAY_METHODS | {"at"}


def constant_key(index: ast.expr) -> bool:
    """`x["name"]`, `x[0]`, `x[-1]`: one entry, the same on every call."""
    if isinstance(index, ast.UnaryOp) and isinstance(index.op, ast.USub):
        index = index.operand
    return isinstance(index, ast.Constant) and type(index.value) in (str, int)


def entry_key(node: ast.expr) -> str | None:
    """What identifies an entry across its uses: `x["key"]` by its text, a name by its name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript) and constant_key(node.slice):
        return ast.unparse(node)
    return None


def used_as_containers(scope: Scope) -> set[str]:
    """The entries (`x[key]`, or names unpacked from a pytree) that `scope` indexes by a key, reads
    a field or a dict method of, iterates, measures with `len` or unpacks with `*`/`**`: each may
    be a subtree."""
    found: set[str] = set()
    for node in scope.of_type(ast.Subscript, ast.Attribute, ast.For, ast.AsyncFor, ast.comprehension, ast.Call):
        for used in _container_operands(node):
            if (key := entry_key(used)) is not None:
                found.add(key)
    return found


def _container_operands(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.Subscript):
        # `x[:, 0]` and `x[1:]` index arrays as well; a key or a plain index may select a subtree
        return [] if isinstance(node.slice, (ast.Slice, ast.Tuple)) else [node.value]
    if isinstance(node, ast.Attribute):
        return [] if node.attr in _ARRAY_LIKE_ATTRS else [node.value]
    if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
        return [node.iter]
    if isinstance(node, ast.Call):
        spread = [a.value for a in node.args if isinstance(a, ast.Starred)]
        spread += [k.value for k in node.keywords if k.arg is None]
        if isinstance(node.func, ast.Name) and node.func.id == "len" and len(node.args) == 1:
            spread.append(node.args[0])
        return spread
    return []
