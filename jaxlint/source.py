"""Source text of one analysed file: decoding, lines, and ast byte offsets → characters."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from functools import cached_property

_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")
_BLANK = re.compile(rb"^[ \t\f]*(?:[#\r\n]|$)")  # a line after which line 2 may still declare the encoding
# Python's line breaks. str.splitlines() also splits on \f, \v, \x1c-\x1e, \x85 and U+2028/9, which
# are characters inside a line for Python: rows would no longer be the ones ast and tracebacks count.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_ROW_WITH_END = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+")


class UndecodableSource(Exception):
    """The bytes are not text in the encoding the file declares (or, for a notebook, not a notebook)."""


def decode(data: bytes) -> tuple[str, str, bool]:
    """Return (text, encoding, has_bom) the way CPython would read the module."""
    if data.startswith(codecs.BOM_UTF8):
        encoding, bom, body = "utf-8", True, data[3:]
        declared = _declared_encoding(body)
        if declared is not None and _normal_name(declared) != "utf-8":  # as CPython's tokenizer
            raise UndecodableSource(f"SyntaxError: encoding problem: {_normal_name(declared)} with BOM")
    else:
        encoding, bom, body = _declared_encoding(data) or "utf-8", False, data
    try:
        return body.decode(encoding), encoding, bom
    except (UnicodeDecodeError, LookupError) as exc:
        raise UndecodableSource(f"cannot decode as {encoding}: {exc}") from None


def _declared_encoding(data: bytes) -> str | None:
    """The coding cookie of line 1, or of line 2 when line 1 is blank or a comment (PEP 263)."""
    for line in data.split(b"\n", 2)[:2]:
        match = _CODING.match(line)
        if match:
            return match.group(1).decode("ascii")
        if not _BLANK.match(line):
            return None
    return None


def _normal_name(encoding: str) -> str:
    """The name CPython's tokenizer gives a declared encoding (its get_normal_name): only spellings
    of utf-8 and latin-1 are normalised, so `utf8` is not `utf-8` there."""
    name = encoding[:12].lower().replace("_", "-")
    if name == "utf-8" or name.startswith("utf-8-"):
        return "utf-8"
    if name in ("latin-1", "iso-8859-1", "iso-latin-1") or name.startswith(("latin-1-", "iso-8859-1-", "iso-latin-1-")):
        return "iso-8859-1"
    return encoding


def split_lines(text: str, keepends: bool = False) -> list[str]:
    """The rows of `text` as Python counts them (and git and patch): split on \\n, \\r\\n and \\r only
    (str.splitlines also splits on \\f, \\v, \\x1c-\\x1e, \\x85, U+2028/9, characters inside a row)."""
    if keepends:
        return _ROW_WITH_END.findall(text)
    lines = text.split("\n") if "\r" not in text else _LINE_BREAK.split(text)  # the same rows, the common case fast
    if lines[-1] == "":  # a final line break ends the last row; it does not start another
        lines.pop()
    return lines


@dataclass(frozen=True)
class BrokenCell:
    """A notebook cell that does not parse: something that binds its names to an unknown value
    stands in for it in the analysed text (row for row), and it is reported as JAX000."""

    row: int  # the row of the joined text where the cell starts
    text: str  # the cell as Python (IPython syntax made Python), as it was parsed alone
    error: Exception  # what parsing `text` raised; its rows count from the cell's first

    @property
    def rows(self) -> list[str]:
        """The cell's rows (`text` is their join, so a blank last row counts)."""
        return self.text.split("\n")


@dataclass
class Source:
    """The text of a module as analysed; for notebooks, the concatenated code cells."""

    text: str
    # Notebook mapping: for each row (0-based) of `text`, (cell number, row in cell), 1-based.
    cells: list[tuple[int, int]] | None = None
    broken: tuple[BrokenCell, ...] = ()
    # A module that does not parse, as written, when `text` is what a recovery made of it (recovery.py):
    # the same rows, with stand-ins for the statements that do not parse.
    written: str | None = None

    @cached_property
    def lines(self) -> list[str]:
        """The rows as written (a broken cell's own, not its stand-in's); split on first use: most
        files have no finding to show."""
        lines = split_lines(self.text if self.written is None else self.written)
        for cell in self.broken:
            lines[cell.row - 1 : cell.row - 1 + len(cell.rows)] = cell.rows
        return lines

    def line(self, row: int) -> str:
        """Row is 1-based; rows past the end are empty."""
        return self.lines[row - 1] if 0 < row <= len(self.lines) else ""

    def cell_row(self, row: int) -> tuple[int, int]:
        """For a notebook (`cells` set): the cell a row of the joined text is in, and the row within it."""
        assert self.cells is not None
        return self.cells[min(row, len(self.cells)) - 1]

    def char_column(self, row: int, byte_col: int) -> int:
        """0-based UTF-8 byte offset on `row` → 0-based character offset."""
        line = self.line(row)
        if line.isascii():
            return byte_col
        return len(line.encode("utf-8")[:byte_col].decode("utf-8", "ignore"))
