"""Mark parameters static: add them to the `static_argnames` of the jit that compiles their function
(the decorator, `partial(jax.jit, ...)`, or a `jax.jit(f, ...)` call), for the rules whose finding
a static parameter wholly causes (JAX103, JAX108). The check names the parameters and the function
(`fix_data`: "params", "entry", "function")."""

from __future__ import annotations

import ast

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError, append_argument, dotted
from jaxlint.fixes.imports import ensure_module, imported_name, module_alias
from jaxlint.fixes.scoping import resolves_to, scope_of


def message(finding: Finding) -> str:
    entry = (finding.fix_data or {}).get("entry")
    of = f" of `{entry}`" if entry and entry != (finding.function or "").rsplit(".", 1)[-1] else ""
    return "Add " + ", ".join(f"`{p}`" for p in _params(finding)) + f" to `static_argnames`{of}"


def build(ctx: Context, finding: Finding, at: cst.CSTNode) -> list[Edit]:
    """The edits for the finding whose node is `at`."""
    return _static(ctx, _entry(ctx, at, finding), _params(finding))


def _params(finding: Finding) -> list[str]:
    params = (finding.fix_data or {}).get("params")
    if not params:
        raise FixError("the rule named no parameters")
    return list(params)



def _entry(ctx: Context, operand: cst.CSTNode, finding: Finding) -> cst.FunctionDef:
    """The jit-compiled function whose parameters become static: the finding's own, or the one
    (named with its row by the rule) that passes them on to it."""
    data = finding.fix_data or {}
    if data.get("entry") in (None, (finding.function or "").rsplit(".", 1)[-1]):
        return ctx.function_of(operand, finding)
    for node in ctx.of_kind(cst.FunctionDef):
        if node.name.value == data["entry"] \
                and ctx.positions[node.name].start.line == data.get("function"):
            return node
    raise FixError("the jit-compiled function was not found")


def _is_jit(node: cst.BaseExpression) -> bool:
    name = dotted(node)
    return name is not None and name.rsplit(".", 1)[-1] in ("jit", "pjit")


def _is_partial_jit(call: cst.Call) -> bool:
    name = dotted(call.func) or ""
    return name.rsplit(".", 1)[-1] == "partial" and bool(call.args) and _is_jit(call.args[0].value)


def _static(ctx: Context, function: cst.FunctionDef, params: list[str]) -> list[Edit]:
    for decorator in function.decorators:
        expr = decorator.decorator
        if isinstance(expr, cst.Call) and (_is_jit(expr.func) or _is_partial_jit(expr)):
            return _merge(ctx, expr, function, params)
        if _is_jit(expr):
            return _wrap(ctx, expr, params)
    calls = [c for c in ctx.of_kind(cst.Call) if _is_jit(c.func) and c.args
             and _names_function(ctx, c.args[0].value, function)]
    if not calls:
        raise FixError("no `jax.jit` application of the function found")
    return [edit for call in calls for edit in _merge(ctx, call, function, params)]


def _names_function(ctx: Context, node: cst.BaseExpression, function: cst.FunctionDef) -> bool:
    """`f` meaning this very function (not another function's local `f`), or `Cls.f`."""
    if isinstance(node, cst.Name):
        return node.value == function.name.value and resolves_to(ctx, node, node.value, scope_of(ctx, function))
    return (dotted(node) or "").rsplit(".", 1)[-1] == function.name.value


def _tuple(items: list, quote: str = '"') -> str:
    text = [f"{quote}{i}{quote}" if isinstance(i, str) else str(i) for i in items]
    return "(" + ", ".join(text) + ("," if len(items) == 1 else "") + ")"


def _names(params: list[str]) -> str:
    return _tuple(params)


def _merge(ctx: Context, call: cst.Call, function: cst.FunctionDef, params: list[str]) -> list[Edit]:
    """Add the parameters to the call's `static_argnames=` (or add that keyword). When the call
    already has `static_argnums`, add their positions there too: given both, jax.jit infers
    neither from the other, so a parameter passed by position is static only through its number."""
    keywords = {a.keyword.value: a for a in call.args if a.keyword is not None}
    edits = []
    if "static_argnums" in keywords:
        positional = [p.name.value for p in (*function.params.posonly_params, *function.params.params)]
        numbers = [positional.index(p) for p in params if p in positional]
        edits.append(_extend(ctx, keywords["static_argnums"], numbers, int))
        if "static_argnames" not in keywords and len(numbers) == len(params):
            return edits
    if "static_argnames" in keywords:
        return [*edits, _extend(ctx, keywords["static_argnames"], params, str)]
    return [*edits, append_argument(ctx, call, f"static_argnames={_names(params)}")]


def _extend(ctx: Context, arg: cst.Arg, items: list, kind: type) -> Edit:
    existing = _literals(arg.value, kind)
    quote = ctx.code(arg.value).lstrip("([")[:1]
    text = _tuple(existing + [i for i in items if i not in existing], quote if quote in "'\"" else '"')
    # A parenthesized value keeps its own parentheses (they lie outside the node's range).
    return ctx.replace(arg.value, text[1:-1] if arg.value.lpar else text)


def _literals(node: cst.BaseExpression, kind: type) -> list:
    try:
        value = ast.literal_eval(cst.Module([]).code_for_node(node).strip())
    except (ValueError, SyntaxError):
        raise FixError("a `static_arg...` value that is not a literal") from None
    values = list(value) if isinstance(value, (tuple, list)) else [value]
    if not all(isinstance(v, kind) and not isinstance(v, bool) for v in values):
        raise FixError("a `static_arg...` value that is not a literal")
    return values


def _wrap(ctx: Context, jit: cst.BaseExpression, params: list[str]) -> list[Edit]:
    """`@jax.jit` → `@partial(jax.jit, static_argnames=(...))` (or `@jax.jit(static_argnames=...)`
    when that is the form the file already uses)."""
    keyword = f"static_argnames={_names(params)}"
    if _uses_factory_form(ctx):
        return [ctx.replace(jit, f"{ctx.code(jit)}({keyword})")]
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
    return [*edits, ctx.replace(jit, f"{partial}({ctx.code(jit)}, {keyword})")]


def _uses_factory_form(ctx: Context) -> bool:
    """Whether the module writes `@jax.jit(static_argnames=...)` (asked once per module)."""
    if "jit factory form" not in ctx.answers:
        ctx.answers["jit factory form"] = any(
            isinstance(n.decorator, cst.Call) and _is_jit(n.decorator.func) and n.decorator.args[:1] != []
            and all(a.keyword is not None for a in n.decorator.args) for n in ctx.of_kind(cst.Decorator))
    return bool(ctx.answers["jit factory form"])
