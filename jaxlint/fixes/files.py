"""Fix one file until nothing more is fixable: lint, fix, lint again (bounded), for .py and .ipynb.

Each round costs one lint of the file (which builds the fixes: one libcst parse) and, when the
round's fixes are all good, one parse of the result: fixing is linear in the number of fixes."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from jaxlint import notebooks
from jaxlint.config import is_notebook
from jaxlint.diagnostics import Finding, Location
from jaxlint.fixes import FixOutcome, Relint, fix_source, with_fixes
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.write import Encoded
from jaxlint.source import Source

MAX_ROUNDS = 64  # each round applies every non-overlapping fix; chains (a fix exposing another) are short

Lint = Callable[[Source], Sequence[Finding]]  # findings with their built fixes (engine.check_source)


@dataclass
class FileFix:
    original: bytes
    fixed: bytes  # equal to `original` when nothing changed
    findings: list[Finding]  # what remains
    applied: int = 0  # findings that the fixes made go away
    failures: list[str] = field(default_factory=list)  # fixes dropped, with the reason

    @property
    def changed(self) -> bool:
        return self.fixed != self.original


def fix_file(path: str, data: bytes, lint: Lint, *, unsafe: bool, findings: Sequence[Finding] | None = None,
             notebook: bool | None = None) -> FileFix:
    """Rounds of lint → fix, at most MAX_ROUNDS. The result is the last text with strictly fewer
    fixable findings than the one before it: a round may leave the count unchanged (fixing
    `jnp.array` inside `jnp.prod(...)` exposes the outer call) as long as a later round wins.
    `findings`: what `lint` gives for `data`, when the caller has it already (the check's results);
    `notebook`: whether the file is a notebook (None: by its suffix)."""
    text, encoded = Encoded.read(data)
    notebook = is_notebook(path) if notebook is None else notebook
    source = notebooks.load(text) if notebook else Source(text)
    first = list(lint(source) if findings is None else findings)
    result = FileFix(data, data, first)
    seen = {text}
    findings, best = first, _fixable(first, unsafe)
    for _ in range(MAX_ROUNDS):
        fixable = _fixable(findings, unsafe)
        if not fixable:
            break
        view = to_module(findings, source) if notebook else findings  # a notebook's fixes, in module rows
        outcome = fix_source(source.text, view, unsafe=unsafe)
        result.failures += [f"{_where(path, f)}: {f.code} fix dropped, the result would not parse ({why})"
                            for f, why in outcome.failures]
        new_text = _rewritten(text, source, outcome) if notebook else outcome.text
        if not outcome.applied or new_text is None or new_text in seen:
            break
        seen.add(new_text)
        source = notebooks.load(new_text) if notebook else Source(new_text)
        text, findings = new_text, list(lint(source))
        remaining = _fixable(findings, unsafe)
        if remaining > fixable:
            break  # a fix that makes more work is no progress
        if remaining < best:
            best = remaining
            result.findings, result.fixed = findings, encoded.encode(text)
    result.applied = max(len(first) - len(result.findings), 0)
    return result


def _fixable(findings: Sequence[Finding], unsafe: bool) -> int:
    return sum(f.fixed_by(unsafe) for f in findings)


def to_module(findings: Sequence[Finding], source: Source) -> list[Finding]:
    """Notebook findings with rows of the joined module (they are reported with rows within their
    cell) and the fixes they were offered built anew there; findings outside any code cell are left out."""
    rows = _module_rows(source)
    moved = [(f.fix is not None, m) for f in findings if (m := _moved(f, rows)) is not None]
    rebuilt = iter(with_fixes(source.text, [m for offered, m in moved if offered]))
    return [next(rebuilt) if offered else m for offered, m in moved]


def _module_rows(source: Source) -> dict[tuple[int, int], int]:
    return {where: row for row, where in enumerate(source.cells or [], start=1)}


def _moved(finding: Finding, rows: dict[tuple[int, int], int]) -> Finding | None:
    start = rows.get((finding.cell, finding.location.row))  # type: ignore[arg-type]
    end = rows.get((finding.cell, finding.end_location.row))  # type: ignore[arg-type]
    if start is None or end is None:
        return None
    return replace(finding, location=Location(start, finding.location.column),
                   end_location=Location(end, finding.end_location.column), fix=None)


def _rewritten(text: str, source: Source, outcome: FixOutcome) -> str | None:
    from jaxlint.fixes.notebook import rewrite

    try:
        return rewrite(text, source, outcome.edits)
    except FixError:
        return None


def _where(path: str, finding: Finding) -> str:
    return f"{path}:{finding.location.row}:{finding.location.column}"


def attach_fixes(source: Source, findings: Sequence[Finding], relint: Relint | None = None,
                 tree: ast.Module | None = None) -> list[Finding]:
    """Findings with `fix` (edits in the coordinates they are reported in) where one was built, its
    result parses and (with `relint`, which lints a text of the module) its finding is gone there;
    `fix` is None on every other finding. `tree`: the module's, when the caller parsed it already."""
    if source.cells is None:
        return with_fixes(source.text, findings, relint, tree)
    from jaxlint.fixes.notebook import to_cells

    rows = _module_rows(source)
    indexed = [(i, m) for i, m in enumerate(_moved(f, rows) for f in findings) if m is not None]
    out = [replace(f, fix=None) for f in findings]
    for (index, _), built in zip(indexed, with_fixes(source.text, [m for _, m in indexed], relint, tree)):
        if built.fix is None:
            continue
        try:
            cells = to_cells(built.fix.edits, source)
        except FixError:
            continue
        edits = tuple(replace(e, cell=number) for number, cell_edits in cells.items() for e in cell_edits)
        out[index] = replace(findings[index], fix=replace(built.fix, edits=edits))
    return out
