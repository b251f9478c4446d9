"""JAX302: `jax.random.PRNGKey(seed)` → `jax.random.key(seed)` (unsafe: code that treats keys as
uint32 arrays, `key[0]`, `key.astype(...)`, saving them, changes)."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.renames import spelled
from jaxlint.fixes.text_context import TextContext

# The call's function becomes `jax.random.key` as the module spells it, which is not `PRNGKey`: the
# finding is gone, no relint needed (the result still parses: that is checked).
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    return "Use `jax.random.key`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    node = ctx.at(finding, ast.expr)
    text, edits = spelled(ctx, "jax.random.key")
    return [*edits, ctx.replace(node, text)]
