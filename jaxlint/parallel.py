"""One function over many items, in worker processes, results in item order."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")

# Below this many items, starting processes costs more than it saves.
SERIAL_BELOW = 8
_CHUNKS_PER_JOB = 16  # many more groups than processes: whoever is free takes the next, and the last ones are short


def ordered_map(function: Callable[[Item], Result], items: Sequence[Item], *, jobs: int,
                weights: Sequence[int], on_crash: Callable[[Item, BaseException], Result]) -> list[Result]:
    """`function` over `items` with up to `jobs` processes, heaviest first so that no big item
    starts last. `on_crash` stands in for an item whose worker died (segfault, killed)."""
    jobs = min(jobs, len(items))
    if jobs <= 1 or len(items) < SERIAL_BELOW:
        with analysis_gc():
            return [_collected(function, item) for item in items]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    # fork: workers inherit the imported rules instead of importing them again.
    context = multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker) as pool:
        chunks = _balanced_chunks(weights, jobs * _CHUNKS_PER_JOB)
        futures = [pool.submit(_run_chunk, function, [items[i] for i in chunk]) for chunk in chunks]
        results: list = [None] * len(items)
        for chunk, future in zip(chunks, futures):
            try:
                for index, result in zip(chunk, future.result()):
                    results[index] = result
            except Exception as exc:  # BrokenProcessPool and friends: report, keep the other results
                for index in chunk:
                    results[index] = on_crash(items[index], exc)
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


def _collected(function: Callable[[Item], Result], item: Item) -> Result:
    try:
        return function(item)
    finally:
        gc.collect(0)
