"""One function over many items, in worker processes, results in item order."""

from __future__ import annotations

import gc
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# Below this many items, starting processes costs more than it saves (once started, they take any map
# of two or more: a project round of a few modules).
SERIAL_BELOW = 8
_CHUNKS_PER_JOB = 16  # many more groups than processes: whoever is free takes the next, and the last ones are short


class Workers:
    """The worker processes of one run, started when a map first needs them and kept for the
    run's later maps (the project rounds): what a worker imports on demand (libcst, to build
    fixes; half a second) it imports once. A pool a worker died in is replaced."""

    def __init__(self, jobs: int, start_method: str | None = None) -> None:
        """`start_method`: how worker processes start (multiprocessing's names); None: fork where
        it is safe (Linux, a process whose other threads hold no lock a child needs: the CLI)."""
        self.jobs = jobs
        self.start_method = start_method
        self._pool = None
        self._size = 0
        self._processes: set = set()

    def executor(self, items: int):
        """The pool, started for a map of `items` (no more processes than items: the first map, of
        every file, is the largest of a run); and how many processes it has."""
        if self._pool is None:
            import multiprocessing
            from concurrent.futures import ProcessPoolExecutor

            # fork: workers inherit the imported rules instead of importing them again.
            method = self.start_method or ("fork" if sys.platform.startswith("linux") else None)
            context = multiprocessing.get_context(method)
            if method == "forkserver":  # the server's children fork from it with the rules imported once
                context.set_forkserver_preload(["jaxlint.engine"])
            self._size = min(self.jobs, items)
            self._pool = ProcessPoolExecutor(self._size, mp_context=context, initializer=_start_pool_worker)
        return self._pool, self._size

    @property
    def running(self) -> bool:
        return self._pool is not None

    def started(self, processes: set) -> None:
        self._processes |= processes

    def end(self, at_once: bool = False) -> None:
        """Stop the workers: after the queued work (`at_once` false), or now (Ctrl-C, a broken pool)."""
        if self._pool is None:
            return
        pool, self._pool = self._pool, None
        if at_once:
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in self._processes:
                worker.terminate()
        # Also after terminating: the pool's manager thread must be joined here, or it writes to a
        # closed pipe while the interpreter exits (an "Exception ignored" after "interrupted").
        pool.shutdown()
        self._processes = set()

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, kind, error, trace) -> None:
        self.end(at_once=kind is not None)


def ordered_map(function: Callable[[Item], Result], items: Sequence[Item], *, workers: Workers,
                weights: Sequence[int], on_crash: Callable[[Item, BaseException], Result],
                on_done: Callable[[int], None] | None = None) -> list[Result]:
    """`function` over `items` with the processes of `workers`, heaviest first so that no big item
    starts last. `on_crash` stands in for an item whose worker died (segfault, killed); `on_done`
    hears the index of each item as it is done (progress). Ctrl-C ends the workers at once."""
    done = on_done or (lambda index: None)
    if min(workers.jobs, len(items)) <= 1 or (len(items) < SERIAL_BELOW and not workers.running):
        results = []
        with analysis_gc():
            for index, item in enumerate(items):
                results.append(_collected(function, item))
                done(index)
        return results
    import multiprocessing
    from concurrent.futures import as_completed

    before = set(multiprocessing.active_children())
    pool, size = workers.executor(len(items))
    chunks = _balanced_chunks(weights, size * _CHUNKS_PER_JOB)
    futures = {pool.submit(_run_chunk, function, [items[i] for i in chunk]): chunk for chunk in chunks}
    workers.started(set(multiprocessing.active_children()) - before)
    results: list = [None] * len(items)
    broken = False
    try:
        for future in as_completed(futures):
            chunk = futures[future]
            try:
                for index, result in zip(chunk, future.result()):
                    results[index] = result
            except Exception as exc:  # noqa: BLE001 - BrokenProcessPool and friends: report, keep the other results
                broken = True
                for index in chunk:
                    results[index] = on_crash(items[index], exc)
            for index in chunk:
                done(index)
    except BaseException:  # Ctrl-C: leaving the pool would otherwise wait for every queued chunk
        workers.end(at_once=True)
        raise
    if broken:  # a dead worker leaves the pool unusable: the next map starts a new one
        workers.end(at_once=True)
    return results


def _balanced_chunks(weights: Sequence[int], count: int) -> list[list[int]]:
    """Item indices in `count` groups of about equal weight, heaviest groups first: one task per
    group keeps the cost of sending work to the processes small."""
    groups: list[list[int]] = [[] for _ in range(count)]
    totals = [0] * count
    for index in sorted(range(len(weights)), key=lambda i: -weights[i]):
        lightest = totals.index(min(totals))
        groups[lightest].append(index)
        totals[lightest] += weights[index]
    return [g for g in groups if g]


def _run_chunk(function: Callable[[Item], Result], chunk: list[Item]) -> list[Result]:
    return [_collected(function, item) for item in chunk]


@contextmanager
def analysis_gc() -> Iterator[None]:
    """Analysing a file allocates millions of objects that live exactly as long as the file's
    analysis, in reference cycles (nodes know their parent). The automatic collector would walk each
    live syntax tree many times; instead it is off, and `_collected` frees each file's garbage
    in one young-generation pass. What was imported before stays out of its way (freeze)."""
    was_enabled = gc.isenabled()
    _start_worker()
    try:
        yield
    finally:
        gc.unfreeze()
        if was_enabled:
            gc.enable()


def _start_worker() -> None:
    gc.freeze()
    gc.disable()


def _start_pool_worker() -> None:
    # Ctrl-C at a terminal reaches the whole process group: the parent alone decides what to do. A
    # forked worker must not keep the parent's handlers either (interrupts.py): SIGTERM ends it.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _start_worker()


def _collected(function: Callable[[Item], Result], item: Item) -> Result:
    try:
        return function(item)
    finally:
        gc.collect(0)
