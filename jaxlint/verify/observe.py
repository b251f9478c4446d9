"""`verify --run`, inside the project's own processes: what JAX does while the command runs. Every
trace of a jitted function called with concrete values (its call site in the project, the call's
signature, the callable, the test running), the compile time that follows it, eager operations
compiled, and host reads of device arrays (`float(x)`, `bool(x)`, printing) with the time waited.

Installed by record_hook.py once JAX is imported. Only passive listeners (`jax.monitoring`) and a
pass-through wrapper of the array's host value: nothing the program sees changes, and every
failure here is swallowed. Events go to `<out>/<pid>.observed.jsonl`, one JSON object a line;
observed.py makes observations of them. Where a private hook is missing (another JAX release),
that part is off and the rest goes on.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import jax

from jaxlint.verify.record_hook import INSTALLED, JAX_PARTS, in_jax

_JAXLINT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_CHAIN = 6  # project frames kept with a host read: the parent finds the loop it is in
_FLUSH_S = 1.0
_SHOWN = 60  # characters of a static value's repr


class Observer:
    def __init__(self, out: str, root: str) -> None:
        self.out = out
        self.root = os.path.realpath(root) + os.sep
        self.lock = threading.Lock()
        self.syncs: dict[tuple[Any, ...], list[float]] = {}  # (chain, test) → [count, seconds]
        self.flushed = time.monotonic()
        self.busy = threading.local()
        self.paused = False  # while jaxlint itself runs the project's code (in_place.py)
        self.epoch = 0  # one more after each such run, which clears JAX's caches (see `proved`)
        self.epoch_at_compile = False
        self.read_at_trace: dict[int, tuple[Any, dict[str, Any]]] = {}  # id(function) → its globals' values then
        self.stale_seen: set[tuple[Any, ...]] = set()
        self.calls: dict[tuple[Any, ...], int] = {}  # (site, file, first row, test) → calls of a jitted function

    def write(self, event: dict[str, Any]) -> None:
        with self.lock, open(self.out, "a", encoding="utf-8") as handle:
            handle.write(json.dumps(event, default=str) + "\n")

    def on_duration(self, event: str, seconds: float, **_: Any) -> None:
        if self.paused or getattr(self.busy, "on", False):
            return
        self.busy.on = True
        try:
            if event.endswith("jaxpr_trace_duration"):
                self._traced(sys._getframe(2))
            elif event.endswith("backend_compile_duration"):
                self._compiled(sys._getframe(2), seconds)
        except Exception:  # noqa: BLE001, S110 - the program goes on as it would
            pass
        finally:
            self.busy.on = False

    def _traced(self, frame: Any) -> None:
        found = jit_call(frame)
        if found is None:  # another JAX release: the line is known, the function and its arguments not
            site = self.site(frame)
            if site is not None:
                self.write({"kind": "trace_unknown", "site": site, "test": test_running(), "epoch": self.epoch})
            return
        miss, eager = found
        values = miss.f_locals
        fun, args, kwargs, info = values.get("fun"), values.get("args", ()), values.get("kwargs", {}), \
            values.get("jit_info")
        if _holds_tracer((args, kwargs)):
            return  # traced inside another trace: part of that compilation
        site = self.site(miss)
        if site is None:
            return
        code = getattr(getattr(fun, "__wrapped__", fun), "__code__", None) or getattr(fun, "__code__", None)
        if not eager and code is not None and self.ours(code.co_filename):
            self.read_at_trace[id(fun)] = (fun, _globals_read(fun, code))
        event = {"kind": "eager" if eager else "trace", "site": site, "test": test_running(), "epoch": self.epoch,
                 "function": getattr(fun, "__qualname__", None) or getattr(fun, "__name__", repr(fun)),
                 "defined_at": [code.co_filename, code.co_firstlineno] if code is not None else None,
                 "callable": id(fun), "signature": [] if eager else _signature(fun, args, kwargs, info)}
        self.write(event)

    def proved(self) -> None:
        """jaxlint proved findings here, inside the program's call being traced, and its experiments
        cleared JAX's caches: once that call has compiled, what compiles again is no repeat of the
        program's own."""
        self.epoch_at_compile = True

    def _compiled(self, frame: Any, seconds: float) -> None:
        found = jit_call(frame)
        if found is None:
            return
        site = self.site(found[0])
        if site is not None:
            self.write({"kind": "compile", "site": site, "eager": found[1], "ms": round(seconds * 1000, 3)})
        if self.epoch_at_compile and not found[1]:
            self.epoch_at_compile = False
            self.epoch += 1

    def site(self, frame: Any) -> list[Any] | None:
        """The project's line that made the call: the first frame outward in the project's files."""
        chain = self._chain(frame, 1)
        return chain[0] if chain else None

    def _chain(self, frame: Any, most: int) -> list[list[Any]]:
        found = []
        while frame is not None and len(found) < most:
            filename = frame.f_code.co_filename
            if self.ours(filename):
                found.append([filename, frame.f_lineno])
            frame = frame.f_back
        return found

    def ours(self, filename: str) -> bool:
        return filename.startswith(self.root) and not any(p in filename for p in (*JAX_PARTS, *INSTALLED)) \
            and not filename.startswith(_JAXLINT)

    def on_host_read(self, seconds: float) -> None:
        if self.paused or getattr(self.busy, "on", False):
            return
        self.busy.on = True
        try:
            chain = self._chain(sys._getframe(2), _CHAIN)
            if not chain:
                return
            key = (tuple(tuple(c) for c in chain), test_running())
            with self.lock:
                tally = self.syncs.setdefault(key, [0, 0.0])
                tally[0] += 1
                tally[1] += seconds
                due = time.monotonic() - self.flushed > _FLUSH_S or tally[0] in (1, 3, 10)
            if due:
                self.flush()
        except Exception:  # noqa: BLE001, S110 - the program goes on as it would
            pass
        finally:
            self.busy.on = False

    def on_jit_call(self, jitted: Any) -> bool:
        """A call in the project's code of a jitted function (3.12+): counted at its line, and the
        globals it read when it was traced, where they hold other values now (the compiled code
        keeps the old ones). False where the callable is no jitted function: that call site needs
        no more watching."""
        if self.paused or getattr(self.busy, "on", False):
            return True
        fun = getattr(jitted, "__wrapped__", None)
        if fun is None or not callable(getattr(jitted, "lower", None)):
            return False
        self.busy.on = True
        try:
            site = self.site(sys._getframe(2))
            code = getattr(fun, "__code__", None)
            if site is not None and code is not None:
                with self.lock:
                    key = (tuple(site), code.co_filename, code.co_firstlineno, test_running())
                    self.calls[key] = self.calls.get(key, 0) + 1
                    due = time.monotonic() - self.flushed > _FLUSH_S
                if due:
                    self.flush()
            found = self.read_at_trace.get(id(fun))
            if found is None or found[0] is not fun:
                return True
            for name, before in found[1].items():
                now = fun.__globals__.get(name, before)
                if _same(now, before):
                    continue
                key = (tuple(site or ()), id(fun), name, _short(now))
                if site is None or key in self.stale_seen:
                    continue
                self.stale_seen.add(key)
                self.write({"kind": "stale_global", "site": site, "test": test_running(), "name": name,
                            "function": fun.__qualname__, "defined_at": [code.co_filename, code.co_firstlineno],
                            "before": _short(before), "after": _short(now)})
        except Exception:  # noqa: BLE001, S110 - the program goes on as it would
            pass
        finally:
            self.busy.on = False
        return True

    def flush(self) -> None:
        """The host reads and jitted calls so far, as running totals (the parent keeps each line's last)."""
        with self.lock:
            totals = [(chain, test, count, seconds) for (chain, test), (count, seconds) in self.syncs.items()]
            calls = list(self.calls.items())
            self.flushed = time.monotonic()
        for chain, test, count, seconds in totals:
            self.write({"kind": "host_sync", "chain": chain, "test": test, "count": count,
                        "wait_ms": round(seconds * 1000, 3), "pid": os.getpid()})
        for (site, filename, first_row, test), count in calls:
            self.write({"kind": "calls", "site": list(site), "defined_at": [filename, first_row], "test": test,
                        "count": count})


def install(out: str, root: str) -> Observer:
    """Observe this process: compilations, host reads, calls (a run under JAX's checks is
    observe_checks.py's)."""
    observer = Observer(out, root)
    jax.monitoring.register_event_duration_secs_listener(observer.on_duration)
    _wrap_host_value(observer.on_host_read)
    _watch_calls(observer)
    import atexit

    atexit.register(observer.flush)
    return observer


_PLAIN = (bool, int, float, complex, str, bytes, type(None))


def _globals_read(fun: Any, code: Any) -> dict[str, Any]:
    """The module globals the function's code (and the code nested in it) names that hold plain
    values (numbers, strings, tuples of them): what tracing bakes into the compiled code."""
    names: set[str] = set()
    pending = [code]
    while pending:
        current = pending.pop()
        names.update(current.co_names)
        pending.extend(c for c in current.co_consts if hasattr(c, "co_names"))
    space = getattr(fun, "__globals__", {})
    return {n: space[n] for n in names if n in space and _plain(space[n])}


def _plain(value: Any) -> bool:
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    return isinstance(value, _PLAIN)


def _same(now: Any, before: Any) -> bool:
    try:
        return bool(now is before or now == before or (now != now and before != before))  # NaN is NaN
    except Exception:  # noqa: BLE001 - a comparison that fails: say nothing
        return True


def _watch_calls(observer: Observer) -> None:
    """Python 3.12+: the calls in the project's code (its code objects, as they start, and those
    running now, a script's own top level among them) go to `observer.on_jit_call`; a call site
    of anything but a jitted function is disabled at once. Earlier Pythons: not watched."""
    monitoring = getattr(sys, "monitoring", None)
    tool = None if monitoring is None else next((t for t in range(5, 0, -1) if monitoring.get_tool(t) is None), None)
    if monitoring is None or tool is None:
        observer.write({"kind": "limit", "text": f"stale globals are observed on Python 3.12 and later (this run: "
                                                 f"{sys.version.split()[0]})" if monitoring is None else
                        "stale globals are not observed: no sys.monitoring tool is free"})
        return
    monitoring.use_tool_id(tool, "jaxlint-observe")
    events = monitoring.events

    def started(code: Any, offset: int) -> Any:
        if observer.ours(code.co_filename):
            monitoring.set_local_events(tool, code, events.CALL)
        return monitoring.DISABLE

    def called(code: Any, offset: int, function: Any, first: Any) -> Any:
        return None if observer.on_jit_call(function) else monitoring.DISABLE

    monitoring.register_callback(tool, events.PY_START, started)
    monitoring.register_callback(tool, events.CALL, called)
    monitoring.set_events(tool, events.PY_START)
    frame = sys._getframe(1)
    while frame is not None:
        if observer.ours(frame.f_code.co_filename):
            monitoring.set_local_events(tool, frame.f_code, events.CALL)
        frame = frame.f_back


def _wrap_host_value(note: Callable[[float], None]) -> None:
    """Time each first read of a device array's value on the host (what `float(x)`, `bool(x)`,
    printing and formatting wait for); later reads of the same array are cached by JAX."""
    try:
        from jax._src.array import ArrayImpl
    except ImportError:
        return
    original = ArrayImpl.__dict__.get("_value")
    if not isinstance(original, property) or original.fget is None:
        return
    read = original.fget

    def _value(self: Any) -> Any:
        if getattr(self, "_npy_value", True) is not None:
            return read(self)
        start = time.perf_counter()
        value = read(self)
        note(time.perf_counter() - start)
        return value

    ArrayImpl._value = property(_value, original.fset, original.fdel, original.__doc__)


def jit_call(frame: Any) -> tuple[Any, bool] | None:
    """JAX's frame of the jit call that misses its cache (it holds the function and its arguments),
    and whether the call is an eager operation's (JAX jits each primitive it runs eagerly)."""
    while frame is not None:
        code = frame.f_code
        if code.co_name == "cache_miss" and "fun" in frame.f_locals and "jit_info" in frame.f_locals:
            outer = frame.f_back
            while outer is not None and in_jax(outer.f_code.co_filename):
                if outer.f_code.co_name == "apply_primitive":
                    return frame, True
                outer = outer.f_back
            return frame, False
        frame = frame.f_back
    return None


def _holds_tracer(values: Any) -> bool:
    return any(isinstance(leaf, jax.core.Tracer) for leaf in jax.tree_util.tree_leaves(values))


def test_running() -> str | None:
    current = os.environ.get("PYTEST_CURRENT_TEST")
    return current.rsplit(" (", 1)[0] if current else None


def _signature(fun: Any, args: Any, kwargs: Any, info: Any) -> list[dict[str, Any]]:
    """What the call's cache key is made of, argument by argument: static values as their repr,
    the others as their pytree structure and each leaf's shape, dtype and weak type."""
    static_numbers = set(getattr(info, "static_argnums", ()) or ())
    static_names = set(getattr(info, "static_argnames", ()) or ())
    names = _parameter_names(fun)
    found = []
    for index, value in enumerate(args):
        name = names[index] if index < len(names) else f"args[{index}]"
        found.append(_argument(name, value, index in static_numbers))
    for name, value in kwargs.items():
        found.append(_argument(name, value, name in static_names))
    return found


def _argument(name: str, value: Any, static: bool) -> dict[str, Any]:
    if static:
        return {"name": name, "static": _short(value)}
    leaves, tree = jax.tree_util.tree_flatten(value)
    return {"name": name, "structure": str(tree), "leaves": [_leaf(leaf) for leaf in leaves]}


def _leaf(value: Any) -> list[Any]:
    """[shape, dtype, weak]: a Python scalar is weakly typed, as is a weak JAX array."""
    if isinstance(value, (bool, int, float, complex)):  # as jit sees it: a weak array of the default dtype
        return [[], str(jax.dtypes.canonicalize_dtype(type(value))), not isinstance(value, bool)]
    shape, dtype = getattr(value, "shape", None), getattr(value, "dtype", None)
    weak = bool(getattr(getattr(value, "aval", None), "weak_type", False))
    return [list(shape) if shape is not None else None, str(dtype) if dtype is not None else type(value).__name__,
            weak]


def _parameter_names(fun: Any) -> list[str]:
    code = getattr(getattr(fun, "__wrapped__", fun), "__code__", None)
    return list(code.co_varnames[:code.co_argcount]) if code is not None else []


def _short(value: Any) -> str:
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - a repr that fails
        text = f"<{type(value).__name__}>"
    return text if len(text) <= _SHOWN else text[:_SHOWN - 1] + "…"
