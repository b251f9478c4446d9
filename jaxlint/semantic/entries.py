"""Entries of a pytree handed in through a transform (`cfg["use_bias"]`, `state[0]`).

`jax.jit`, `vmap` and lax bodies turn every leaf of the pytrees they are given into an array
tracer, Python bools and ints included. An entry picked by a constant key may be such a leaf, or
itself a container (a nested dict, a list of layers), or None (an empty subtree, passed as it
is): the function's own code says which when it uses the same entry as a container or as an
array.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
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


def key_value(index: ast.expr) -> str | int:
    """The entry a `constant_key` picks: `"name"`, `0`, `-1`."""
    if isinstance(index, ast.UnaryOp):
        return -index.operand.value  # type: ignore[attr-defined,no-any-return]
    return index.value  # type: ignore[attr-defined,no-any-return]


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
    return _entries_used(scope, (ast.Subscript, ast.Attribute, ast.For, ast.AsyncFor, ast.comprehension, ast.Call),
                         _container_operands)


def leaf_expression(item: ast.expr, qualify: Callable[[ast.expr], str | None]) -> bool:
    """`item`, written where a pytree is built, is one leaf: a number, a bool, or what a `jax` or
    `jnp` function returns (`qualify` names a callee)."""
    if isinstance(item, ast.UnaryOp):
        item = item.operand
    if isinstance(item, ast.Constant):
        return isinstance(item.value, (bool, int, float, complex))
    return isinstance(item, ast.Call) and (qualify(item.func) or "").startswith(api.JAX_ARRAY_MODULES)


def used_as_arrays(scope: Scope) -> set[str]:
    """The entries `scope` computes with as arrays: operands of arithmetic or of an ordering
    (`<`, `>=`), sliced (`x[:, 0]`), or read an attribute only arrays have (`x.shape`,
    `x.astype`), or converted to a number (`int(x)`). A container or None would raise there, so in
    code that runs each is a leaf."""
    return _entries_used(scope, (ast.BinOp, ast.UnaryOp, ast.Compare, ast.Attribute, ast.Subscript, ast.Call),
                         _array_operands)


def _entries_used(scope: Scope, types: tuple[type, ...], operands: Callable[[ast.AST], list[ast.expr]]) -> set[str]:
    """The entries that `operands` finds used so in the scope's nodes of `types`."""
    return {key for node in scope.of_type(*types) for used in operands(node) if (key := entry_key(used)) is not None}


_ORDERINGS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)


def _array_operands(node: ast.AST) -> list[ast.expr]:
    if isinstance(node, ast.BinOp):
        return [node.left, node.right]
    if isinstance(node, ast.UnaryOp):
        return [] if isinstance(node.op, ast.Not) else [node.operand]
    if isinstance(node, ast.Compare):
        exprs = [node.left, *node.comparators]
        return [e for i, e in enumerate(exprs)
                if any(isinstance(op, _ORDERINGS) for op in node.ops[max(i - 1, 0):i + 1])]
    if isinstance(node, ast.Attribute):
        return [node.value] if node.attr in api.ARRAY_ONLY_ATTRIBUTES else []
    if isinstance(node, ast.Subscript):
        return [node.value] if isinstance(node.slice, (ast.Slice, ast.Tuple)) else []
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("int", "float", "complex"):
        return node.args[:1]  # a number's conversion: a subtree or None raises there
    return []


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
