"""JAX202: hoist `jax.jit(...)` of a callable that does not change in the loop to just before it.
Built on the module's `ast` (fixes/text_context.py): one line inserted, one call renamed."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.text_context import TextContext


def message(finding: Finding) -> str:
    return "Create the jitted function once, before the loop"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    data = finding.fix_data or {}
    call = ctx.at(finding, ast.Call)
    loop = next((node for node in ctx.ancestors(call) if isinstance(node, (ast.For, ast.AsyncFor, ast.While))
                 and node.lineno == data.get("loop_row")), None)
    if loop is None:
        raise FixError("the loop was not found")
    name = ctx.fresh(data.get("name", "jitted"))
    return [ctx.insert_before(loop, f"{name} = {ctx.source(call)}"), ctx.replace(call, name)]
