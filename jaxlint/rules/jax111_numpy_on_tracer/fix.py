"""JAX111: `np.sin(x)` on a traced `x` → `jnp.sin(x)` (the same function of `jax.numpy`);
`TABLE[i]` of a NumPy array → `jnp.asarray(TABLE)[i]` (a JAX copy of the table, indexed)."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.renames import spelled
from jaxlint.fixes.text_context import TextContext


def message(finding: Finding) -> str:
    if (finding.fix_data or {}).get("table"):
        return "Index `jnp.asarray(...)` of the table"
    return f"Use `jnp.{(finding.fix_data or {}).get('name')}`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    if (finding.fix_data or {}).get("table"):
        subscript = ctx.at(finding, ast.Subscript)
        text, edits = spelled(ctx, "jax.numpy.asarray")
        return [*edits, ctx.replace(subscript.value, f"{text}({ctx.source(subscript.value)})")]
    name = (finding.fix_data or {}).get("name")
    call = ctx.at(finding, ast.Call)
    if not name or not isinstance(call.func, ast.Attribute):
        raise FixError("not a call of a NumPy function")
    text, edits = spelled(ctx, f"jax.numpy.{name}")
    return [*edits, ctx.replace(call.func, text)]
