"""JAX103 tracer-bool-conversion: Python control flow on a traced value."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, function_label, snippet
from jaxlint.rules.jax103_tracer_bool_conversion.while_carry import while_carry
from jaxlint.rules.static_cause import StaticArgnames, static_fix
from jaxlint.rules.traced_chain import proven, why_traced, with_chain
from jaxlint.rules.where_arms import where_form
from jaxlint.semantic.api import comparison_value, concrete_only, dead_under_tracing, shape_guarded

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.api import Facts, TraceInfo
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(StaticArgnames, total=False):
    """Fix A (`static_argnames`, the keys it inherits) or the rewrite: which form keeps the meaning
    (`where`: "where", "cond", "loop"), the loop's first row and its carried names."""

    where: str
    from_line: int
    carry: list[str]


_STATEMENT_WORD = {ast.If: "`if`", ast.While: "`while`", ast.Assert: "`assert`", ast.IfExp: "conditional expression"}


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if not info.traced or not info.abstract:
            continue
        sites = list(_truth_sites(model, scope))
        chained = [c for c in scope.of_type(ast.Compare) if len(c.ops) > 1]  # type: ignore[attr-defined]
        if not sites and not chained:
            continue
        facts = model.facts(scope)
        seen: set[ast.AST] = set()
        for compare in chained:
            if _hidden_truth_traced(facts, compare) and proven(model, scope, compare):  # type: ignore[arg-type]
                seen.add(compare)
                yield _report_chained(model, scope, compare)  # type: ignore[arg-type]
        for expr, construct in sites:
            for operand in _operands(expr):
                if operand in seen or not facts.value(operand).surely_traced_array \
                        or dead_under_tracing(model, scope, operand) or concrete_only(model, scope, operand) \
                        or shape_guarded(model, scope, operand) \
                        or not proven(model, scope, operand):
                    continue
                seen.add(operand)
                yield _report(model, scope, operand, construct)


def _hidden_truth_traced(facts: Facts, compare: ast.Compare) -> bool:
    """`a < x <= b` is `a < x and x <= b`: Python asks the truth of every comparison but the last."""
    exprs = [compare.left, *compare.comparators]
    return any(comparison_value([op], exprs[i:i + 2], [facts.value(e) for e in exprs[i:i + 2]]).surely_traced_array
               for i, op in enumerate(compare.ops[:-1]))


def _report_chained(model: Model, scope: Scope, compare: ast.Compare) -> Report:
    exprs = [compare.left, *compare.comparators]
    pairs = " & ".join(f"({ast.unparse(ast.Compare(exprs[i], [op], [exprs[i + 1]]))})"
                       for i, op in enumerate(compare.ops))
    message = (f"chained comparison `{snippet(compare)}` on a traced value in {_traced_by(model.info(scope), scope)} "
               f"raises TracerBoolConversionError (it is an `and` of its comparisons); write `{pairs}`")
    return Report(compare, message, scope)


def _truth_sites(model: Model, scope: Scope) -> Iterator[tuple[ast.expr, str]]:
    for node in scope.of_type(ast.If, ast.While, ast.Assert, ast.IfExp):
        yield node.test, _STATEMENT_WORD[type(node)]  # type: ignore[attr-defined]
    for comp in scope.of_type(ast.comprehension):
        for cond in comp.ifs:  # type: ignore[attr-defined]
            yield cond, "comprehension condition"
    for op in scope.of_type(ast.BoolOp):
        for value in op.values[:-1]:  # type: ignore[attr-defined]
            yield value, "`and`/`or`"
    for op in scope.of_type(ast.UnaryOp):
        if isinstance(op.op, ast.Not):  # type: ignore[attr-defined]
            yield op.operand, "`not`"  # type: ignore[attr-defined]
    for call in scope.of_type(ast.Call):
        if model.qualified(call.func, scope) == "builtins.bool" and len(call.args) == 1:  # type: ignore[attr-defined]
            yield call.args[0], "`bool()`"  # type: ignore[attr-defined]




def _operands(expr: ast.expr) -> Iterator[ast.expr]:
    """The expressions whose truth Python really asks for, through `and`/`or`/`not` (those a test
    keeps tracers from, `isinstance(n, int) and n > 0`, are left to `concrete_only`)."""
    if isinstance(expr, ast.BoolOp):
        for value in expr.values:
            yield from _operands(value)
    elif isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        yield from _operands(expr.operand)
    else:
        yield expr


def _report(model: Model, scope: Scope, operand: ast.expr, construct: str) -> Report:
    info = model.info(scope)
    chain = why_traced(model, scope, operand)
    static = static_fix(model, scope, operand)
    if static:
        message = (f"{construct} on traced value `{snippet(operand)}` in {_traced_by(info, scope)} raises "
                   f"TracerBoolConversionError; {static.named} only steers Python control flow: "
                   f"mark it static (`static_argnames`)")
        return Report(operand, with_chain(message, chain), scope, fixable="safe", fix_data=static.data,
                      lines=chain.lines, related=chain.related)
    hint = "use `jnp.where(...)`" if construct == "conditional expression" else "use `jax.lax.cond`/`jnp.where`"
    if construct == "`while`":
        hint = "use `jax.lax.while_loop`"
    elif construct == "`assert`":
        hint = "use `checkify` or move the check outside the traced function"
    message = (f"{construct} on traced value `{snippet(operand)}` in {_traced_by(info, scope)} raises "
               f"TracerBoolConversionError; {hint}")
    form = where_form(model, scope, operand)  # fix B, where `jnp.where` keeps the meaning
    carry = None if form else while_carry(model, scope, operand)  # or `lax.while_loop`
    data = form or ({"where": "loop", "carry": carry} if carry else None)
    return Report(operand, with_chain(message, chain), scope, fixable="unsafe" if data else None, fix_data=data,
                  lines=chain.lines, related=chain.related)


def _traced_by(info: TraceInfo, scope: Scope) -> str:
    """The function, with how it comes to be traced: "jit-compiled `f`", "`body` (traced by `jax.lax.scan`)"."""
    return info.describe(function_label(scope))
