"""What every experiment needs (child process only; imports JAX): calling a function jitted and
eagerly, locating an exception in the user's file, comparing and summarising outputs, timing."""

from __future__ import annotations

import importlib.util
import inspect
import linecache
import os
import statistics
import sys
import time
import traceback
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxlint.verify.device_lock import device_lock
from jaxlint.verify.jobs import Target, Verdict

_TIMING_BUDGET_S = 0.1
_MAX_REPEATS = 30
_SPREAD_REPEATS = 4  # repeats enough for quartiles; fewer give their range
_SHOWN_DIFFERENCES = 3
_ROOT = os.path.realpath(os.getcwd())  # the child starts in the project's root, before any user code runs
_JAXLINT = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
_PREFIXES = tuple(dict.fromkeys(os.path.realpath(p) for p in (sys.prefix, sys.base_prefix, sys.exec_prefix)))


@dataclass(frozen=True)
class Inputs:
    """One input set: where it came from ("examples" or "annotations") and the values."""

    origin: str
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    bound: Any = None  # the object the example named, for a method or a nested function's finding
    traced: frozenset[int | str] | None = None  # the arguments the recorded run traced (others were static)
    as_called: bool = False  # recorded from an untraced call: the function runs as the run called it
    entry: tuple[str, str] | None = None  # (module, qualname) of the function `bound` runs the finding through

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
    nested: bool = False  # the finding is in a function defined inside `function`
    confirmed_on: int = 0  # the input set that confirmed the finding
    baseline: dict[str, Any] | None = None  # the original's timings on that input set, measured once
    made_by: Inputs | None = None  # a nested function made by running its maker on these inputs

    @property
    def rows(self) -> range:
        """The rows of the finding, from the first row of its statement (a call whose key argument
        is on a continuation line runs at the call's row)."""
        return range(min(self.target.start_row or self.target.row, self.target.row), self.target.end_row + 1)

    @property
    def runs_as_found(self) -> bool:
        """The finding is in a function nested in an un-jitted one: the enclosing function runs as
        its callers run it (it is not the traced entry: jitting it whole would trace the wrong code).
        Likewise a function whose only inputs come from untraced calls of a recorded run."""
        recorded_untraced = bool(self.inputs) and all(i.as_called for i in self.inputs)
        return (self.nested or recorded_untraced) and not is_jitted(self.function)


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
    return _hashable(value)


def _hashable(value: Any) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


def _static_in(inputs: Inputs, where: int | str, value: Any) -> bool:
    """Static as the recorded run had it (what it did not trace, where hashable), else as a
    correct caller would make it."""
    if inputs.traced is None:
        return _is_static(value)
    return where not in inputs.traced and _hashable(value)


def compiled(function: Callable[..., Any], inputs: Inputs) -> Callable[..., Any]:
    """The function as jit runs it: itself when already jit-wrapped, else `jax.jit` with the
    non-array arguments static (as a correct caller would make them)."""
    if is_jitted(function):
        return function
    argnums = tuple(i for i, a in enumerate(inputs.args) if _static_in(inputs, i, a))
    argnames = tuple(k for k, v in inputs.kwargs.items() if _static_in(inputs, k, v))
    return jax.jit(function, static_argnums=argnums, static_argnames=argnames)


def entry(subject: Subject, inputs: Inputs) -> Callable[..., Any]:
    """What runs the finding's code: the function jitted, or as found where it is not the traced
    entry (see Subject.runs_as_found)."""
    return subject.function if subject.runs_as_found else compiled(subject.function, inputs)


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


def in_file(path: str, filename: str) -> bool:
    """Code of `path` (as it was imported) is code of the subject's file, `filename` (a real path)."""
    return path == filename or os.path.realpath(path) == filename


@contextmanager
def tracing_lines(filename: str, tracer: Callable[[Any, str, Any], Any]) -> Iterator[None]:
    """`tracer` (a `sys.settrace` local trace function) hears the events of frames of `filename` only.
    Every call in JAX's own Python is asked about: each file's answer is remembered (a realpath per
    call made an eager `jax.random.split` take seconds)."""
    ours: dict[str, bool] = {}

    def calls(frame: Any, event: str, arg: Any) -> Any:
        if event != "call":
            return None
        path = frame.f_code.co_filename
        known = ours.get(path)
        if known is None:
            known = ours[path] = in_file(path, filename)
        return tracer if known else None

    previous = sys.gettrace()
    sys.settrace(calls)
    try:
        yield
    finally:
        sys.settrace(previous)


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


def raised_at(exc: BaseException) -> tuple[str, int] | None:
    """The innermost line of the project's own code in the exception's traceback (else in those of
    its causes: under jit, JAX attaches the user's stack as the cause), as (path relative to the
    project's root, row). Code outside the root, installed packages and jaxlint's own are not the
    project's."""
    found = _innermost(exc)
    return (found[1], found[2]) if found else None


def _innermost(exc: BaseException) -> tuple[str, str, int] | None:
    """raised_at's line as (real path, path relative to the root, row)."""
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        for frame in reversed(traceback.extract_tb(current.__traceback__)):
            if frame.lineno is not None and (path := _project_file(frame.filename)) is not None:
                return os.path.realpath(frame.filename), path, frame.lineno
        current = current.__cause__ or current.__context__
    return None


def _project_file(filename: str) -> str | None:
    """`filename` relative to the project's root, when it is the project's own code."""
    if not filename or filename.startswith("<"):
        return None
    path = os.path.realpath(filename)

    def inside(folder: str) -> bool:
        return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)

    if not inside(_ROOT) or inside(_JAXLINT) or any(inside(prefix) for prefix in _PREFIXES):
        return None
    relative = os.path.relpath(path, _ROOT)
    if {"site-packages", "dist-packages"} & set(relative.split(os.sep)):
        return None
    return relative


def describe_exception(exc: BaseException) -> dict[str, Any]:
    """Type and first sentence of the message (JAX's messages go on with advice and links)."""
    message = str(exc).strip().split("\n")[0]
    cut = message.find(". ", 20)
    if len(message) > 120 and cut > 0:
        message = message[:cut + 1]
    return {"exception": type(exc).__name__, "message": message[:300] + install_hint(exc)}


def install_hint(exc: BaseException) -> str:
    """For a third-party package that is not installed at all: how to get it."""
    if not isinstance(exc, ModuleNotFoundError) or not exc.name:
        return ""
    top = exc.name.split(".")[0]
    try:
        if importlib.util.find_spec(top) is not None:
            return ""  # the package exists: a submodule or a local name is missing
    except ModuleNotFoundError:
        pass
    except (ImportError, ValueError):
        return ""
    return f" (not installed: pip install {top})"


def failure(exc: BaseException, subject: Subject, what: str = "the function") -> Verdict:
    """User code failed for a reason the rule does not predict."""
    if isinstance(exc, SystemExit):
        info: dict[str, Any] = {"exception": "SystemExit"}
        return Verdict("error", f"{what} called sys.exit({exc.code!r}){located(exc, subject.filename, info)}", info)
    info = describe_exception(exc)
    rows = user_rows(exc, subject.filename)
    if rows:
        info["row"] = rows[-1]
    return Verdict("error", f"{what} raised {info['exception']}{located(exc, subject.filename, info)}: "
                            f"{info['message']}", info)


def located(exc: BaseException, filename: str, info: dict[str, Any]) -> str:
    """Where the project's code raised `exc`, for a reason: ` at line 12` (of `filename`, the module
    at hand), ` at pkg/util.py:30 (from line 12)` (another file of the project, reached from line 12
    of `filename`), or nothing; the line as `raised_at` into `info`."""
    rows = user_rows(exc, filename)
    found = _innermost(exc)
    if found is not None:
        info["raised_at"] = f"{found[1]}:{found[2]}"
    if found is not None and found[0] != os.path.realpath(filename):
        return f" at {info['raised_at']}" + (f" (from line {rows[-1]})" if rows else "")
    return f" at line {rows[-1]}" if rows else ""


def raised_here(exc: BaseException, subject: Subject) -> bool:
    return any(row in subject.rows for row in user_rows(exc, subject.filename))


def masked(exc: BaseException, subject: Subject, kind: str) -> Verdict:
    """The predicted error happened, but on another line: this finding's line was not reached."""
    rows = user_rows(exc, subject.filename)
    where = f"line {rows[-1]}" if rows else "another line"
    info = describe_exception(exc) | {"row": rows[-1] if rows else None}
    return Verdict("skipped", f"{kind} was raised at {where} before line {subject.target.row} ran", info,
                   verdict="not-shown")


def same(a: Any, b: Any) -> bool:
    """Outputs equal as pytrees (arrays to float tolerance)."""
    try:
        leaves_a, tree_a = jax.tree.flatten(a)
        leaves_b, tree_b = jax.tree.flatten(b)
    except Exception:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
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


def differences(a: Any, b: Any, limit: int = _SHOWN_DIFFERENCES) -> dict[str, Any] | None:
    """Where two outputs of one structure differ, element by element: how many elements there are,
    how many differ (beyond float tolerance), and the first few as `[2]: 6.0 vs 7.0` (a's value,
    then b's; the index within the output's pytree, then within the array). None when the two
    cannot be compared so (other structures or shapes, leaves that are not numbers)."""
    try:
        leaves_a, tree_a = jax.tree_util.tree_flatten_with_path(a)
        leaves_b, tree_b = jax.tree.flatten(b)
    except Exception:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return None
    if tree_a != tree_b or len(leaves_a) != len(leaves_b):
        return None
    elements, differ, shown = 0, 0, []
    for (path, x), y in zip(leaves_a, leaves_b, strict=True):
        x, y = (jax.random.key_data(v) if is_key(v) else v for v in (x, y))
        try:
            xa, ya = np.asarray(x), np.asarray(y)
            if xa.shape != ya.shape or xa.dtype.kind not in "biufc" or ya.dtype.kind not in "biufc":
                return None
            apart = ~np.isclose(xa, ya, rtol=1e-5, atol=1e-6, equal_nan=True)
        except (TypeError, ValueError):
            return None
        elements += xa.size
        differ += int(np.count_nonzero(apart))
        prefix = jax.tree_util.keystr(path)
        for flat in np.flatnonzero(apart)[:max(0, limit - len(shown))]:
            index = np.unravel_index(flat, xa.shape)
            where = prefix + (f"[{', '.join(str(int(i)) for i in index)}]" if xa.ndim else "")
            shown.append(f"{where or '[]'}: {_element(xa[index])} vs {_element(ya[index])}")
    return {"elements": elements, "differ": differ, "shown": shown}


def _element(value: Any) -> str:
    item = np.asarray(value).item()
    return str(_rounded(item) if isinstance(item, float) else item)


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
        shape = f"{value.dtype}{list(value.shape)}"
        if value.size <= 4 and not isinstance(value, jax.core.Tracer):  # tell small input sets apart
            return f"{shape}={summarize(value)}"
        return shape
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


@dataclass
class CompileLog:
    """JAX's own compile events (jax.monitoring) while a `compiling()` block runs: each event names
    the function (`fun_name`), so the compilations of one callee can be told from the small
    programs eager `jnp` calls compile."""

    compiles: int = 0
    seconds: float = 0.0
    per_function: dict[str, list[float]] = field(default_factory=dict)  # name → [compilations, seconds]

    def compiles_of(self, name: str) -> int:
        return int(self.per_function.get(name, [0, 0.0])[0])

    def seconds_of(self, name: str) -> float:
        return self.per_function.get(name, [0, 0.0])[1]


_log: CompileLog | None = None


def _on_duration(event: str, seconds: float, **details: Any) -> None:
    if _log is not None and event.startswith("/jax/core/compile/"):
        finished = event.endswith("backend_compile_duration")
        _log.seconds += seconds  # tracing, lowering and the backend compile
        _log.compiles += finished
        name = str(details.get("fun_name", ""))
        name = name[4:-1] if name.startswith("jit(") and name.endswith(")") else name  # `jit(step)`: lowered
        record = _log.per_function.setdefault(name, [0, 0.0])
        record[0] += finished
        record[1] += seconds


jax.monitoring.register_event_duration_secs_listener(_on_duration)


@contextmanager
def compiling() -> Iterator[CompileLog]:
    global _log
    _log = CompileLog()
    try:
        yield _log
    finally:
        _log = None


def timings(function: Callable[..., Any], inputs: Inputs) -> dict[str, float] | None:
    """The first call (of the function as JAX has never traced it): its time and JAX's compile time
    in it; then the steady-state median per call (holding the run's device lock: no other module's
    timings at the same time)."""
    with device_lock():
        return _timings(function, inputs)


def _timings(function: Callable[..., Any], inputs: Inputs) -> dict[str, float] | None:
    try:
        jitted = compiled(_never_traced(function), inputs)
        args, kwargs = inputs.fresh()
        with compiling() as log:
            start = time.perf_counter()
            jax.block_until_ready(jitted(*args, **kwargs))
            first = time.perf_counter() - start
        repeats: list[float] = []
        while len(repeats) < _MAX_REPEATS and sum(repeats) < _TIMING_BUDGET_S:
            start = time.perf_counter()
            jax.block_until_ready(jitted(*args, **kwargs))
            repeats.append(time.perf_counter() - start)
    except Exception:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return None
    quartiles = statistics.quantiles(repeats, n=4) if len(repeats) >= _SPREAD_REPEATS else [min(repeats), max(repeats)]
    return {"first_call_ms": round(first * 1e3, 2), "compile_ms": round(log.seconds * 1e3, 2),
            "steady_us": round(statistics.median(repeats) * 1e6, 1), "repeats": len(repeats),
            "spread_us": [round(quartiles[0] * 1e6, 1), round(quartiles[-1] * 1e6, 1)]}


def apart(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """Two steady-state timings differ beyond their spread: the middle halves of their repeats
    (their range, with few repeats) do not overlap."""
    first = before.get("spread_us") or [before["steady_us"]] * 2
    second = after.get("spread_us") or [after["steady_us"]] * 2
    return first[1] < second[0] or second[1] < first[0]


def _never_traced(function: Callable[..., Any]) -> Callable[..., Any]:
    """The function as JAX has never traced it, so that its first call compiles afresh: a new
    function object with its code, while what it calls stays compiled (clearing every cache would
    make the experiments that follow compile JAX's own operations again, a quarter of a second
    each). What is not a plain Python function (a jitted one, a method, a partial) is returned as
    it is, with every cache cleared."""
    if not isinstance(function, types.FunctionType) or is_jitted(function):
        jax.clear_caches()
        return function
    copy = types.FunctionType(function.__code__, function.__globals__, function.__name__, function.__defaults__,
                              function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__qualname__, copy.__module__, copy.__doc__ = function.__qualname__, function.__module__, function.__doc__
    copy.__dict__.update(function.__dict__)
    return copy


def compilations(function: Callable[..., Any], inputs: list[Inputs]) -> int | None:
    """How many times JAX compiles the function over all the input sets (static arguments compile
    once per value), holding the run's device lock."""
    fresh = _never_traced(function)
    try:
        with device_lock(), compiling() as log:
            for each in inputs:
                args, kwargs = each.fresh()
                jax.block_until_ready(compiled(fresh, each)(*args, **kwargs))
    except Exception:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return None
    return log.compiles


def row_of_line(subject: Subject, text: str) -> int:
    """The row of the subject's function whose stripped text is `text` (where the fixes of other
    findings moved the finding's line in a fixed copy), else the finding's own row."""
    try:
        lines, first = inspect.getsourcelines(subject.function)
    except (OSError, TypeError):
        return subject.target.row
    rows = [first + i for i, line in enumerate(lines) if line.strip() == text]
    return rows[0] if len(rows) == 1 else subject.target.row


def line_of(subject: Subject) -> str:
    """The finding's line as written, stripped."""
    return linecache.getline(subject.filename, subject.target.row).strip()


def first_not_confirmed(outcomes: list[Verdict]) -> Verdict:
    """What an experiment that confirmed nothing reports: a run that showed no problem, else the
    first failure."""
    return next((o for o in outcomes if o.status == "not-confirmed"), outcomes[0])


def with_input_set(evidence: dict[str, Any], subject: Subject, index: int) -> dict[str, Any]:
    """Which input set a result comes from (several `example()` calls are several sets)."""
    evidence.update(inputs=subject.inputs[index].describe(), input_set=index + 1, input_sets=len(subject.inputs))
    return evidence


def compare_fixed(fixed: Subject) -> Verdict | None:
    """Run the fixed function jitted and eagerly on every input set; a failed Verdict, or None."""
    run = run_as_found if fixed.runs_as_found else run_compiled
    for inputs in fixed.inputs:
        try:
            jitted = run(fixed.function, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            return fix_raised(exc, "jitted")
        try:
            eager = run_eager(fixed.function, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            return fix_raised(exc, "eager")
        if not same(jitted, eager):
            return Verdict("failed", "the fixed function's jitted output differs from its eager output",
                           {"jitted": summarize(jitted), "eager": summarize(eager)})
    return None


def fix_raised(exc: BaseException, mode: str) -> Verdict:
    info = describe_exception(exc)
    found = raised_at(exc)  # the fixed module is a temporary file: a line of the project's other files
    if found is not None:
        info["raised_at"] = f"{found[0]}:{found[1]}"
    where = f" at {info['raised_at']}" if found else ""
    return Verdict("failed", f"the fixed function ({mode}) raised {info['exception']}{where}: {info['message']}", info)


def passed(reason: str, original: Subject, fixed: Subject, evidence: dict[str, Any] | None = None) -> Verdict:
    """A passed fix, with its performance beside the original's baseline (measured once, on the
    input set that confirmed the finding): per-call time, compile time, compilations."""
    index = original.confirmed_on if original.confirmed_on < len(fixed.inputs) else 0
    evidence = dict(evidence or {})
    after = timings(fixed.function, fixed.inputs[index])
    before = original.baseline
    evidence["timings"] = {"original": before, "fixed": after}
    evidence["steady_us"] = {"original": before and before["steady_us"], "fixed": after and after["steady_us"]}
    evidence["compile_ms"] = {"original": before and before.get("compile_ms"), "fixed": after and after["compile_ms"]}
    if before and after and after["steady_us"] > 0:
        # a ratio only where the repeats tell the two apart; else the same speed, within the spread
        ratio = before["steady_us"] / after["steady_us"] if apart(before, after) else 1.0
        evidence["speedup"] = float(f"{ratio:.3g}")  # < 1: slower
    evidence["compilations"] = {"fixed": compilations(fixed.function, fixed.inputs), "input_sets": len(fixed.inputs)}
    if _host_callbacks(fixed.function, fixed.inputs[index]) > _host_callbacks(original.function, fixed.inputs[index]):
        evidence["host_callback"] = True  # this fix's `jax.debug.print`, or another fix's in the module
    return Verdict("passed", reason, evidence)


# JAX's primitives that call back to the host (`debug_print` is `jax.debug.print` from JAX 0.10)
_HOST_CALLBACKS = frozenset(("debug_callback", "debug_print", "pure_callback", "io_callback"))


def _host_callbacks(function: Callable[..., Any], inputs: Inputs) -> int:
    """How many host callbacks the function's trace holds."""
    try:
        args, kwargs = inputs.fresh()
        traced = compiled(function, inputs).trace(*args, **kwargs)
    except Exception:  # noqa: BLE001 - it does not trace on these inputs: nothing to say
        return 0
    return _callbacks_in(traced.jaxpr.jaxpr)


def _callbacks_in(jaxpr: Any) -> int:
    found = 0
    for equation in jaxpr.eqns:
        found += equation.primitive.name in _HOST_CALLBACKS
        for value in equation.params.values():
            for inner in value if isinstance(value, (tuple, list)) else (value,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr's own
                if hasattr(inner, "eqns"):
                    found += _callbacks_in(inner)
    return found


def added_parameters(original: Callable[..., Any], fixed: Callable[..., Any]) -> list[str]:
    """The parameters `fixed` has that `original` has not (a fix made a global a parameter)."""
    try:
        before = inspect.signature(inspect.unwrap(original)).parameters
        after = inspect.signature(inspect.unwrap(fixed)).parameters
    except (TypeError, ValueError):
        return []
    return [name for name in after if name not in before]
