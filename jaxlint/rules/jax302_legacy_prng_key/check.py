"""JAX302 legacy-prng-key: calls of `jax.random.PRNGKey`, however imported."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model


class FixData(TypedDict, total=False):
    """The typed-key maker that replaces the legacy one."""

    replacement: str


def check(model: Model) -> Iterator[Report]:
    for scope in model.scopes:
        for call in scope.of_type(ast.Call):
            func = call.func  # type: ignore[attr-defined]
            if getattr(func, "attr", getattr(func, "id", None)) != "PRNGKey":
                continue
            if model.qualified(func, scope) != "jax.random.PRNGKey":
                continue
            yield Report(func, f"`{snippet(func)}(...)` makes a legacy raw key (a uint32 array of shape (2,)); "
                               f"`jax.random.key(...)` makes a typed key, which JAX checks and which `jax.debug_key_reuse` "
                               f"can watch", scope, fixable="unsafe", fix_data={"replacement": "jax.random.key"})
