"""JAX201 unrolled-python-loop: a Python `for` loop in jit-traced code runs while tracing, so every
iteration is copied into the graph. Flagged when the trip count is a literal (or a module constant)
above `max-unroll`, a static argument of the jit (its value picks the compile), or an array's length
(`range(x.shape[0])`, `range(len(x))`); a literal sequence longer than `max-unroll` too. A loop of
unknown length from configuration (`range(self.num_layers)`) is usually a model's structure and is
not flagged. The fix, for a body of plain assignments carrying state from one iteration to the
next, is `jax.lax.fori_loop`."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, function_label

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model


class FixData(TypedDict, total=False):
    """The loop's carried names, its trip count and the static parameter it runs over (None: not known)."""

    carried: list[str] | None
    iterations: int | None
    static: str | None


def check(model: Model) -> Iterator[Report]:
    limit = model.options.max_unroll
    for scope in model.functions():
        info = model.info(scope)
        if not (info.traced and info.cached) or info.shape_only:
            continue
        for loop in scope.of_type(ast.For):
            trip = model.loops.trip_count(loop, scope)  # type: ignore[arg-type]
            if trip is None or trip.count is not None and trip.count <= limit:
                continue
            carried = model.loops.fori_form(loop, scope)  # type: ignore[arg-type]
            yield Report(loop, f"Python `for` loop of {trip.described} in {info.describe(function_label(scope))} is "
                               f"unrolled while tracing: the graph and the compile time grow with the trip count; "
                               f"use `jax.lax.fori_loop` or `jax.lax.scan`",
                         scope, fixable="unsafe" if carried is not None else None,
                         fix_data={"carried": carried, "iterations": trip.count, "static": trip.static_param})
