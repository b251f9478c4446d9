"""JAX109: `x.at[i].set(v)` as a statement → `x = x.at[i].set(v)`. Built on the module's `ast`
(fixes/text_context.py): one replacement of the statement."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.text_context import TextContext

# The discarded update becomes an assignment of it, which JAX109 does not flag: the finding is gone,
# no relint needed.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    return f"Assign the update to `{(finding.fix_data or {}).get('base')}`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    base = (finding.fix_data or {}).get("base")
    call = ctx.at(finding, ast.Call)
    statement = ctx.parent(call)
    if not base or not isinstance(statement, ast.Expr):
        raise FixError("not an update statement")
    # The whole statement: parentheses around the call (`(x.at[0].set(1))`) go with it.
    return [ctx.replace(statement, f"{base} = {ctx.source(call)}")]
