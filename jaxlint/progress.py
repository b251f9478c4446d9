"""A progress bar on stderr for runs that take more than about a second.

rich is imported only when the bar is shown. The bar is drawn from the main thread as items are
done (no refresh thread: worker processes are forked while it may be running), and erased at the end."""

from __future__ import annotations

import sys
import time
from types import TracebackType
from typing import Any, Self

SHOW_AFTER_S = 1.0
REDRAW_S = 0.05  # thousands of small files: drawing the bar for each would cost more than it shows


def wanted(*, quiet: bool, output_format: str) -> bool:
    """A bar only for a person at a terminal: not with -q, a machine format, or stderr redirected."""
    return not quiet and output_format == "text" and sys.stderr.isatty()


class Progress:
    """`with Progress("Checking", total, enabled) as bar: ... bar.advance()`."""

    def __init__(self, description: str, total: int, enabled: bool) -> None:
        self.description = description
        self.total = total
        self.enabled = enabled and total > 0
        self.done = 0
        self._started = self._drawn = time.monotonic()
        self._bar: Any = None
        self._task: Any = None

    def __enter__(self) -> Self:
        self._started = time.monotonic()
        return self

    def advance(self) -> None:
        """One more item done."""
        self.done += 1
        if not self.enabled:
            return
        now = time.monotonic()
        if self._bar is None:
            if now - self._started < SHOW_AFTER_S or self.done >= self.total:
                return
            self._show()
        elif now - self._drawn < REDRAW_S:
            return
        self._drawn = now
        self._bar.update(self._task, completed=self.done, refresh=True)

    def say(self, line: str) -> None:
        """A line on stderr, above the bar when one is shown."""
        if self._bar is None:
            print(line, file=sys.stderr)
        else:
            self._bar.console.print(line, markup=False, highlight=False, soft_wrap=True)

    def _show(self) -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            TextColumn,
            TimeElapsedColumn,
        )
        from rich.progress import Progress as Bar

        self._bar = Bar(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                        console=Console(file=sys.stderr), transient=True, auto_refresh=False,
                        redirect_stdout=False, redirect_stderr=False)
        self._task = self._bar.add_task(self.description, total=self.total)
        self._bar.start()

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
