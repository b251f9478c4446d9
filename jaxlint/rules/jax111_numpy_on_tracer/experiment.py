"""JAX111: trace the function with jax.jit on the example inputs; expect TracerArrayConversionError."""

from __future__ import annotations

import jax

from jaxlint.verify.harness import Subject, run_compiled
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, jax.errors.TracerArrayConversionError)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_compiled, "tracing under jax.jit")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs(original, fixed, "traces under jax.jit")
