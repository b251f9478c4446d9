"""JAX106: `print(...)` → `jax.debug.print("format", *args, **kwargs)` with the same output."""

from __future__ import annotations

import ast

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.imports import ensure_module

_RESERVED = frozenset(("fmt", "ordered", "partitioned"))  # parameters of jax.debug.print itself


def message(finding: Finding) -> str:
    return "Replace with `jax.debug.print`"


class _Format:
    """The format string and arguments built up piece by piece."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
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
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    if set(keywords) - {"sep", "end", "flush"}:
        raise FixError("print with `file=` or unknown keywords")
    sep, end = _literal(keywords.get("sep"), " "), _literal(keywords.get("end"), "\n")
    if not end.endswith("\n"):
        raise FixError("jax.debug.print always ends the line")
    out = _Format(ctx)
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
    else:
        out.field(value)


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
