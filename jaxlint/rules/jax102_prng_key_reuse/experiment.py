"""JAX102: run the function under `jax.debug_key_reuse(True)` with typed keys (raw uint32 keys in
the inputs, and `jax.random.PRNGKey` inside, become typed keys: the checker ignores raw ones), and
run it eagerly recording which key each `jax.random` call consumed: the finding's line consuming
a key already consumed (identical draws for identical calls) confirms, whatever the key type."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxlint.verify import recorders
from jaxlint.verify.harness import (
    Inputs,
    Subject,
    compare_fixed,
    describe_exception,
    entry,
    failure,
    passed,
    run_eager,
    timings,
    user_rows,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, jax.errors.KeyReuseError)


def run(subject: Subject) -> Verdict:
    outcomes: list[Verdict] = []
    for index, inputs in enumerate(subject.inputs):
        try:
            checker = _checker(subject, inputs)
            reuse = _reuse(subject, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        evidence = with_input_set({"key_reuse_error": checker, **(reuse or {})}, subject, index)
        if not reuse and checker and _ours(subject, checker["row"]):
            return Verdict("confirmed", f"jax.debug_key_reuse raised at line {checker['row']}: {checker['message']}",
                           evidence)
        if reuse:
            identical = " with identical draws" if reuse["identical_draws"] else ""
            reason = (f"line {reuse['reuse_row']} consumed the key already consumed at line {reuse['first_row']}"
                      f"{identical}")
            if checker:
                reason += f"; jax.debug_key_reuse: {checker['message']}"
            if not subject.runs_as_found:  # jitting what runs as found would time something else
                evidence["timings"] = timings(subject.function, inputs)
            return Verdict("confirmed", reason, evidence)
        if checker and checker["row"] is not None:  # the trace stopped at another finding's reuse
            outcomes.append(Verdict("not-confirmed", f"not shown: the traced run stopped at JAX's KeyReuseError on "
                                                     f"line {checker['row']} first, and the eager run consumed no key "
                                                     f"twice at line {subject.target.row}", evidence))
            continue
        outcomes.append(Verdict("not-confirmed", f"line {subject.target.row} consumed no key twice on these inputs",
                                evidence))
    return outcomes[0]


def _ours(subject: Subject, row: int | None) -> bool:
    """JAX's checker raised on the finding's statement or on a row the finding cites."""
    return row is not None and (row in subject.rows or row in subject.target.cited)


def _checker(subject: Subject, inputs: Inputs) -> dict[str, Any] | None:
    """The KeyReuseError raised with typed keys, if any (its message and line)."""
    typed = Inputs(inputs.origin, *jax.tree.map(_typed, (inputs.args, inputs.kwargs)))
    args, kwargs = typed.fresh()
    try:
        with _typed_prng_keys(), jax.debug_key_reuse(True):
            jax.block_until_ready(entry(subject, typed)(*args, **kwargs))
    except jax.errors.KeyReuseError as exc:
        rows = user_rows(exc, subject.filename)
        return describe_exception(exc) | {"row": rows[-1] if rows else None}
    except Exception:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return None  # code that needs raw uint32 keys: the recorded draws decide
    return None


def _typed(value: Any) -> Any:
    """A raw uint32 key (shape (..., 2)) as a typed key with the same bits."""
    if isinstance(value, jax.Array) and value.dtype == jnp.uint32 and value.shape[-1:] == (2,):
        return jax.random.wrap_key_data(value)
    return value


@contextmanager
def _typed_prng_keys() -> Iterator[None]:
    original = jax.random.PRNGKey
    jax.random.PRNGKey = jax.random.key  # type: ignore[assignment]
    try:
        yield
    finally:
        jax.random.PRNGKey = original  # type: ignore[assignment]


def _reuse(subject: Subject, inputs: Inputs) -> dict[str, Any] | None:
    """Run eagerly, recording consumptions; the finding's line reusing a consumed key, or
    consuming one that a row the finding cites consumes again (`consumed here and split again on
    line 473`)."""
    with recorders.draws.recording() as records:
        run_eager(subject.function, inputs)
    mine = [r for r in records if r.filename == subject.filename]
    cited = set(subject.target.cited)
    for index, record in enumerate(mine):
        for earlier in mine[:index]:
            if earlier.key != record.key or not (
                    record.row in subject.rows or earlier.row in subject.rows and record.row in cited):
                continue
            identical = (earlier.name == record.name and earlier.output is not None and record.output is not None
                         and earlier.output.shape == record.output.shape
                         and bool(np.array_equal(earlier.output, record.output)))
            return {"first_row": earlier.row, "reuse_row": record.row, "first_call": earlier.name,
                    "reuse_call": record.name, "same_key": True, "identical_draws": identical}
    return None


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    for inputs in fixed.inputs:
        checker = _checker(fixed, inputs)
        with recorders.draws.recording() as records:
            run_eager(fixed.function, inputs)
        keys = [r.key for r in records if r.filename == fixed.filename]
        evidence = {"key_reuse_error": checker, "consumptions": len(keys), "distinct_keys": len(set(keys))}
        # JAX's checker also flags what is no reuse (a `scan` body closing over an array of keys
        # it indexes per step): where the recorded draws consumed each key once, they decide.
        if len(set(keys)) < len(keys) or checker and not keys:
            return Verdict("failed", "a key is still consumed twice after the fix", evidence)
    problem = compare_fixed(fixed)
    checked = (f"the {evidence['consumptions']} draws recorded consume {evidence['distinct_keys']} distinct keys, "
               f"though jax.debug_key_reuse objects ({evidence['key_reuse_error']['message']})"
               if evidence["key_reuse_error"] else "jax.debug_key_reuse passes")
    return problem or passed(f"every key is consumed once ({checked}), and the jitted output equals the eager "
                             "output", original, fixed, evidence)
