"""Mark parameters static: add them to the `static_argnames` of the jit that compiles their function
(the decorator, `partial(jax.jit, ...)`, or a `jax.jit(f, ...)` call), for the rules whose finding
a static parameter wholly causes (JAX103, JAX108). The check names the parameters and the function
(`fix_data`: "params", "entry", "function"). Built on the module's `ast` (fixes/text_context.py):
only tokens are inserted, and a file where every function has such a finding needs no libcst."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ensure_module, imported_name, module_alias
from jaxlint.fixes.text_context import TextContext, first_argument
from jaxlint.fixes.text_scoping import Function, resolves_to, scope_of
from jaxlint.written import dotted


def message(finding: Finding) -> str:
    entry = (finding.fix_data or {}).get("entry")
    of = f" of `{entry}`" if entry and entry != (finding.function or "").rsplit(".", 1)[-1] else ""
    return "Add " + ", ".join(f"`{p}`" for p in _params(finding)) + f" to `static_argnames`{of}"


def build(ctx: TextContext, finding: Finding, at: ast.AST) -> list[Edit]:
    """The edits for the finding whose node is `at`."""
    return _static(ctx, _entry(ctx, at, finding), _params(finding))


def _params(finding: Finding) -> list[str]:
    params = (finding.fix_data or {}).get("params")
    if not params:
        raise FixError("the rule named no parameters")
    return list(params)


def _entry(ctx: TextContext, operand: ast.AST, finding: Finding) -> Function:
    """The jit-compiled function whose parameters become static: the finding's own, or the one
    (named with its row by the rule) that passes them on to it."""
    data = finding.fix_data or {}
    if data.get("entry") in (None, (finding.function or "").rsplit(".", 1)[-1]):
        return ctx.function_of(operand, finding)
    for node in [*ctx.of_kind(ast.FunctionDef), *ctx.of_kind(ast.AsyncFunctionDef)]:
        if node.name == data["entry"] and node.lineno == data.get("function"):
            return node
    raise FixError("the jit-compiled function was not found")


def _is_jit(node: ast.AST) -> bool:
    name = dotted(node)
    return name is not None and name.rsplit(".", 1)[-1] in ("jit", "pjit")


def _is_partial_jit(call: ast.Call) -> bool:
    name = dotted(call.func) or ""
    return name.rsplit(".", 1)[-1] == "partial" and bool(call.args) and _is_jit(call.args[0])


def _static(ctx: TextContext, function: Function, params: list[str]) -> list[Edit]:
    for expr in function.decorator_list:
        if isinstance(expr, ast.Call) and (_is_jit(expr.func) or _is_partial_jit(expr)):
            return _merge(ctx, expr, function, params)
        if _is_jit(expr):
            return _wrap(ctx, expr, params)
    calls = [c for c in _jit_calls(ctx).get(function.name, ()) if _names_function(ctx, first_argument(c), function)]
    if not calls:
        raise FixError("no `jax.jit` application of the function found")
    return [edit for call in calls for edit in _merge(ctx, call, function, params)]


def _jit_calls(ctx: TextContext) -> dict[str, list[ast.Call]]:
    """The module's `jax.jit(f, ...)` calls by the last name of what they compile (`f`, `Cls.f`),
    found once for all its findings."""
    if "jit calls" not in ctx.answers:
        found: dict[str, list[ast.Call]] = {}
        for call in ctx.of_kind(ast.Call):
            first = first_argument(call)
            if first is not None and _is_jit(call.func):
                found.setdefault((dotted(first) or "").rsplit(".", 1)[-1], []).append(call)
        ctx.answers["jit calls"] = found
    return ctx.answers["jit calls"]  # type: ignore[return-value]


def _names_function(ctx: TextContext, node: ast.expr, function: Function) -> bool:
    """`f` meaning this very function (not another function's local `f`), or `Cls.f`."""
    if isinstance(node, ast.Name):
        return node.id == function.name and resolves_to(ctx, node, node.id, scope_of(ctx, function))
    return (dotted(node) or "").rsplit(".", 1)[-1] == function.name


def _tuple(items: list, quote: str = '"') -> str:
    text = [f"{quote}{i}{quote}" if isinstance(i, str) else str(i) for i in items]
    return "(" + ", ".join(text) + ("," if len(items) == 1 else "") + ")"


def _names(params: list[str]) -> str:
    return _tuple(params)


def _merge(ctx: TextContext, call: ast.Call, function: Function, params: list[str]) -> list[Edit]:
    """Add the parameters to the call's `static_argnames=` (or add that keyword). When the call
    already has `static_argnums`, add their positions there too: given both, jax.jit infers
    neither from the other, so a parameter passed by position is static only through its number."""
    keywords = {k.arg: k for k in call.keywords if k.arg is not None}
    edits = []
    if "static_argnums" in keywords:
        positional = [a.arg for a in (*function.args.posonlyargs, *function.args.args)]
        numbers = [positional.index(p) for p in params if p in positional]
        edits.append(_extend(ctx, keywords["static_argnums"], numbers, int))
        if "static_argnames" not in keywords and len(numbers) == len(params):
            return edits
    if "static_argnames" in keywords:
        return [*edits, _extend(ctx, keywords["static_argnames"], params, str)]
    return [*edits, ctx.append_argument(call, f"static_argnames={_names(params)}")]


def _extend(ctx: TextContext, keyword: ast.keyword, items: list, kind: type) -> Edit:
    value = keyword.value
    existing = _literals(value, kind)
    quote = ctx.source(value).lstrip("([")[:1]
    text = _tuple(existing + [i for i in items if i not in existing], quote if quote in "'\"" else '"')
    # A parenthesized value keeps its own parentheses: a tuple's are within its range, others' lie
    # between the keyword's `=` and the value.
    parenthesized = "(" in ctx.source_between(ctx.start(keyword), ctx.start(value))
    return ctx.replace(value, text[1:-1] if parenthesized else text)


def _literals(node: ast.expr, kind: type) -> list:
    try:
        value = ast.literal_eval(node)
    except (ValueError, SyntaxError, TypeError):
        raise FixError("a `static_arg...` value that is not a literal") from None
    values = list(value) if isinstance(value, (tuple, list)) else [value]
    if not all(isinstance(v, kind) and not isinstance(v, bool) for v in values):
        raise FixError("a `static_arg...` value that is not a literal")
    return values


def _wrap(ctx: TextContext, jit: ast.expr, params: list[str]) -> list[Edit]:
    """`@jax.jit` → `@partial(jax.jit, static_argnames=(...))` (or `@jax.jit(static_argnames=...)`
    when that is the form the file already uses)."""
    keyword = f"static_argnames={_names(params)}"
    if _uses_factory_form(ctx):
        return [ctx.replace(jit, f"{ctx.source(jit)}({keyword})")]
    partial = imported_name(ctx, "functools", "partial")
    edits: list[Edit] = []
    if partial is None:
        functools = module_alias(ctx, "functools")
        if functools is not None:
            partial = f"{functools}.partial"
        elif "partial" in ctx.names():
            functools, edits = ensure_module(ctx, "functools")
            partial = f"{functools}.partial"
        else:
            from jaxlint.fixes.imports import add_import

            partial, edits = "partial", [add_import(ctx, "from functools import partial")]
    return [*edits, ctx.replace(jit, f"{partial}({ctx.source(jit)}, {keyword})")]


def _uses_factory_form(ctx: TextContext) -> bool:
    """Whether the module writes `@jax.jit(static_argnames=...)` (asked once per module)."""
    if "jit factory form" not in ctx.answers:
        decorated = [*ctx.of_kind(ast.FunctionDef), *ctx.of_kind(ast.AsyncFunctionDef), *ctx.of_kind(ast.ClassDef)]
        ctx.answers["jit factory form"] = any(
            isinstance(d, ast.Call) and _is_jit(d.func) and not d.args and d.keywords
            and all(k.arg is not None for k in d.keywords) for n in decorated for d in n.decorator_list)
    return bool(ctx.answers["jit factory form"])
