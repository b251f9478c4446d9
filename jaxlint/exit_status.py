"""The process's exit status, for every command (the contract's list: docs/contract.md)."""

from __future__ import annotations

import signal
from enum import IntEnum


class ExitStatus(IntEnum):
    CLEAN = 0  # no findings left (verify: nothing confirmed)
    FINDINGS = 1  # findings left, or --diff would change something (verify: something confirmed)
    ERROR = 2  # usage or configuration error, a path not checked, a write that failed, an internal error
    INTERRUPTED = 128 + signal.SIGINT  # Ctrl-C
    TERMINATED = 128 + signal.SIGTERM  # SIGTERM
