"""JAX205: wait for the timed result, `y = f(x)` → `y = jax.block_until_ready(f(x))`."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ensure_module
from jaxlint.fixes.text_context import TextContext

# The timed value becomes `<jax>.block_until_ready(value)`: a call of an attribute named
# `block_until_ready`, which waits whatever `<jax>` is (check.py's `_WAITING_METHODS`), in the
# region, or in the lambda that `timeit` times. The region waits: the finding is gone, no relint needed.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    return "Wrap the timed result in `jax.block_until_ready(...)`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    data = finding.fix_data or {}
    if data.get("lambda"):
        call = ctx.at(finding, ast.Call)
        value = call.args[0] if call.args else None
        if not isinstance(value, ast.Lambda):
            raise FixError("the timed callable is not a lambda")
        target = value.body
    else:
        target = _statement_value(ctx, data.get("row"), data.get("col"))
    jax, edits = ensure_module(ctx, "jax")
    return [*edits, ctx.replace(target, f"{jax}.block_until_ready({ctx.source(target)})")]


def _statement_value(ctx: TextContext, row: int | None, col: int | None) -> ast.expr:
    for node in ctx.starting_on(row, ast.stmt) if row is not None else ():
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.Expr)) and node.col_offset == col:
            if node.value is None:
                break
            return node.value
    raise FixError("the timed statement was not found")
