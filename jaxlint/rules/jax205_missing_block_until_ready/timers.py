"""Context managers of this module that time their block (`with timer("step"):`): a
`contextlib.contextmanager` generator that reads a clock before its `yield` and after it, or a class
whose `__enter__` and `__exit__` both read one. The block is then a timed region that ends where the
`with` does."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.semantic.scopes import class_named

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


def timed_blocks(model: Model, scope: Scope, clocks: frozenset[str]) -> Iterator[tuple[ast.With, ast.expr]]:
    """The `with` statements of `scope`'s own code, each with its item that times the block."""
    for statement in scope.of_type(ast.With):
        for item in statement.items:  # type: ignore[attr-defined]
            manager = item.context_expr
            if isinstance(manager, ast.Call) and _times(model, manager.func, scope, clocks):
                yield statement, manager  # type: ignore[misc]
                break


def _times(model: Model, func: ast.expr, scope: Scope, clocks: frozenset[str]) -> bool:
    refs = model.function_refs(func, scope)
    if len(refs) == 1:
        generator = refs[0][0]
        decorators = getattr(generator.node, "decorator_list", [])
        return any(model.qualified(d, generator.parent) == "contextlib.contextmanager" for d in decorators) \
            and _reads_around_yield(model, generator, clocks)
    node = class_named(scope, func.id) if isinstance(func, ast.Name) else None
    cls = model.scope_of.get(node) if node is not None else None
    if cls is None:
        return False
    methods = {getattr(m.node, "name", None): m for m in cls.children}
    return all(name in methods and _clock_reads(model, methods[name], clocks) for name in ("__enter__", "__exit__"))


def _clock_reads(model: Model, function: Scope, clocks: frozenset[str]) -> list[int]:
    return [call.lineno for call in function.of_type(ast.Call)  # type: ignore[attr-defined]
            if model.qualified(call.func, function) in clocks]  # type: ignore[attr-defined]


def _reads_around_yield(model: Model, generator: Scope, clocks: frozenset[str]) -> bool:
    yields = [node.lineno for node in ast.walk(generator.node) if isinstance(node, ast.Yield)]
    reads = _clock_reads(model, generator, clocks)
    return len(yields) == 1 and any(r < yields[0] for r in reads) and any(r > yields[0] for r in reads)
