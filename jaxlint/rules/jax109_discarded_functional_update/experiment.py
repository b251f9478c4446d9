"""JAX109: run the function eagerly (jit disabled, so values are concrete) and watch the finding's
line: the value the update was meant for (`x`), before and after the line, and what the discarded
expression gives. Confirmed when the value is unchanged and the update would have changed it."""

from __future__ import annotations

from typing import Any

import jax

from jaxlint.verify.harness import (
    Subject,
    failure,
    first_not_confirmed,
    fix_raised,
    line_of,
    row_of_line,
    run_as_found,
    same,
    summarize,
    tracing_lines,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict


def predicted(exc: BaseException) -> bool:
    return False  # the rule predicts an update that does nothing, not an error


class _Watch:
    """A trace function: at the finding's line, the watched value and the discarded result; at the
    next line of the same frame, the watched value again."""

    def __init__(self, row: int, watched: str, expression: str) -> None:
        self.row = row
        self.watched = compile(watched, "<watched>", "eval")
        self.expression = compile(expression, "<discarded>", "eval")
        self.pending: tuple[Any, Any, Any] | None = None  # (frame, before, discarded result)
        self.seen: tuple[Any, Any, Any] | None = None  # (before, after, discarded result)

    def lines(self, frame: Any, event: str, arg: Any) -> Any:
        if self.pending is not None and self.pending[0] is frame and event in ("line", "return") and self.seen is None:
            self.seen = (self.pending[1], self._eval(self.watched, frame), self.pending[2])
        if event == "line" and frame.f_lineno == self.row and self.seen is None:
            self.pending = (frame, self._eval(self.watched, frame), self._eval(self.expression, frame))
        return self.lines

    @staticmethod
    def _eval(code: Any, frame: Any) -> Any:
        try:
            return eval(code, frame.f_globals, frame.f_locals)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            return exc


def _watched(subject: Subject, index: int, row: int, data: dict[str, str]) -> tuple[Any, Any, Any] | None:
    watch = _Watch(row, data["watch"], data["expr"])
    with tracing_lines(subject.filename, watch.lines), jax.disable_jit():
        run_as_found(subject.function, subject.inputs[index])
    return watch.seen


def run(subject: Subject) -> Verdict:
    data = subject.target.fix_data or {}
    if not data.get("watch"):
        return Verdict("skipped", "nothing to watch: the discarded call has no array argument")
    outcomes = []
    for index in range(len(subject.inputs)):
        try:
            seen = _watched(subject, index, subject.target.row, data)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        if seen is None:
            outcomes.append(Verdict("not-confirmed", f"line {subject.target.row} did not run on these inputs"))
            continue
        before, after, result = seen
        evidence = with_input_set({"before": summarize(before), "after": summarize(after),
                                   "discarded": summarize(result)}, subject, index)
        if same(before, after) and not same(before, result):
            return Verdict("confirmed", f"`{data['watch']}` is {summarize(after)} after line {subject.target.row}, "
                                        f"unchanged; the discarded `{data['expr']}` was {summarize(result)}", evidence)
        outcomes.append(Verdict("not-confirmed", "the discarded result equals the value it was meant for", evidence))
    return first_not_confirmed(outcomes)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    """The fixed line keeps the update: after it, the value is what the update gives."""
    data = original.target.fix_data or {}
    index = original.confirmed_on if original.confirmed_on < len(fixed.inputs) else 0
    try:
        seen = _watched(fixed, index, _fixed_row(original, fixed, data), data)
    except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return fix_raised(exc, "as called")
    if seen is None:
        return Verdict("skipped", "the fixed line did not run")
    _, after, result = seen
    evidence = {"after": summarize(after), "update": summarize(result)}
    if not same(after, result):
        return Verdict("failed", f"`{data['watch']}` is {summarize(after)} after the fixed line, not the update", evidence)
    return Verdict("passed", f"`{data['watch']}` is {summarize(after)} after the fixed line: the update is kept", evidence)


def _fixed_row(original: Subject, fixed: Subject, data: dict[str, str]) -> int:
    """The fixed line (`x = x.at[...]...`) in the fixed function: other fixes may have moved it."""
    return row_of_line(fixed, f"{data.get('base')} = {line_of(original)}")
