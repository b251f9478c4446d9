"""Ctrl-C and SIGTERM: every command ends within a second, whatever it was doing, with one line.

The first signal raises KeyboardInterrupt in the main thread, so that the work under way unwinds
(a file being rewritten is finished first: fixes/write.py holds the signals back around it). If
unwinding takes longer than `GRACE_S` (a worker pool's exit join, a child that will not die) or a
second signal comes, the process ends at once: its children killed, `os._exit`. Either way the exit
code is 130 (SIGINT) or 143 (SIGTERM)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

from jaxlint.exit_status import ExitStatus

GRACE_S = 0.7  # for the unwinding; the whole end stays within a second
MESSAGE = b"jaxlint: interrupted\n"

_sessions: set[subprocess.Popen] = set()  # children in sessions of their own: no terminal signal reaches them
_received: int | None = None  # the first signal
_ending = False  # end_now has begun
_said = threading.Lock()  # taken by whoever says `interrupted`


def install() -> None:
    """The command line's handlers (a library caller keeps its own)."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, _on_signal)


def received() -> bool:
    """A signal came (a caller that swallowed the KeyboardInterrupt, as pygls's reader does)."""
    return _received is not None


def exit_code() -> ExitStatus:
    return ExitStatus.TERMINATED if _received == signal.SIGTERM else ExitStatus.INTERRUPTED


@contextmanager
def owned(process: subprocess.Popen) -> Iterator[subprocess.Popen]:
    """A child started in a session of its own: ended with the process, however it ends."""
    _sessions.add(process)
    try:
        yield process
    finally:
        _sessions.discard(process)


def end_now(flush: bool = True) -> NoReturn:
    """Say `interrupted`, kill every child, exit. `flush`: the standard streams' buffers are written
    first (only from the main thread: another thread could wait forever on a buffer's lock). The
    deadline's thread may end the process while the main thread is at it: both exit the same way."""
    global _ending
    _ending = True
    if flush:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:  # noqa: BLE001 - a closed pipe, a re-entered buffer: the exit matters more
                pass
    if _said.acquire(blocking=False):
        try:
            os.write(2, MESSAGE)  # unbuffered: never waits on a lock held by the interrupted thread
        except OSError:
            pass
    _kill_children()
    os._exit(exit_code())


def _on_signal(signum: int, frame: object) -> None:
    global _received
    if _ending:  # a signal while the end is under way (`timeout` signals the child, then its group)
        return
    if _received is not None:  # the second: no more waiting
        end_now(flush=False)
    _received = signum
    deadline = threading.Timer(GRACE_S, end_now, kwargs={"flush": False})
    deadline.daemon = True
    deadline.start()
    raise KeyboardInterrupt


def _kill_children() -> None:
    import multiprocessing

    for process in list(_sessions):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:  # gone already, or not its own group after all
            try:
                process.kill()
            except OSError:
                pass
    children = multiprocessing.active_children()  # worker pools (fork or forkserver)
    for child in children:
        try:
            child.kill()
        except OSError:
            pass
    for child in children:  # reaped: no zombie outlives the run (init does not always reap them)
        child.join(0.1)
