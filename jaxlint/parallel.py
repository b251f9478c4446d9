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
    heaviest_first = sorted(range(len(items)), key=lambda index: -weights[index])
    with ProcessPoolExecutor(jobs, mp_context=context, initializer=_start_worker) as pool:
        futures = {index: pool.submit(_collected, function, items[index]) for index in heaviest_first}
        results = []
        for index, item in enumerate(items):
            try:
                results.append(futures[index].result())
            except Exception as exc:  # BrokenProcessPool and friends: report, keep the other results
                results.append(on_crash(item, exc))
        return results


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
