"""JAX106: `print(...)` → `jax.debug.print("format", *args, **kwargs)` with the same output; values
interpolated into a format at trace time (f-string, `%`, `.format`) become fields of it. Built on
the module's `ast` (fixes/text_context.py): the call is replaced, nothing else is read."""

from __future__ import annotations

import ast
import re
import string

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ensure_module
from jaxlint.fixes.text_context import TextContext

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

    def __init__(self, ctx: TextContext, finding: Finding) -> None:
        self.ctx = ctx
        # The traced values whose text (`str(loss)`) becomes a field (`{loss}`), as the check found them.
        self.text_of = frozenset((finding.fix_data or {}).get("text_of", ()))
        self.text = ""
        self.args: list[str] = []
        self.kwargs: dict[str, str] = {}

    def literal(self, value: str) -> None:
        self.text += value.replace("{", "{{").replace("}", "}}")

    def field(self, expr: ast.expr, conversion: str | None = None, spec: str = "") -> None:
        code = _code(self.ctx, expr)
        suffix = (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        if isinstance(expr, ast.Name) and expr.id not in _RESERVED and self.kwargs.get(expr.id, code) == code:
            self.kwargs[expr.id] = code
            self.text += "{" + expr.id + suffix + "}"
        else:
            self.args.append(code)
            self.text += "{" + suffix + "}"


def _code(ctx: TextContext, expr: ast.expr) -> str:
    """The code of `expr` as written; in an f-string, where Python before 3.12 may place its
    expressions wrongly, as `ast` writes it when what lies at its place is another expression."""
    code = ctx.source(expr)
    try:
        same = ast.dump(ast.parse(code.strip(), mode="eval").body) == ast.dump(expr)
    except SyntaxError:
        same = False
    return code if same else ast.unparse(expr)


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    call = ctx.at(finding, ast.Call)
    if (finding.fix_data or {}).get("interpolated"):
        return _placeholders(ctx, call, finding)
    keywords = {k.arg: k.value for k in call.keywords if k.arg is not None}
    if any(k.arg is None for k in call.keywords) or any(isinstance(a, ast.Starred) for a in call.args):
        raise FixError("starred print arguments")
    if set(keywords) - {"sep", "end", "flush"}:
        raise FixError("print with `file=` or unknown keywords")
    sep, end = _literal(keywords.get("sep"), " "), _literal(keywords.get("end"), "\n")
    if not end.endswith("\n"):
        raise FixError("jax.debug.print always ends the line")
    out = _Format(ctx, finding)
    for number, arg in enumerate(call.args):
        if number:
            out.literal(sep)
        _piece(out, arg)
    out.literal(end[:-1])
    _lead_with_field(out)
    jax, edits = ensure_module(ctx, "jax")
    quote = '"' if '"' not in out.text else "'"
    arguments = [_string(out.text, quote), *out.args, *(f"{k}={v}" for k, v in out.kwargs.items())]
    edits.append(ctx.replace(call, f"{jax}.debug.print({', '.join(arguments)})"))
    return edits


def _placeholders(ctx: TextContext, call: ast.Call, finding: Finding) -> list[Edit]:
    """`jax.debug.print(f"loss {loss}")` → `jax.debug.print("loss {loss}", loss=loss)`: the values
    are formatted on the host at run time, not as tracers at trace time."""
    fmt = [*call.args, *(k.value for k in call.keywords if k.arg == "fmt")]
    rest = [k for k in call.keywords if k.arg != "fmt"]
    if len(fmt) != 1 or isinstance(fmt[0], ast.Starred) or any(k.arg != "ordered" for k in rest):
        raise FixError("jax.debug.print with arguments besides the format string")
    out = _Format(ctx, finding)
    _piece(out, fmt[0])
    _lead_with_field(out)
    quote = '"' if '"' not in out.text else "'"
    arguments = [_string(out.text, quote), *out.args, *(f"{k}={v}" for k, v in out.kwargs.items()),
                 *(f"{k.arg}={ctx.source(k.value)}" for k in rest)]
    return [ctx.replace(call, f"{ctx.source(call.func)}({', '.join(arguments)})")]


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


def _piece(out: _Format, value: ast.expr) -> None:
    if isinstance(value, ast.JoinedStr):
        _fstring(out, value)
    elif isinstance(_template(value), str):
        out.literal(value.value)  # type: ignore[attr-defined]
    elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.Mod) and isinstance(_template(value.left), str):
        _percent(out, value.left.value, value.right)  # type: ignore[attr-defined]
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr == "format" \
            and isinstance(_template(value.func.value), str):
        _str_format(out, value.func.value.value, value)  # type: ignore[attr-defined]
    elif _text_of(value) and ast.unparse(value.args[0]) in out.text_of:  # type: ignore[attr-defined]
        out.field(value.args[0], _CONVERSIONS[value.func.id])  # type: ignore[attr-defined]
    elif isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add) and _concatenates_text(value) \
            and out.text_of:
        _piece(out, value.left)
        _piece(out, value.right)
    else:
        out.field(value)


# `str(x)`, `repr(x)`, `ascii(x)` as the conversion of a field: `{x}`, `{x!r}`, `{x!a}`.
_CONVERSIONS = {"str": None, "repr": "r", "ascii": "a"}


def _text_of(value: ast.expr) -> bool:
    return isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in _CONVERSIONS \
        and len(value.args) == 1 and not value.keywords and not isinstance(value.args[0], ast.Starred)


def _concatenates_text(value: ast.BinOp) -> bool:
    """`a + b` where a side is surely a string: a literal, an f-string or a text conversion."""
    return any(_template(side) is not None or isinstance(side, ast.JoinedStr) or _text_of(side)
               or isinstance(side, ast.BinOp) and isinstance(side.op, ast.Add)
               and _concatenates_text(side) for side in (value.left, value.right))


def _template(node: ast.expr) -> object:
    """The value of a string (or bytes) literal, else None."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, (str, bytes)) else None


def _percent(out: _Format, template: str, right: ast.expr) -> None:
    """`"loss %.3f" % x` as fields: `{:.3f}` with `x`."""
    values = list(right.elts) if isinstance(right, ast.Tuple) else [right]
    if any(isinstance(v, ast.Starred) for v in values):
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


def _str_format(out: _Format, template: str, call: ast.Call) -> None:
    """`"loss {:.3f}".format(x)` as fields of the whole format."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        raise FixError("starred .format() arguments")
    positional = call.args
    named = {k.arg: k.value for k in call.keywords}
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


def _fstring(out: _Format, value: ast.JoinedStr) -> None:
    """An f-string's text and fields. `ast` reads `f"{x=}"` as the text `x=` and the field `{x!r}`
    (`{x}` with a spec), which is what jax.debug.print must print too."""
    for part in value.values:
        if isinstance(part, ast.Constant):
            out.literal(part.value)
            continue
        assert isinstance(part, ast.FormattedValue)
        spec = ""
        for spec_part in part.format_spec.values if part.format_spec is not None else ():
            if not isinstance(spec_part, ast.Constant):
                raise FixError("a format spec with nested fields")
            spec += spec_part.value
        out.field(part.value, chr(part.conversion) if part.conversion != -1 else None, spec)


def _literal(node: ast.expr | None, default: str) -> str:
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return default
    try:
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        raise FixError("`sep`/`end` is not a string literal") from None
    if not isinstance(value, str):
        raise FixError("`sep`/`end` is not a string literal")
    return value


def _string(text: str, quote: str) -> str:
    body = repr(text)[1:-1]
    if quote == '"':
        body = body.replace("\\'", "'")
    return f"{quote}{body}{quote}"
