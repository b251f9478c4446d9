"""JAX206: `jnp.sum([a, b])` → `jnp.sum(jnp.asarray([a, b]))`: asarray stacks a list of equal-shaped
arrays as `jnp.stack` does, and makes an array of a list of numbers."""

from __future__ import annotations

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.renames import spelled
from jaxlint.fixes.text_context import TextContext


def message(finding: Finding) -> str:
    return "Wrap it in `jnp.asarray(...)`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    """The container as written, parentheses and all (a tuple's are part of it), wrapped."""
    written = ctx.source_between(finding.location, finding.end_location)
    asarray, edits = spelled(ctx, "jax.numpy.asarray")
    return [*edits, Edit(f"{asarray}({written})", finding.location, finding.end_location)]
