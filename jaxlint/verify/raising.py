"""The shared shape of the experiments whose finding raises: run, expect the predicted exception
on the finding's line; the fix passes when the fixed function runs and jit agrees with eager."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compare_fixed,
    describe_exception,
    failure,
    fix_raised,
    is_jitted,
    masked,
    passed,
    raised_here,
    run_as_found,
    run_compiled,
    summarize,
    user_rows,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict

Call = Callable[[Callable[..., Any], Inputs], Any]
_PREFERENCE = ("not-confirmed", "skipped", "error")


def run_traced(function: Callable[..., Any], inputs: Inputs) -> Any:
    """The function as found; then under jit too, where it is traced only by its callers."""
    output = run_as_found(function, inputs)
    return output if is_jitted(function) else run_compiled(function, inputs)


def expect_raise(subject: Subject, predicted: Callable[[BaseException], bool], call: Call, how: str) -> Verdict:
    outcomes: list[Verdict] = []
    if subject.runs_as_found:
        call = run_as_found
    for index, inputs in enumerate(subject.inputs):
        try:
            output = call(subject.function, inputs)
        except Exception as exc:
            if predicted(exc) and raised_here(exc, subject):
                info = describe_exception(exc)
                evidence = with_input_set(info | {"row": user_rows(exc, subject.filename)[-1]}, subject, index)
                return Verdict("confirmed", f"{how} raised {info['exception']}: {info['message']}", evidence)
            name = describe_exception(exc)["exception"]
            outcomes.append(masked(exc, subject, name) if predicted(exc) else failure(exc, subject))
            continue
        if subject.nested and callable(output):
            inner = (subject.target.qualname or "").rsplit(".", 1)[-1]
            return Verdict("skipped", f"`{inner}` is a nested function that `{_name(subject)}` returns "
                                      "without calling it: give an example for the code that calls it")
        outcomes.append(Verdict("not-confirmed", f"{how} ran without error on {inputs.describe()}",
                                with_input_set({"output": summarize(output)}, subject, index)))
    return min(outcomes, key=lambda v: _PREFERENCE.index(v.status))


def fix_runs_as_called(fixed: Subject) -> Verdict:
    """The fixed function runs, as its callers run it, on every input set."""
    for inputs in fixed.inputs:
        try:
            output = run_as_found(fixed.function, inputs)
        except Exception as exc:
            return fix_raised(exc, "as called")
    return Verdict("passed", "the fixed function runs", {"output": summarize(output)})


def fix_runs(original: Subject, fixed: Subject, what: str) -> Verdict:
    problem = compare_fixed(fixed)
    if problem is not None:
        return problem
    return passed(f"the fixed function {what}, and its jitted output equals its eager output", original, fixed)


def _name(subject: Subject) -> str:
    return getattr(subject.function, "__name__", None) or "its enclosing function"
