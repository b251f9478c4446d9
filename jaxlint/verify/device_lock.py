"""One timed section at a time on the device, across the children of one `verify` run.

The parent makes a lock file for the run and names it in the children's environment (`ENV`); an
experiment that times something (or counts the time of compiling) holds an exclusive `flock` on it
while it measures, so that the modules verified at once do not measure each other. Without the
variable (a child run by hand, a test) the lock is a no-op. No JAX here: the parent imports it too.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO

try:
    import fcntl
except ImportError:  # not POSIX: no lock, the timings are taken as they come
    fcntl = None  # type: ignore[assignment]

ENV = "JAXLINT_DEVICE_LOCK"
_POLL_S = 0.01

_guard = threading.RLock()  # the holder's thread re-enters; others in the process wait here
_depth = 0
_handle: IO[bytes] | None = None


@contextmanager
def device_lock() -> Iterator[None]:
    """Hold the run's device lock for the block (re-entrant: a timed section may call another)."""
    path = os.environ.get(ENV)
    if not path or fcntl is None:
        yield
        return
    global _depth, _handle
    with _guard:
        if _depth == 0:
            _handle = _acquire(path)
        _depth += 1
        try:
            yield
        finally:
            _depth -= 1
            if _depth == 0 and _handle is not None:
                _release(_handle)
                _handle = None


def _acquire(path: str) -> IO[bytes] | None:
    """The lock file, locked; None when it cannot be opened or locked (the timing goes on unlocked).
    Under a time limit (alarm.py) the wait takes at most half of the time left, so that waiting for
    other modules' timings does not cost the experiment its own time: then the timing goes on unlocked."""
    try:
        handle = open(path, "ab")  # noqa: SIM115 - held open for as long as the lock is
    except OSError:
        return None
    try:
        left = signal.getitimer(signal.ITIMER_REAL)[0]
        if not left:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
            return handle
        until = time.monotonic() + left / 2
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                return handle
            except BlockingIOError:
                if time.monotonic() >= until:
                    handle.close()
                    return None
                time.sleep(_POLL_S)
    except OSError:
        handle.close()
        return None
    except BaseException:
        handle.close()
        raise


def _release(handle: IO[bytes]) -> None:
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
    except OSError:
        pass
    finally:
        handle.close()


@contextmanager
def lock_file() -> Iterator[str]:
    """Parent side: a fresh lock file for one run, in a folder of its own, removed afterwards."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="jaxlint-device-") as folder:
        path = os.path.join(folder, "device.lock")
        open(path, "wb").close()
        yield path
