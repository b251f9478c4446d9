"""A changing static argument: run the function that holds the loop and count the callee's
compilations (JAX's compile events). An unhashable one: run it and expect JAX's ValueError."""

from __future__ import annotations

from jaxlint.verify.device_lock import device_lock
from jaxlint.verify.harness import Subject, run_as_found
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise
from jaxlint.verify.recompiles import count_compilations


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, ValueError) and "hashable static argument" in str(exc).lower()


def run(subject: Subject) -> Verdict:
    if (subject.target.fix_data or {}).get("unhashable"):
        return expect_raise(subject, predicted, run_as_found, "running the function")
    with device_lock():  # the run is timed: no other module's timings meanwhile
        return count_compilations(subject)
