"""Text back to bytes as the file had them, and an atomic write that keeps the permission bits."""

from __future__ import annotations

import codecs
import os
import stat
import tempfile
from dataclasses import dataclass

from jaxlint.source import decode


@dataclass(frozen=True)
class Encoded:
    """How a file's text was stored: encoding, BOM, CRLF line endings."""

    encoding: str
    bom: bool
    crlf: bool

    @classmethod
    def read(cls, data: bytes) -> tuple[str, Encoded]:
        """The text with LF line endings (when the file uses CRLF throughout) and how to store it back."""
        text, encoding, bom = decode(data)
        crlf = "\r\n" in text and text.count("\r\n") == text.count("\n")
        return (text.replace("\r\n", "\n") if crlf else text), cls(encoding, bom, crlf)

    def encode(self, text: str) -> bytes:
        if self.crlf:
            text = text.replace("\n", "\r\n")
        return (codecs.BOM_UTF8 if self.bom else b"") + text.encode(self.encoding)


def write_atomic(path: str, data: bytes) -> None:
    """Temporary file in the same directory, the original's mode, then rename over the original."""
    directory = os.path.dirname(os.path.abspath(path))
    mode = stat.S_IMODE(os.stat(path).st_mode)
    handle, temporary = tempfile.mkstemp(prefix=".jaxlint-", suffix=".tmp", dir=directory)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
