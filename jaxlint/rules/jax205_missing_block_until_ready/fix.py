"""JAX205: wait for the timed result, `y = f(x)` → `y = jax.block_until_ready(f(x))`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.imports import ensure_module


def message(finding: Finding) -> str:
    return "Wrap the timed result in `jax.block_until_ready(...)`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    data = finding.fix_data or {}
    if data.get("lambda"):
        value = ctx.at(finding, cst.Call).args[0].value
        if not isinstance(value, cst.Lambda):
            raise FixError("the timed callable is not a lambda")
        target = value.body
    else:
        target = _statement_value(ctx, data.get("row"), data.get("col"))
    jax, edits = ensure_module(ctx, "jax")
    return [*edits, ctx.replace(target, f"{jax}.block_until_ready({ctx.code(target)})")]


def _statement_value(ctx: Context, row: int | None, col: int | None) -> cst.BaseExpression:
    for node, where in ctx.positions.items():
        if isinstance(node, (cst.Assign, cst.AnnAssign, cst.Expr)) and (where.start.line, where.start.column) == (row, col):
            if node.value is None:
                break
            return node.value
    raise FixError("the timed statement was not found")
