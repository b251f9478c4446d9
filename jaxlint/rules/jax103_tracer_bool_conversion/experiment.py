"""JAX103: trace the function with jax.jit on the example inputs; expect it to raise at the
finding's line, where Python control flow needs the traced value, and not to fail that way run
eagerly (the exception's class and text are JAX's to change: see raising.expect_trace_error)."""

from __future__ import annotations

from jaxlint.verify.harness import Subject
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_trace_error, fix_runs, raised_while_tracing


def predicted(exc: BaseException) -> bool:
    return raised_while_tracing(exc)


def run(subject: Subject) -> Verdict:
    return expect_trace_error(subject)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs(original, fixed, "traces under jax.jit")
