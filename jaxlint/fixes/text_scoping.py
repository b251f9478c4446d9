"""Which variable a name means at a place in a module (Python's scoping rules, on CPython `ast`
nodes of a TextContext): a fix that finds `jax.jit(f)` must mean this very `f`."""

from __future__ import annotations

import ast
from collections.abc import Iterator

from jaxlint.fixes.text_context import TextContext
from jaxlint.semantic.scopes import child_nodes, every_parameter

Function = ast.FunctionDef | ast.AsyncFunctionDef
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp)


def scope_of(ctx: TextContext, node: ast.AST) -> Function | None:
    """The function whose variables a name at `node` is bound among (None: the module)."""
    return next((p for p in ctx.ancestors(node) if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef))), None)


def resolves_to(ctx: TextContext, node: ast.AST, name: str, scope: Function | None) -> bool:
    """Does `name` at `node` mean the variable of `scope` (a function; None: the module)?"""
    in_function = False
    for parent in ctx.ancestors(node):
        if parent is scope:
            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_function = True
            if binds(parent, name):
                return False
        elif (isinstance(parent, ast.Lambda) and any(a.arg == name for a in every_parameter(parent.args))) or (
                isinstance(parent, ast.ClassDef) and not in_function and binds(parent, name)):
            return False  # a lambda's parameter, or a class attribute in the class body itself
    return scope is None


def binds(scope: Function | ast.ClassDef, name: str) -> bool:
    """Is `name` a variable of this function's (class body's) own scope?"""
    if not isinstance(scope, ast.ClassDef) and any(a.arg == name for a in every_parameter(scope.args)):
        return True
    bound = False
    for node in _own_nodes(scope.body):
        if isinstance(node, (ast.Global, ast.Nonlocal)) and name in node.names:
            return False
        bound = bound or name in _bound_names(node)
    return bound


def _own_nodes(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """The nodes of a scope's body, not those inside nested functions, classes, lambdas and
    comprehensions (a nested def or class is itself yielded: it binds its name)."""
    pending: list[ast.AST] = list(reversed(body))
    while pending:
        node = pending.pop()
        yield node
        if not isinstance(node, _NESTED):
            pending.extend(reversed(child_nodes(node)))


def _bound_names(node: ast.AST) -> set[str]:
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    if isinstance(node, ast.alias):
        return {(node.asname or node.name).split(".")[0]}
    if isinstance(node, ast.ExceptHandler):
        return {node.name} if node.name else set()
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):  # assignments, `for`, `with ... as`, `:=`
        return {node.id}
    return set()
