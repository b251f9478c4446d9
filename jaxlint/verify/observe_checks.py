"""`verify --run --observe-checks`: JAX's own debug checks in the project's processes, each failure
recorded at the project's line and the program let go on as if the check were off. A run of its
own: the checks slow the program (key reuse 6-9x, leaks far more) and change what compiles.

- `key_reuse`: `jax_debug_key_reuse`, which sees typed keys only (`jax.random.key`); a raw
  `jax.random.PRNGKey` key made in the run is said to be unchecked, never passed as clean.
- `nan`: `jax_debug_nans`, on the outputs of each jitted call and eager operation.
- `leak`: `jax_check_tracer_leaks`, at the end of each trace.

Each hook wraps a private function of JAX; where one is missing (another release), that check is
said to be off, in the run's limits.
"""

from __future__ import annotations

import os
import sys
import traceback
from collections.abc import Callable
from typing import Any

import jax

from jaxlint.verify.observe import Observer, jit_call, test_running


def install(out: str, root: str, checks: frozenset[str] | list[str]) -> Observer:
    """Run this process under JAX's checks named in `checks`: they change what compiles, so nothing
    else is observed in such a run (observe.py observes the plain runs)."""
    observer = Observer(out, root)
    for check, hook in (("key_reuse", _key_reuse), ("nan", _nans), ("leak", _leaks)):
        if check not in checks:
            continue
        try:
            hook(observer)
        except (ImportError, AttributeError) as exc:
            observer.write({"kind": "limit", "text": f"{check} is not checked with JAX {jax.__version__}: "
                                                     f"{type(exc).__name__}: {exc}"})
    return observer


class _Seen:
    """One event per check, line and text in a process: a loop repeats it, it says nothing more."""

    def __init__(self, observer: Observer) -> None:
        self.observer = observer
        self.done: set[tuple[Any, ...]] = set()

    def note(self, kind: str, site: list[Any] | None, detail: str, **more: Any) -> None:
        if site is None or self.observer.paused:
            return
        key = (kind, tuple(site), detail)
        if key in self.done:
            return
        self.done.add(key)
        self.observer.write({"kind": kind, "site": site, "test": test_running(), "detail": detail, **more})


def _key_reuse(observer: Observer) -> None:
    from jax.experimental.key_reuse import _core

    seen = _Seen(observer)
    checked_jaxpr, checked_call = _core.check_key_reuse_jaxpr, _core.call_impl_with_key_reuse_checks
    check_signature = _core.KeyReuseSignature.check_signature
    reuse_error = jax.errors.KeyReuseError

    def traced(exc: BaseException) -> None:
        """Found in a jaxpr: JAX's source traceback ends at the second use, inside the function."""
        called = observer.site(sys._getframe(2))
        seen.note("key_reuse", _innermost(observer, exc.__cause__) or called, _first_line(exc), called_at=called,
                  **_function(sys._getframe(2)))

    def jaxpr_checked(jaxpr: Any) -> None:
        try:
            checked_jaxpr(jaxpr)
        except reuse_error as exc:
            traced(exc)

    def call_checked(primitive: Any, implementation: Callable[..., Any], *args: Any, **params: Any) -> Any:
        try:
            return checked_call(primitive, implementation, *args, **params)
        except reuse_error as exc:
            traced(exc)
            return implementation(*args, **params)  # as the program runs unchecked

    def signature_checked(self: Any, *args: Any, **kwargs: Any) -> None:
        """An eager call with a consumed key: here is the second use; JAX's traceback, the first."""
        try:
            check_signature(self, *args, **kwargs)
        except reuse_error as exc:
            seen.note("key_reuse", observer.site(sys._getframe(1)), _first_line(exc),
                      first_used_at=_innermost(observer, exc.__cause__), **_function(sys._getframe(1)))

    _core.check_key_reuse_jaxpr = jaxpr_checked
    _core.call_impl_with_key_reuse_checks = call_checked
    _core.KeyReuseSignature.check_signature = signature_checked
    _say_raw_keys(observer)
    jax.config.update("jax_debug_key_reuse", True)


def _say_raw_keys(observer: Observer) -> None:
    """The first raw key the run makes, in the run's limits: the checker cannot see its reuse."""
    make = jax.random.PRNGKey
    said: list[bool] = []

    def PRNGKey(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - JAX's own name, which callers look up
        if not said and not observer.paused:
            site = observer.site(sys._getframe(1))
            if site is not None:
                said.append(True)
                where = os.path.relpath(site[0], observer.root)
                observer.write({"kind": "limit", "text": f"key reuse is checked on typed keys only: the raw key of "
                                                         f"`jax.random.PRNGKey` ({where}:{site[1]}) is not checked"})
        return make(*args, **kwargs)

    PRNGKey.__wrapped__ = make  # type: ignore[attr-defined]
    jax.random.PRNGKey = PRNGKey


def _nans(observer: Observer) -> None:
    from jax._src import api_util, dispatch

    seen = _Seen(observer)
    check = dispatch._check_special
    floating_error = (FloatingPointError, getattr(api_util, "InternalFloatingPointError", FloatingPointError))

    def checked(name: str, dtype: Any, buffer: Any) -> None:
        try:
            check(name, dtype, buffer)
        except floating_error:
            frame = sys._getframe(1)
            seen.note("nan", observer.site(frame), f"NaN in the output of {name}", **_function(frame))

    dispatch._check_special = checked
    jax.config.update("jax_debug_nans", True)


def _leaks(observer: Observer) -> None:
    from jax._src import core

    seen = _Seen(observer)
    find = core.maybe_find_leaked_tracers

    def found_none(trace: Any) -> list[Any]:
        leaked = find(trace)
        if leaked:
            frame = sys._getframe(1)
            shown = ", ".join(sorted({str(t) for t in leaked}))
            seen.note("leak", observer.site(frame), f"tracer leaked out of its trace: {shown}", **_function(frame))
        return []  # as the program runs unchecked

    core.maybe_find_leaked_tracers = found_none
    jax.config.update("jax_check_tracer_leaks", True)


def _function(frame: Any) -> dict[str, Any]:
    """The jitted function whose call this is, and its code's span (the parent finds the static
    finding inside it)."""
    found = jit_call(frame)
    fun = found[0].f_locals.get("fun") if found is not None and not found[1] else None
    code = getattr(getattr(fun, "__wrapped__", fun), "__code__", None)
    if code is None:
        return {"function": None, "defined_at": None, "last_row": None}
    rows = [row for _, _, row in code.co_lines() if row is not None]
    return {"function": getattr(fun, "__qualname__", None), "defined_at": [code.co_filename, code.co_firstlineno],
            "last_row": max(rows, default=code.co_firstlineno)}


def _innermost(observer: Observer, cause: BaseException | None) -> list[Any] | None:
    """The project's line where JAX's source traceback of the error ends: the key's second use."""
    if cause is None or cause.__traceback__ is None:
        return None
    ours = [[f.filename, f.lineno] for f in traceback.extract_tb(cause.__traceback__) if observer.ours(f.filename)]
    return ours[-1] if ours else None


def _first_line(exc: BaseException) -> str:
    return str(exc).split("\n", 1)[0].rstrip(".")
