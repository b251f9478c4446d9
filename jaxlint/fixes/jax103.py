"""JAX103: safe — mark the parameters static (`static_argnames`); unsafe — `jnp.where`."""

from __future__ import annotations

import ast

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError, append_argument, dotted
from jaxlint.fixes.imports import ensure_module, imported_name, module_alias


def message(finding: Finding) -> str:
    if finding.fixable == "safe":
        return "Add " + ", ".join(f"`{p}`" for p in _params(finding)) + " to `static_argnames`"
    return "Replace with `jnp.where`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    operand = ctx.at(finding, cst.BaseExpression)  # type: ignore[type-abstract]
    if finding.fixable == "safe":
        return _static(ctx, ctx.function_of(operand, finding), _params(finding))
    return _where(ctx, operand)


def _params(finding: Finding) -> list[str]:
    params = (finding.fix_data or {}).get("params")
    if not params:
        raise FixError("the rule named no parameters")
    return list(params)


# --- fix A: static_argnames ---------------------------------------------------------------


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
    calls = [c for c in ctx.positions if isinstance(c, cst.Call) and _is_jit(c.func) and c.args
             and (dotted(c.args[0].value) or "").rsplit(".", 1)[-1] == function.name.value]  # f, Cls.f
    if not calls:
        raise FixError("no `jax.jit` application of the function found")
    return [edit for call in calls for edit in _merge(ctx, call, function, params)]


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
    return any(isinstance(n, cst.Decorator) and isinstance(n.decorator, cst.Call) and _is_jit(n.decorator.func)
               and not n.decorator.args[:1] == [] and all(a.keyword is not None for a in n.decorator.args)
               for n in ctx.positions)


# --- fix B: jnp.where -----------------------------------------------------------------------


def _where(ctx: Context, operand: cst.BaseExpression) -> list[Edit]:
    child: cst.CSTNode = operand
    for parent in ctx.ancestors(operand):
        if isinstance(parent, cst.IfExp) and parent.test is child:
            jnp, edits = ensure_module(ctx, "jax.numpy", "jnp")
            where = f"{jnp}.where({_condition(ctx, parent.test, jnp)}, {ctx.code(parent.body)}, {ctx.code(parent.orelse)})"
            return [*edits, ctx.replace(parent, where)]
        if isinstance(parent, cst.If) and parent.test is child:
            return _if_return(ctx, parent) if _returns(parent) else _if_assign(ctx, parent)
        if not isinstance(parent, (cst.BooleanOperation, cst.UnaryOperation)):
            break
        child = parent
    if child is not operand and not isinstance(ctx.parents.get(child), (cst.While, cst.Assert)):
        jnp, edits = ensure_module(ctx, "jax.numpy", "jnp")  # `not x` / `x and y` as a value
        return [*edits, ctx.replace(child, _condition(ctx, child, jnp))]
    raise FixError("not a conditional expression, a truth operator or an if/else of returns or assignments")


def _returns(statement: cst.If) -> bool:
    try:
        _single_return(statement.body)
    except FixError:
        return False
    return True


def _if_assign(ctx: Context, statement: cst.If) -> list[Edit]:
    """`if c: x = a [else: x = b]` → `x = jnp.where(c, a, b)` (b defaults to x's current value)."""
    if isinstance(ctx.parents.get(statement), cst.If) or isinstance(statement.orelse, cst.If):
        raise FixError("`elif` chains are not rewritten")
    target, body = _single_assignment(statement.body)
    orelse = cst.Name(target)
    if isinstance(statement.orelse, cst.Else):
        other, orelse = _single_assignment(statement.orelse.body)
        if other != target:
            raise FixError("the arms assign different names")
    jnp, edits = ensure_module(ctx, "jax.numpy", "jnp")
    condition = _condition(ctx, statement.test, jnp)
    where = f"{target} = {jnp}.where({condition}, {ctx.code(body)}, {ctx.code(orelse)})"
    return [*edits, ctx.replace(statement, where)]


def _single_assignment(block: cst.BaseSuite) -> tuple[str, cst.BaseExpression]:
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    if len(lines) == 1 and isinstance(lines[0], (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        small = lines[0].body
        if len(small) == 1 and isinstance(small[0], cst.Assign) and len(small[0].targets) == 1:
            target = small[0].targets[0].target
            if isinstance(target, cst.Name):
                return target.value, small[0].value
    raise FixError("an arm is not a single `name = value`")


def _if_return(ctx: Context, statement: cst.If) -> list[Edit]:
    if isinstance(ctx.parents.get(statement), cst.If) or not isinstance(statement.orelse, cst.Else):
        raise FixError("`elif` chains are not rewritten")
    body, orelse = _single_return(statement.body), _single_return(statement.orelse.body)
    jnp, edits = ensure_module(ctx, "jax.numpy", "jnp")
    condition = _condition(ctx, statement.test, jnp)
    return [*edits, ctx.replace(statement, f"return {jnp}.where({condition}, {ctx.code(body)}, {ctx.code(orelse)})")]


def _single_return(block: cst.BaseSuite) -> cst.BaseExpression:
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    if len(lines) == 1 and isinstance(lines[0], (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        small = lines[0].body
        if len(small) == 1 and isinstance(small[0], cst.Return) and small[0].value is not None:
            return small[0].value
    raise FixError("an arm is not a single `return <value>`")


def _condition(ctx: Context, node: cst.BaseExpression, jnp: str) -> str:
    """A Python truth test as an array condition: `and`/`or`/`not` become `jnp.logical_*`."""
    if isinstance(node, cst.BooleanOperation):
        name = "logical_and" if isinstance(node.operator, cst.And) else "logical_or"
        return f"{jnp}.{name}({_condition(ctx, node.left, jnp)}, {_condition(ctx, node.right, jnp)})"
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, cst.Not):
        return f"{jnp}.logical_not({_condition(ctx, node.expression, jnp)})"
    return ctx.code(node)
