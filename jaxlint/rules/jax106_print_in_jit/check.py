"""JAX106 print-in-jit: `print` of traced values inside traced code."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.knowledge.api import SHAPE_ATTRS, STATIC_ATTRS
from jaxlint.rules.base import Report, function_label
from jaxlint.semantic.api import qualified_name

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.api import Facts
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """Whether the printed text interpolates values, and the names the text shows."""

    interpolated: bool
    text_of: list[str]


# Eager shard_map runs the body on per-shard values: its prints show data, on every call.
_CONCRETE_TRACERS = frozenset(("shard_map",))
_NUMERIC_PERCENT = re.compile(r"%(\([^)]*\))?[-+ 0#]*(\*|\d+)?(\.(\*|\d+))?[hlL]?[diouxXeEfFgGc]")
_PRINTS = frozenset(("builtins.print", "jax.debug.print"))


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
                yield from _interpolated(model, call, scope, facts)
                continue
            traced = [a for a in _printed(call, scope) if facts.value(a).traced]
            if not traced:
                continue
            raises = any(_formats_traced(a.value if isinstance(a, ast.Starred) else a, facts, scope) for a in call.args)
            when = "once, at trace time," if info.cached else "on every call"
            message = (f"`print` in traced `{function_label(scope)}` runs {when} and prints a tracer, "
                       f"not the value; use `jax.debug.print`")
            if raises:
                message = (f"a format spec on a traced value in `{function_label(scope)}` raises at trace time "
                           f"(TypeError or ConcretizationTypeError); use `jax.debug.print` with the format spec")
            has_file = any(k.arg == "file" for k in call.keywords)
            opaque = any(_text_at_trace_time(model, v, scope, facts) for v in _printed(call, scope))
            yield Report(call, message, scope, severity="error" if raises else None,
                         fixable=None if has_file or opaque else "safe", fix_data=_text_fields(call, scope, facts))


def _interpolated(model: Model, call: ast.Call, scope: Scope, facts: Facts) -> Iterator[Report]:
    """`jax.debug.print(f"loss {loss}")`: the format is built at trace time, with the tracer's text."""
    fmt = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg == "fmt"), None)
    if fmt is None or not any(facts.value(e).traced for e in _format_values(fmt, scope)):
        return
    raises = _formats_traced(fmt, facts, scope)
    message = (f"`jax.debug.print` in traced `{function_label(scope)}` gets a format string with a traced value "
               f"already in it: it prints the tracer's text, not the value, on every call; pass the value as an "
               f"argument: `jax.debug.print(\"loss {{}}\", loss)`")
    if raises:
        message = (f"a format spec on a traced value in `{function_label(scope)}` raises at trace time (TypeError or "
                   f"ConcretizationTypeError); put it in a placeholder: `jax.debug.print(\"{{:.3f}}\", loss)`")
    opaque = any(_text_at_trace_time(model, v, scope, facts) for v in _format_values(fmt, scope))
    yield Report(call, message, scope, severity="error" if raises else None, fixable=None if opaque else "safe",
                 fix_data={"interpolated": True, **_text_fields(call, scope, facts)})


def _text_at_trace_time(model: Model, value: ast.expr, scope: Scope, facts: Facts) -> bool:
    """A printed value the fix cannot make a field: text made from a tracer at trace time by code
    the fix does not see into (`FMT % x` with a format in a variable, `describe(x)`, `" ".join(...)`).
    As a field it would still show the tracer's text, on every call. Static facts of a tracer
    (`x.shape`, `x.dtype`, `len(x)`) are fine."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod) and not facts.value(value.left).traced \
            and not (isinstance(value.left, ast.Constant) and type(value.left.value) in (int, float)):
        return facts.value(value.right).traced > 0 or any(facts.value(e).traced for e in _format_values(value, scope))
    if facts.value(value).traced:
        return False
    for node in ast.walk(value):
        if isinstance(node, ast.Name) and facts.value(node).traced and not _static_fact_of(model, node, scope):
            return True
    return False


def _static_fact_of(model: Model, name: ast.Name, scope: Scope) -> bool:
    parent = model.parent(name)
    return parent is not None and (
        isinstance(parent, ast.Attribute) and parent.attr in SHAPE_ATTRS | STATIC_ATTRS
        or isinstance(parent, ast.Call) and qualified_name(parent.func, scope) == "builtins.len")


def _printed(call: ast.Call, scope: Scope) -> list[ast.expr]:
    exprs: list[ast.expr] = []
    for arg in call.args:
        exprs += _format_values(arg.value if isinstance(arg, ast.Starred) else arg, scope)
    return exprs


def _format_values(expr: ast.expr, scope: Scope) -> list[ast.expr]:
    """The values formatted into a string: of an f-string, `"..." % values`, `"...".format(values)`,
    `str(value)` / `repr(value)`, and of each part of a string concatenation (`"loss " + str(x)`);
    any other expression is its own value."""
    if isinstance(expr, ast.JoinedStr):
        return [v.value for v in expr.values if isinstance(v, ast.FormattedValue)]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod) and _is_text(expr.left):
        return list(expr.right.elts) if isinstance(expr.right, ast.Tuple) else [expr.right]
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "format" \
            and _is_text(expr.func.value):
        return [*expr.args, *(k.value for k in expr.keywords)]
    if _text_of(expr, scope):
        return _format_values(expr.args[0], scope)  # type: ignore[attr-defined]
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add) and _concatenates_text(expr, scope):
        return _format_values(expr.left, scope) + _format_values(expr.right, scope)
    return [expr]


# Builtins that turn a value into its text: of a tracer, the tracer's text.
_TEXT_OF = frozenset(("builtins.str", "builtins.repr", "builtins.ascii"))


def _text_of(expr: ast.expr, scope: Scope) -> bool:
    """`str(x)`, `repr(x)`, `ascii(x)`."""
    return isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords \
        and not isinstance(expr.args[0], ast.Starred) and qualified_name(expr.func, scope) in _TEXT_OF


def _text_fields(call: ast.Call, scope: Scope, facts: Facts) -> dict[str, list[str]]:
    """For the fix: the traced values whose text (`str(loss)`) the print shows, to become fields
    formatted at run time; the text of a static value (`str(x.shape)`) stays as it is."""
    traced = {ast.unparse(node.args[0]) for arg in call.args for node in ast.walk(arg)  # type: ignore[attr-defined]
              if _text_of(node, scope) and facts.value(node.args[0]).traced}  # type: ignore[arg-type, attr-defined]
    return {"text_of": sorted(traced)} if traced else {}


def _concatenates_text(expr: ast.BinOp, scope: Scope) -> bool:
    """`a + b` where a side is surely a string: a literal, an f-string or a text conversion."""
    return any(_is_text(side) or isinstance(side, ast.JoinedStr) or _text_of(side, scope)
               or isinstance(side, ast.BinOp) and isinstance(side.op, ast.Add) and _concatenates_text(side, scope)
               for side in (expr.left, expr.right))


def _is_text(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and isinstance(expr.value, str)


def _formats_traced(arg: ast.expr, facts: Facts, scope: Scope) -> bool:
    """A format spec on a traced value (`f"{loss:.3f}"`), or a numeric `%` conversion of one
    (`"%d" % loss`): a TypeError at trace time."""
    if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mod) and _is_text(arg.left):
        numeric = _NUMERIC_PERCENT.search(arg.left.value.replace("%%", ""))  # type: ignore[attr-defined]
        return bool(numeric) and any(facts.value(v).traced for v in _format_values(arg, scope))
    if not isinstance(arg, ast.JoinedStr):
        return False
    return any(isinstance(v, ast.FormattedValue) and v.format_spec is not None and facts.value(v.value).traced
               for v in arg.values)
