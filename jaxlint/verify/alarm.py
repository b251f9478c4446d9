"""A per-step time limit inside the child (SIGALRM); the parent kills the child as a backstop
for hangs that never return to Python."""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class Timeout(BaseException):
    """Raised in the user's code when its time is up (a BaseException: `except Exception` in
    user code must not swallow it)."""


def _expire(signum: int, frame: Any) -> None:
    raise Timeout


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    if threading.current_thread() is not threading.main_thread():  # no signals there: no limit
        yield
        return
    previous = signal.signal(signal.SIGALRM, _expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
