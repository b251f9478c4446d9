"""JAX203 unstable-static-arg: a static argument of a jit-compiled function that changes with every
iteration of the loop calling it (a compilation per value), or that cannot be hashed (a list, dict
or set display, a comprehension, a NumPy array: `ValueError: Non-hashable static arguments are not
supported` at the call). A value that takes only a few values over the run (a comparison, a choice
between constants) compiles that many times, not every iteration, and is not flagged; neither is a
loop over a literal sequence (a sweep of a few settings)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.loops import Compiled
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_DISPLAYS = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)
_NUMPY_ARRAYS = frozenset(("array", "asarray", "zeros", "ones", "arange", "empty", "full", "linspace", "eye"))


def check(model: Model) -> Iterator[Report]:
    for scope in [model.module, *model.functions()]:
        for call in scope.of_type(ast.Call):
            compiled = model.loops.compiled(call, scope)  # type: ignore[arg-type]
            if compiled is None or not compiled.static:
                continue
            report = _unhashable(model, call, compiled, scope) or _varying(model, call, compiled, scope)  # type: ignore[arg-type]
            if report is not None:
                yield report


def _unhashable(model: Model, call: ast.Call, compiled: Compiled, scope: Scope) -> Report | None:
    for name, expr in compiled.static_arguments(call):
        kind = _unhashable_kind(model, expr, scope)
        if kind is not None:
            return Report(call, f"static argument `{name}` of jit-compiled `{snippet(call.func)}` is {kind} "
                                f"`{snippet(expr)}`, which cannot be hashed: the call raises ValueError; pass a tuple",
                          scope, severity="error", fix_data={"callee": compiled.name, "unhashable": True})
    return None


def _unhashable_kind(model: Model, expr: ast.expr, scope: Scope) -> str | None:
    if isinstance(expr, _DISPLAYS):
        return "a " + {ast.List: "list", ast.Dict: "dict", ast.Set: "set"}.get(type(expr), "comprehension")
    if isinstance(expr, ast.Call):
        name = model.qualified(expr.func, scope) or ""
        if name.startswith("numpy.") and name.rsplit(".", 1)[-1] in _NUMPY_ARRAYS:
            return "a NumPy array"
    return None


def _varying(model: Model, call: ast.Call, compiled: Compiled, scope: Scope) -> Report | None:
    loops = model.loops.untraced_loops(call, scope)
    if not loops:
        return None
    for name, expr in compiled.static_arguments(call):
        if model.loops.depends(expr, loops) and not model.loops.takes_few_values(expr, loops):
            return Report(call, f"static argument `{name}` of jit-compiled `{snippet(call.func)}` is `{snippet(expr)}`, "
                                f"which changes every iteration of the loop (line {model.loops.row(loops[0])}): one compilation "
                                f"per iteration; pass it as a traced argument instead",
                          scope, lines=(model.loops.row(loops[0]),), fix_data={"callee": compiled.name})
    return None
