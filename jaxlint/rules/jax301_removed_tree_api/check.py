"""JAX301: a reference to a name removed from JAX (see `semantic/removed_api.py` for the table)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report
from jaxlint.rules.removed_names import RenameData, removed_names

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model


FixData = RenameData  # the removed name and its replacement


def check(model: Model) -> Iterator[Report]:
    return removed_names(model, "JAX301")
