"""JAX107: count how often the finding's line runs over two compiled calls and over two eager
calls (jit disabled) on the same inputs. The side effect runs once per trace: confirmed when the
compiled calls run it fewer times than the eager ones (once against twice, or once against once
per loop iteration in a lax body)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import jax

from jaxlint.verify.harness import (
    Inputs,
    Subject,
    entry,
    failure,
    first_not_confirmed,
    tracing_lines,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict

_CALLS = 2


def predicted(exc: BaseException) -> bool:
    return False  # the rule predicts a change made once, not an error


def _runs_of_line(filename: str, row: int, call: Callable[[], Any]) -> int:
    """How many times `call` executes line `row` of `filename`."""
    runs = 0

    def lines(frame: Any, event: str, arg: Any) -> Any:
        nonlocal runs
        if event == "line" and frame.f_lineno == row:
            runs += 1
        return lines

    with tracing_lines(filename, lines):
        call()
    return runs


def _calls(function: Callable[..., Any], inputs: Inputs, eager: bool) -> None:
    jax.clear_caches()  # traced afresh, whatever ran before in this process
    with jax.disable_jit(eager):
        for _ in range(_CALLS):
            args, kwargs = inputs.fresh()
            jax.block_until_ready(function(*args, **kwargs))


def run(subject: Subject) -> Verdict:
    row = subject.target.row
    outcomes = []
    for index, inputs in enumerate(subject.inputs):
        try:
            # eager first: the compiled calls may leave a tracer behind (that is the bug) for later code to trip on
            eager = _runs_of_line(subject.filename, row, partial(_calls, subject.function, inputs, True))
            compiled = _runs_of_line(subject.filename, row, partial(_calls, entry(subject, inputs), inputs, False))
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        evidence = with_input_set({"runs_compiled": compiled, "runs_eager": eager, "calls": _CALLS}, subject, index)
        if 0 < compiled < eager:
            return Verdict("confirmed", f"over {_CALLS} compiled calls line {row} ran {_times(compiled)}, while "
                                        f"tracing; run eagerly, it ran {_times(eager)}", evidence)
        outcomes.append(Verdict("not-confirmed", f"line {row} ran {_times(compiled)} compiled and {_times(eager)} "
                                                 f"eagerly", evidence))
    return first_not_confirmed(outcomes)


def _times(count: int) -> str:
    return "once" if count == 1 else f"{count} times"
