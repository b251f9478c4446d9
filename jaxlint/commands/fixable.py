"""Which fixes `--fixable` and `--unfixable` let through: shared by the report and the fix loop."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from jaxlint.diagnostics import Finding


def only_fixable(findings: Sequence[Finding], fixable: frozenset[str] | None) -> tuple[Finding, ...]:
    """The findings, with the fix dropped where `--fixable`/`--unfixable` rule it out: neither
    advertised nor applied (the report and the fix loop both see findings through this)."""
    if fixable is None:
        return tuple(findings)
    return tuple(f if f.fix is None or f.code in fixable else replace(f, fix=None) for f in findings)
