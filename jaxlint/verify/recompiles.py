"""The experiment of the recompilation rules (JAX202-JAX204): run the function that holds the loop,
as its callers run it, and count the callee's compilations from JAX's own compile events; then the
same for the fixed function, side by side. The callee is named as JAX names it (`step`, `<lambda>`)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import jax

from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compiling,
    failure,
    first_not_confirmed,
    fix_raised,
    run_as_found,
    same,
    summarize,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict


@dataclass(frozen=True)
class Run:
    output: Any
    compilations: int  # of the callee
    compile_ms: float  # the callee's tracing, lowering and compiling
    run_ms: float  # the whole run, compilations included
    warm_ms: float  # a second run, caches kept: the steady state

    @property
    def compile_share(self) -> float:
        return self.compile_ms / self.run_ms if self.run_ms > 0 else 0.0

    def figures(self) -> dict[str, Any]:
        return {"compilations": self.compilations, "compile_ms": round(self.compile_ms, 2),
                "run_ms": round(self.run_ms, 2), "compile_share": round(self.compile_share, 3),
                "warm_run_ms": round(self.warm_ms, 2)}


def measure(subject: Subject, inputs: Inputs, callee: str) -> Run:
    """One run of the subject, caches cleared first: every compilation in it is counted; then a
    second run, for the steady state (a callable made anew compiles again there too)."""
    jax.clear_caches()
    with compiling() as log:
        start = time.perf_counter()
        output = run_as_found(subject.function, inputs)
        elapsed = time.perf_counter() - start
    start = time.perf_counter()
    run_as_found(subject.function, inputs)
    warm = time.perf_counter() - start
    return Run(output, log.compiles_of(callee), log.seconds_of(callee) * 1e3, elapsed * 1e3, warm * 1e3)


def count_compilations(subject: Subject) -> Verdict:
    """Confirmed when one run compiles the callee more than once."""
    callee = (subject.target.fix_data or {}).get("callee", "")
    name = subject.function.__name__ if hasattr(subject.function, "__name__") else "the function"
    outcomes = []
    for index, inputs in enumerate(subject.inputs):
        try:
            run = measure(subject, inputs, callee)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        evidence = with_input_set({"callee": callee, **run.figures()}, subject, index)
        if run.compilations > 1:
            return Verdict("confirmed", f"`{callee}` compiled {run.compilations} times in one run of `{name}`: "
                                        f"{run.compile_ms:.0f} ms of compiling, {run.compile_share:.0%} of the run "
                                        f"({run.run_ms:.0f} ms; {run.warm_ms:.0f} ms when run again)", evidence)
        outcomes.append(Verdict("not-confirmed", f"`{callee}` compiled {run.compilations} time"
                                                 f"{'s' * (run.compilations != 1)} in one run of `{name}`", evidence))
    return first_not_confirmed(outcomes)


def fix_compiles_less(original: Subject, fixed: Subject) -> Verdict:
    """The fixed function gives the original's output with fewer compilations; its speed-up."""
    callee = (original.target.fix_data or {}).get("callee", "")
    index = original.confirmed_on if original.confirmed_on < len(fixed.inputs) else 0
    inputs = fixed.inputs[index]
    try:
        before = measure(original, inputs, callee)
    except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        problem = failure(exc, original)
        return Verdict("skipped", f"the original no longer runs: {problem.reason}", problem.evidence)
    try:
        after = measure(fixed, inputs, callee)
    except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return fix_raised(exc, "as called")
    evidence = impact(before, after)
    if not same(before.output, after.output):
        return Verdict("failed", "the fixed function's output differs from the original's",
                       {**evidence, "original": summarize(before.output), "fixed": summarize(after.output)})
    if after.compilations >= before.compilations:
        return Verdict("failed", f"the fixed function still compiles `{callee}` {after.compilations} times", evidence)
    return Verdict("passed", f"same output; `{callee}` compiled {before.compilations} → {after.compilations} "
                             f"time{'s' * (after.compilations != 1)}", evidence)


def impact(before: Run, after: Run) -> dict[str, Any]:
    """The figures a user acts on, original beside fixed (the report's `fixed:` line)."""
    pairs = {key: {"original": value, "fixed": after.figures()[key]} for key, value in before.figures().items()}
    if after.run_ms > 0:
        pairs["run_speedup"] = float(f"{before.run_ms / after.run_ms:.3g}")
    return {"performance": pairs}
