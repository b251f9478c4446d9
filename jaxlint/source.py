"""Source text of one analysed file: decoding, lines, and ast byte offsets → characters."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from functools import cached_property

_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")


class UndecodableSource(Exception):
    """The bytes are not text in the encoding the file declares."""


def decode(data: bytes) -> tuple[str, str, bool]:
    """Return (text, encoding, has_bom) the way CPython would read the module."""
    if data.startswith(codecs.BOM_UTF8):
        encoding, bom, body = "utf-8", True, data[3:]
    else:
        encoding, bom, body = _declared_encoding(data), False, data
    try:
        return body.decode(encoding), encoding, bom
    except (UnicodeDecodeError, LookupError) as exc:
        raise UndecodableSource(f"cannot decode as {encoding}: {exc}") from None


def _declared_encoding(data: bytes) -> str:
    for line in data.split(b"\n", 2)[:2]:
        match = _CODING.match(line)
        if match:
            return match.group(1).decode("ascii")
    return "utf-8"


@dataclass
class Source:
    """The text of a module as analysed; for notebooks, the concatenated code cells."""

    text: str
    # Notebook mapping: for each row (0-based) of `text`, (cell number, row in cell), 1-based.
    cells: list[tuple[int, int]] | None = None

    @cached_property
    def lines(self) -> list[str]:
        """Split on first use: most files have no finding to show."""
        return self.text.splitlines()

    def line(self, row: int) -> str:
        """Row is 1-based; rows past the end are empty."""
        return self.lines[row - 1] if 0 < row <= len(self.lines) else ""

    def char_column(self, row: int, byte_col: int) -> int:
        """0-based UTF-8 byte offset on `row` → 0-based character offset."""
        line = self.line(row)
        if line.isascii():
            return byte_col
        return len(line.encode("utf-8")[:byte_col].decode("utf-8", "ignore"))
