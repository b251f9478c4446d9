"""JAX109: `x.at[i].set(v)` as a statement → `x = x.at[i].set(v)`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError


# The discarded update becomes an assignment of it, which JAX109 does not flag: the finding is gone,
# no relint needed.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    return f"Assign the update to `{(finding.fix_data or {}).get('base')}`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    base = (finding.fix_data or {}).get("base")
    call = ctx.at(finding, cst.Call)
    if not base or not isinstance(ctx.parents.get(call), cst.Expr):
        raise FixError("not an update statement")
    return [ctx.replace(call, f"{base} = {ctx.code(call)}")]
