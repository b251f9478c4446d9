"""The check JAX301 and JAX303 share: the references to removed JAX names (the model's table,
`semantic/removed_api.py`) that belong to the rule's code, with the message and what a fix needs."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.knowledge.removed_api import ADDED_IN, OLDER_REPLACEMENTS
from jaxlint.rules.base import Report, snippet
from jaxlint.semantic.api import Reference

if TYPE_CHECKING:
    from jaxlint.jax_target import JaxTarget
    from jaxlint.semantic.model import Model


class RenameData(TypedDict, total=False):
    """The fix's data (fixes/renames.py): the removed name as written, its replacement (None: none
    the target JAX has), the name it is bound to where imported, and whether it is `lax.tie_in`."""

    name: str
    replacement: str | None
    bound: str | None
    tie_in: bool


def removed_names(model: Model, code: str) -> Iterator[Report]:
    target = model.options.target_jax
    for ref in model.removed_names:
        if ref.removal.code != code:
            continue
        fixable = "safe" if _fixable(model, ref) else None
        replacement = ref.removal.replacement
        if fixable and target is not None and replacement and not target.has(ADDED_IN.get(replacement, "")):
            # the oldest JAX the project allows lacks the replacement: an older spelling, or no safe fix
            older = OLDER_REPLACEMENTS.get(replacement)
            replacement, fixable = (older, "safe") if older and not _imported(ref) else (replacement, "unsafe")
        yield Report(ref.node, _message(ref, target, replacement), ref.scope, fixable=fixable,
                     fix_data={"name": ref.name, "replacement": replacement, "bound": ref.bound,
                               "tie_in": ref.name == "jax.lax.tie_in"})


def _imported(ref: Reference) -> bool:
    """`from jax import tree_map`: the fix rewrites the import (`from jax.tree import map`)."""
    return isinstance(ref.node, (ast.Import, ast.ImportFrom))


def _message(ref: Reference, target: JaxTarget | None, replacement: str | None) -> str:
    what = "imports" if _imported(ref) else "uses"
    failure = "ImportError" if what == "imports" else "AttributeError"
    written = ref.name if what == "imports" else snippet(ref.node)
    instead = f"use `{replacement}`" if replacement else ref.removal.advice
    removed = ref.removal.removed_in
    if target is not None and removed and target.keeps(removed):
        # every JAX the project allows still has it: it works now, and breaks when the project upgrades
        return (f"`{written}` was removed in JAX {removed}: the JAX this project targets (`{target.text}`, "
                f"{target.source}) still has it, so this {what[:-1]} breaks on upgrading to JAX {removed} or later "
                f"({failure}); {instead}")
    when = f" in JAX {removed}" if removed else " from JAX"
    return f"`{written}` was removed{when} (this {what[:-1]} raises {failure}); {instead}"


def _fixable(model: Model, ref: Reference) -> bool:
    if ref.name == "jax.lax.tie_in":  # `tie_in(x, y)` → `y`
        parent = model.parent(ref.node)
        return isinstance(parent, ast.Call) and parent.func is ref.node and len(parent.args) == 2 and not parent.keywords
    if ref.removal.replacement is None:
        return False
    if isinstance(ref.node, ast.ImportFrom):  # `from jax import tree_map [as f]` → `from jax.tree import map as f`
        return ref.node.level == 0 and ref.bound is not None
    return not isinstance(ref.node, ast.Import)  # `import jax.config.config` has no import to rename into
