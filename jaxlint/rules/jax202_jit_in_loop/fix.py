"""JAX202: hoist `jax.jit(...)` of a callable that does not change in the loop to just before it."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError


def message(finding: Finding) -> str:
    return "Create the jitted function once, before the loop"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    data = finding.fix_data or {}
    call = ctx.at(finding, cst.Call)
    loop = next((node for node in ctx.ancestors(call) if isinstance(node, (cst.For, cst.While))
                 and ctx.positions[node].start.line == data.get("loop_row")), None)
    if loop is None:
        raise FixError("the loop was not found")
    name = ctx.fresh(data.get("name", "jitted"))
    return [ctx.insert_before(loop, f"{name} = {ctx.code(call)}"), ctx.replace(call, name)]
