"""Code that a tracer never reaches, or whose tracer error is expected: branches guarded by a
test for tracers (`if isinstance(x, jax.core.Tracer): return x`, `if is_concrete(n):`) and
`try` bodies whose handlers catch the conversion error (`try: n = int(n) except TypeError: ...`).
Code written this way converts a value when it can and falls back when it is traced."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import SELECTORS
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
    """`node` runs only on values that are not tracers, or inside a `try` that expects their error:
    a branch or the rest of a block after a test for tracers (`if _is_tracer(x): return x`), the
    operand after such a test in `_is_tracer(x) or x > 0` / `isinstance(x, int) and x > 0`."""
    names = _sources(model, scope, node)
    child, parent = node, model.parent(node)
    while parent is not None:
        if isinstance(parent, ast.Try) and child in parent.body and any(map(_catches_tracer_errors, parent.handlers)):
            return True
        if isinstance(parent, ast.With) and child in parent.body and any(
                isinstance(item.context_expr, ast.Call)
                and model.qualified(item.context_expr.func, scope) == "jax.ensure_compile_time_eval"
                for item in parent.items):
            return True  # JAX computes the block's constants eagerly, with concrete values
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test and _about(parent.test, names):
            says = tracer_test(model, scope, parent.test)
            in_body = child in parent.body if isinstance(parent, ast.If) else child is parent.body
            if says is not None and says != in_body:
                return True
        if isinstance(parent, ast.BoolOp) and child in parent.values and after_guard(model, scope, parent, child, names):
            return True
        for block in _blocks(parent):
            if child in block and any(_exits_for_tracers(model, scope, s) and _about(s.test, names)  # type: ignore[attr-defined]
                                      for s in block[:block.index(child)]):
                return True
        if parent is scope.node:
            return False
        child, parent = parent, model.parent(parent)
    return False


def shape_guarded(model: Model, scope: Scope, node: ast.AST) -> bool:
    """`node` lies in one arm of a test of shapes only (`if j.ndim == 0:`), and the other arm does
    the same with a traced selection (`jnp.where`, `lax.cond`): the code dispatches on the shape
    between an eager arm and a traced one, and which arm a traced call takes only the shapes of
    its input say."""
    child, parent = node, model.parent(node)
    while parent is not None and parent is not scope.node:
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test and _shapes_only(parent.test):
            arms = (parent.body, parent.orelse) if isinstance(parent, ast.If) else ([parent.body], [parent.orelse])
            other = arms[1] if _holds(arms[0], child) else arms[0]
            if not other and isinstance(parent.body[-1], _EXITS):  # `if d.ndim == 0: return ...` and then the rest
                block = next((b for b in _blocks(model.parent(parent)) if parent in b), [])
                other = block[block.index(parent) + 1:] if parent in block else []
            if any(isinstance(n, ast.Call) and model.qualified(n.func, scope) in SELECTORS
                   for statement in other for n in ast.walk(statement)):
                return True
        child, parent = parent, model.parent(parent)
    return False


def _holds(arm: list, child: ast.AST) -> bool:
    return any(child is item for item in arm)


def _shapes_only(test: ast.expr) -> bool:
    """A comparison of `.ndim`, `.shape`, `.size` or `len()` with constants (or `and`/`or`/`not` of them)."""
    if isinstance(test, ast.BoolOp):
        return all(_shapes_only(value) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _shapes_only(test.operand)
    if not isinstance(test, ast.Compare):
        return False
    sides = [test.left, *test.comparators]
    return any(_shape_of(side) for side in sides) and all(_shape_of(side) or isinstance(side, ast.Constant)
                                                           or isinstance(side, ast.Tuple) and not side.elts
                                                           for side in sides)


def _shape_of(expr: ast.expr) -> bool:
    if isinstance(expr, ast.Subscript):
        expr = expr.value
    if isinstance(expr, ast.Attribute):
        return expr.attr in ("ndim", "shape", "size")
    return isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "len" \
        and len(expr.args) == 1 and _shape_of(expr.args[0])


def after_guard(model: Model, scope: Scope, op: ast.BoolOp, value: ast.expr, names: set[str] | None = None) -> bool:
    """`value` comes after a test that keeps tracers from it: `guard and value` where the guard holds
    for concrete values only, `test or value` where the test holds for every tracer."""
    stops = False if isinstance(op.op, ast.And) else True  # the test result that keeps a tracer out
    names = _sources(model, scope, value) if names is None else names
    for earlier in op.values[:op.values.index(value)]:
        if tracer_test(model, scope, earlier) is stops and _about(earlier, names):
            return True
    return False


_MAX_SOURCES = 32


def _sources(model: Model, scope: Scope, node: ast.AST) -> set[str]:
    """The names `node` reads, and the names those local names were assigned from (`y = x * 2`)."""
    found = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    pending = list(found)
    while pending and len(found) < _MAX_SOURCES:
        name = pending.pop()
        for binding in scope.bindings.get(name, ()):
            statement = model.parent(binding.node) if binding.kind in ("assign", "augassign") else None
            value = getattr(statement, "value", None)
            if isinstance(value, ast.AST):
                new = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)} - found
                found |= new
                pending += new
    return found


def _about(test: ast.expr, names: set[str]) -> bool:
    """The test examines one of `names` (a test of no name, `is_concrete()`, speaks for all)."""
    tested = _tested_names(test)
    return not tested or bool(tested & names)


def _tested_names(test: ast.expr) -> set[str]:
    """The names a tracer test examines: its calls' arguments (not the called functions' names)."""
    if isinstance(test, ast.UnaryOp):
        return _tested_names(test.operand)
    if isinstance(test, ast.BoolOp):
        return set().union(*(_tested_names(v) for v in test.values))
    if isinstance(test, ast.Compare):
        return _tested_names(test.left)
    if isinstance(test, ast.Call):
        subjects = test.args[:1] if last_name(test.func) in ("isinstance", "type") else test.args
        return {n.id for a in subjects for n in ast.walk(a) if isinstance(n, ast.Name)}
    return set()


def _blocks(node: ast.AST) -> list[list[ast.stmt]]:
    return [block for field in ("body", "orelse", "finalbody")
            if isinstance(block := getattr(node, field, None), list)]


def _exits_for_tracers(model: Model, scope: Scope, statement: ast.stmt) -> bool:
    """`if isinstance(x, Tracer): return ...` (or `if not is_concrete(x): raise`) with no `else`."""
    return isinstance(statement, ast.If) and not statement.orelse and isinstance(statement.body[-1], _EXITS) \
        and tracer_test(model, scope, statement.test) is True


_MAX_HELPER_DEPTH = 3  # helpers returning tests of helpers


def tracer_test(model: Model | None, scope: Scope | None, test: ast.expr, depth: int = 0) -> bool | None:
    """True when the test holds for every tracer and says the value may be one (`isinstance(x, Tracer)`,
    `not isinstance(x, int)`), False when it holds for concrete values only (`isinstance(x, (int, float))`,
    `is_concrete(x)`), None when it says nothing about tracers. A function of this module whose every
    `return` is such a test (`def _is_tracer(x): return isinstance(x, core.Tracer)`) is that test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = tracer_test(model, scope, test.operand, depth)
        return None if inner is None else not inner
    if isinstance(test, ast.BoolOp):
        # `a and b` holds only where each holds: concrete-only if any part is; tracer-only likewise.
        parts = [tracer_test(model, scope, v, depth) for v in test.values]
        if isinstance(test.op, ast.And):
            return next((p for p in parts if p is not None), None)
        return parts[0] if parts and all(p == parts[0] for p in parts) else None
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        return _type_test(test)
    if not isinstance(test, ast.Call):
        return None
    name = last_name(test.func)
    if name == "isinstance" and len(test.args) == 2:
        types = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
        kinds = {_type_kind(model, scope, t) for t in types}
        if "tracer" in kinds:
            return True  # every tracer is a `jax.Array` (a `jnp.ndarray`) under jit, vmap and grad
        return False if kinds == {"concrete"} else None
    bare = (name or "").lstrip("_")  # `_is_tracer`, a module's private helper
    if bare and CONCRETE_GUARD.match(bare):
        return False
    if bare and _TRACER_CALL.match(bare):
        return True
    return _helper_test(model, scope, test, depth)


# Types every tracer is an instance of (checked on JAX 0.10.2).
_TRACER_TYPES = frozenset(("jax.Array", "jax.numpy.ndarray", "jax.core.Tracer", "jax.extend.core.Tracer"))


def _type_kind(model: Model | None, scope: Scope | None, expr: ast.expr) -> str | None:
    """"tracer" for a type every tracer is an instance of, "concrete" for one no tracer is, else None."""
    qualified = model.qualified(expr, scope) if model is not None and scope is not None else None
    name = last_name(expr) or ""
    if qualified in _TRACER_TYPES or "Tracer" in name:
        return "tracer"
    if qualified is not None and qualified.startswith("jax"):
        return None  # `jnp.ndarray` shares its last name with NumPy's
    return "concrete" if name in _CONCRETE_TYPES else None


def _type_test(test: ast.Compare) -> bool | None:
    """`type(x) in (int, float)`, `type(x) is int` (concrete only) and their negations."""
    left, op, right = test.left, test.ops[0], test.comparators[0]
    if not (isinstance(left, ast.Call) and last_name(left.func) == "type" and len(left.args) == 1):
        return None
    types = right.elts if isinstance(right, (ast.Tuple, ast.List, ast.Set)) else [right]
    names = {last_name(t) for t in types}
    if not names or not names <= _CONCRETE_TYPES:
        return None
    if isinstance(op, (ast.In, ast.Is, ast.Eq)):
        return False
    if isinstance(op, (ast.NotIn, ast.IsNot, ast.NotEq)):
        return True
    return None


def _helper_test(model: Model | None, scope: Scope | None, call: ast.Call, depth: int) -> bool | None:
    """A call of a function of this module whose every `return` gives the same tracer test."""
    if model is None or scope is None or depth >= _MAX_HELPER_DEPTH:
        return None
    refs = model.function_refs(call.func, scope)
    if len(refs) != 1:
        return None
    helper = refs[0][0]
    node = helper.node
    if isinstance(node, ast.Lambda):
        returned = [node.body]
    else:
        returned = [r.value for r in helper.of_type(ast.Return)]  # type: ignore[attr-defined]
    if not returned or any(r is None for r in returned):
        return None
    said = {tracer_test(model, helper, r, depth + 1) for r in returned}
    return said.pop() if len(said) == 1 else None


def _catches_tracer_errors(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(last_name(t) in _CAUGHT for t in types)
