"""Text back to bytes as the file had them, and a write that keeps the file what it was: the same
inode behind a symlink or hard link, the same owner, group and mode, never half-written."""

from __future__ import annotations

import codecs
import os
import signal
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
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


class WriteError(Exception):
    """A file `--fix` could not write; the message names the file and why."""


def write_fixed(path: str, data: bytes) -> None:
    """Replace the content of `path` with `data`, or raise WriteError and leave it as it was.

    A symlink is followed (the link stays, its target is fixed). A temporary file renamed over the
    original is preferred (a crash never leaves half a file), but only where the rename keeps what the
    file was: one link, a writable directory, the same owner and group. Otherwise it is rewritten in
    place."""
    target = os.path.realpath(path)
    try:
        info = os.stat(target)
        if _read_only(target, info):
            raise WriteError(f"{path}: not writable (read-only file)")
        with _signals_deferred():
            if not (_replaceable(target, info) and _replaced(target, data, info)):
                _overwrite(target, data)
    except OSError as exc:
        raise WriteError(f"{path}: cannot write: {exc.strerror or exc}") from None


def _read_only(target: str, info: os.stat_result) -> bool:
    # No write bit at all is read-only even for root, whom os.access never refuses.
    return not os.access(target, os.W_OK) or not info.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)


def _replaceable(target: str, info: os.stat_result) -> bool:
    """Whether a rename over `target` keeps the file: no other hard link, a directory we may write."""
    return info.st_nlink == 1 and os.access(os.path.dirname(target), os.W_OK | os.X_OK)


def _replaced(target: str, data: bytes, info: os.stat_result) -> bool:
    """Temporary file with the original's owner, group and mode, renamed over it; False (and nothing
    changed) when the owner or group cannot be given to it, or the rename is refused (sticky dirs)."""
    handle, temporary = tempfile.mkstemp(prefix=".jaxlint-", suffix=".tmp", dir=os.path.dirname(target))
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
        created = os.stat(temporary)
        if (created.st_uid, created.st_gid) != (info.st_uid, info.st_gid):
            os.chown(temporary, info.st_uid, info.st_gid)
        os.chmod(temporary, stat.S_IMODE(info.st_mode))  # after chown, which may clear set-id bits
        os.replace(temporary, target)
        return True
    except PermissionError:
        os.unlink(temporary)
        return False
    except BaseException:
        os.unlink(temporary)
        raise


def _overwrite(target: str, data: bytes) -> None:
    """Rewrite in place (same inode, owner and mode); on a failed write the old content is put back."""
    with open(target, "r+b") as stream:
        original = stream.read()
        try:
            stream.seek(0)
            stream.write(data)
            stream.truncate()
            stream.flush()
        except OSError:
            stream.seek(0)
            stream.write(original)
            stream.truncate()
            raise


@contextmanager
def _signals_deferred() -> Iterator[None]:
    """Ctrl-C or SIGTERM during a write is delivered once the write is done: no half-written file."""
    block = getattr(signal, "pthread_sigmask", None)  # not on Windows
    if block is None:
        yield
        return
    previous = block(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, previous)
