"""JAX201: a carried-state loop `for i in range(a, b): x = body(x, i)` → `jax.lax.fori_loop`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.imports import ensure_module


def message(finding: Finding) -> str:
    return "Rewrite the loop with `jax.lax.fori_loop`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    carried = (finding.fix_data or {}).get("carried")
    loop = ctx.at(finding, cst.For)
    if not carried or not isinstance(loop.target, cst.Name) or not isinstance(loop.iter, cst.Call):
        raise FixError("not a carried-state loop over range()")
    bounds = [ctx.code(a.value) for a in loop.iter.args]
    start, stop = ("0", bounds[0]) if len(bounds) == 1 else bounds
    where = ctx.positions[loop]
    first = ctx.positions[loop.body.body[0]].start.line  # type: ignore[attr-defined]
    if first == where.start.line:
        raise FixError("the loop's body is on its header line")
    lines = ctx.lines
    outer = lines[where.start.line - 1][: where.start.column]
    inner = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    body = "".join(line + "\n" for line in lines[where.start.line : where.end.line])
    jax, edits = ensure_module(ctx, "jax")
    function = ctx.fresh("loop_body")
    state = ", ".join(carried)
    carry = carried[0] if len(carried) == 1 else ctx.fresh("carry")
    unpack = "" if len(carried) == 1 else f"{inner}{state} = {carry}\n"
    initial = carried[0] if len(carried) == 1 else f"({state})"
    trailing = loop.body.header.comment if isinstance(loop.body, cst.IndentedBlock) else None
    comment = f"  {trailing.value}" if trailing else ""  # the header's comment stays on the header
    text = (f"def {function}({loop.target.value}, {carry}):{comment}\n{unpack}{body}"
            f"{inner}return {state}\n\n"
            f"{outer}{state} = {jax}.lax.fori_loop({start}, {stop}, {function}, {initial})")
    return [*edits, ctx.replace(loop, text)]
