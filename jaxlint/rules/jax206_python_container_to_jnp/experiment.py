"""JAX206: run the function; JAX rejects the list with a TypeError (requires ndarray or scalar
arguments). The fix passes when the fixed function runs."""

from __future__ import annotations

from jaxlint.verify.harness import Subject, run_as_found
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs_as_called


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, TypeError) and "requires ndarray or scalar arguments" in str(exc)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_as_found, "running the function")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs_as_called(fixed)
