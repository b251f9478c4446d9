"""Why a flagged operand is traced, in words: the parameters it comes from and the step that
traced each (the transform, its line, or the traced caller that passes a traced value), as the
crash rules (JAX103, JAX108, JAX111) say it with their findings."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from jaxlint.semantic.api import Origin
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_DEPTH = 3  # local names followed back to what they were computed from (`n = x.sum() * 2`)
_SAID = 2  # parameters named in one message


class Chain(NamedTuple):
    """Why an operand is traced, in words, and the rows the words name."""

    text: str  # "`n` is traced: `jax.vmap` at line 12 traces the arguments of `body`"; "" when unknown
    related: tuple[tuple[int, str], ...] = ()  # each step's row and words, for related locations

    @property
    def lines(self) -> tuple[int, ...]:
        """The rows the text names (a notebook cites them within their cells)."""
        return tuple(row for row, _ in self.related)


def why_traced(model: Model, scope: Scope, operand: ast.expr) -> Chain:
    """The chain for the traced parameters (of the function or the ones enclosing it) that
    `operand` is computed from."""
    steps: list[tuple[str, Origin]] = []
    for name, owner in _sources(model, scope, operand, _DEPTH, set()):
        origin = model.info(owner).param_origins.get(name)
        if origin and (name, origin) not in steps:
            steps.append((name, origin))
    said = steps[:_SAID]
    return Chain("; ".join(f"`{name}` is traced: {origin.text}" for name, origin in said),
                 tuple((origin.line, f"`{name}` is traced here: {origin.text}")
                       for name, origin in said if origin.line is not None))


def proven(model: Model, scope: Scope, operand: ast.expr) -> bool:
    """Whether `operand` is known to be traced by steps that can be named: always, but in code traced
    only as a module method is (under the jit that applies the model, which no call here may show).
    There some parameter it comes from must have been handed a traced value by a call seen
    (`jax.jit(model.apply)(...)`, a jitted step calling `model(x)`): a module applied eagerly
    computes with concrete values, and what JAX computes there is no tracer."""
    return not model.info(scope).presumed_only or bool(why_traced(model, scope, operand).text)


def with_chain(message: str, chain: Chain) -> str:
    """The message with the chain that makes its operand traced, in parentheses before the advice."""
    if not chain.text:
        return message
    head, sep, advice = message.rpartition("; ")
    return f"{head} ({chain.text}){sep}{advice}" if sep else f"{message} ({chain.text})"


def _sources(model: Model, scope: Scope, expr: ast.AST, depth: int, seen: set[str]):
    """(parameter, the scope it is a parameter of) for each name `expr` reads that is a traced
    parameter, following local names to the values bound to them."""
    for node in ast.walk(expr):
        if not isinstance(node, ast.Name) or not isinstance(node.ctx, ast.Load) or node.id in seen:
            continue
        seen.add(node.id)
        owner = scope.lookup_scope(node.id)
        if owner is None or not owner.is_function:
            continue
        bindings = owner.bindings.get(node.id, [])
        if any(b.kind == "param" for b in bindings) and node.id in model.info(owner).traced_params:
            yield node.id, owner
        if depth > 0 and owner is scope:
            for binding in bindings:
                statement = model.parent(binding.node)
                value = getattr(statement, "value", None)
                if binding.kind in ("assign", "augassign") and value is not None:
                    yield from _sources(model, scope, value, depth - 1, seen)
