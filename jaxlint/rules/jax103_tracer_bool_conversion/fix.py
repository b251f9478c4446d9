"""JAX103: safe — mark the parameters static (`static_argnames`); unsafe — `jnp.where` or
`jax.lax.while_loop` (rewrites.py). Both are built on the module's `ast`."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes import static_argnames
from jaxlint.fixes.text_context import TextContext
from jaxlint.rules.jax103_tracer_bool_conversion.rewrites import rewrite


def message(finding: Finding) -> str:
    if finding.fixable == "safe":
        return static_argnames.message(finding)
    if (finding.fix_data or {}).get("where") == "loop":
        return "Replace with `jax.lax.while_loop`"
    return "Replace with `jnp.where`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    if finding.fixable == "safe":
        return static_argnames.build(ctx, finding, ctx.at(finding, ast.expr))
    return rewrite(ctx, finding)
