"""JAX106 print-in-jit: `print` of traced values inside traced code."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.checks.base import Report, function_label

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.interpret import Facts
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

CODE = "JAX106"
NAME = "print-in-jit"
SEVERITY = "warning"
FIX = "safe"
# Eager shard_map runs the body on per-shard values: its prints show data, on every call.
_CONCRETE_TRACERS = frozenset(("shard_map",))
_NUMERIC_PERCENT = re.compile(r"%(\([^)]*\))?[-+ 0#]*(\*|\d+)?(\.(\*|\d+))?[hlL]?[diouxXeEfFgGc]")
_PRINTS = frozenset(("builtins.print", "jax.debug.print"))
SUMMARY = "`print` of a traced value runs at trace time only and shows a tracer; use `jax.debug.print`."


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if not info.traced or info.transforms <= _CONCRETE_TRACERS:
            continue
        calls = [c for c in scope.of_type(ast.Call) if model.qualified(c.func, scope) in _PRINTS]
        if not calls:
            continue
        facts = model.facts(scope)
        for call in calls:
            if model.qualified(call.func, scope) == "jax.debug.print":
                yield from _interpolated(call, scope, facts)
                continue
            traced = [a for a in _printed(call) if facts.value(a).traced]
            if not traced:
                continue
            raises = any(_formats_traced(a.value if isinstance(a, ast.Starred) else a, facts) for a in call.args)
            when = "once, at trace time," if info.cached else "on every call"
            message = (f"`print` in traced `{function_label(scope)}` runs {when} and prints a tracer, "
                       f"not the value; use `jax.debug.print`")
            if raises:
                message = (f"a format spec on a traced value in `{function_label(scope)}` raises at trace time "
                           f"(TypeError or ConcretizationTypeError); use `jax.debug.print` with the format spec")
            has_file = any(k.arg == "file" for k in call.keywords)
            yield Report(call, message, scope, severity="error" if raises else None,
                         fixable=None if has_file else "safe")


def _interpolated(call: ast.Call, scope: Scope, facts: Facts) -> Iterator[Report]:
    """`jax.debug.print(f"loss {loss}")`: the format is built at trace time, with the tracer's text."""
    fmt = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "fmt"), None)
    if fmt is None or not any(facts.value(e).traced for e in _format_values(fmt)):
        return
    raises = _formats_traced(fmt, facts)
    message = (f"`jax.debug.print` in traced `{function_label(scope)}` gets a format string with a traced value "
               f"already in it: it prints the tracer's text, not the value, on every call; pass the value as an "
               f"argument: `jax.debug.print(\"loss {{}}\", loss)`")
    if raises:
        message = (f"a format spec on a traced value in `{function_label(scope)}` raises at trace time (TypeError or "
                   f"ConcretizationTypeError); put it in a placeholder: `jax.debug.print(\"{{:.3f}}\", loss)`")
    yield Report(call, message, scope, severity="error" if raises else None, fixable="safe",
                 fix_data={"interpolated": True})


def _printed(call: ast.Call) -> list[ast.expr]:
    exprs: list[ast.expr] = []
    for arg in call.args:
        exprs += _format_values(arg.value if isinstance(arg, ast.Starred) else arg)
    return exprs


def _format_values(expr: ast.expr) -> list[ast.expr]:
    """The values formatted into a string: of an f-string, `"..." % values`, `"...".format(values)`;
    any other expression is its own value."""
    if isinstance(expr, ast.JoinedStr):
        return [v.value for v in expr.values if isinstance(v, ast.FormattedValue)]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod) and _is_text(expr.left):
        return list(expr.right.elts) if isinstance(expr.right, ast.Tuple) else [expr.right]
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format" \
            and _is_text(expr.func.value):
        return [*expr.args, *(k.value for k in expr.keywords)]
    return [expr]


def _is_text(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and isinstance(expr.value, str)


def _formats_traced(arg: ast.expr, facts: Facts) -> bool:
    """A format spec on a traced value (`f"{loss:.3f}"`), or a numeric `%` conversion of one
    (`"%d" % loss`): a TypeError at trace time."""
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mod) and _is_text(arg.left):
        numeric = _NUMERIC_PERCENT.search(arg.left.value.replace("%%", ""))  # type: ignore[attr-defined]
        return bool(numeric) and any(facts.value(v).traced for v in _format_values(arg))
    if not isinstance(arg, ast.JoinedStr):
        return False
    return any(isinstance(v, ast.FormattedValue) and v.format_spec is not None and facts.value(v.value).traced
               for v in arg.values)
