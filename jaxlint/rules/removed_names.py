"""The check JAX301 and JAX303 share: the references to removed JAX names (the model's table,
`semantic/removed_api.py`) that belong to the rule's code, with the message and what a fix needs."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, snippet
from jaxlint.semantic.removed_api import Reference

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model


def removed_names(model: Model, code: str) -> Iterator[Report]:
    for ref in model.removed_names:
        if ref.removal.code != code:
            continue
        yield Report(ref.node, _message(ref), ref.scope, fixable="safe" if _fixable(model, ref) else None,
                     fix_data={"name": ref.name, "replacement": ref.removal.replacement, "bound": ref.bound,
                               "tie_in": ref.name == "jax.lax.tie_in"})


def _message(ref: Reference) -> str:
    what = "imports" if isinstance(ref.node, (ast.Import, ast.ImportFrom)) else "uses"
    failure = "ImportError" if what == "imports" else "AttributeError"
    written = ref.name if what == "imports" else snippet(ref.node)
    instead = f"use `{ref.removal.replacement}`" if ref.removal.replacement else ref.removal.advice
    return f"`{written}` was removed from JAX (this {what[:-1]} raises {failure}); {instead}"


def _fixable(model: Model, ref: Reference) -> bool:
    if ref.name == "jax.lax.tie_in":  # `tie_in(x, y)` → `y`
        parent = model.parent(ref.node)
        return isinstance(parent, ast.Call) and parent.func is ref.node and len(parent.args) == 2 and not parent.keywords
    if ref.removal.replacement is None:
        return False
    if isinstance(ref.node, ast.ImportFrom):  # `from jax import tree_map [as f]` → `from jax.tree import map as f`
        return ref.node.level == 0 and ref.bound is not None
    return not isinstance(ref.node, ast.Import)  # `import jax.config.config` has no import to rename into
