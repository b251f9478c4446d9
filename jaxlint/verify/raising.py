"""The shared shape of the experiments whose finding raises: run, expect the predicted exception
on the finding's line; the fix passes when the fixed function runs and jit agrees with eager.

The tracer rules (JAX103, JAX108, JAX111, JAX113) predict no exception class or message, which
change between JAX releases (a traced slice bound is an IndexError with one text in 0.10 and
another in 0.12; `jnp.compress` raised TracerBoolConversionError, now ConcretizationTypeError):
they predict a behaviour, `expect_trace_error`. The line raises when its values are traced (under
jit), and run eagerly on the same inputs it does not raise: the function runs (or fails on another
line), or the line's values are still tracers there (a `vmap` or `grad` traces without jit)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from types import FrameType
from typing import Any

import jax
import jax.numpy as jnp
import jaxlib
import numpy as np

import jaxlint
from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compare_fixed,
    describe_exception,
    failure,
    fix_raised,
    in_file,
    is_jitted,
    masked,
    passed,
    raised_here,
    run_as_found,
    run_compiled,
    run_eager,
    summarize,
    user_rows,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.line_watch import Watched, watching

Call = Callable[[Callable[..., Any], Inputs], Any]
_PREFERENCE = ("not-confirmed", "skipped", "error")


def run_traced(function: Callable[..., Any], inputs: Inputs) -> Any:
    """The function as found; then under jit too, where it is traced only by its callers."""
    output = run_as_found(function, inputs)
    return output if is_jitted(function) else run_compiled(function, inputs)


def as_its_callers_trace_it(subject: Subject) -> Subject | None:
    """A function the run only called untraced (a test calling a helper eagerly, on NumPy arrays)
    that is flagged because a jitted caller traces it: the same inputs as that caller hands them,
    JAX arrays traced and the rest static. None where the function runs as the run ran it anyway."""
    if subject.nested or not subject.runs_as_found:
        return None
    inputs = [replace(i, args=_as_jax_arrays(i.args), kwargs=_as_jax_arrays(i.kwargs), as_called=False)
              for i in subject.inputs]
    return replace(subject, inputs=inputs)


def _as_jax_arrays(values: Any) -> Any:
    return jax.tree.map(lambda v: jnp.asarray(v) if isinstance(v, np.ndarray) else v, values)


def _or_as_traced(verdict: Verdict, subject: Subject, prove: Callable[[Subject], Verdict]) -> Verdict:
    """The untraced run's verdict, unless jitting the function as its callers do shows the error;
    that run never refutes (the callers' exact split of traced and static arguments is a guess)."""
    traced = as_its_callers_trace_it(subject) if verdict.status != "confirmed" else None
    if traced is None:
        return verdict
    shown = prove(traced)
    if shown.status != "confirmed":
        return verdict
    shown.evidence = {**shown.evidence, "as_callers_trace": True}
    shown.reason = f"{shown.reason} (the run called it untraced; jitted as its callers trace it)"
    return shown


def expect_raise(subject: Subject, predicted: Callable[[BaseException], bool], call: Call, how: str) -> Verdict:
    verdict = _expect_raise(subject, predicted, call, how)
    if call is not run_traced:  # the error does not depend on tracing or JAX arrays
        return verdict
    return _or_as_traced(verdict, subject, lambda traced: _expect_raise(traced, predicted, run_traced, how))


def _expect_raise(subject: Subject, predicted: Callable[[BaseException], bool], call: Call, how: str) -> Verdict:
    outcomes: list[Verdict] = []
    if subject.runs_as_found:
        call = run_as_found
    for index, inputs in enumerate(subject.inputs):
        try:
            with watching(subject.filename, subject.rows) as seen:
                output = call(subject.function, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            if predicted(exc) and raised_here(exc, subject):
                info = describe_exception(exc)
                evidence = with_input_set(info | {"row": user_rows(exc, subject.filename)[-1]}, subject, index)
                return Verdict("confirmed", f"{how} raised {info['exception']}: {info['message']}", evidence)
            name = describe_exception(exc)["exception"]
            outcomes.append(masked(exc, subject, name) if predicted(exc) else failure(exc, subject))
            continue
        if subject.nested and callable(output):
            return _uncalled(subject)
        outcomes.append(_ran(subject, seen, how, inputs, with_input_set({"output": summarize(output)}, subject, index),
                             seen.traced | seen.arrays))
    return _preferred(outcomes)


def expect_trace_error(subject: Subject, call: Call = run_compiled, how: str = "tracing under jax.jit") -> Verdict:
    """Confirmed when `call` (jit) raises at the finding's line and the same input set, run eagerly,
    does not fail the same way there (see the module's docstring). An error on another line is
    `skipped` (masked) where tracing caused it too, else the function's own `error`."""
    verdict = _expect_trace_error(subject, call, how)
    return _or_as_traced(verdict, subject, lambda traced: _expect_trace_error(traced, run_compiled, how))


def _expect_trace_error(subject: Subject, call: Call, how: str) -> Verdict:
    outcomes: list[Verdict] = []
    if subject.runs_as_found:
        call = run_as_found
    for index, inputs in enumerate(subject.inputs):
        try:
            with watching(subject.filename, subject.rows) as seen:
                output = call(subject.function, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            eager = _eager_run(subject, inputs)
            if _innermost(exc) is None or _fails_eagerly_too(exc, eager):
                problem = failure(exc, subject)
                if _innermost(exc) is not None:
                    problem = Verdict("error", f"{problem.reason} (eagerly too: not an effect of tracing)",
                                      problem.evidence)
                outcomes.append(problem)
                continue
            if not raised_here(exc, subject):
                outcomes.append(masked(exc, subject, describe_exception(exc)["exception"]))
                continue
            info = describe_exception(exc)
            row = user_rows(exc, subject.filename)[-1]
            evidence = info | {"row": row, "traced": traced_at(exc, subject.filename, row),
                               "eager": _describe_eager(eager, subject.filename)}
            return Verdict("confirmed", f"{how} raised {info['exception']} at line {row}: "
                                        f"{info['message'].rstrip('.')}; {_eager_words(eager, subject.filename, row)}",
                           with_input_set(evidence, subject, index))
        if subject.nested and callable(output):
            return _uncalled(subject)
        outcomes.append(_ran(subject, seen, how, inputs, with_input_set({"output": summarize(output)}, subject, index),
                             seen.traced))
    return _preferred(outcomes)


def _ran(subject: Subject, seen: Watched, how: str, inputs: Inputs, evidence: dict[str, Any],
         situation: set[str]) -> Verdict:
    """The call ran without the predicted error: refuted where the finding's line ran in the
    situation the finding describes (`situation`: the names on it that held a tracer, or for the
    rules about JAX arrays an array), else not shown there."""
    row = subject.target.row
    evidence = evidence | {"line_ran": seen.ran, "traced_names": sorted(seen.traced), "array_names": sorted(seen.arrays)}
    if not seen.ran:
        return Verdict("not-confirmed", f"{how} ran without error on {inputs.describe()}, but line {row} did not run",
                       evidence, verdict="not-shown")
    if not situation:
        return Verdict("not-confirmed", f"{how} ran line {row} without error on {inputs.describe()}, with no tracer "
                                        f"or JAX array there", evidence, verdict="not-shown")
    held = ", ".join(f"`{n}` {'traced' if n in seen.traced else 'a JAX array'}" for n in sorted(situation))
    return Verdict("not-confirmed", f"{how} ran line {row} with {held}, without error, on {inputs.describe()}: "
                                    f"the finding is false there; if that is how the code runs, `# noqa: "
                                    f"{subject.target.code}` on line {row} keeps it quiet", evidence, verdict="refuted")


def _preferred(outcomes: list[Verdict]) -> Verdict:
    """The outcome to report of several input sets': a refutation first, then the other
    not-confirmed ones, skipped, error."""
    return min(outcomes, key=lambda v: (_PREFERENCE.index(v.status), v.meaning != "refuted"))


def raised_while_tracing(exc: BaseException) -> bool:
    """A frame of the user's code (not JAX's, not jaxlint's) held a traced value when `exc` went
    through it: what a tracer rule predicts where only the exception is known (a module whose
    import raises, see child.py)."""
    return any(_holds_tracer(frame) for frame, _ in _frames(exc) if not _library(frame.f_code.co_filename))


def traced_at(exc: BaseException, filename: str, row: int) -> bool:
    """The frame of `filename` that raised at `row` held a traced value (in its locals, as pytree leaves)."""
    return any(_holds_tracer(frame) for frame, line in _frames(exc)
               if line == row and in_file(frame.f_code.co_filename, filename))


def _eager_run(subject: Subject, inputs: Inputs) -> Any:
    """The function run eagerly (jax.disable_jit) on the same inputs: its output, or its exception."""
    try:
        return _Ran(run_eager(subject.function, inputs))
    except Exception as exc:  # noqa: BLE001 - the user's code, whatever it raises
        return exc


@dataclass(frozen=True)
class _Ran:
    """The eager run returned."""

    output: Any


def _fails_eagerly_too(exc: BaseException, eager: Any) -> bool:
    """Eagerly the line of the user's code that raised under jit raises too, with no value traced
    there: the function fails on these inputs whether traced or not."""
    if not isinstance(eager, BaseException):
        return False
    traced, untraced = _innermost(exc), _innermost(eager)
    return (traced is not None and untraced is not None and traced[:2] == untraced[:2]
            and not _holds_tracer(untraced[2]))


def _innermost(exc: BaseException) -> tuple[str, int, FrameType] | None:
    """The innermost frame of the user's code (not JAX's, not jaxlint's) that the exception went
    through: in its own traceback, else in its cause's."""
    for current in _chain(exc):
        found = None
        for frame, line in _tracebacks(current):
            if not _library(frame.f_code.co_filename):
                found = (os.path.realpath(frame.f_code.co_filename), line, frame)
        if found is not None:
            return found
    return None


def _describe_eager(eager: Any, filename: str) -> dict[str, Any]:
    if isinstance(eager, _Ran):
        return {"raised": False, "output": summarize(eager.output)}
    rows = user_rows(eager, filename)
    row = rows[-1] if rows else None
    return describe_exception(eager) | {"raised": True, "row": row,
                                        "traced": row is not None and traced_at(eager, filename, row)}


def _eager_words(eager: Any, filename: str, row: int) -> str:
    if isinstance(eager, _Ran):
        return "run eagerly on the same inputs, the function runs"
    info = _describe_eager(eager, filename)
    if info["row"] == row and info["traced"]:
        return "run eagerly, its values there are still traced (by a transform other than jit), and it raises too"
    where = f"line {info['row']}" if info["row"] is not None else "elsewhere"
    return f"run eagerly, the function raised {info['exception']} at {where} instead"


def _frames(exc: BaseException) -> Iterator[tuple[FrameType, int]]:
    """The frames of the exception's traceback and of its causes' (JAX attaches the unfiltered one)."""
    for current in _chain(exc):
        yield from _tracebacks(current)


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _tracebacks(exc: BaseException) -> Iterator[tuple[FrameType, int]]:
    tb = exc.__traceback__
    while tb is not None:
        yield tb.tb_frame, tb.tb_lineno
        tb = tb.tb_next


def _holds_tracer(frame: FrameType) -> bool:
    if frame.f_code.co_name == "<module>":  # a module's locals are its globals: no tracer lives there
        return False
    try:
        values = list(frame.f_locals.values())
    except Exception:  # noqa: BLE001 - a frame whose locals cannot be read
        return False
    for value in values:
        if isinstance(value, jax.core.Tracer):
            return True
    for value in values:
        try:
            leaves = jax.tree.leaves(value)
        except Exception:  # noqa: BLE001 - an object that flattens badly is no tracer
            continue
        if any(isinstance(leaf, jax.core.Tracer) for leaf in leaves):
            return True
    return False


_LIBRARIES = tuple(os.path.dirname(os.path.realpath(m.__file__)) + os.sep for m in (jax, jaxlib, jaxlint))


def _library(path: str) -> bool:
    return os.path.realpath(path).startswith(_LIBRARIES)


def _uncalled(subject: Subject) -> Verdict:
    inner = (subject.target.qualname or "").rsplit(".", 1)[-1]
    return Verdict("skipped", f"`{inner}` is a nested function that `{_name(subject)}` returns "
                              "without calling it: give an example for the code that calls it")


def fix_runs_as_called(fixed: Subject) -> Verdict:
    """The fixed function runs, as its callers run it, on every input set."""
    for inputs in fixed.inputs:
        try:
            output = run_as_found(fixed.function, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            return fix_raised(exc, "as called")
    return Verdict("passed", "the fixed function runs", {"output": summarize(output)})


def fix_runs(original: Subject, fixed: Subject, what: str) -> Verdict:
    problem = compare_fixed(fixed)
    if problem is not None:
        return problem
    return passed(f"the fixed function {what}, and its jitted output equals its eager output", original, fixed)


def _name(subject: Subject) -> str:
    return getattr(subject.function, "__name__", None) or "its enclosing function"
