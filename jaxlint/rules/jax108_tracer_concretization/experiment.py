"""JAX108: trace the function with jax.jit on the example inputs; expect the tracer's error where
a concrete value is needed (a conversion, an index, a shape, a slice bound)."""

from __future__ import annotations

import jax

from jaxlint.verify.harness import Subject, run_compiled
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs

_ERRORS = (jax.errors.ConcretizationTypeError, jax.errors.TracerIntegerConversionError)
# Shapes and slice bounds are checked before concretization is tried: JAX 0.10.2 raises these.
_MESSAGES = {TypeError: "Shapes must be 1D sequences of concrete values", IndexError: "Slice entries must be static"}


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, _ERRORS) or any(isinstance(exc, kind) and text in str(exc) for kind, text in _MESSAGES.items())


def run(subject: Subject) -> Verdict:
    return expect_raise(subject, predicted, run_compiled, "tracing under jax.jit")


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    entry = (original.target.fix_data or {}).get("entry")
    name = getattr(original.function, "__name__", None)
    if entry not in (None, name):  # the fix is at the jit of a caller, which this experiment does not run
        return Verdict("skipped", f"the fix marks the parameters static where `{entry}` is jitted; this experiment "
                                  f"runs `{name}` alone, with them traced as `{entry}` passes them")
    return fix_runs(original, fixed, "traces under jax.jit")
