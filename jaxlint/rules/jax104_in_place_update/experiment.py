"""JAX104: run the function (as found, then jitted where it is not already); expect the
immutability error of item assignment or deletion on a JAX array."""

from __future__ import annotations

from jaxlint.verify.harness import Subject
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs, run_traced


def predicted(exc: BaseException) -> bool:
    message = str(exc)
    if isinstance(exc, TypeError):
        return "immutable" in message or "does not support item assignment" in message
    return isinstance(exc, AttributeError) and "__delitem__" in message


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_traced, "running the function")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs(original, fixed, "runs")
