"""JAX205: run the function with its clock watched. When the clock is read at the finding's line,
the experiment notes the time the code sees, then waits for every live JAX array and notes the time
again: the first is what the code measured (the dispatch), the second what the computation took.
That pair, measured once (the median of a few warm runs), is the baseline the fix is compared with."""

from __future__ import annotations

import statistics
import sys
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import jax

from jaxlint.verify.device_lock import device_lock
from jaxlint.verify.harness import (
    Subject,
    failure,
    first_not_confirmed,
    fix_raised,
    in_file,
    line_of,
    row_of_line,
    run_as_found,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict

_CLOCKS = ("time", "perf_counter", "monotonic")
_MIN_WAIT_MS = 0.05  # below this the computation had finished: the measurement was right
_COVERED = 0.25  # share of the computation the original missed that a fixed measurement must take in
_RUNS = 5  # watched runs at most, while they take less than _RUNS_BUDGET_S together
_RUNS_BUDGET_S = 0.5


@dataclass(frozen=True)
class Timing:
    """What the code measured and what the computation took (ms), medians over `runs` warm runs;
    `reads`: the reads of the clock at the finding's line in one run."""

    measured: float
    waited: float
    runs: int
    reads: int

    @property
    def dispatch_only(self) -> bool:
        return self.waited - self.measured >= _MIN_WAIT_MS and self.waited >= 1.2 * self.measured


_baselines: dict[int, Timing] = {}  # target id → the original's timing where run() confirmed it


def predicted(exc: BaseException) -> bool:
    return False  # the rule predicts a wrong measurement, not an error


class _Watch:
    """The clock reads of the user's file; at `row`, the time measured and the time after waiting."""

    def __init__(self, filename: str, row: int) -> None:
        self.filename, self.row = filename, row
        self.last: float | None = None
        self.measured: list[tuple[float, float]] = []  # (ms the code saw, ms with the results waited for)

    def wrap(self, clock: Callable[[], float], scale: float) -> Callable[[], float]:
        def read() -> float:
            frame = sys._getframe(1)
            value = clock()
            if not in_file(frame.f_code.co_filename, self.filename):
                return value
            if self._at_row(frame) and self.last is not None:
                for array in jax.live_arrays():
                    array.block_until_ready()
                waited = clock()
                self.measured.append(((value - self.last) * scale, (waited - self.last) * scale))
            self.last = value
            return value

        return read

    def _at_row(self, frame: Any) -> bool:
        """The read is at the finding's row, or made for it: by a timer's `__exit__` (or the end of a
        `contextmanager`) that the `with` at the row runs as its block ends."""
        for _ in range(_TIMER_DEPTH):
            if frame is None:
                return False
            if frame.f_lineno == self.row and in_file(frame.f_code.co_filename, self.filename):
                return True
            frame = frame.f_back
        return False


# Frames from a clock read up to the `with` of the timer that made it: the timer's method, contextlib's
# `__exit__`, the function that holds the `with`.
_TIMER_DEPTH = 4


def _row(subject: Subject, original: Subject) -> int:
    """The finding's line in the subject's file: the fixes of other findings may have moved it."""
    return subject.target.row if subject is original else row_of_line(subject, line_of(original))


@contextmanager
def _watching(subject: Subject, row: int) -> Iterator[_Watch]:
    watch = _Watch(subject.filename, row)
    originals = {name: getattr(time, name) for name in _CLOCKS}
    originals_ns = {f"{name}_ns": getattr(time, f"{name}_ns") for name in _CLOCKS}
    timer = timeit.default_timer
    try:
        for name, clock in originals.items():
            setattr(time, name, watch.wrap(clock, 1e3))
        for name, clock in originals_ns.items():
            setattr(time, name, watch.wrap(clock, 1e-6))
        timeit.default_timer = watch.wrap(timer, 1e3)
        yield watch
    finally:
        for name, clock in {**originals, **originals_ns}.items():
            setattr(time, name, clock)
        timeit.default_timer = timer


def _timed(subject: Subject, index: int, original: Subject | None = None) -> tuple[Any, Timing | None]:
    """A warm-up call (it compiles: the measured runs are warm ones, as in a benchmark), then a few
    watched runs, holding the run's device lock; None when the clock at the line was not read."""
    inputs = subject.inputs[index]
    output = run_as_found(subject.function, inputs)
    row = _row(subject, original or subject)
    runs: list[list[tuple[float, float]]] = []
    with device_lock():
        start = time.perf_counter()
        while len(runs) < _RUNS and (not runs or time.perf_counter() - start < _RUNS_BUDGET_S):
            with _watching(subject, row) as watch:
                output = run_as_found(subject.function, inputs)
            runs.append(watch.measured)
            if not watch.measured:
                return output, None
    last = [measured[-1] for measured in runs]
    return output, Timing(statistics.median(seen for seen, _ in last), statistics.median(waited for _, waited in last),
                          len(runs), len(runs[-1]))


def run(subject: Subject) -> Verdict:
    if (subject.target.fix_data or {}).get("lambda"):
        return Verdict("skipped", "`timeit` of a lambda is not measured: time it with the clock in a function")
    outcomes = []
    for index in range(len(subject.inputs)):
        try:
            _, timing = _timed(subject, index)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        if timing is None:
            outcomes.append(Verdict("not-confirmed", f"the clock at line {subject.target.row} was not read on these inputs"))
            continue
        seen, waited = timing.measured, timing.waited
        evidence = with_input_set({"measured_ms": round(seen, 3), "with_block_until_ready_ms": round(waited, 3),
                                   "reads": timing.reads, "runs": timing.runs}, subject, index)
        if timing.dispatch_only:
            _baselines[subject.target.id] = timing
            return Verdict("confirmed", f"the code measured {seen:.3f} ms; waiting for the result first gives "
                                        f"{waited:.3f} ms ({waited / max(seen, 1e-9):.1f}× longer)", evidence)
        outcomes.append(Verdict("not-confirmed", f"the result was ready when the clock was read ({seen:.3f} ms "
                                                 f"measured, {waited:.3f} ms after waiting)", evidence))
    return first_not_confirmed(outcomes)


def _covers_computation(before: Timing, after: Timing) -> bool:
    """The fixed measurement took in a good share of what the original's missed. On a GPU a
    sub-millisecond computation is as short as the noise of one more wait (an H100 measured the
    fixed code at 0.22 ms, 0.30 ms when it waited again, after the original's 0.16 ms dispatch and
    0.33 ms with the wait), so the fixed code's own with-and-without comparison alone would call a
    fix that works a failure."""
    missed = before.waited - before.measured
    return missed > 0 and after.measured - before.measured >= _COVERED * missed


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    """The fixed code's measurement against the one baseline: the original's, from the run that
    confirmed the finding (timed again only where that is not at hand)."""
    index = original.confirmed_on if original.confirmed_on < len(fixed.inputs) else 0
    before = _baselines.get(original.target.id)
    if before is None:
        try:
            _, before = _timed(original, index)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            problem = failure(exc, original)
            return Verdict("skipped", f"the original no longer runs: {problem.reason}", problem.evidence)
    try:
        _, after = _timed(fixed, index, original)
    except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return fix_raised(exc, "as called")
    if before is None or after is None:
        return Verdict("skipped", "the timed region did not run")
    figures = {"measured_ms": {"original": round(before.measured, 3), "fixed": round(after.measured, 3)},
               "computation_ms": round(before.waited, 3)}
    # `block_until_ready` returns its argument: the outputs differ only in the times measured
    if after.dispatch_only and not _covers_computation(before, after):
        return Verdict("failed", f"the fixed code still measures the dispatch: {after.measured:.3f} ms; waiting for "
                                 f"the result first gives {after.waited:.3f} ms", {"performance": figures})
    return Verdict("passed", f"the timing now includes the computation: the code measures {after.measured:.3f} ms "
                             f"(the original measured {before.measured:.3f} ms of a computation that took "
                             f"{before.waited:.3f} ms)", {"performance": figures})
