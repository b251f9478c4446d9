"""JAX113: trace the function with jax.jit on the example inputs; expect it to raise at the
finding's line, whose shape depends on the values, and not to fail that way run eagerly. JAX's
exception there changes between releases (`jnp.compress` without `size`: TracerBoolConversionError
up to 0.10, ConcretizationTypeError in 0.12): it is not predicted (see raising.expect_trace_error)."""

from __future__ import annotations

from jaxlint.verify.harness import Subject
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_trace_error, raised_while_tracing


def predicted(exc: BaseException) -> bool:
    return raised_while_tracing(exc)


def run(subject: Subject) -> Verdict:
    return expect_trace_error(subject)
