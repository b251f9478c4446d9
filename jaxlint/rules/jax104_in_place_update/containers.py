"""Whether the calls seen of a function hand a parameter only Python containers: a traced parameter
that every call fills with a list or dict (`self.opt_states = [a, b]`, passed down through a method
or two) arrives under jit as that list or dict of tracers, whose items can be assigned."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.semantic.api import call_argument, plain_assigned_value, receiver_attribute_stores

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_DISPLAYS = (ast.List, ast.Dict, ast.ListComp, ast.DictComp)
_DEPTH = 3  # callers of callers followed


def callers_give_containers(model: Model, function: Scope, param: str, depth: int = 0) -> bool:
    """Every call of `function` seen in the module passes `param` a list or dict (there is one at least)."""
    given = _arguments(model, function, param)
    return bool(given) and all(_container(model, caller, expr, depth) for caller, expr in given)


def _arguments(model: Model, function: Scope, param: str) -> list[tuple[Scope, ast.expr]]:
    """What the calls of `function` pass for `param`: a function's calls, or a method's calls through
    `self` in its class; empty when a call does not say."""
    cls = function.parent
    if cls is None or cls.kind != "class":
        return model.arguments_from_callers(function, param)
    name = getattr(function.node, "name", None)
    found = []
    for method in cls.subtree():
        receiver = method.positional_params()[:1] if method.is_function else []
        for call in method.of_type(ast.Call):
            func = call.func  # type: ignore[attr-defined]
            if isinstance(func, ast.Attribute) and func.attr == name and isinstance(func.value, ast.Name) \
                    and func.value.id in receiver:
                argument = call_argument(call, param, function.positional_params())  # type: ignore[arg-type]
                if argument is None or isinstance(argument, ast.Starred):
                    return []
                found.append((method, argument))
    return found


def _container(model: Model, scope: Scope, expr: ast.expr, depth: int) -> bool:
    """`expr`, in `scope`, is a list or dict: a display, a name bound only to displays there, a
    parameter whose callers pass only such, or an attribute of the receiver only ever set to one."""
    if isinstance(expr, _DISPLAYS):
        return True
    if isinstance(expr, ast.Name):
        bindings = scope.bindings.get(expr.id, ())
        if bindings and all(b.kind == "param" for b in bindings):
            return depth < _DEPTH and callers_give_containers(model, scope, expr.id, depth + 1)
        values = [plain_assigned_value(model, b.node) for b in bindings]
        return bool(values) and all(isinstance(v, _DISPLAYS) for v in values)
    stored = [value for _, node, value in receiver_attribute_stores(model, scope, expr) or ()
              if isinstance(node.ctx, ast.Store)]
    return bool(stored) and all(isinstance(value, _DISPLAYS) for value in stored)

