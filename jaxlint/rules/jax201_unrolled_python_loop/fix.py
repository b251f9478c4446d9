"""JAX201: a carried-state loop `for i in range(a, b): x = body(x, i)` → `jax.lax.fori_loop`. Built
on the module's `ast` (fixes/text_context.py): the loop's lines become a local function's."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ensure_module
from jaxlint.fixes.text_context import TextContext

# The flagged `for` statement becomes a `fori_loop` call, with no Python loop left for JAX201 to
# flag: the finding is gone, no relint needed.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    return "Rewrite the loop with `jax.lax.fori_loop`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    carried = (finding.fix_data or {}).get("carried")
    loop = ctx.at(finding, ast.For)
    if not carried or not isinstance(loop.target, ast.Name) or not isinstance(loop.iter, ast.Call) \
            or loop.iter.keywords or not 1 <= len(loop.iter.args) <= 2:
        raise FixError("not a carried-state loop over range()")
    bounds = [ctx.source(a) for a in loop.iter.args]
    start, stop = ("0", bounds[0]) if len(bounds) == 1 else bounds
    where, first = ctx.start(loop), loop.body[0].lineno
    if first == where.row:
        raise FixError("the loop's body is on its header line")
    lines = ctx.lines
    outer = lines[where.row - 1][: where.column - 1]
    inner = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
    body = "".join(line + "\n" for line in lines[where.row: ctx.end(loop).row])
    jax, edits = ensure_module(ctx, "jax")
    function = ctx.fresh("loop_body")
    state = ", ".join(carried)
    carry = carried[0] if len(carried) == 1 else ctx.fresh("carry")
    unpack = "" if len(carried) == 1 else f"{inner}{state} = {carry}\n"
    initial = carried[0] if len(carried) == 1 else f"({state})"
    comment = _header_comment(ctx, loop)
    text = (f"def {function}({loop.target.id}, {carry}):{'  ' + comment if comment else ''}\n{unpack}{body}"
            f"{inner}return {state}\n\n"
            f"{outer}{state} = {jax}.lax.fori_loop({start}, {stop}, {function}, {initial})")
    return [*edits, ctx.replace(loop, text, comment=True)]


def _header_comment(ctx: TextContext, loop: ast.For) -> str:
    """The comment after the loop's `:` (it stays on the new function's header line)."""
    end = ctx.end(loop.iter)
    rest = ctx.line(end.row)[end.column - 1:]
    return rest[rest.index("#"):].rstrip() if "#" in rest else ""
