"""Fix one file until nothing more is fixable: lint, fix, lint again (bounded), for .py and .ipynb."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from jaxlint import notebooks
from jaxlint.diagnostics import Finding
from jaxlint.fixes import FixOutcome, applies, fix_source, with_fixes
from jaxlint.fixes.context import FixError
from jaxlint.fixes.write import Encoded
from jaxlint.source import Source

MAX_ROUNDS = 64  # fixes that insert at the same place (key splits) land one per round

Lint = Callable[[Source], Sequence[Finding]]


@dataclass
class FileFix:
    original: bytes
    fixed: bytes  # equal to `original` when nothing changed
    findings: list[Finding]  # what remains
    applied: int = 0
    failures: list[str] = field(default_factory=list)  # fixes dropped, with the reason

    @property
    def changed(self) -> bool:
        return self.fixed != self.original


def fix_file(path: str, data: bytes, lint: Lint, *, unsafe: bool) -> FileFix:
    """Rounds of lint → fix, at most MAX_ROUNDS. The result is the last text with strictly fewer
    fixable findings than the one before it: a round may leave the count unchanged (fixing
    `jnp.array` inside `jnp.prod(...)` exposes the outer call) as long as a later round wins."""
    text, encoded = Encoded.read(data)
    notebook = path.endswith(".ipynb")
    source = notebooks.load(text) if notebook else Source(text)
    result = FileFix(data, data, list(lint(source)))
    findings, applied, seen = result.findings, 0, {text}
    best = sum(applies(f, unsafe) for f in findings)
    for _ in range(MAX_ROUNDS):
        fixable = sum(applies(f, unsafe) for f in findings)
        if not fixable:
            break
        view = notebooks_view(findings, source) if notebook else findings
        outcome = fix_source(source.text, view, unsafe=unsafe)
        result.failures += [f"{_where(path, f)}: {f.code} fix dropped, the result would not parse ({why})"
                            for f, why in outcome.failures]
        new_text = _result(text, source, outcome) if notebook else outcome.text
        if not outcome.applied or new_text is None or new_text in seen:
            break
        seen.add(new_text)
        source = notebooks.load(new_text) if notebook else Source(new_text)
        text, findings, applied = new_text, list(lint(source)), applied + len(outcome.applied)
        remaining = sum(applies(f, unsafe) for f in findings)
        if remaining > fixable:
            break  # a fix that makes more work is no progress
        if remaining < best:
            best = remaining
            result.findings, result.applied, result.fixed = findings, applied, encoded.encode(text)
    return result


def notebooks_view(findings: Sequence[Finding], source: Source) -> list[Finding]:
    from jaxlint.fixes.notebook import to_module

    return to_module(findings, source)


def _result(text: str, source: Source, outcome: FixOutcome) -> str | None:
    from jaxlint.fixes.notebook import rewrite

    try:
        return rewrite(text, source, outcome.edits)
    except FixError:
        return None


def _where(path: str, finding: Finding) -> str:
    return f"{path}:{finding.location.row}:{finding.location.column}"


def attach_fixes(path: str, data: bytes, findings: Sequence[Finding]) -> list[Finding]:
    """Findings with `fix` (edits in the coordinates they are reported in) where one can be built."""
    if not any(applies(f, unsafe=True) for f in findings):
        return list(findings)
    text, _ = Encoded.read(data)
    if not path.endswith(".ipynb"):
        return with_fixes(text, findings)
    from jaxlint.fixes.notebook import to_cells

    source = notebooks.load(text)
    out = []
    for finding in findings:
        moved = notebooks_view([finding], source)
        fix = with_fixes(source.text, moved)[0].fix if moved else None
        try:
            cells = to_cells(fix.edits, source) if fix else {}
        except FixError:
            fix = None
        edits = tuple(e for cell_edits in cells.values() for e in cell_edits)
        out.append(replace(finding, fix=replace(fix, edits=edits)) if fix else finding)
    return out
