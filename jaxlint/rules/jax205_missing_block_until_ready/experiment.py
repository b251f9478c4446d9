"""JAX205: run the function with its clock watched. When the clock is read at the finding's line,
the experiment notes the time the code sees, then waits for every live JAX array and notes the time
again: the first is what the code measured (the dispatch), the second what the computation took."""

from __future__ import annotations

import sys
import time
import timeit
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import jax

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
            if frame.f_lineno == self.row and self.last is not None:
                for array in jax.live_arrays():
                    array.block_until_ready()
                waited = clock()
                self.measured.append(((value - self.last) * scale, (waited - self.last) * scale))
            self.last = value
            return value

        return read


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


def _timed(subject: Subject, index: int, original: Subject | None = None) -> tuple[Any, list[tuple[float, float]]]:
    inputs = subject.inputs[index]
    run_as_found(subject.function, inputs)  # compiles: the measured run is a warm one, as in a benchmark
    with _watching(subject, _row(subject, original or subject)) as watch:
        output = run_as_found(subject.function, inputs)
    return output, watch.measured


def run(subject: Subject) -> Verdict:
    if (subject.target.fix_data or {}).get("lambda"):
        return Verdict("skipped", "`timeit` of a lambda is not measured: time it with the clock in a function")
    outcomes = []
    for index in range(len(subject.inputs)):
        try:
            _, measured = _timed(subject, index)
        except Exception as exc:
            outcomes.append(failure(exc, subject))
            continue
        if not measured:
            outcomes.append(Verdict("not-confirmed", f"the clock at line {subject.target.row} was not read on these inputs"))
            continue
        seen, waited = measured[-1]
        evidence = with_input_set({"measured_ms": round(seen, 3), "with_block_until_ready_ms": round(waited, 3),
                                   "reads": len(measured)}, subject, index)
        if waited - seen >= _MIN_WAIT_MS and waited >= 1.2 * seen:
            return Verdict("confirmed", f"the code measured {seen:.3f} ms; waiting for the result first gives "
                                        f"{waited:.3f} ms ({waited / max(seen, 1e-9):.1f}× longer)", evidence)
        outcomes.append(Verdict("not-confirmed", f"the result was ready when the clock was read ({seen:.3f} ms "
                                                 f"measured, {waited:.3f} ms after waiting)", evidence))
    return first_not_confirmed(outcomes)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    index = original.confirmed_on if original.confirmed_on < len(fixed.inputs) else 0
    try:
        _, before = _timed(original, index)
    except Exception as exc:
        problem = failure(exc, original)
        return Verdict("skipped", f"the original no longer runs: {problem.reason}", problem.evidence)
    try:
        _, after = _timed(fixed, index, original)
    except Exception as exc:
        return fix_raised(exc, "as called")
    if not before or not after:
        return Verdict("skipped", "the timed region did not run")
    figures = {"measured_ms": {"original": round(before[-1][0], 3), "fixed": round(after[-1][0], 3)}}
    # `block_until_ready` returns its argument: the outputs differ only in the times measured
    return Verdict("passed", f"the timing now includes the computation: {after[-1][0]:.3f} ms "
                             f"(was {before[-1][0]:.3f} ms, {before[-1][1]:.3f} ms when waited for)",
                   {"performance": figures})
