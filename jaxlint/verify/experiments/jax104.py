"""JAX104: run the function (as found, then jitted where it is not already); expect the
immutability error of item assignment or deletion on a JAX array."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxlint.verify.experiments.raising import expect_raise, fix_runs
from jaxlint.verify.harness import (
    Inputs,
    Subject,
    is_jitted,
    run_as_found,
    run_compiled,
)
from jaxlint.verify.jobs import Verdict


def predicted(exc: BaseException) -> bool:
    message = str(exc)
    if isinstance(exc, TypeError):
        return "immutable" in message or "does not support item assignment" in message
    return isinstance(exc, AttributeError) and "__delitem__" in message


def run_traced(function: Callable[..., Any], inputs: Inputs) -> Any:
    """The function as found; then under jit too, where it is traced only by its callers."""
    output = run_as_found(function, inputs)
    return output if is_jitted(function) else run_compiled(function, inputs)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_traced, "running the function")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs(original, fixed, "runs")
