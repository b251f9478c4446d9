"""JAX106 print-in-jit: `print` of traced values inside traced code."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.checks.base import Report, function_label

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model

CODE = "JAX106"
NAME = "print-in-jit"
SEVERITY = "warning"
FIX = "safe"
# Eager shard_map runs the body on per-shard values: its prints show data, on every call.
_CONCRETE_TRACERS = frozenset(("shard_map",))
SUMMARY = "`print` of a traced value runs at trace time only and shows a tracer; use `jax.debug.print`."


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if not info.traced or info.transforms <= _CONCRETE_TRACERS:
            continue
        calls = [c for c in scope.of_type(ast.Call) if model.qualified(c.func, scope) == "builtins.print"]
        if not calls:
            continue
        facts = model.facts(scope)
        for call in calls:
            traced = [a for a in _printed(call) if facts.value(a).traced]
            if not traced:
                continue
            raises = any(_formats_traced(a, facts) for a in call.args)
            when = "once, at trace time," if info.cached else "on every call"
            message = (f"`print` in traced `{function_label(scope)}` runs {when} and prints a tracer, "
                       f"not the value; use `jax.debug.print`")
            if raises:
                message = (f"f-string format spec on a traced value in `{function_label(scope)}` raises "
                           f"TypeError at trace time; use `jax.debug.print` with the format spec")
            has_file = any(k.arg == "file" for k in call.keywords)
            yield Report(call, message, scope, severity="error" if raises else None,
                         fixable=None if has_file else "safe")


def _printed(call: ast.Call) -> list[ast.expr]:
    exprs: list[ast.expr] = []
    for arg in call.args:
        value = arg.value if isinstance(arg, ast.Starred) else arg
        if isinstance(value, ast.JoinedStr):
            exprs += [v.value for v in value.values if isinstance(v, ast.FormattedValue)]
        else:
            exprs.append(value)
    return exprs


def _formats_traced(arg: ast.expr, facts) -> bool:
    if not isinstance(arg, ast.JoinedStr):
        return False
    return any(isinstance(v, ast.FormattedValue) and v.format_spec is not None and facts.value(v.value).traced
               for v in arg.values)
