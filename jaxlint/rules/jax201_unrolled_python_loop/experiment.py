"""JAX201: trace and compile the function and count its jaxpr's equations, at the user's trip count
and, when a static argument sets it, at four times that: an unrolled loop grows the graph and the
compile time with the count. The fix (`fori_loop`) is measured the same way, beside it."""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import jax

from jaxlint.verify.device_lock import device_lock
from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compiled,
    compiling,
    failure,
    first_not_confirmed,
    fix_raised,
    run_compiled,
    same,
    summarize,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict

_SCALE = 4
_UNKNOWN_COUNT_EQUATIONS = 32  # without a known trip count, a graph this big shows the unrolling


@dataclass(frozen=True)
class Size:
    equations: int
    compile_ms: float


def predicted(exc: BaseException) -> bool:
    return False  # the rule predicts slowness, not an error


def graph_size(function: Any, inputs: Inputs) -> Size:
    jitted = compiled(function, inputs)
    args, kwargs = inputs.fresh()
    jax.clear_caches()
    with device_lock(), compiling() as log:  # the compile time: no other module's timings meanwhile
        traced = jitted.trace(*args, **kwargs)
        traced.lower().compile()
    return Size(_equations(traced.jaxpr.jaxpr), round(log.seconds * 1e3, 2))


def _equations(jaxpr: Any) -> int:
    """Equations of a jaxpr and of the jaxprs inside it (a nested jit, a loop's body)."""
    total = 0
    for equation in jaxpr.eqns:
        total += 1
        for value in equation.params.values():
            for inner in value if isinstance(value, (tuple, list)) else (value,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr holds its jaxpr
                if hasattr(inner, "eqns"):
                    total += _equations(inner)
    return total


def _scaled(function: Any, inputs: Inputs, param: str | None) -> Inputs | None:
    """The inputs with the static trip-count argument times four, when it is an int."""
    if param is None:
        return None
    if isinstance(inputs.kwargs.get(param), int):
        return Inputs(inputs.origin, inputs.args, {**inputs.kwargs, param: inputs.kwargs[param] * _SCALE})
    try:
        names = list(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return None
    index = names.index(param) if param in names else len(inputs.args)
    if index >= len(inputs.args) or not isinstance(inputs.args[index], int) or isinstance(inputs.args[index], bool):
        return None
    args = list(inputs.args)
    args[index] *= _SCALE
    return Inputs(inputs.origin, tuple(args), inputs.kwargs)


def run(subject: Subject) -> Verdict:
    data = subject.target.fix_data or {}
    iterations, static = data.get("iterations"), data.get("static")
    outcomes = []
    for index, inputs in enumerate(subject.inputs):
        try:
            size = graph_size(subject.function, inputs)
            scaled = _scaled(subject.function, inputs, static)
            bigger = graph_size(subject.function, scaled) if scaled is not None else None
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject, "tracing the function"))
            continue
        evidence = with_input_set({"equations": size.equations, "compile_ms": size.compile_ms,
                                   "iterations": iterations}, subject, index)
        growth = None
        if bigger is not None:
            growth = round(bigger.equations / max(size.equations, 1), 2)
            evidence |= {"at_4n": {"equations": bigger.equations, "compile_ms": bigger.compile_ms}, "growth": growth}
        unrolled = (size.equations >= iterations if iterations else
                    growth >= 2 if growth is not None else size.equations >= _UNKNOWN_COUNT_EQUATIONS)
        what = f"the traced graph has {size.equations} equations" + (
            f" for {iterations} iterations" if iterations else "") + f"; tracing and compiling took {size.compile_ms:.0f} ms"
        if bigger is not None:
            what += (f"; with `{static}` ×{_SCALE}: {bigger.equations} equations, {bigger.compile_ms:.0f} ms "
                     f"(graph ×{growth})")
        if unrolled:
            return Verdict("confirmed", what, evidence)
        outcomes.append(Verdict("not-confirmed", what + ": not unrolled", evidence))
    return first_not_confirmed(outcomes)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    index = original.confirmed_on if original.confirmed_on < len(fixed.inputs) else 0
    inputs = fixed.inputs[index]
    try:
        after = graph_size(fixed.function, inputs)
        output = run_compiled(fixed.function, inputs)
    except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return fix_raised(exc, "jitted")
    before = graph_size(original.function, inputs)
    expected = run_compiled(original.function, inputs)
    figures = {"equations": {"original": before.equations, "fixed": after.equations},
               "compile_ms": {"original": before.compile_ms, "fixed": after.compile_ms}}
    if not same(expected, output):
        return Verdict("failed", "the fixed function's output differs from the original's",
                       {"performance": figures, "original": summarize(expected), "fixed": summarize(output)})
    if after.equations >= before.equations:
        return Verdict("failed", f"the fixed graph is no smaller ({after.equations} equations)", {"performance": figures})
    return Verdict("passed", f"same output; the graph has {after.equations} equations instead of {before.equations}",
                   {"performance": figures})
