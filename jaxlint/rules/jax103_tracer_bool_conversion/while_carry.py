"""When JAX103's fix may turn a Python `while` on a traced value into `jax.lax.while_loop`.

Only a loop whose body is a pure update of a few local variables: assignments to plain names,
no `break`/`continue`/`return`, no `else`, no statements run for their effects. Its carry is the
names the body assigns that hold a value before the loop; a name the body assigns before
reading it, and that nothing reads after the loop or in the test, stays local to the body."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


def while_carry(model: Model, scope: Scope, operand: ast.expr) -> list[str] | None:
    """The loop-carried names, in the order the body first assigns them; None when no fix."""
    child, parent = operand, model.parent(operand)
    while isinstance(parent, (ast.BoolOp, ast.UnaryOp)):
        child, parent = parent, model.parent(parent)
    if not (isinstance(parent, ast.While) and parent.test is child) or parent.orelse:
        return None
    assigned: list[str] = []
    read_first: set[str] = set()  # names the body reads before it assigns them
    for statement in parent.body:
        if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets):
            targets = [t.id for t in statement.targets]  # type: ignore[attr-defined]
        elif isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
            targets = [statement.target.id]
            read_first |= set(targets) - set(assigned)
        else:
            return None
        if any(isinstance(n, (ast.Yield, ast.YieldFrom, ast.Await, ast.NamedExpr, ast.Lambda))
               for n in ast.walk(statement)):
            return None
        read_first |= {n.id for n in ast.walk(statement.value) if isinstance(n, ast.Name)} - set(assigned)
        assigned += [t for t in targets if t not in assigned]
    if not assigned:
        return None
    tested = {n.id for n in ast.walk(parent.test) if isinstance(n, ast.Name)}
    carry = []
    for name in assigned:
        if _bound_before(scope, name, parent):
            carry.append(name)
        elif name in read_first or name in tested or _read_after(model, scope, name, parent):
            return None  # no value to start the loop with
    return carry or None


def _bound_before(scope: Scope, name: str, loop: ast.While) -> bool:
    return any(b.lineno < loop.lineno and b.kind in ("param", "assign", "augassign", "for", "with")
               for b in scope.bindings.get(name, []))


def _read_after(model: Model, scope: Scope, name: str, loop: ast.While) -> bool:
    end = loop.end_lineno or loop.lineno
    return any(load.lineno > end for load in model.loads_in(scope, name))
