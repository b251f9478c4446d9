"""JAX111: `np.sin(x)` on a traced `x` → `jnp.sin(x)` (the same function of `jax.numpy`)."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.renames import spelled


def message(finding: Finding) -> str:
    return f"Use `jnp.{(finding.fix_data or {}).get('name')}`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    name = (finding.fix_data or {}).get("name")
    call = ctx.at(finding, cst.Call)
    if not name or not isinstance(call.func, cst.Attribute):
        raise FixError("not a call of a NumPy function")
    text, edits = spelled(ctx, f"jax.numpy.{name}")
    return [*edits, ctx.replace(call.func, text)]
