"""JAX105: run the function (as found, then jitted where it is not already); expect the error of
a jnp result used where a static value is needed: a TypeError (jnp on a shape tuple, a traced
shape), an unhashable static argument, or any error raised while the value is traced there (a
slice bound: its class and text change between JAX releases)."""

from __future__ import annotations

from jaxlint.verify.harness import Subject
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs, raised_while_tracing, run_traced


def predicted(exc: BaseException) -> bool:
    if isinstance(exc, TypeError):  # includes ConcretizationTypeError and tracer conversions
        return True
    if isinstance(exc, ValueError) and ("hash" in str(exc) or "static" in str(exc)):
        return True
    return raised_while_tracing(exc)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_traced, "running the function")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs(original, fixed, "runs")
