"""`check --add-noqa`: a `# noqa: CODE` on the line of every finding, merged into a noqa comment the
line has already; files are written as `--fix` writes them (links, mode, encoding, line endings)."""

from __future__ import annotations

import io
import json
import sys
import tokenize
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jaxlint import noqa, notebooks
from jaxlint.config import is_notebook
from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.exit_status import ExitStatus
from jaxlint.fixes.write import Encoded, WriteError, write_fixed
from jaxlint.paths import read_file
from jaxlint.results import FileResult
from jaxlint.rules import INTERNAL_ERROR, SYNTAX_ERROR
from jaxlint.source import Source, split_lines

# Not rules a comment can silence: the file does not parse, or jaxlint failed on it.
_UNSUPPRESSIBLE = frozenset((SYNTAX_ERROR.code, INTERNAL_ERROR.code))


@dataclass(frozen=True)
class _LineEdit:
    """Replace characters start..end of a row (0-based, line break excluded) with `content`."""

    row: int
    start: int
    end: int
    content: str


@dataclass(frozen=True)
class _Layout:
    """What tokenizing the module says about its rows."""

    comments: dict[int, tuple[int, str]]  # row → (column, comment text)
    no_comment: dict[int, str]  # rows a comment cannot end (inside a string, a backslash continuation) → why


def add_noqa(files: Sequence[str], results: Sequence[FileResult], quiet: bool = False,
             notebook: Callable[[str], bool] = is_notebook, silent: bool = False) -> int:
    """Write the directives; print how many lines got one (unless `quiet`; no warning either when
    `silent`). `notebook`: whether a path is a notebook. Exit code: 2 if a file could not be read or
    written, else 0 (as ruff: the findings are now suppressed)."""
    added, failed = 0, False
    for path, result in zip(files, results, strict=True):
        findings = [f for f in result.findings if f.code not in _UNSUPPRESSIBLE]
        if not findings:
            continue
        if any(f.code == SYNTAX_ERROR.code and f.cell is None for f in result.findings):
            # its other findings come from a recovery (engine): a file that does not parse is never written
            _warn(f"{path}: no noqa directives added (the file does not parse)", silent)
            continue
        data = read_file(path)
        if data is None:
            print(f"jaxlint: error: {path}: cannot read", file=sys.stderr)
            failed = True
            continue
        try:
            count, new_data = _with_directives(path, data, findings, notebook(path), silent)
        except (tokenize.TokenError, SyntaxError, notebooks.NotebookError, ValueError) as exc:
            _warn(f"{path}: no noqa directives added ({exc})", silent)
            continue
        if not count:
            continue
        try:
            write_fixed(path, new_data)
        except WriteError as exc:
            print(f"jaxlint: error: {exc}", file=sys.stderr)
            failed = True
            continue
        added += count
    if added and not quiet:
        print(f"Added {added} noqa directive{'s' * (added != 1)}.", file=sys.stderr)
    return ExitStatus.ERROR if failed else ExitStatus.CLEAN


def _warn(message: str, silent: bool) -> None:
    if not silent:
        print(f"jaxlint: warning: {message}", file=sys.stderr)


def _with_directives(path: str, data: bytes, findings: list[Finding], notebook: bool,
                     silent: bool) -> tuple[int, bytes]:
    """(rows changed, the file's new bytes)."""
    text, encoded = Encoded.read(data)
    source = notebooks.load(text) if notebook else Source(text)
    module_rows = {where: row for row, where in enumerate(source.cells or [], start=1)}
    wanted: dict[int, set[str]] = {}
    where: dict[int, Finding] = {}
    for finding in findings:
        row = finding.noqa_row or finding.location.row
        if notebook:
            row = module_rows.get((finding.cell, row))  # type: ignore[arg-type,assignment]
            if row is None:
                continue
        wanted.setdefault(row, set()).add(finding.code)
        where.setdefault(row, finding)
    layout = _layout(source.text)
    edits = []
    for row, codes in sorted(wanted.items()):
        edit = _directive_edit(row, source.line(row), codes, layout)
        if isinstance(edit, str):
            finding = where[row]
            place = f"cell {finding.cell}, " if finding.cell else ""
            _warn(f"{path}:{place}{finding.location.row}:{finding.location.column}: "
                  f"no noqa directive for {', '.join(sorted(codes))}: the line {edit}", silent)
        elif edit is not None:
            edits.append(edit)
    if notebook:
        edits = _in_cells(text, source, edits)
    if not edits:
        return 0, data
    new_text = _notebook_with(text, source, edits) if notebook else _text_with(text, edits)
    return len(edits), encoded.encode(new_text)


def _directive_edit(row: int, line: str, codes: set[str], layout: _Layout) -> _LineEdit | str | None:
    """The edit that gives `row` a directive for `codes`; None when it has one already, or why it cannot."""
    if row in layout.no_comment:
        return layout.no_comment[row]
    if row in layout.comments:
        column, comment = layout.comments[row]
        found = noqa.directive(comment)
        if found is not None:
            if found.codes is None or codes <= found.codes:
                return None
            merged = ", ".join(sorted(found.codes | codes))
            return _LineEdit(row, column + found.start, column + found.end, f"# noqa: {merged}")
    end = len(line.rstrip(" \t"))
    return _LineEdit(row, end, len(line), f"  # noqa: {', '.join(sorted(codes))}")


def _layout(text: str) -> _Layout:
    comments: dict[int, tuple[int, str]] = {}
    no_comment: dict[int, str] = {}
    previous_end = 0
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        start_row, end_row = token.start[0], token.end[0]
        if token.type == tokenize.COMMENT:
            comments[start_row] = (token.start[1], token.string)
        elif token.type == tokenize.STRING and end_row > start_row:
            for row in range(start_row, end_row):
                no_comment[row] = "ends inside a multi-line string"
        # Rows skipped between two tokens of one logical line end in a backslash continuation.
        if token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.DEDENT, tokenize.ENDMARKER):
            for row in range(previous_end or start_row, start_row):
                no_comment.setdefault(row, "ends in a backslash continuation")
        previous_end = end_row if token.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT) else 0
    return _Layout(comments, no_comment)


def _text_with(text: str, edits: list[_LineEdit]) -> str:
    rows = split_lines(text, keepends=True)
    for edit in edits:
        line = rows[edit.row - 1]
        body = line.rstrip("\r\n")
        rows[edit.row - 1] = body[: edit.start] + edit.content + body[edit.end :] + line[len(body) :]
    return "".join(rows)


def _in_cells(text: str, source: Source, edits: list[_LineEdit]) -> list[_LineEdit]:
    """The edits whose row is written in its cell as analysed (not IPython syntax rewritten for Python)."""
    cells = json.loads(text)["cells"]
    kept = []
    for edit in edits:
        cell, row = source.cells[edit.row - 1]  # type: ignore[index]
        cell_source = cells[cell - 1]["source"]
        written = split_lines("".join(cell_source) if isinstance(cell_source, list) else cell_source)
        if row <= len(written) and written[row - 1] == source.line(edit.row):
            kept.append(edit)
    return kept


def _notebook_with(text: str, source: Source, edits: list[_LineEdit]) -> str:
    """The notebook with the directives in its cells' sources (outputs, metadata, layout kept)."""
    from jaxlint.fixes.notebook import rewrite

    return rewrite(text, source, [Edit(e.content, Location(e.row, e.start + 1), Location(e.row, e.end + 1))
                                  for e in edits])
