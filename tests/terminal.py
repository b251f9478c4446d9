"""Reading what a command wrote to a pseudo-terminal, for the tests of terminal-only output."""

from __future__ import annotations

import os


def read_until_closed(master: int) -> bytes:
    """Everything written to the pseudo-terminal's other end until the command closes it."""
    chunks = []
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)
