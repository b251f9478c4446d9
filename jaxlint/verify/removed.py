"""The experiment of the removed-name rules (JAX301, JAX303): JAX has no such name, so using it
raises AttributeError and importing it ImportError (the module's import is checked where the
import is: see child.py); the fix passes when the fixed function runs."""

from __future__ import annotations

from jaxlint.verify.harness import Subject, fix_raised, run_as_found, summarize
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise


def predicted(exc: BaseException) -> bool:
    message = str(exc)
    return isinstance(exc, (AttributeError, ImportError)) and ("jax" in message or "has no attribute" in message)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_as_found, "running the function")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    for inputs in fixed.inputs:
        try:
            output = run_as_found(fixed.function, inputs)
        except Exception as exc:
            return fix_raised(exc, "as called")
    return Verdict("passed", "the fixed function runs", {"output": summarize(output)})
