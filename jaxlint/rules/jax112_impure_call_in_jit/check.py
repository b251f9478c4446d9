"""JAX112 impure-call-in-jit: in code that jit compiles and caches (jit, lax loop and branch bodies,
flax/equinox module methods), a call whose result differs from one call to the next: NumPy's and
the standard library's random numbers, clocks, dates, `os.urandom`, `uuid`, and `next()` of an
iterator that lives outside the function (a data loader). The call runs once, while tracing; its
value becomes a constant of the compiled program. Host callbacks run every call and are not
flagged, nor is `next(iter(static_dict))` made in the function."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, function_label, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_COMPILING = frozenset(("jit", "lax", "checkpoint"))
_IMPURE_MODULES = ("numpy.random.", "random.", "secrets.")
_IMPURE = frozenset((
    "time.time", "time.time_ns", "time.perf_counter", "time.perf_counter_ns", "time.monotonic", "time.monotonic_ns",
    "time.process_time", "datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today",
    "datetime.date.today", "os.urandom", "uuid.uuid1", "uuid.uuid4", "os.getrandom"))
_LAST_NAMES = frozenset(name.rsplit(".", 1)[1] for name in _IMPURE) | {"next"}


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        # compiled for sure: jit, a lax body or checkpoint (a flax/equinox method alone may run eagerly)
        if not (info.traced and info.cached and info.transforms & _COMPILING) or info.shape_only:
            continue
        for call in scope.of_type(ast.Call):
            what = _impure(model, call, scope)  # type: ignore[arg-type]
            if what is not None:
                yield Report(call, f"`{snippet(call)}` ({what}) in {info.describe(function_label(scope))} runs once, while "
                                   f"tracing: its value is baked into the compiled program and every call reuses it; "
                                   f"pass the value in as an argument (for random numbers, a `jax.random` key)", scope)


def _impure(model: Model, call: ast.Call, scope: Scope) -> str | None:
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name is None:
        return None
    if name == "next" and isinstance(func, ast.Name):
        if model.qualified(func, scope) == "builtins.next" and call.args and _outside(call.args[0], scope):
            return "the next item of an iterator outside the function"
        return None
    qualified = model.qualified(func, scope) or ""
    if qualified.startswith(_IMPURE_MODULES):
        return "a random draw"
    if name not in _LAST_NAMES or qualified not in _IMPURE:
        return None
    return "a clock reading" if qualified.startswith(("time.", "datetime.")) else "fresh random bytes"


def _outside(expr: ast.expr, scope: Scope) -> bool:
    """An iterator the function did not make: a global or closure name, or an object's attribute."""
    if isinstance(expr, ast.Attribute):
        return True
    if isinstance(expr, ast.Name):
        owner = scope.lookup_scope(expr.id)
        return owner is not None and owner is not scope and all(b.kind != "param" for b in owner.bindings.get(expr.id, ()))
    return False
