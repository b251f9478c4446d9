"""When buffers are linted: a change waits a little (typing goes on), lints run one at a time in one
worker thread (the engine is not shared between threads), and a lint still waiting is replaced by
the next request for the same buffer. The event loop keeps answering the client meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

DEBOUNCE_S = 0.03  # after a change: enough to take in a burst of keystrokes, small beside a lint


@dataclass
class _Pending:
    task: asyncio.Task
    waiting: bool = True  # still in its debounce wait: a newer request replaces it


class Scheduler:
    def __init__(self, lint: Callable[[str], Awaitable[Any]]) -> None:
        """`lint(uri)` takes the buffer's text at that moment, lints it (through `run`) and publishes."""
        self._lint = lint
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxlint-lint")
        self._pending: dict[str, _Pending] = {}  # one per open buffer at most

    def request(self, uri: str, delay: float = 0.0) -> asyncio.Task:
        pending = self._pending.get(uri)
        if pending is not None and pending.waiting and not pending.task.done():
            pending.task.cancel()
        holder: list[_Pending] = []
        task = asyncio.get_running_loop().create_task(self._later(uri, delay, holder))
        holder.append(_Pending(task))
        self._pending[uri] = holder[0]
        return task

    def running(self, uri: str) -> asyncio.Task | None:
        """The lint of `uri` under way (past its wait), if any."""
        pending = self._pending.get(uri)
        return pending.task if pending is not None and not pending.waiting and not pending.task.done() else None

    async def _later(self, uri: str, delay: float, holder: list[_Pending]) -> None:
        if delay:
            await asyncio.sleep(delay)
        holder[0].waiting = False
        try:
            await self._lint(uri)
        finally:
            if self._pending.get(uri) is holder[0]:
                del self._pending[uri]

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` in the engine's thread, after the lints and fixes queued before it."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    def forget(self, uri: str) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None and pending.waiting:
            pending.task.cancel()

    def stop(self) -> None:
        for uri in list(self._pending):
            self.forget(uri)
        self._executor.shutdown(wait=False, cancel_futures=True)
