"""`# noqa` comments: per line, and `# jaxlint: noqa` for the whole file."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

_LINE = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?", re.IGNORECASE)
_FILE = re.compile(r"^#\s*jaxlint\s*:\s*noqa(?::\s*(?P<codes>[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*))?\s*$",
                   re.IGNORECASE)
ALL = None  # a bare noqa: every code


@dataclass
class Suppressions:
    lines: dict[int, set[str] | None] = field(default_factory=dict)  # row → codes (None = all)
    file_codes: set[str] | None = field(default_factory=set)  # None = the whole file

    def suppressed(self, code: str, row: int) -> bool:
        if self.file_codes is None or code in self.file_codes:
            return True
        if row not in self.lines:
            return False
        codes = self.lines[row]
        return codes is None or code in codes


def parse(text: str) -> Suppressions:
    found = Suppressions()
    if "noqa" not in text and "NOQA" not in text:
        return found
    for row, comment, alone in _comments(text):
        file_match = _FILE.match(comment) if alone else None
        if file_match:
            codes = _codes(file_match.group("codes"))
            if codes is None:
                found.file_codes = None
            elif found.file_codes is not None:
                found.file_codes |= codes
            continue
        found_directive = directive(comment)
        if found_directive:
            codes = found_directive.codes
            previous = found.lines.get(row, set())
            found.lines[row] = None if codes is None or previous is None else previous | codes
    return found


@dataclass(frozen=True)
class Directive:
    """A line's `# noqa` within its comment: where it starts and ends, and its codes (None = all)."""

    start: int
    end: int
    codes: set[str] | None


def directive(comment: str) -> Directive | None:
    match = _LINE.search(comment)
    return Directive(match.start(), match.end(), _codes(match.group("codes"))) if match else None


def _codes(text: str | None) -> set[str] | None:
    if not text:
        return ALL
    return {c.upper() for c in re.split(r"[\s,]+", text.strip()) if c}


def _comments(text: str):
    """(row, comment, whether it is alone on its line) for every comment token."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT:
                yield token.start[0], token.string, not token.line[: token.start[1]].strip()
    except (tokenize.TokenError, SyntaxError):
        return
