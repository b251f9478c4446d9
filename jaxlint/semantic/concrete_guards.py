"""Code that a tracer never reaches, or whose tracer error is expected: branches guarded by a
test for tracers (`if isinstance(x, jax.core.Tracer): return x`, `if is_concrete(n):`) and
`try` bodies whose handlers catch the conversion error (`try: n = int(n) except TypeError: ...`).
Code written this way converts a value when it can and falls back when it is traced."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from jaxlint.semantic.imports import last_name

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_EXITS = (ast.Return, ast.Raise, ast.Continue, ast.Break)
# Calls true of concrete values only (JAX103 stops at them in `guard(x) and ...` too), and calls true
# of tracers only.
CONCRETE_GUARD = re.compile(r"^(not_\w*tracer|is_concrete\w*|is_python_scalar|is_static\w*)$")
_TRACER_CALL = re.compile(r"^(is_\w*tracer|is_traced|is_abstract\w*)$", re.IGNORECASE)
_CONCRETE_TYPES = frozenset(("int", "float", "complex", "bool", "Number", "Integral", "Real", "ndarray", "generic",
                             "integer", "floating", "number"))
# What a tracer raises where a concrete value is needed (and what broad handlers catch).
_CAUGHT = frozenset(("Exception", "BaseException", "TypeError", "IndexError", "ValueError",
                     "ConcretizationTypeError", "TracerIntegerConversionError", "TracerBoolConversionError",
                     "TracerArrayConversionError", "JAXTypeError", "UnexpectedTracerError"))


def concrete_only(model: Model, scope: Scope, node: ast.AST) -> bool:
    """`node` runs only on values that are not tracers, or inside a `try` that expects their error."""
    child, parent = node, model.parent(node)
    while parent is not None:
        if isinstance(parent, ast.Try) and child in parent.body and any(map(_catches_tracer_errors, parent.handlers)):
            return True
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test:
            says = _tracer_test(parent.test)
            in_body = child in parent.body if isinstance(parent, ast.If) else child is parent.body
            if says is not None and says != in_body:
                return True
        for block in _blocks(parent):
            if child in block and any(_exits_for_tracers(s) for s in block[:block.index(child)]):
                return True
        if parent is scope.node:
            return False
        child, parent = parent, model.parent(parent)
    return False


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [block for field in ("body", "orelse", "finalbody")
            if isinstance(block := getattr(node, field, None), list)]


def _exits_for_tracers(statement: ast.stmt) -> bool:
    """`if isinstance(x, Tracer): return ...` (or `if not is_concrete(x): raise`) with no `else`."""
    return isinstance(statement, ast.If) and not statement.orelse and isinstance(statement.body[-1], _EXITS) \
        and _tracer_test(statement.test) is True


def _tracer_test(test: ast.expr) -> bool | None:
    """True when the test holds for tracers only, False when it holds for concrete values only,
    None when it says nothing about tracers."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = _tracer_test(test.operand)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        # `a and b` holds only where each holds: concrete-only if any part is; tracer-only likewise.
        parts = [_tracer_test(v) for v in test.values]
        if isinstance(test.op, ast.And):
            return next((p for p in parts if p is not None), None)
        return parts[0] if parts and all(p == parts[0] for p in parts) else None
    if not isinstance(test, ast.Call):
        return None
    name = last_name(test.func)
    if name == "isinstance" and len(test.args) == 2:
        types = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        names = {last_name(t) for t in types}
        if any(n and "Tracer" in n for n in names):
            return True
        return False if names and names <= _CONCRETE_TYPES else None
    if name and CONCRETE_GUARD.match(name):
        return False
    if name and _TRACER_CALL.match(name):
        return True
    return None


def _catches_tracer_errors(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(last_name(t) in _CAUGHT for t in types)
