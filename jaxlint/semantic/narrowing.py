"""Branches that cannot run while a function is traced.

A nested function may test a name of its enclosing function for None (`if neighbors is None:`)
while the enclosing function hands it to a transform only after ruling None out
(`if nbrs is None: return eager_path(...)`, with `nbrs = neighbors`). The branch then runs only
on the eager path, where its Python control flow is fine."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.semantic.traced import defaulted_params

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_EXITS = (ast.Return, ast.Raise)


def dead_under_tracing(model: Model, function: Scope, node: ast.AST) -> bool:
    """`node` of `function` lies in the body of `if NAME is None:`, NAME is a name of the
    enclosing function, and every use of `function` there other than an eager call comes where
    NAME is known not to be None."""
    if _default_never_traced(model, function, node):
        return True
    owner = function.parent
    name = getattr(function.node, "name", None)
    if owner is None or not owner.is_function or name is None or model.info(owner).traced:
        return False
    for tested in _none_tests_around(model, function, node):
        if owner.lookup_scope(tested) is owner and len(owner.bindings[tested]) == 1 \
                and tested not in function.bindings and _uses_rule_out(model, owner, name, tested):
            return True
    return False


def _default_never_traced(model: Model, function: Scope, node: ast.AST) -> bool:
    """`node` lies in the body of `if P is None:`, where P's default is None and every lax body
    reference of the function binds P (`lax.cond(p, x, partial(f, size=n), ...)`): the branch
    runs only when the function is called eagerly without P."""
    info = model.info(function)
    if not info.only_as_lax_body:
        return False
    defaults = defaulted_params(function) - info.defaults_kept
    child, parent = node, model.parent(node)
    while parent is not None and parent is not function.node:
        if isinstance(parent, ast.If) and child in parent.body and (tested := _is_none_test(parent.test)) in defaults:
            # not rebound before the test: other bindings fill it in that branch (`if n is None: n = ...`)
            return all(b.kind == "param" or b.lineno > parent.lineno for b in function.bindings[tested])
        child, parent = parent, model.parent(parent)
    return False


def _none_tests_around(model: Model, function: Scope, node: ast.AST) -> list[str]:
    """The names `X` of the `if X is None:` statements whose body holds `node`, inside `function`."""
    names = []
    child, parent = node, model.parent(node)
    while parent is not None and parent is not function.node:
        if isinstance(parent, ast.If) and child in parent.body and (tested := _is_none_test(parent.test)):
            names.append(tested)
        child, parent = parent, model.parent(parent)
    return names


def _is_none_test(test: ast.expr) -> str | None:
    """`X is None` → X."""
    if isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Is) \
            and isinstance(test.left, ast.Name) and isinstance(test.comparators[0], ast.Constant) \
            and test.comparators[0].value is None:
        return test.left.id
    return None


def _uses_rule_out(model: Model, owner: Scope, function_name: str, tested: str) -> bool:
    """Every read of the function's name in `owner` is an eager call, or comes after None is ruled out."""
    aliases = {tested: float("inf"), **_aliases(model, owner, tested)}
    uses = model.loads_in(owner, function_name)
    for use in uses:
        call = model.parent(use)
        if isinstance(call, ast.Call) and call.func is use:
            continue  # called right here, in untraced code: the eager path
        if not _known_not_none(model, owner, use, aliases):
            return False
    return bool(uses)


def _aliases(model: Model, owner: Scope, name: str) -> dict[str, float]:
    """Names first bound in `owner` to `name` itself (`nbrs = neighbors`), each with the line
    where it is next rebound: a None test of the alias speaks for `name` only before that."""
    found: dict[str, float] = {}
    for alias, bindings in owner.bindings.items():
        if bindings[0].kind == "assign" and all(b.kind == "assign" for b in bindings):
            statement = model.parent(bindings[0].node)
            if isinstance(statement, ast.Assign) and isinstance(statement.value, ast.Name) \
                    and statement.value.id == name:
                found[alias] = bindings[1].lineno if len(bindings) > 1 else float("inf")
    return found


def _known_not_none(model: Model, owner: Scope, node: ast.AST, names: dict[str, float]) -> bool:
    """Some name of `names` is not None where `node` runs: an earlier `if X is None: return`
    in an enclosing block, or an enclosing `if X is None: ... else:` branch."""
    child, parent = node, model.parent(node)
    while parent is not None and parent is not owner.node:
        tested = _is_none_test(parent.test) if isinstance(parent, ast.If) else None
        if tested in names and child in parent.orelse and parent.lineno < names[tested]:  # type: ignore[attr-defined]
            return True
        for block in _blocks(parent):
            if child in block and any(_exits_when_none(s, names) for s in block[:block.index(child)]):
                return True
        child, parent = parent, model.parent(parent)
    if parent is owner.node:
        body = owner.node.body  # type: ignore[attr-defined]
        return child in body and any(_exits_when_none(s, names) for s in body[:body.index(child)])
    return False


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [getattr(node, field) for field in ("body", "orelse", "finalbody")
            if isinstance(getattr(node, field, None), list)]


def _exits_when_none(statement: ast.stmt, names: dict[str, float]) -> bool:
    """`if X is None: ...; return/raise` without an `else`, before X is rebound."""
    if not (isinstance(statement, ast.If) and not statement.orelse and isinstance(statement.body[-1], _EXITS)):
        return False
    tested = _is_none_test(statement.test)
    return tested in names and statement.lineno < names[tested]
