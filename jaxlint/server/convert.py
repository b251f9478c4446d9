"""Findings and edits (1-based rows, columns in characters) ↔ LSP diagnostics and text edits
(0-based lines, columns in the client's units: UTF-16 unless it chose otherwise)."""

from __future__ import annotations

from functools import cached_property

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.server.docs import rule_href
from jaxlint.source import split_lines

SOURCE = "jaxlint"
_SEVERITY = {"error": types.DiagnosticSeverity.Error, "warning": types.DiagnosticSeverity.Warning,
             "info": types.DiagnosticSeverity.Information}


class Positions:
    """A text's rows, as Python and LSP both count them (\\n, \\r\\n and \\r end a line), for converting."""

    def __init__(self, text: str, codec: PositionCodec) -> None:
        self.text = text
        self.codec = codec

    @cached_property
    def lines(self) -> list[str]:
        return split_lines(self.text, keepends=True) or [""]

    def position(self, location: Location) -> types.Position:
        """A 1-based row and character column → the client's position (clamped into the text)."""
        line = min(max(location.row - 1, 0), len(self.lines))
        if line == len(self.lines):
            return types.Position(line=line, character=0)
        body = self.lines[line].rstrip("\r\n")
        character = min(max(location.column - 1, 0), len(body))
        return self.codec.position_to_client_units(self.lines, types.Position(line=line, character=character))

    def location(self, position: types.Position) -> Location:
        """The client's position → 1-based row and character column."""
        if position.line >= len(self.lines):
            return Location(len(self.lines) + 1, 1)
        server = self.codec.position_from_client_units(self.lines, position)
        return Location(server.line + 1, server.character + 1)

    def range(self, start: Location, end: Location) -> types.Range:
        return types.Range(start=self.position(start), end=self.position(end))

    def offset(self, location: Location) -> int:
        """The character offset of a 1-based row and column in the text."""
        row = min(max(location.row, 1), len(self.lines) + 1)
        before = sum(len(line) for line in self.lines[: row - 1])
        width = len(self.lines[row - 1].rstrip("\r\n")) if row <= len(self.lines) else 0
        return before + min(max(location.column - 1, 0), width)


def diagnostic(finding: Finding, positions: Positions, *, suppressed: bool = False,
               uri: str | None = None) -> types.Diagnostic:
    """The finding as the editor shows it. `data` says whether it has a fix and of which kind, and
    whether a `# noqa` silences it (then it is a greyed-out hint: shown, not counted)."""
    start, end = finding.location, finding.end_location
    if end == start:  # a syntax error's point: one character, so that the editor underlines something
        end = Location(start.row, start.column + 1)
    # the fix the rule offers (built when a code action asks for it: a diagnostic does not wait for it)
    fix = finding.fix.applicability if finding.fix is not None else finding.fixable
    message = finding.message
    if fix == "unsafe":
        message += " (unsafe fix available)"
    if suppressed:
        message += " (suppressed by `# noqa`)"
    href = rule_href(finding.code)
    return types.Diagnostic(
        range=positions.range(start, end), message=message, source=SOURCE, code=finding.code,
        severity=types.DiagnosticSeverity.Hint if suppressed else _SEVERITY.get(finding.severity,
                                                                              types.DiagnosticSeverity.Warning),
        code_description=types.CodeDescription(href=href) if href else None,
        tags=[types.DiagnosticTag.Unnecessary] if suppressed else None,
        related_information=_related_information(finding, positions, uri),
        data={"name": finding.name, "fix": fix, "suppressed": suppressed})


def _related_information(finding: Finding, positions: Positions,
                         uri: str | None) -> list[types.DiagnosticRelatedInformation] | None:
    """The steps of the finding's evidence, each at its line of the document (a notebook's cells are
    documents of their own: not said there)."""
    steps = [r for r in finding.related if r.cell is None]
    if uri is None or not steps:
        return None
    return [types.DiagnosticRelatedInformation(
        location=types.Location(uri=uri, range=positions.range(Location(r.row, 1), Location(r.row, 1))),
        message=r.message) for r in steps]


def text_edits(edits: tuple[Edit, ...], positions: Positions) -> list[types.TextEdit]:
    return [types.TextEdit(range=positions.range(e.location, e.end_location), new_text=e.content) for e in edits]


def minimal_edit(before: str, after: str, positions: Positions) -> types.TextEdit | None:
    """One edit that turns `before` (the text `positions` is of) into `after`: the changed middle
    only, so that the editor keeps the cursor and folds elsewhere; None when nothing changed."""
    if before == after:
        return None
    start = 0
    limit = min(len(before), len(after))
    while start < limit and before[start] == after[start]:
        start += 1
    end = 0
    while end < limit - start and before[-1 - end] == after[-1 - end]:
        end += 1
    # never split a \r\n: a position between them is no position
    while 0 < start and before[start - 1] == "\r":
        start -= 1
    while end and before[len(before) - end - 1: len(before) - end + 1] == "\r\n":
        end -= 1
    return types.TextEdit(range=types.Range(start=_at(before, start, positions), end=_at(before, len(before) - end,
                                                                                        positions)),
                          new_text=after[start: len(after) - end])


def _at(text: str, offset: int, positions: Positions) -> types.Position:
    """The client position of a character offset."""
    row = 1
    seen = 0
    for line in positions.lines:
        if seen + len(line) > offset or (seen + len(line) == offset and not line.endswith(("\n", "\r"))):
            break
        seen += len(line)
        row += 1
    return positions.position(Location(row, offset - seen + 1))
