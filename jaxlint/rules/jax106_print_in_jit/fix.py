"""JAX106: `print(...)` → `jax.debug.print("format", *args, **kwargs)` with the same output; values
interpolated into a format at trace time (f-string, `%`, `.format`) become fields of it."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Sequence

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.imports import ensure_module

# The flagged call becomes `jax.debug.print` with a string literal for its format, which JAX106 never
# flags (it flags `print`, and formats built from traced values): the finding is gone, no relint needed.
REMOVES_FINDING = True
_RESERVED = frozenset(("fmt", "ordered", "partitioned"))  # parameters of jax.debug.print itself
# A printf-style conversion: `%s`, `%(name)s`, `%-8.3f`, `%%`.
_PERCENT = re.compile(r"%(?P<key>\([^)]*\))?(?P<flags>[-+ 0#]*)(?P<width>\*|\d+)?(?:\.(?P<precision>\*|\d+))?"
                      r"[hlL]?(?P<type>.)", re.DOTALL)
# printf and str.format agree on these. Not on `%d`/`%i`: it truncates a float, where `{:d}` raises
# (at run time, in jax.debug.print's callback), and the dtype is not known here: no fix.
_FLOAT_TYPES = frozenset("eEfFgG")


def message(finding: Finding) -> str:
    if (finding.fix_data or {}).get("interpolated"):
        return "Pass the values as `jax.debug.print` arguments"
    return "Replace with `jax.debug.print`"


class _Format:
    """The format string and arguments built up piece by piece."""

    def __init__(self, ctx: Context, finding: Finding) -> None:
        self.ctx = ctx
        # The traced values whose text (`str(loss)`) becomes a field (`{loss}`), as the check found them.
        self.text_of = frozenset((finding.fix_data or {}).get("text_of", ()))
        self.text = ""
        self.args: list[str] = []
        self.kwargs: dict[str, str] = {}

    def literal(self, value: str) -> None:
        self.text += value.replace("{", "{{").replace("}", "}}")

    def field(self, expr: cst.BaseExpression, conversion: str | None = None, spec: str = "") -> None:
        code = self.ctx.code(expr)
        suffix = (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        if isinstance(expr, cst.Name) and expr.value not in _RESERVED and self.kwargs.get(expr.value, code) == code:
            self.kwargs[expr.value] = code
            self.text += "{" + expr.value + suffix + "}"
        else:
            self.args.append(code)
            self.text += "{" + suffix + "}"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    call = ctx.at(finding, cst.Call)
    if (finding.fix_data or {}).get("interpolated"):
        return _placeholders(ctx, call, finding)
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if set(keywords) - {"sep", "end", "flush"}:
        raise FixError("print with `file=` or unknown keywords")
    sep, end = _literal(keywords.get("sep"), " "), _literal(keywords.get("end"), "\n")
    if not end.endswith("\n"):
        raise FixError("jax.debug.print always ends the line")
    out = _Format(ctx, finding)
    for number, arg in enumerate(a for a in call.args if a.keyword is None):
        if arg.star:
            raise FixError("starred print arguments")
        if number:
            out.literal(sep)
        _piece(out, arg.value)
    out.literal(end[:-1])
    _lead_with_field(out)
    jax, edits = ensure_module(ctx, "jax")
    quote = '"' if '"' not in out.text else "'"
    arguments = [_string(out.text, quote), *out.args, *(f"{k}={v}" for k, v in out.kwargs.items())]
    edits.append(ctx.replace(call, f"{jax}.debug.print({', '.join(arguments)})"))
    return edits


def _placeholders(ctx: Context, call: cst.Call, finding: Finding) -> list[Edit]:
    """`jax.debug.print(f"loss {loss}")` → `jax.debug.print("loss {loss}", loss=loss)`: the values
    are formatted on the host at run time, not as tracers at trace time."""
    fmt = [a for a in call.args if a.keyword is None or a.keyword.value == "fmt"]
    rest = [a for a in call.args if a not in fmt]
    if len(fmt) != 1 or fmt[0].star or any(a.keyword is None or a.keyword.value != "ordered" for a in rest):
        raise FixError("jax.debug.print with arguments besides the format string")
    out = _Format(ctx, finding)
    _piece(out, fmt[0].value)
    _lead_with_field(out)
    quote = '"' if '"' not in out.text else "'"
    arguments = [_string(out.text, quote), *out.args, *(f"{k}={v}" for k, v in out.kwargs.items()),
                 *(ctx.code(a.keyword) + "=" + ctx.code(a.value) for a in rest)]  # type: ignore[arg-type]
    return [ctx.replace(call, f"{ctx.code(call.func)}({', '.join(arguments)})")]


def _lead_with_field(out: _Format) -> None:
    """jax.debug.print decides whether to format by the first chunk of the format alone (up to
    jax 0.10 at least): literal braces before the first field would switch formatting off. Such a
    leading text is passed as the first positional argument instead."""
    index = 0
    while index < len(out.text) and not (out.text[index] == "{" and out.text[index:index + 2] != "{{"):
        index += 2 if out.text[index:index + 2] in ("{{", "}}") else 1
    prefix = out.text[:index]
    if index < len(out.text) and ("{{" in prefix or "}}" in prefix):
        out.text = "{}" + out.text[index:]
        out.args.insert(0, _string(prefix.replace("{{", "{").replace("}}", "}"), '"' if '"' not in prefix else "'"))


def _piece(out: _Format, value: cst.BaseExpression) -> None:
    if isinstance(value, cst.FormattedString):
        _fstring(out, value)
    elif isinstance(value, (cst.SimpleString, cst.ConcatenatedString)) and isinstance(_evaluate(out.ctx, value), str):
        out.literal(_evaluate(out.ctx, value))  # type: ignore[arg-type]
    elif isinstance(value, cst.ConcatenatedString):
        raise FixError("implicitly concatenated f-strings")
    elif isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Modulo) \
            and isinstance(_template(out.ctx, value.left), str):
        _percent(out, _template(out.ctx, value.left), value.right)  # type: ignore[arg-type]
    elif isinstance(value, cst.Call) and isinstance(value.func, cst.Attribute) and value.func.attr.value == "format" \
            and isinstance(_template(out.ctx, value.func.value), str):
        _str_format(out, _template(out.ctx, value.func.value), value.args)  # type: ignore[arg-type]
    elif _text_of(value) and _normal(out.ctx.code(value.args[0].value)) in out.text_of:  # type: ignore[attr-defined]
        out.field(value.args[0].value, _CONVERSIONS[value.func.value])  # type: ignore[attr-defined]
    elif isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.Add) and _concatenates_text(value) \
            and out.text_of:
        _piece(out, value.left)
        _piece(out, value.right)
    else:
        out.field(value)


# `str(x)`, `repr(x)`, `ascii(x)` as the conversion of a field: `{x}`, `{x!r}`, `{x!a}`.
_CONVERSIONS = {"str": None, "repr": "r", "ascii": "a"}


def _normal(code: str) -> str:
    return ast.unparse(ast.parse(code.strip(), mode="eval"))


def _text_of(value: cst.BaseExpression) -> bool:
    return isinstance(value, cst.Call) and isinstance(value.func, cst.Name) and value.func.value in _CONVERSIONS \
        and len(value.args) == 1 and value.args[0].keyword is None and not value.args[0].star


def _concatenates_text(value: cst.BinaryOperation) -> bool:
    """`a + b` where a side is surely a string: a literal, an f-string or a text conversion."""
    return any(isinstance(side, (cst.SimpleString, cst.ConcatenatedString, cst.FormattedString)) or _text_of(side)
               or isinstance(side, cst.BinaryOperation) and isinstance(side.operator, cst.Add)
               and _concatenates_text(side) for side in (value.left, value.right))


def _template(ctx: Context, node: cst.BaseExpression) -> object:
    """The text of a plain string literal, else None."""
    if not isinstance(node, (cst.SimpleString, cst.ConcatenatedString)):
        return None
    try:
        return _evaluate(ctx, node)
    except (ValueError, SyntaxError):
        return None


def _percent(out: _Format, template: str, right: cst.BaseExpression) -> None:
    """`"loss %.3f" % x` as fields: `{:.3f}` with `x`."""
    values = [e.value for e in right.elements] if isinstance(right, cst.Tuple) else [right]
    if isinstance(right, cst.Tuple) and any(isinstance(e, cst.StarredElement) for e in right.elements):
        raise FixError("a starred %-format argument")
    used, position = 0, 0
    for found in _PERCENT.finditer(template):
        out.literal(template[position:found.start()])
        position = found.end()
        kind = found["type"]
        if kind == "%" and found.group(0) == "%%":
            out.literal("%")
            continue
        if found["key"] or "*" in (found["width"] or "") + (found["precision"] or "") or used >= len(values):
            raise FixError("a %-format that fields cannot say")
        if kind in "sra":  # the text of the value, padded or cut: `%-8s` → `{x!s:<8}`, `%.3r` → `{x!r:.3}`
            width = f"{'<' if '-' in found['flags'] else '>'}{found['width']}" if found["width"] else ""
            precision = f".{found['precision']}" if found["precision"] is not None else ""
            conversion = None if kind == "s" and not (width or precision) else kind
            out.field(values[used], conversion, width + precision)
        elif kind in _FLOAT_TYPES:
            flags = found["flags"]
            align = "<" if "-" in flags else ""
            sign = "+" if "+" in flags else " " if " " in flags else ""
            zero = "0" if "0" in flags and not align else ""
            precision = f".{found['precision']}" if found["precision"] is not None else ""
            out.field(values[used], None, f"{align}{sign}{'#' if '#' in flags else ''}{zero}{found['width'] or ''}"
                                          f"{precision}{kind}")
        else:
            raise FixError(f"`%{kind}` has no equivalent field")
        used += 1
    out.literal(template[position:])
    if used != len(values):
        raise FixError("a %-format with a different number of values")


def _str_format(out: _Format, template: str, args: Sequence[cst.Arg]) -> None:
    """`"loss {:.3f}".format(x)` as fields of the whole format."""
    if any(a.star for a in args):
        raise FixError("starred .format() arguments")
    positional = [a.value for a in args if a.keyword is None]
    named = {a.keyword.value: a.value for a in args if a.keyword is not None}
    automatic = 0
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        raise FixError("not a valid format string") from None
    for text, name, spec, conversion in parsed:
        out.literal(text)
        if name is None:
            continue
        if name == "":
            name, automatic = str(automatic), automatic + 1
        if "{" in (spec or ""):
            raise FixError("a format spec with nested fields")
        if name.isdigit() and int(name) < len(positional):
            out.field(positional[int(name)], conversion, spec or "")
        elif name in named:
            out.field(named[name], conversion, spec or "")
        else:
            raise FixError("a format field with an attribute, an index or no value")


def _fstring(out: _Format, value: cst.FormattedString) -> None:
    prefix = value.start.rstrip("'\"").lower().replace("f", "")
    for part in value.parts:
        if isinstance(part, cst.FormattedStringText):
            # The text of an f-string already doubles its literal braces, as a format string does.
            out.text += ast.literal_eval(f"{prefix}{value.end}{part.value}{value.end}")
            continue
        spec = ""
        for spec_part in part.format_spec or []:
            if not isinstance(spec_part, cst.FormattedStringText):
                raise FixError("a format spec with nested fields")
            spec += spec_part.value
        conversion = part.conversion
        if part.equal is not None:  # f"{x=}" prints the expression text, then its repr
            out.literal(out.ctx.code(part.whitespace_before_expression) + out.ctx.code(part.expression)
                        + out.ctx.code(part.whitespace_after_expression) + "=")
            conversion = conversion or (None if spec else "r")
        out.field(part.expression, conversion, spec)


def _literal(node: cst.BaseExpression | None, default: str) -> str:
    if node is None or (isinstance(node, cst.Name) and node.value == "None"):
        return default
    try:
        value = ast.literal_eval(cst.Module([]).code_for_node(node))
    except (ValueError, SyntaxError):
        raise FixError("`sep`/`end` is not a string literal") from None
    if not isinstance(value, str):
        raise FixError("`sep`/`end` is not a string literal")
    return value


def _evaluate(ctx: Context, node: cst.BaseExpression) -> object:
    return ast.literal_eval(ctx.code(node).strip())


def _string(text: str, quote: str) -> str:
    body = repr(text)[1:-1]
    if quote == '"':
        body = body.replace("\\'", "'")
    return f"{quote}{body}{quote}"
