"""JAX106: call the compiled function 3 times and count the prints of the finding's line: fewer
than 3 (trace time only) or tracers printed confirms. An f-string format spec on a tracer raises."""

from __future__ import annotations

import io
from contextlib import redirect_stdout

import jax

from jaxlint.verify import recorders
from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compare_fixed,
    describe_exception,
    entry,
    failure,
    passed,
    raised_here,
    run_compiled,
    timings,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise

CALLS = 3


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, TypeError) and "format" in str(exc)


def run(subject: Subject) -> Verdict:
    outcomes: list[Verdict] = []
    for index, inputs in enumerate(subject.inputs):
        try:
            per_call, printed = _count_prints(subject, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            if predicted(exc) and raised_here(exc, subject):
                return expect_raise(subject, predicted, run_compiled, "tracing under jax.jit")
            outcomes.append(failure(exc, subject))
            continue
        verdict = _judge(subject, per_call, printed)
        with_input_set(verdict.evidence, subject, index)
        if verdict.status == "confirmed":
            verdict.evidence["timings"] = timings(subject.function, inputs)
            return verdict
        outcomes.append(verdict)
    return outcomes[0]


def _count_prints(subject: Subject, inputs: Inputs) -> tuple[list[int], list[str]]:
    jax.clear_caches()
    function = entry(subject, inputs)
    per_call: list[int] = []
    printed: list[str] = []
    for _ in range(CALLS):
        args, kwargs = inputs.fresh()
        with recorders.prints.recording() as records, redirect_stdout(io.StringIO()):
            jax.block_until_ready(function(*args, **kwargs))
        mine = [r.text for r in records if r.filename == subject.filename and r.row in subject.rows]
        per_call.append(len(mine))
        printed += mine
    return per_call, printed


def _judge(subject: Subject, per_call: list[int], printed: list[str]) -> Verdict:
    total = sum(per_call)
    traced = [text for text in printed if "Trace" in text]
    tracers = bool(traced)
    # the prints shown are the ones the verdict speaks of: a tracer's when it says tracers were printed
    shown_prints = (traced + [text for text in printed if "Trace" not in text])[:3]
    evidence = {"calls": CALLS, "prints": total, "per_call": per_call, "printed": shown_prints}
    row = subject.target.row
    if total == 0:
        return Verdict("not-confirmed", f"the print at line {row} did not run on these inputs", evidence)
    if total < CALLS or tracers:
        times = "once" if total == 1 else f"{total} times"
        what = f"printed {times} over {CALLS} calls" + (" (at trace time only)" if total < CALLS else "")
        shown = f": {shown_prints[0][:80]!r}" if shown_prints else ""
        return Verdict("confirmed", what + (", printing tracers" if tracers else "") + shown, evidence)
    return Verdict("not-confirmed", f"printed concrete values on each of {CALLS} calls", evidence)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    for inputs in fixed.inputs:
        jax.clear_caches()
        function = entry(fixed, inputs)
        outputs: list[str] = []
        for _ in range(CALLS):
            args, kwargs = inputs.fresh()
            with redirect_stdout(io.StringIO()) as captured:
                try:
                    jax.block_until_ready(function(*args, **kwargs))
                    jax.effects_barrier()
                except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
                    info = describe_exception(exc)
                    return Verdict("failed", f"the fixed function raised {info['exception']}: {info['message']}",
                                   info)
            outputs.append(captured.getvalue())
        evidence = {"calls": CALLS, "printed_per_call": [len(o.splitlines()) for o in outputs],
                    "printed": outputs[0].splitlines()[:3], "host_callback": True}  # jax.debug.print
        if not all(outputs) or any("Trace" in o for o in outputs):
            return Verdict("failed", f"the fixed function did not print concrete values on each of {CALLS} calls",
                           evidence)
    with redirect_stdout(io.StringIO()):
        problem = compare_fixed(fixed)
        if problem is not None:
            return problem
        return passed(f"printed on each of {CALLS} calls, and the jitted output equals the eager output",
                      original, fixed, evidence)
