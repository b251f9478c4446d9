"""What checking one file gives: its findings, its errors, and what the project pass needs of it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxlint.diagnostics import Finding

if TYPE_CHECKING:
    from jaxlint.project.incoming import Incoming
    from jaxlint.project.summary import ModuleSummary


@dataclass(frozen=True)
class FileResult:
    findings: tuple[Finding, ...]
    errors: tuple[str, ...] = ()  # internal errors, for stderr
    summary: ModuleSummary | None = None  # what other modules need to know of it; None: not parsed
    incoming: Incoming | None = None  # what the other modules told it (None: nothing)
    # What its analysis asked of that (project/incoming.py): whether something new told matters
    asked: frozenset[tuple] = frozenset()
