# Update the snapshots after a deliberate change (a new fixture, a reworded message, a moved span, a new fix):
#     JAXLINT_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/test_diagnostic_snapshots.py -n 0
# then read `git diff tests/snapshots/diagnostics/` before committing it.
"""Diagnostic snapshots, as ruff's snapshot files: for every file under fixtures/ with findings,
tests/snapshots/diagnostics/<its path, .py → .snap> holds each finding of the `fixtures_report` session
fixture (`jaxlint check --no-cache --extend-select JAX302 --output-format json .` in a copy of fixtures/: every rule): its
span, code, name and severity, the function it is in, the full message, the fix's applicability and
title (or "no fix") and the fix as a unified diff of the fixture's text (the finding's `fix.edits`
applied alone). Where the edits cannot be applied to the file (a notebook's rows are within a cell;
overlapping or out-of-range edits), the edits themselves are written instead, `row:col-row:col ->
"content"`. The `# expect:` markers stay the (row, code) check of tests/test_fixtures.py; these catch
what they do not see: a reworded message, a moved column, a changed fix title or a different fix.

A mismatch fails with a unified diff of the stored snapshot against what the report gives now; a
snapshot whose fixture is gone or has no findings any more fails as stale. With the environment
variable JAXLINT_UPDATE_SNAPSHOTS=1 the test (re)writes the snapshots, deletes stale ones, and passes.
The files hold paths relative to fixtures/ only, and nothing of the run (no times, no versions: the
findings' `url`, which names the release, is left out)."""

from __future__ import annotations

import difflib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"
SNAPSHOTS = Path(__file__).resolve().parent / "snapshots" / "diagnostics"
UPDATE = os.environ.get("JAXLINT_UPDATE_SNAPSHOTS") == "1"
CHECKED = (".py", ".pyi", ".ipynb")  # what `jaxlint check .` looks at
SKIPPED = {"__pycache__", ".jaxlint_cache"}  # as tests.expectations.UNCHECKED leaves them out of the copy
UPDATE_COMMAND = "JAXLINT_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/test_diagnostic_snapshots.py -n 0"


def snapshot_name(fixture: str) -> str:
    """`JAX101_basic.py` → `JAX101_basic.snap`; a notebook keeps its suffix (`nb.ipynb.snap`)."""
    return fixture.removesuffix(".py") + ".snap"


def fixture_name(snapshot: str) -> str:
    return snapshot.removesuffix(".snap") + ("" if snapshot.endswith((".ipynb.snap", ".pyi.snap")) else ".py")


def _fixture_files() -> list[str]:
    return [p.relative_to(FIXTURES).as_posix() for p in FIXTURES.rglob("*")
            if p.suffix in CHECKED and p.is_file() and not SKIPPED & set(p.relative_to(FIXTURES).parts)]


def _stored() -> list[str]:
    return [fixture_name(p.relative_to(SNAPSHOTS).as_posix()) for p in SNAPSHOTS.rglob("*.snap")]


# Every file a finding may name, and every fixture a stored snapshot is for (gone or not: then stale).
CASES = sorted(set(_fixture_files()) | set(_stored()))


def _filename(finding: dict) -> str:
    return finding["filename"].replace("\\", "/")


def _order(finding: dict) -> tuple:
    """The report's order (file, cell, row, column, code), with ties broken by everything else."""
    return (finding.get("cell") or 0, finding["location"]["row"], finding["location"]["column"],
            finding["end_location"]["row"], finding["end_location"]["column"], finding["code"],
            json.dumps(finding, sort_keys=True))


def _span(start: dict, end: dict) -> str:
    return f"{start['row']}:{start['column']}-{end['row']}:{end['column']}"


def _applied(text: str, edits: list[dict]) -> str:
    """The text with the edits made (1-based rows, 1-based character columns), or ValueError."""
    starts = [0] + [i + 1 for i, c in enumerate(text) if c == "\n"]

    def offset(location: dict) -> int:
        row, column = location["row"], location["column"]
        if not 1 <= row <= len(starts):
            raise ValueError(f"row {row} is outside the file ({len(starts)} rows)")
        line_end = starts[row] - 1 if row < len(starts) else len(text)  # the newline's offset, or the end
        if not 1 <= column <= line_end - starts[row - 1] + 1:
            raise ValueError(f"column {column} is outside row {row}")
        return starts[row - 1] + column - 1

    spans = sorted((offset(e["location"]), offset(e["end_location"]), e["content"]) for e in edits)
    pieces, position = [], 0
    for start, end, content in spans:
        if end < start:
            raise ValueError(f"an edit ends before it starts (offset {end} < {start})")
        if start < position:
            raise ValueError("edits overlap")
        pieces += [text[position:start], content]
        position = end
    return "".join(pieces + [text[position:]])


def _diff_lines(before: str, after: str) -> Iterator[str]:
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=3):
        if line.startswith(("---", "+++")):
            continue  # the file is named at the top of the snapshot
        rest = line[1:]
        if rest != rest.rstrip():  # made visible, as `cat -E` does: the files keep no trailing whitespace
            line += "$"
        yield f"  | {line}".rstrip()


def _fix_lines(finding: dict, text: str | None) -> Iterator[str]:
    fix = finding["fix"]
    if fix is None:
        yield "no fix"
        return
    yield f"fix ({fix['applicability']}): {fix['message']}"
    problem = "rows are within a notebook cell" if finding.get("cell") or text is None else None
    if problem is None:
        try:
            after = _applied(text, fix["edits"])
        except ValueError as exc:
            problem = f"the edits do not apply to the file: {exc}"
        else:
            diff = list(_diff_lines(text, after))
            yield from diff or ["  | (the edits change nothing)"]
            return
    yield f"  edits ({problem}):"
    for edit in fix["edits"]:
        content = json.dumps(edit["content"], ensure_ascii=False)
        yield f"  {_span(edit['location'], edit['end_location'])} -> {content}"


def render(fixture: str, findings: list[dict]) -> str:
    path = FIXTURES / fixture
    text = None
    if path.suffix != ".ipynb":
        with open(path, encoding="utf-8", newline="") as file:  # the text as written: columns count in it
            text = file.read()
    out = [f"# fixtures/{fixture}: {len(findings)} finding{'s' * (len(findings) != 1)}, as "
           "`jaxlint check --no-cache --extend-select JAX302 --output-format json .` in fixtures/ reports them.",
           f"# Update: {UPDATE_COMMAND}"]
    for finding in sorted(findings, key=_order):
        cell = f"cell {finding['cell']} " if finding.get("cell") else ""
        out += ["", f"{cell}{_span(finding['location'], finding['end_location'])} "
                    f"{finding['code']} {finding['name']} {finding['severity']}"]
        if finding.get("function"):
            out.append(f"function: {finding['function']}")
        if finding.get("noqa_row") not in (None, finding["location"]["row"]):
            out.append(f"noqa row: {finding['noqa_row']}")
        out.append("message: " + finding["message"].replace("\n", "\n  "))
        out += list(_fix_lines(finding, text))
    return "\n".join(out) + "\n"


@pytest.fixture(scope="module")
def per_file(fixtures_report: list[dict]) -> dict[str, list[dict]]:
    files: dict[str, list[dict]] = {}
    for finding in fixtures_report:
        files.setdefault(_filename(finding), []).append(finding)
    return files


def _remove(snapshot: Path) -> None:
    snapshot.unlink()
    folder = snapshot.parent
    while folder != SNAPSHOTS and not any(folder.iterdir()):
        folder.rmdir()
        folder = folder.parent


@pytest.mark.parametrize("fixture", CASES)
def test_diagnostics_match_the_snapshot(fixture: str, per_file: dict[str, list[dict]]) -> None:
    snapshot = SNAPSHOTS / snapshot_name(fixture)
    findings = per_file.get(fixture, [])
    if not findings:  # nothing to snapshot: a stored one is stale
        if snapshot.exists():
            if UPDATE:
                _remove(snapshot)
                return
            gone = "no longer exists" if not (FIXTURES / fixture).exists() else "has no findings"
            pytest.fail(f"stale snapshot {snapshot.relative_to(ROOT)}: fixtures/{fixture} {gone}; "
                        f"delete it, or run {UPDATE_COMMAND}", pytrace=False)
        return
    actual = render(fixture, findings)
    if UPDATE:
        snapshot.parent.mkdir(parents=True, exist_ok=True)
        if not snapshot.exists() or snapshot.read_text(encoding="utf-8") != actual:
            snapshot.write_text(actual, encoding="utf-8", newline="\n")
        return
    if not snapshot.exists():
        pytest.fail(f"fixtures/{fixture} has findings but no snapshot {snapshot.relative_to(ROOT)}; "
                    f"run {UPDATE_COMMAND}", pytrace=False)
    expected = snapshot.read_text(encoding="utf-8")
    if expected != actual:
        diff = "".join(difflib.unified_diff(expected.splitlines(keepends=True), actual.splitlines(keepends=True),
                                            f"{snapshot.relative_to(ROOT).as_posix()} (stored)", "now"))
        pytest.fail(f"the diagnostics of fixtures/{fixture} differ from its snapshot "
                    f"(if the change is meant, run {UPDATE_COMMAND}):\n{diff}", pytrace=False)


def test_every_file_with_findings_is_a_case(per_file: dict[str, list[dict]]) -> None:
    """A finding in a file the cases miss (a new kind of file) would have no snapshot."""
    assert sorted(set(per_file) - set(CASES)) == []
