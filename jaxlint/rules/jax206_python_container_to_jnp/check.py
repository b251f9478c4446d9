"""JAX206 python-container-to-jnp: a list or tuple display, or a list comprehension, passed at a
position where the `jax.numpy` function accepts only arrays and scalars (the model's table,
`semantic/array_arguments.py`, read from JAX itself): `jnp.sum([a, b])`, `jnp.percentile(x, [25, 75])`.
Functions that take sequences by design (`jnp.array`, `stack`, `concatenate`, `pad` widths, axis
tuples) are not in the table at those positions."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.knowledge.static_arguments import SHAPE_REDUCTIONS
from jaxlint.rules.base import Report, snippet
from jaxlint.semantic.api import ARRAY_ONLY, last_name, number_literals

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model

_CONTAINERS = (ast.List, ast.Tuple, ast.ListComp)
_LAST_NAMES = frozenset(name.rsplit(".", 1)[1] for name in ARRAY_ONLY)


def check(model: Model) -> Iterator[Report]:
    # names bound to jax.numpy functions by `from jax.numpy import mean as jmean`
    imported = {b.name for b in model.imports if (b.qualified or "") in ARRAY_ONLY}
    for scope in model.scopes:
        for call in scope.of_type(ast.Call):
            func = call.func  # type: ignore[attr-defined]
            if not (isinstance(func, ast.Attribute) and func.attr in _LAST_NAMES
                    or isinstance(func, ast.Name) and func.id in imported):
                continue
            positions = ARRAY_ONLY.get(model.qualified(func, scope) or "")
            if not positions:
                continue
            for position in positions:
                argument = call.args[position] if position < len(call.args) else None  # type: ignore[attr-defined]
                if position == 0 and argument is not None and number_literals(argument) \
                        and last_name(func) in SHAPE_REDUCTIONS:
                    continue  # `jnp.prod((4, 8))`: static arithmetic, JAX105's (its fix is `math.prod`)
                if isinstance(argument, _CONTAINERS) and not any(
                        isinstance(a, ast.Starred) for a in call.args[:position + 1]):  # type: ignore[attr-defined]
                    kind = "tuple" if isinstance(argument, ast.Tuple) else "list"
                    yield Report(argument, f"`{snippet(func)}` takes arrays only: the {kind} `{snippet(argument)}` raises "
                                           f"TypeError (requires ndarray or scalar arguments); pass "
                                           f"`jnp.asarray({snippet(argument)})`", scope, fixable="safe")
