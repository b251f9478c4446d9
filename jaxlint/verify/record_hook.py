"""Runs inside the user's own command (`jaxlint verify --run`): records the arguments of the first
calls of the functions that hold findings, and which scripts ran.

Loaded by a generated `sitecustomize` from a path of its own, in whatever interpreter the command
uses, so it imports nothing of jaxlint (nor JAX: JAX's objects are looked at only once the user's
code has imported it). It must never change what the program does: every failure here is kept in
the record it spoils, and the program goes on.

What a record holds (one pickle per record, appended to `<out>/<pid>.pkl`):
- `concrete`: the arguments the function was called with, pickled at the call;
- `entry`: the function was traced (its arguments were tracers), and these are the concrete
  arguments its jit was called with, found in the JAX frames above it;
- `via`: it was traced inside other traced code: the concrete arguments of the outermost function
  of the project whose transform was called with them (`module`, `entry`), which runs it;
- `shapes`: likewise, where no such call pickles: tracers are kept as their shape and dtype
  (`{STAND_IN: [shape, dtype, key implementation]}`), other arguments as they were;
- `module`: the module's top-level code ran (a script), with `sys.argv` and its `__name__`;
- `live`: the arguments do not pickle (closures, optax transformations, a `TrainState`) or belong
  to a script run as `__main__`: the findings this call reaches are proved right here, at the
  call, on its own objects (`jaxlint/verify/in_place.py`; results in `<out>/<pid>.proved.jsonl`).
"""

from __future__ import annotations

import json
import os
import pickle
import sys
import threading
from typing import Any

STAND_IN = "__jaxlint_stand_in__"
_MAX_PAYLOAD = 64 * 2**20  # larger argument sets (a dataset) are not kept
_CO_OPTIMIZED, _CO_VARARGS, _CO_VARKEYWORDS = 0x01, 0x04, 0x08
# Parts of a path to JAX's own files, and to installed packages (observe.py and observed.py use them too)
JAX_PARTS = (os.sep + "jax" + os.sep, os.sep + "jaxlib" + os.sep)
INSTALLED = (os.sep + "site-packages" + os.sep, os.sep + "dist-packages" + os.sep)


class Recorder:
    def __init__(self, spec: dict[str, Any]) -> None:
        self.targets: dict[str, set[str]] = {os.path.realpath(k): set(v) for k, v in spec["targets"].items()}
        self.limit: int = spec["limit"]
        self.out = os.path.join(spec["out"], f"{os.getpid()}.pkl")
        self.counts: dict[tuple[str, str], int] = {}
        self.paths: dict[str, str | None] = {}  # co_filename → its real path when it holds targets
        self.lock = threading.Lock()
        self.busy = threading.local()  # pickling user objects can call user code: not recorded
        # rows where a finding predicts an error of its own (a removed name): an exception raised
        # there while the program runs is kept, as the run's own proof
        self.raises: dict[str, list[tuple[int, int]]] = {
            os.path.realpath(k): [tuple(span) for span in v] for k, v in spec.get("raises", {}).items()}
        self.raised: set[tuple[str, int]] = set()
        self.watched: dict[str, bool] = {}  # co_filename → whether it is one of `raises`
        self.in_place: dict[str, Any] | None = spec.get("in_place")  # the jobs, and where jaxlint is
        self.proved: set[tuple[str, str]] = set()  # functions whose findings were proved in this process
        self.observer: Any = None  # observe.py's, once JAX is imported

    def wanted(self, code: Any) -> tuple[str, str] | None:
        filename = code.co_filename
        real = self.paths.get(filename, "")
        if real == "":
            real = os.path.realpath(filename) if not filename.startswith("<") else None
            real = real if real in self.targets else None
            self.paths[filename] = real
        if real is None:
            return None
        if code.co_name == "<module>":
            qualname = ""
        elif code.co_flags & _CO_OPTIMIZED:
            qualname = _qualname(code)
        else:
            return None  # a class body
        return (real, qualname) if qualname in self.targets[real] else None

    def on_call(self, frame: Any) -> None:
        key = self.wanted(frame.f_code)
        if key is None or getattr(self.busy, "on", False):
            return
        with self.lock:
            if self.counts.get(key, 0) >= self.limit:
                return
            self.counts[key] = self.counts.get(key, 0) + 1
        self.busy.on = True
        try:
            if key[1] == "":
                self.write({"path": key[0], "qualname": "", **_module_record(frame)})
            else:
                self.keep(key, _call_records(frame), frame.f_globals.get("__name__") == "__main__")
        except BaseException as exc:  # noqa: BLE001 - the user's program must go on
            self.write({"path": key[0], "qualname": key[1], "kind": "failed", "reason": _said(exc)})
        finally:
            self.busy.on = False

    def keep(self, key: tuple[str, str], candidates: list[dict[str, Any]], script: bool) -> None:
        """Write the first candidate record whose values pickle and load in another process (nothing
        of a script run as `__main__` does); with a candidate that does not, the findings are proved
        here and now (where jaxlint imports), else the next candidate is tried."""
        reason = ""
        for candidate in candidates:
            values = candidate.pop("values")
            if script or candidate.get("module") == "__main__":
                reason = "the function belongs to a script run as __main__"
            else:
                try:
                    self.write({"path": key[0], "qualname": key[1], "payload": _pickled(values), **candidate})
                    return
                except Exception as exc:  # noqa: BLE001 - a closure, a lock, a local class: not picklable
                    reason = _said(exc)
            if self.in_place is not None and self.proves_here(reason):
                self.write({"path": key[0], "qualname": key[1], "kind": "live", "reason": reason})
                if key not in self.proved:
                    self.proved.add(key)
                    self.prove({"path": key[0], "qualname": key[1], "values": values, **candidate})
                return
        self.write({"path": key[0], "qualname": key[1], "kind": "failed", "reason": reason})

    def proves_here(self, reason: str) -> bool:
        """Whether this process can prove in place (jaxlint imports here); else why not is kept."""
        try:
            self.prover()
            return True
        except Exception as exc:  # noqa: BLE001 - another interpreter, without jaxlint or its needs
            self.in_place = None
            self.write({"path": "", "qualname": "", "kind": "failed",
                        "reason": f"{reason}, and jaxlint does not import in the run's process: {_said(exc)}"})
            return False

    def prover(self) -> Any:
        """jaxlint's in-place prover, imported on the first call that needs it."""
        assert self.in_place is not None
        return _jaxlint_module(self.in_place["jaxlint"], "in_place")

    def prove(self, record: dict[str, Any]) -> None:
        """Prove the findings this call reaches, now, in this process, on the call's own objects (their
        JAX arrays copied: the experiments must not consume what the program goes on with). JAX runs
        eagerly there even while this call is being traced. On a thread of its own, which this one
        waits for: this is the hook's callback, where Python traces nothing, and some experiments
        count the lines that run."""
        assert self.in_place is not None
        if self.observer is not None:
            self.observer.paused = True  # what the proofs compile is not the program's
        failed: list[BaseException] = []

        def proving() -> None:
            self.busy.on = True  # what the proofs call and raise is not the program's
            try:
                jax = sys.modules["jax"]
                with _eager(jax):
                    record["values"] = _snapshot(record["values"], jax)
                    self.prover().prove(self.in_place["jobs"], record, self.out.replace(".pkl", ".proved.jsonl"))
            except BaseException as exc:  # noqa: BLE001 - the program must go on as it would
                failed.append(exc)

        try:
            worker = threading.Thread(target=proving, name="jaxlint-prove", daemon=True)
            worker.start()
            worker.join()
        finally:
            if self.observer is not None:
                self.observer.paused = False
                self.observer.proved()
        if failed:
            self.write({"path": "", "qualname": "", "kind": "failed", "reason": f"proving in place: {_said(failed[0])}"})

    def watches(self, code: Any) -> bool:
        """Exceptions in this code are looked at: its file holds rows a finding predicts raise."""
        if not self.raises:
            return False
        found = self.watched.get(code.co_filename)
        if found is None:
            found = self.watched[code.co_filename] = os.path.realpath(code.co_filename) in self.raises
        return found

    def on_raise(self, frame: Any, exc: BaseException) -> None:
        if getattr(self.busy, "on", False):
            return
        real, row = os.path.realpath(frame.f_code.co_filename), frame.f_lineno
        if (real, row) in self.raised or not any(start <= row <= end for start, end in self.raises.get(real, ())):
            return
        self.raised.add((real, row))
        self.write({"path": real, "qualname": "", "kind": "raised", "row": row,
                    "exception": type(exc).__name__, "message": _said(exc)})

    def write(self, record: dict[str, Any]) -> None:
        with self.lock, open(self.out, "ab") as handle:
            pickle.dump(record, handle)


def _said(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"[:200]


def _module_record(frame: Any) -> dict[str, Any]:
    return {"kind": "module", "name": frame.f_globals.get("__name__"), "argv": list(sys.argv),
            "cwd": os.getcwd()}


def _arguments(frame: Any) -> tuple[list[str], tuple[Any, ...], dict[str, Any]]:
    """The call's arguments as the frame holds them on entry: (names of the positional ones, args, kwargs)."""
    code, values = frame.f_code, frame.f_locals
    names = list(code.co_varnames[:code.co_argcount])
    args = [values[n] for n in names if n in values]
    position = code.co_argcount + code.co_kwonlyargcount
    kwargs = {n: values[n] for n in code.co_varnames[code.co_argcount:position] if n in values}
    if code.co_flags & _CO_VARARGS:
        args.extend(values.get(code.co_varnames[position], ()))
        position += 1
    if code.co_flags & _CO_VARKEYWORDS:
        kwargs.update(values.get(code.co_varnames[position], {}))
    return names, tuple(args), kwargs


def _call_records(frame: Any) -> list[dict[str, Any]]:
    """What the call can be replayed from, best first, each with its `values` (args, kwargs)."""
    names, args, kwargs = _arguments(frame)
    jax = sys.modules.get("jax")
    tracer = getattr(getattr(jax, "core", None), "Tracer", None)
    traced = [i for i, a in enumerate(args) if tracer is not None and _holds(a, tracer, jax)]
    traced_names = [k for k, v in kwargs.items() if tracer is not None and _holds(v, tracer, jax)]
    if not traced and not traced_names:
        return [{"kind": "concrete", "values": (args, kwargs), "names": names}]
    split = {"names": names, "traced": traced, "traced_names": traced_names}
    entry = _jit_arguments(frame, len(args), tracer, jax)
    if entry is not None:
        return [{"kind": "entry", "values": entry, **split}]
    found = []
    via = _outermost_entry(frame, tracer, jax)
    if via is not None:
        outer, arguments = via
        found.append({"kind": "via", "values": arguments, "module": outer.f_globals.get("__name__"),
                      "entry": _qualname(outer.f_code), **_traced(_arguments(outer), tracer, jax)})
    shapes = jax.tree_util.tree_map(lambda v: _stand_in(v, jax) if isinstance(v, tracer) else v, (args, kwargs))
    return [*found, {"kind": "shapes", "values": shapes, **split}]


def _eager(jax: Any) -> Any:
    """JAX's eager evaluation, as at the top level, while a trace may be under way: its evaluation
    context (`ensure_compile_time_eval` would also fold every constant in the experiments' traces)."""
    found = getattr(jax.core, "eval_context", None)
    if found is None:
        from jax._src import core  # noqa: PLC0415 - where newer JAX keeps it

        found = getattr(core, "eval_context", None) or jax.ensure_compile_time_eval
    return found()


def _snapshot(values: Any, jax: Any) -> Any:
    """The values with their JAX arrays copied (a jitted step may donate its inputs); other
    objects as they are."""
    return jax.tree_util.tree_map(
        lambda v: v.copy() if isinstance(v, jax.Array) and not isinstance(v, jax.core.Tracer) else v, values)


def _qualname(code: Any) -> str:
    return code.co_qualname.replace(".<locals>", "")


def _traced(arguments: tuple[list[str], tuple[Any, ...], dict[str, Any]], tracer: type, jax: Any) -> dict[str, Any]:
    _, args, kwargs = arguments
    return {"traced": [i for i, a in enumerate(args) if _holds(a, tracer, jax)],
            "traced_names": [k for k, v in kwargs.items() if _holds(v, tracer, jax)]}


def _outermost_entry(frame: Any, tracer: type, jax: Any) -> tuple[Any, Any] | None:
    """For code traced inside other traced code (a helper of a jitted step): the outermost function
    of the project on the way out whose jit (or other transform) was called with concrete values,
    and those values. The walk ends at the first function called with concrete values."""
    found = None
    outer = frame.f_back
    while outer is not None:
        code = outer.f_code
        if in_jax(code.co_filename):
            outer = outer.f_back
            continue
        if not code.co_flags & _CO_OPTIMIZED:
            break  # a module's or class's own code: no traced call encloses it
        _, args, kwargs = _arguments(outer)
        if not _holds((args, kwargs), tracer, jax):
            break
        if "<locals>" not in code.co_qualname and not any(p in code.co_filename for p in INSTALLED):
            entry = _jit_arguments(outer, len(args), tracer, jax)
            if entry is not None:
                found = (outer, entry)
        outer = outer.f_back
    return found


def in_jax(filename: str) -> bool:
    return any(part in filename for part in JAX_PARTS)


def _holds(value: Any, tracer: type, jax: Any) -> bool:
    return any(isinstance(leaf, tracer) for leaf in jax.tree_util.tree_leaves(value))


def _concrete(value: Any, tracer: type, jax: Any) -> bool:
    """No tracers, and no abstract values (the frames that trace hold shapes as `args` too)."""
    abstract = getattr(jax.core, "AbstractValue", ())
    return not any(isinstance(leaf, (tracer, abstract)) for leaf in jax.tree_util.tree_leaves(value))


def _stand_in(value: Any, jax: Any) -> dict[str, Any]:
    aval = value.aval
    impl = None
    if jax.numpy.issubdtype(aval.dtype, jax.dtypes.prng_key):
        impl = str(jax.random.key_impl(value)) if hasattr(jax.random, "key_impl") else None
    return {STAND_IN: [list(aval.shape), str(aval.dtype), impl]}


def _jit_arguments(frame: Any, count: int, tracer: type, jax: Any) -> tuple[tuple[Any, ...], dict[str, Any]] | None:
    """The concrete arguments of the jit call that traces `frame`'s function: JAX's own frames
    between it and the caller hold them (as `args`, `kwargs`); the outermost such frame whose
    values are concrete and as many as the function's."""
    found = None
    outer = frame.f_back
    while outer is not None and in_jax(outer.f_code.co_filename):
        values = outer.f_locals
        args, kwargs = values.get("args"), values.get("kwargs")
        if isinstance(args, tuple) and isinstance(kwargs, dict) and len(args) <= count \
                and _concrete((args, kwargs), tracer, jax):
            found = (args, kwargs)
        outer = outer.f_back
    if found is not None and len(found[0]) == count - 1 and _bound_method(frame, tracer, jax):
        found = ((_arguments(frame)[1][0], *found[0]), found[1])  # `jax.jit(env.step)`: its `self` too
    return found


def _bound_method(frame: Any, tracer: type, jax: Any) -> bool:
    """The frame runs a method whose first argument (`self`) is no tracer: traced as a bound method."""
    code = frame.f_code
    if "." not in _qualname(code) or not code.co_argcount:
        return False
    first = frame.f_locals.get(code.co_varnames[0])
    method = getattr(type(first), code.co_name, None)  # the class's attribute: no property runs
    while method is not None and getattr(method, "__code__", None) is not code:
        method = getattr(method, "__wrapped__", None)
    return method is not None and not _holds(first, tracer, jax)


def _pickled(value: Any) -> bytes:
    payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    if len(payload) > _MAX_PAYLOAD:
        raise ValueError(f"the arguments take {len(payload) // 2**20} MiB pickled (more than 64 MiB)")
    return payload


class _AfterJax:
    """A meta path finder that finds nothing itself: once `jax` has been imported, `then` runs."""

    def __init__(self, then: Any) -> None:
        self.then = then
        self.done = False

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name != "jax" or self.done:
            return None
        self.done = True
        import importlib.util  # noqa: PLC0415 - only in a program that imports JAX

        spec = importlib.util.find_spec(name)  # the real one (this finder says nothing now)
        if spec is None or spec.loader is None or not hasattr(spec.loader, "exec_module"):
            return spec
        run = spec.loader.exec_module

        def exec_module(module: Any) -> None:
            run(module)
            self.then()

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def _jaxlint_module(folder: str, name: str) -> Any:
    """A module of jaxlint's verify package, from jaxlint's own folder: only a process that proves
    or observes imports jaxlint at all."""
    if folder not in sys.path:
        sys.path.append(folder)
    import importlib  # noqa: PLC0415

    return importlib.import_module(f"jaxlint.verify.{name}")


def _observe(recorder: Recorder, spec: dict[str, Any]) -> None:
    """Watch what JAX does in this process (observe.py), from jaxlint's own folder."""
    try:
        out, checks = recorder.out.replace(".pkl", ".observed.jsonl"), spec.get("checks")
        if checks:
            recorder.observer = _jaxlint_module(spec["jaxlint"], "observe_checks").install(out, spec["root"], checks)
        else:
            recorder.observer = _jaxlint_module(spec["jaxlint"], "observe").install(out, spec["root"])
    except Exception as exc:  # noqa: BLE001 - the program goes on, unobserved
        recorder.write({"path": "", "qualname": "", "kind": "failed", "reason": f"observing the run: {_said(exc)}"})


def install(spec_path: str) -> None:
    with open(spec_path, encoding="utf-8") as handle:
        spec = json.load(handle)
    recorder = Recorder(spec)
    if spec.get("observe"):
        sys.meta_path.insert(0, _AfterJax(lambda: _observe(recorder, spec["observe"])))
    if not recorder.targets and not recorder.raises:
        return  # a run that only observes (--observe-checks)
    if hasattr(sys, "monitoring"):  # 3.12+: a code object that is no target costs one call, once
        _install_monitoring(recorder)
        return

    def raised(frame: Any, event: str, arg: Any) -> Any:
        if event == "exception":
            recorder.on_raise(frame, arg[1])
        return raised

    def calls(frame: Any, event: str, arg: Any) -> Any:
        if event == "call":
            recorder.on_call(frame)
            if recorder.watches(frame.f_code):
                return raised  # this frame's exceptions (and its line events, the cost of that)
        return None  # no line events

    threading.settrace(calls)
    sys.settrace(calls)


def _install_monitoring(recorder: Recorder) -> None:
    monitoring = sys.monitoring
    tool = next((t for t in range(5, 0, -1) if monitoring.get_tool(t) is None), None)
    if tool is None:
        return
    monitoring.use_tool_id(tool, "jaxlint-verify")

    def started(code: Any, offset: int) -> Any:
        if recorder.wanted(code) is None:
            return monitoring.DISABLE
        recorder.on_call(sys._getframe(1))
        return None

    def raised(code: Any, offset: int, exc: BaseException) -> None:
        if recorder.watches(code):
            recorder.on_raise(sys._getframe(1), exc)

    monitoring.register_callback(tool, monitoring.events.PY_START, started)
    events = monitoring.events.PY_START
    if recorder.raises:
        monitoring.register_callback(tool, monitoring.events.RAISE, raised)
        events |= monitoring.events.RAISE
    monitoring.set_events(tool, events)
