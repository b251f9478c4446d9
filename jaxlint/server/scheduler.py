"""When buffers are linted: a change waits a little (typing goes on), lints run one at a time in one
worker thread (the engine is not shared between threads), and a lint still waiting (for its delay,
or for the lint before it to end) is replaced by the next request for the same buffer: while a lint
runs, the keystrokes that follow make one more lint, of the latest text, not one each. The event
loop keeps answering the client meanwhile."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

DEBOUNCE_S = 0.02  # after a change: takes in a burst of keystrokes; small beside a lint (0.1-0.2 s)


@dataclass
class _Pending:
    task: asyncio.Task
    waiting: bool = True  # still waiting (its delay, or its turn): a newer request replaces it


class Scheduler:
    def __init__(self, lint: Callable[[str], Awaitable[Any]]) -> None:
        """`lint(uri)` takes the buffer's text at that moment, lints it (through `run`) and publishes."""
        self._lint = lint
        self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="jaxlint-lint")
        self._pending: dict[str, _Pending] = {}  # one per open buffer at most
        self._turn: asyncio.Lock | None = None  # one lint at a time; made in the loop that uses it
        self._stopped = False  # after shutdown: nothing more is linted

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
        if self._turn is None:
            self._turn = asyncio.Lock()
        try:
            async with self._turn:
                holder[0].waiting = False
                await self._lint(uri)
        finally:
            if self._pending.get(uri) is holder[0]:
                del self._pending[uri]

    async def run(self, function: Callable[..., Any], *args: Any) -> Any:
        """`function(*args)` in the engine's thread, after the lints and fixes queued before it;
        after `stop`, the caller is cancelled (the thread takes no more work)."""
        if self._stopped:
            raise asyncio.CancelledError
        return await asyncio.get_running_loop().run_in_executor(self._executor, function, *args)

    def forget(self, uri: str) -> None:
        pending = self._pending.pop(uri, None)
        if pending is not None and pending.waiting:
            pending.task.cancel()

    def stop(self) -> None:
        self._stopped = True
        for pending in self._pending.values():
            pending.task.cancel()  # waiting or not: a lint past its wait ends at its next `run`
        self._pending.clear()
        self._executor.shutdown(wait=False, cancel_futures=True)
