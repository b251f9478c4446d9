"""The experiment of the removed-name rules (JAX301, JAX303): JAX has no such name, so using it
raises AttributeError and importing it ImportError (the module's import is checked where the
import is: see child.py); the fix passes when the fixed function runs."""

from __future__ import annotations

from jaxlint.verify.harness import Subject, run_as_found
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs_as_called


def predicted(exc: BaseException) -> bool:
    message = str(exc)
    return isinstance(exc, (AttributeError, ImportError)) and ("jax" in message or "has no attribute" in message)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_as_found, "running the function")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs_as_called(fixed)
