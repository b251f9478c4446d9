"""JAX108: trace the function with jax.jit on the example inputs; expect it to raise at the
finding's line where a concrete value is needed (a conversion, an index, a shape, a slice bound),
and not to fail that way run eagerly. Which exception JAX raises there, and its text, change
between releases (a traced slice bound: IndexError with another message in 0.12): neither is
predicted (see raising.expect_trace_error)."""

from __future__ import annotations

from jaxlint.verify.harness import Subject
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_trace_error, fix_runs, raised_while_tracing


def predicted(exc: BaseException) -> bool:
    return raised_while_tracing(exc)


def run(subject: Subject) -> Verdict:
    return expect_trace_error(subject)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    entry = (original.target.fix_data or {}).get("entry")
    name = getattr(original.function, "__name__", None)
    if entry not in (None, name):  # the fix is at the jit of a caller, which this experiment does not run
        return Verdict("skipped", f"the fix marks the parameters static where `{entry}` is jitted; this experiment "
                                  f"runs `{name}` alone, with them traced as `{entry}` passes them")
    return fix_runs(original, fixed, "traces under jax.jit")
