"""Small facts every format shares: which built fixes apply, and how a notebook position reads."""

from __future__ import annotations

import os
from dataclasses import dataclass

from jaxlint.diagnostics import Finding


@dataclass(frozen=True)
class Judgement:
    """What `jaxlint verify` made of a finding, for the CI formats: its verdict (confirmed, refuted,
    not-shown, not-reached, could-not-run), the experiment's one-line reason, and whether it
    fails the run (`--fail-on`)."""

    verdict: str
    reason: str
    fails: bool


def applies(finding: Finding, unsafe_fixes: bool) -> bool:
    """Would `--fix` (with the current `--unsafe-fixes` setting) fix this finding? Only a fix that
    was built counts: the rule's intent alone is never advertised."""
    return finding.fixed_by(unsafe_fixes)


def hidden(finding: Finding, unsafe_fixes: bool) -> bool:
    """Is there a built unsafe fix that only `--unsafe-fixes` would apply?"""
    return not unsafe_fixes and finding.fixed_by(True) and not finding.fixed_by(False)


def fix_counts(findings: list[Finding], unsafe_fixes: bool) -> tuple[int, int]:
    """(fixable with --fix as configured, fixable only with --unsafe-fixes)."""
    return (sum(applies(f, unsafe_fixes) for f in findings), sum(hidden(f, unsafe_fixes) for f in findings))


def posix_path(filename: str) -> str:
    return filename.replace(os.sep, "/")


def cell_prefix(finding: Finding) -> str:
    """`cell 3:2:5: ` for a notebook finding, else nothing.

    Formats that locate findings by line of the file on disk (github, sarif, junit, gitlab)
    cannot point into a notebook cell, so they name the cell in the message instead.
    """
    if finding.cell is None:
        return ""
    return f"cell {finding.cell}:{finding.location.row}:{finding.location.column}: "
