"""The shared shape of the experiments whose finding raises: run, expect the predicted exception
on the finding's line; the fix passes when the fixed function runs and jit agrees with eager."""

from __future__ import annotations

from typing import Any, Callable

from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compare_fixed,
    describe_exception,
    failure,
    masked,
    passed,
    raised_here,
    summarize,
    user_rows,
)
from jaxlint.verify.jobs import Verdict

Call = Callable[[Callable[..., Any], Inputs], Any]
_PREFERENCE = ("not-confirmed", "skipped", "error")


def expect_raise(subject: Subject, predicted: Callable[[BaseException], bool], call: Call, how: str) -> Verdict:
    outcomes: list[Verdict] = []
    for inputs in subject.inputs:
        try:
            output = call(subject.function, inputs)
        except Exception as exc:
            if predicted(exc) and raised_here(exc, subject):
                info = describe_exception(exc)
                evidence = info | {"row": user_rows(exc, subject.filename)[-1], "inputs": inputs.describe()}
                return Verdict("confirmed", f"{how} raised {info['exception']}: {info['message']}", evidence)
            name = describe_exception(exc)["exception"]
            outcomes.append(masked(exc, subject, name) if predicted(exc) else failure(exc, subject))
            continue
        outcomes.append(Verdict("not-confirmed", f"{how} ran without error on {inputs.describe()}",
                                {"output": summarize(output), "inputs": inputs.describe()}))
    return min(outcomes, key=lambda v: _PREFERENCE.index(v.status))


def fix_runs(original: Subject, fixed: Subject, what: str) -> Verdict:
    problem = compare_fixed(fixed)
    if problem is not None:
        return problem
    return passed(f"the fixed function {what}, and its jitted output equals its eager output", original, fixed)
