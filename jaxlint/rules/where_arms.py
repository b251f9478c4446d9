"""When JAX103's `jnp.where` fix keeps the program's meaning, and in which form.

`jnp.where(c, a, b)` computes both arms and selects element-wise. That is the program's meaning
only when both arms are arrays (or numbers), tuples of them element by element, every condition
along an `elif` chain is traced (a static test may guard an arm that cannot even be traced), and
the result is never needed as a Python value (a slice bound, a shape, `range`)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.knowledge.static_arguments import METHOD_SINKS, SHAPE_SINKS
from jaxlint.semantic.api import last_name, qualified_name

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.api import Facts
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# Calls whose result is a boolean array: `and`/`or` of them is what `jnp.logical_and`/`_or` computes.
_BOOLEAN_CALLS = frozenset(("isnan", "isinf", "isfinite", "isneginf", "isposinf", "isclose", "allclose", "any", "all",
                            "array_equal", "logical_and", "logical_or", "logical_not", "logical_xor", "signbit",
                            "equal", "not_equal", "greater", "greater_equal", "less", "less_equal"))
# Numbers that modules name (`jnp.nan`): an arm of `jnp.where` as a literal is.
NAMED_NUMBERS = frozenset(f"{module}.{name}" for module in ("jax.numpy", "numpy", "math")
                     for name in ("nan", "inf", "pi", "e", "euler_gamma", "tau"))


def where_form(model: Model, scope: Scope, operand: ast.expr) -> dict | None:
    """The fix data of fix B for the truth test holding `operand`, `where` saying how:
    "expression" (`a if c else b`),
    "return" / "assign" (an `if`/`elif` chain of single returns / assignments to one name),
    "truth" (`not x`, `x > 0 and y > 0` used as a value: `jnp.logical_*`), "select" (`x or y` of two
    arrays: `jnp.where(x, x, y)`); None when no rewrite keeps the meaning."""
    facts = model.facts(scope)
    child, parent = operand, model.parent(operand)
    while isinstance(parent, (ast.BoolOp, ast.UnaryOp)):
        child, parent = parent, model.parent(parent)
    if isinstance(parent, ast.IfExp):
        fine = parent.test is child and _array_arms(facts, [parent.body, parent.orelse], scope)
        return {"where": "expression"} if fine and not _static_use(model, scope, parent) else None
    if isinstance(parent, ast.If) and parent.test is child:
        return _chain_form(model, scope, facts, parent, operand)
    if child is operand or isinstance(parent, (ast.While, ast.Assert, ast.comprehension)) \
            or _static_use(model, scope, child):
        return None
    if _boolean(child):
        return {"where": "truth"}
    # `x or y` is `x if x else y`, `x and y` is `y if x else x`: of two arrays, a selection.
    if isinstance(child, ast.BoolOp) and len(child.values) == 2 \
            and all(isinstance(v, (ast.Name, ast.Attribute)) and _array(facts, v, scope) for v in child.values):
        return {"where": "select"}
    return None


def _chain_form(model: Model, scope: Scope, facts: Facts, statement: ast.If, operand: ast.expr) -> dict | None:
    top = statement
    while isinstance(above := model.parent(top), ast.If) and above.orelse == [top]:
        top = above
    tests, arms, node = [], [], top
    while True:
        tests.append(node.test)
        arms.append(node.body)
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        final = node.orelse
        break
    # A static test may guard arms that cannot be traced: such a head of the chain stays a Python
    # `if` and the traced rest becomes its `else` (`elif c:` → `else: return jnp.where(c, ...)`).
    traced = [_traced_test(facts, t) or any(n is operand for n in ast.walk(t)) for t in tests]  # the rule's own
    first = traced.index(True) if True in traced else len(tests)
    if first == len(tests) or not all(traced[first:]):
        return None
    tail = tests[first].lineno if first else None
    arms = arms[first:] + ([final] if final else [])
    returns = [_single(arm, ast.Return) for arm in arms]
    if all(r is not None and r.value is not None for r in returns):  # type: ignore[union-attr]
        values = [r.value for r in returns]  # type: ignore[union-attr]
        if not final:  # `if c: return a` then `return b`
            following = _following(model, top)
            if not (isinstance(following, ast.Return) and following.value is not None):
                return None
            values.append(following.value)
        return _form("return", tail) if _array_arms(facts, values, scope) else None
    assigns = [_single(arm, ast.Assign) for arm in arms]
    if not all(isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
               for a in assigns):
        return None
    names = {a.targets[0].id for a in assigns}  # type: ignore[union-attr]
    if len(names) != 1:
        return None
    name = names.pop()
    if not _array_arms(facts, [a.value for a in assigns], scope) or (
            not final and not _array_before(model, scope, name, top)):
        return None
    return None if _name_used_statically(model, scope, name) else _form("assign", tail)


def _form(kind: str, tail: int | None) -> dict:
    """The fix data: the form, and the line of the first traced test when the chain keeps a head."""
    return {"where": kind, **({"from_line": tail} if tail else {})}


def _single(arm: list[ast.stmt], kind: type) -> ast.stmt | None:
    return arm[0] if len(arm) == 1 and isinstance(arm[0], kind) else None


def _following(model: Model, statement: ast.stmt) -> ast.stmt | None:
    """The statement right after `statement` in its block."""
    holder = model.parent(statement)
    for field in ("body", "orelse", "finalbody"):
        block = getattr(holder, field, None)
        if isinstance(block, list) and any(s is statement for s in block):
            index = next(i for i, s in enumerate(block) if s is statement)
            return block[index + 1] if index + 1 < len(block) else None
    return None


def _traced_test(facts: Facts, test: ast.expr) -> bool:
    if isinstance(test, ast.BoolOp):
        return any(_traced_test(facts, v) for v in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _traced_test(facts, test.operand)
    return facts.value(test).surely_traced_array


def _array_arms(facts: Facts, arms: list[ast.expr], scope: Scope) -> bool:
    """Every arm an array or a number, or every arm a tuple of them of one length."""
    if all(isinstance(a, ast.Tuple) for a in arms):
        widths = {len(a.elts) for a in arms}  # type: ignore[attr-defined]
        return len(widths) == 1 and widths != {0} and all(
            _array(facts, e, scope) for a in arms for e in a.elts)  # type: ignore[attr-defined]
    return all(_array(facts, a, scope) for a in arms)


def _array(facts: Facts, expr: ast.expr, scope: Scope) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
        expr = expr.operand
    if isinstance(expr, ast.Constant):
        return type(expr.value) in (int, float, bool, complex)
    if isinstance(expr, ast.Starred):
        return False
    if isinstance(expr, ast.Attribute) and qualified_name(expr, scope) in NAMED_NUMBERS:
        return True
    value = facts.value(expr)
    return (value.surely_traced_array or value.jax) and not value.is_tuple


def _array_before(model: Model, scope: Scope, name: str, statement: ast.stmt) -> bool:
    """`name` holds an array before `statement` (the value an `if` without `else` keeps)."""
    earlier = [b for b in scope.bindings.get(name, []) if b.lineno < statement.lineno]
    facts = model.facts(scope)
    for binding in earlier:
        if binding.kind == "param":
            if name not in model.info(scope).traced_params:
                return False
            continue
        assign = model.parent(binding.node)
        if binding.kind == "augassign":
            continue
        if not (binding.kind == "assign" and isinstance(assign, ast.Assign) and len(assign.targets) == 1
                and assign.targets[0] is binding.node and _array(facts, assign.value, scope)):
            return False
    return bool(earlier)


def _boolean(expr: ast.expr) -> bool:
    """A boolean value, so that Python's `and`/`or` give what `jnp.logical_and`/`_or` give."""
    if isinstance(expr, ast.BoolOp):
        return all(_boolean(v) for v in expr.values)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not) or isinstance(expr, ast.Compare):
        return True
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, bool)
    return isinstance(expr, ast.Call) and last_name(expr.func) in _BOOLEAN_CALLS


def _static_use(model: Model, scope: Scope, expr: ast.expr) -> bool:
    """The value of `expr` is needed as a Python value (`_in_static_position`), or it is assigned
    to a name used so."""
    if _in_static_position(model, scope, expr):
        return True
    statement = model.parent(expr)
    while statement is not None and not isinstance(statement, ast.stmt):
        statement = model.parent(statement)
    if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
        targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
        names = [n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)]
        return any(_name_used_statically(model, scope, n) for n in names)
    return False


def _name_used_statically(model: Model, scope: Scope, name: str) -> bool:
    return any(_in_static_position(model, scope, load) for load in model.loads_in(scope, name))


def _in_static_position(model: Model, scope: Scope, node: ast.expr) -> bool:
    """A slice bound, an index, a shape or count argument (`range(n)`, `jnp.zeros(n)`, `.reshape(n)`)."""
    child, parent = node, model.parent(node)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Slice) or isinstance(parent, ast.Subscript) and parent.slice is child:
            return True
        if isinstance(parent, ast.Call) and child is not parent.func and _needs_static(model, scope, parent):
            return True
        child, parent = parent, model.parent(parent)
    return False


def _needs_static(model: Model, scope: Scope, call: ast.Call) -> bool:
    name = model.qualified(call.func, scope)
    if name in SHAPE_SINKS or name in ("builtins.len", "builtins.bool", "builtins.str"):
        return True
    return name is None and isinstance(call.func, ast.Attribute) and call.func.attr in METHOD_SINKS
