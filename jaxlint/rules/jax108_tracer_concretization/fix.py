"""JAX108: mark the parameters that wholly cause it static (`static_argnames`), as JAX103's fix A."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes import static_argnames
from jaxlint.fixes.context import Context

WHOLE_MODULE = True  # the edit is at the jit of the function, wherever it is


def message(finding: Finding) -> str:
    return static_argnames.message(finding)


def build(ctx: Context, finding: Finding) -> list[Edit]:
    return static_argnames.build(ctx, finding, ctx.at(finding, cst.BaseExpression))  # type: ignore[type-abstract]
