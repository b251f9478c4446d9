"""JAX108: mark the parameters that wholly cause it static (`static_argnames`), as JAX103's fix A."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes import static_argnames
from jaxlint.fixes.text_context import TextContext


def message(finding: Finding) -> str:
    return static_argnames.message(finding)


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    return static_argnames.build(ctx, finding, ctx.at(finding, ast.expr))
