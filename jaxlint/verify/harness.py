"""What every experiment needs (child process only; imports JAX): calling a function jitted and
eagerly, locating an exception in the user's file, comparing and summarising outputs, timing."""

from __future__ import annotations

import os
import statistics
import time
import traceback
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Callable

import jax
import jax.numpy as jnp
import numpy as np

from jaxlint.verify.jobs import Target, Verdict

_TIMING_BUDGET_S = 0.1
_MAX_REPEATS = 30


@dataclass(frozen=True)
class Inputs:
    """One input set: where it came from ("examples" or "annotations") and the values."""

    origin: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    bound: Any = None  # the bound method the example named, for a method finding

    def fresh(self) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """Copies of typed PRNG keys (the key-reuse checker marks the objects it consumed)."""
        return jax.tree.map(_copy_key, self.args), jax.tree.map(_copy_key, self.kwargs)

    def describe(self) -> str:
        parts = [_short(a) for a in self.args] + [f"{k}={_short(v)}" for k, v in self.kwargs.items()]
        return f"({', '.join(parts)}) from {self.origin}"


@dataclass(frozen=True)
class Subject:
    """The function an experiment runs: the finding's function, or the importable function that
    encloses it (lambdas, local functions); `filename` is the real path of its module."""

    target: Target
    module: ModuleType
    function: Callable[..., Any]
    filename: str
    inputs: list[Inputs]

    @property
    def rows(self) -> range:
        return range(self.target.row, self.target.end_row + 1)


def is_key(value: Any) -> bool:
    return isinstance(value, jax.Array) and jnp.issubdtype(value.dtype, jax.dtypes.prng_key)


def _copy_key(value: Any) -> Any:
    if is_key(value) and not isinstance(value, jax.core.Tracer):
        return jax.random.wrap_key_data(jax.random.key_data(value), impl=jax.random.key_impl(value))
    return value


def is_jitted(function: Any) -> bool:
    return callable(getattr(function, "lower", None)) and hasattr(function, "__wrapped__")


def _is_static(value: Any) -> bool:
    """Arguments jaxlint's own `jax.jit` treats as static: hashable, no arrays, no floats."""
    if isinstance(value, (float, complex)):
        return False
    if any(isinstance(leaf, (jax.Array, np.ndarray, np.generic, float)) for leaf in jax.tree.leaves(value)):
        return False
    try:
        hash(value)
    except TypeError:
        return False
    return True


def compiled(function: Callable[..., Any], inputs: Inputs) -> Callable[..., Any]:
    """The function as jit runs it: itself when already jit-wrapped, else `jax.jit` with the
    non-array arguments static (as a correct caller would make them)."""
    if is_jitted(function):
        return function
    argnums = tuple(i for i, a in enumerate(inputs.args) if _is_static(a))
    argnames = tuple(k for k, v in inputs.kwargs.items() if _is_static(v))
    return jax.jit(function, static_argnums=argnums, static_argnames=argnames)


def run_compiled(function: Callable[..., Any], inputs: Inputs) -> Any:
    args, kwargs = inputs.fresh()
    return jax.block_until_ready(compiled(function, inputs)(*args, **kwargs))


def run_eager(function: Callable[..., Any], inputs: Inputs) -> Any:
    args, kwargs = inputs.fresh()
    with jax.disable_jit():
        return jax.block_until_ready(function(*args, **kwargs))


def run_as_found(function: Callable[..., Any], inputs: Inputs) -> Any:
    args, kwargs = inputs.fresh()
    return jax.block_until_ready(function(*args, **kwargs))


def user_rows(exc: BaseException, filename: str) -> list[int]:
    """Lines of `filename` in the exception's tracebacks (and those of its causes: under jit,
    JAX attaches the user's stack as the cause), innermost last."""
    wanted = os.path.realpath(filename)
    rows: list[int] = []
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        for frame in traceback.extract_tb(current.__traceback__):
            if frame.lineno is not None and os.path.realpath(frame.filename) == wanted:
                rows.append(frame.lineno)
        current = current.__cause__ or current.__context__
    return rows


def describe_exception(exc: BaseException) -> dict[str, Any]:
    """Type and first sentence of the message (JAX's messages go on with advice and links)."""
    message = str(exc).strip().split("\n")[0]
    cut = message.find(". ", 20)
    if len(message) > 120 and cut > 0:
        message = message[:cut + 1]
    return {"exception": type(exc).__name__, "message": message[:300]}


def failure(exc: BaseException, subject: Subject, what: str = "the function") -> Verdict:
    """User code failed for a reason the rule does not predict."""
    if isinstance(exc, SystemExit):
        return Verdict("error", f"{what} called sys.exit({exc.code!r})", {"exception": "SystemExit"})
    info = describe_exception(exc)
    rows = user_rows(exc, subject.filename)
    if rows:
        info["row"] = rows[-1]
    where = f" at line {rows[-1]}" if rows else ""
    return Verdict("error", f"{what} raised {info['exception']}{where}: {info['message']}", info)


def raised_here(exc: BaseException, subject: Subject) -> bool:
    return any(row in subject.rows for row in user_rows(exc, subject.filename))


def masked(exc: BaseException, subject: Subject, kind: str) -> Verdict:
    """The predicted error happened, but on another line: this finding's line was not reached."""
    rows = user_rows(exc, subject.filename)
    where = f"line {rows[-1]}" if rows else "another line"
    info = describe_exception(exc) | {"row": rows[-1] if rows else None}
    return Verdict("skipped", f"{kind} was raised at {where} before line {subject.target.row} ran", info)


def same(a: Any, b: Any) -> bool:
    """Outputs equal as pytrees (arrays to float tolerance)."""
    try:
        leaves_a, tree_a = jax.tree.flatten(a)
        leaves_b, tree_b = jax.tree.flatten(b)
    except Exception:
        return a == b
    if tree_a != tree_b or len(leaves_a) != len(leaves_b):
        return False
    return all(_same_leaf(x, y) for x, y in zip(leaves_a, leaves_b, strict=True))


def _same_leaf(x: Any, y: Any) -> bool:
    if is_key(x) or is_key(y):
        x, y = (jax.random.key_data(v) if is_key(v) else v for v in (x, y))
    if isinstance(x, (jax.Array, np.ndarray, np.generic, float, int)) and not isinstance(x, bool):
        try:
            a, b = np.asarray(x), np.asarray(y)
            return a.shape == b.shape and bool(np.allclose(a, b, rtol=1e-5, atol=1e-6, equal_nan=True))
        except (TypeError, ValueError):
            return False
    return bool(x == y)


def summarize(value: Any, depth: int = 0) -> Any:
    """A small JSON-able picture of a value for the evidence."""
    if is_key(value):
        return {"key": np.asarray(jax.random.key_data(value)).tolist()}
    if isinstance(value, (jax.Array, np.ndarray, np.generic)):
        array = np.asarray(value)
        if array.size <= 8:
            return _rounded(array.tolist())
        return {"shape": list(array.shape), "dtype": str(array.dtype), "mean": _rounded(float(np.mean(array)))}
    if isinstance(value, (bool, int, float, str)) or value is None:
        return _rounded(value)
    if isinstance(value, (list, tuple)) and depth < 3:
        return [summarize(v, depth + 1) for v in value[:8]]
    if isinstance(value, dict) and depth < 3:
        return {str(k): summarize(v, depth + 1) for k, v in list(value.items())[:8]}
    return _short(value)


def _rounded(value: Any) -> Any:
    """Floats to 6 significant digits (float32 noise like 0.949999988 says nothing)."""
    if isinstance(value, float):
        return float(f"{value:.6g}")
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


def _short(value: Any) -> str:
    if isinstance(value, (jax.Array, np.ndarray)):
        if is_key(value):
            return "key"
        return f"{value.dtype}{list(value.shape)}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def timings(function: Callable[..., Any], inputs: Inputs) -> dict[str, float] | None:
    """Trace+compile time of the first call (caches cleared) and the steady-state median."""
    try:
        jitted = compiled(function, inputs)
        args, kwargs = inputs.fresh()
        jax.clear_caches()
        start = time.perf_counter()
        jax.block_until_ready(jitted(*args, **kwargs))
        first = time.perf_counter() - start
        repeats: list[float] = []
        while len(repeats) < _MAX_REPEATS and sum(repeats) < _TIMING_BUDGET_S:
            start = time.perf_counter()
            jax.block_until_ready(jitted(*args, **kwargs))
            repeats.append(time.perf_counter() - start)
    except Exception:
        return None
    return {"first_call_ms": round(first * 1e3, 2), "steady_us": round(statistics.median(repeats) * 1e6, 1),
            "repeats": len(repeats)}


def compare_fixed(fixed: Subject) -> Verdict | None:
    """Run the fixed function jitted and eagerly on every input set; a failed Verdict, or None."""
    for inputs in fixed.inputs:
        try:
            jitted = run_compiled(fixed.function, inputs)
        except Exception as exc:
            return fix_raised(exc, "jitted")
        try:
            eager = run_eager(fixed.function, inputs)
        except Exception as exc:
            return fix_raised(exc, "eager")
        if not same(jitted, eager):
            return Verdict("failed", "the fixed function's jitted output differs from its eager output",
                           {"jitted": summarize(jitted), "eager": summarize(eager)})
    return None


def fix_raised(exc: BaseException, mode: str) -> Verdict:
    info = describe_exception(exc)
    return Verdict("failed", f"the fixed function ({mode}) raised {info['exception']}: {info['message']}", info)


def passed(reason: str, original: Subject, fixed: Subject, evidence: dict[str, Any] | None = None) -> Verdict:
    """A passed fix, with both functions' timings side by side."""
    inputs = fixed.inputs[0]
    evidence = dict(evidence or {})
    evidence["timings"] = {"original": timings(original.function, original.inputs[0]),
                           "fixed": timings(fixed.function, inputs)}
    return Verdict("passed", reason, evidence)
