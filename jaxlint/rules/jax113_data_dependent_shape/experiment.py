"""JAX113: trace the function with jax.jit on the example inputs; expect JAX's error for a shape
that depends on the values."""

from __future__ import annotations

import jax

from jaxlint.verify.harness import Subject, run_compiled
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise

_ERRORS = (jax.errors.NonConcreteBooleanIndexError, jax.errors.ConcretizationTypeError,
           jax.errors.TracerBoolConversionError)


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, _ERRORS)


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_compiled, "tracing under jax.jit")
