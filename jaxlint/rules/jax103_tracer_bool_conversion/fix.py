"""JAX103: safe — mark the parameters static (`static_argnames`); unsafe — `jnp.where`."""

from __future__ import annotations

import ast

import libcst as cst

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes.context import Context, FixError, append_argument, dotted
from jaxlint.fixes.imports import ensure_module, imported_name, module_alias
from jaxlint.fixes.scoping import resolves_to, scope_of

WHOLE_MODULE = True  # fix A edits the jit call of the function, wherever it is


def message(finding: Finding) -> str:
    if finding.fixable == "safe":
        entry = (finding.fix_data or {}).get("entry")
        of = f" of `{entry}`" if entry and entry != (finding.function or "").rsplit(".", 1)[-1] else ""
        return "Add " + ", ".join(f"`{p}`" for p in _params(finding)) + f" to `static_argnames`{of}"
    if (finding.fix_data or {}).get("where") == "loop":
        return "Replace with `jax.lax.while_loop`"
    return "Replace with `jnp.where`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    operand = ctx.at(finding, cst.BaseExpression)  # type: ignore[type-abstract]
    if finding.fixable == "safe":
        return _static(ctx, _entry(ctx, operand, finding), _params(finding))
    data = finding.fix_data or {}
    if data.get("where") == "loop":
        return _while_loop(ctx, operand, list(data.get("carry") or ()))
    return _where(ctx, operand, data.get("where"), data.get("from_line"))


def _params(finding: Finding) -> list[str]:
    params = (finding.fix_data or {}).get("params")
    if not params:
        raise FixError("the rule named no parameters")
    return list(params)


# --- fix A: static_argnames ---------------------------------------------------------------


def _entry(ctx: Context, operand: cst.BaseExpression, finding: Finding) -> cst.FunctionDef:
    """The jit-compiled function whose parameters become static: the finding's own, or the one
    (named with its row by the rule) that passes them on to it."""
    data = finding.fix_data or {}
    if data.get("entry") in (None, (finding.function or "").rsplit(".", 1)[-1]):
        return ctx.function_of(operand, finding)
    for node in ctx.positions:
        if isinstance(node, cst.FunctionDef) and node.name.value == data["entry"] \
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
    calls = [c for c in ctx.positions if isinstance(c, cst.Call) and _is_jit(c.func) and c.args
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
    return any(isinstance(n, cst.Decorator) and isinstance(n.decorator, cst.Call) and _is_jit(n.decorator.func)
               and n.decorator.args[:1] != [] and all(a.keyword is not None for a in n.decorator.args)
               for n in ctx.positions)


# --- fix B: jnp.where -----------------------------------------------------------------------
# The check says which form keeps the meaning (`fix_data["where"]`, see checks/where_arms.py);
# the builder finds that form in the code, or gives up.


def _where(ctx: Context, operand: cst.BaseExpression, form: str | None, from_line: int | None = None) -> list[Edit]:
    child: cst.BaseExpression = operand
    while isinstance(ctx.parents.get(child), (cst.BooleanOperation, cst.UnaryOperation)):
        child = ctx.parents[child]  # type: ignore[assignment]
    parent = ctx.parents.get(child)
    jnp, edits = ensure_module(ctx, "jax.numpy", "jnp")
    if form == "expression" and isinstance(parent, cst.IfExp) and parent.test is child:
        return [*edits, ctx.replace(parent, _selection(ctx, jnp, [parent.test], [parent.body, parent.orelse]))]
    if form in ("return", "assign") and isinstance(parent, cst.If) and parent.test is child:
        return [*edits, _chain(ctx, jnp, parent, form, from_line)]
    if form == "truth" and child is not operand:
        return [*edits, ctx.replace(child, _condition(ctx, child, jnp))]
    if form == "select" and isinstance(child, cst.BooleanOperation):  # x or y → where(x, x, y)
        left, right = ctx.code(child.left), ctx.code(child.right)
        arms = (left, right) if isinstance(child.operator, cst.Or) else (right, left)
        return [*edits, ctx.replace(child, f"{jnp}.where({left}, {arms[0]}, {arms[1]})")]
    raise FixError("no conditional expression, truth operator or if/elif chain that `jnp.where` can replace")


def _chain(ctx: Context, jnp: str, statement: cst.If, form: str, from_line: int | None) -> Edit:
    """`if c1: return a / elif c2: return b / else: return d` → `return jnp.where(c1, a, jnp.where(c2, b, d))`;
    without `else`, the `return` after the chain, or (assignments) the name's current value.
    With `from_line`, the chain's head up to that test stays, and the `elif` there becomes `else:`."""
    head = top = statement
    while isinstance(ctx.parents.get(head), cst.If) and ctx.parents[head].orelse is head:  # type: ignore[attr-defined]
        head = ctx.parents[head]  # type: ignore[assignment]
        if from_line is None or ctx.positions[top.test].start.line != from_line:
            top = head
    if from_line is not None and (top is head or ctx.positions[top.test].start.line != from_line):
        raise FixError("the traced part of the chain is not an `elif`")
    tests, blocks, node = [], [], top
    while True:
        tests.append(node.test)
        blocks.append(node.body)
        if not isinstance(node.orelse, cst.If):
            break
        node = node.orelse
    final = node.orelse.body if isinstance(node.orelse, cst.Else) else None
    last: cst.CSTNode = top
    if form == "return":
        values = [_single_return(b) for b in blocks]
        if final is not None:
            values.append(_single_return(final))
        else:
            last = _following(ctx, head)
            values.append(_single_return(last))  # type: ignore[arg-type]
        text = "return " + _selection(ctx, jnp, tests, values, bare=True)
    else:
        assigned = [_single_assignment(b) for b in blocks + ([final] if final is not None else [])]
        targets = {target for target, _ in assigned}
        if len(targets) != 1:
            raise FixError("the arms assign different names")
        target = targets.pop()
        values = [value for _, value in assigned] + ([] if final is not None else [cst.Name(target)])
        text = f"{target} = " + _selection(ctx, jnp, tests, values, bare=True)
    start, end = ctx.positions[top].start, ctx.positions[last if from_line is None else top].end
    if from_line is not None:  # `elif c: ...` → `else:` and the selection in its block
        body = ctx.positions[top.body.body[0]].start  # type: ignore[attr-defined]
        text = f"else:\n{ctx.line(body.line)[: body.column]}{text}"
    return Edit(text, Location(start.line, start.column + 1), Location(end.line, end.column + 1))


def _following(ctx: Context, statement: cst.CSTNode) -> cst.CSTNode:
    block = ctx.parents.get(statement)
    body = list(getattr(block, "body", ()))
    index = next((i for i, s in enumerate(body) if s is statement), len(body))
    if index + 1 >= len(body):
        raise FixError("no statement after the `if`")
    return body[index + 1]


def _selection(ctx: Context, jnp: str, tests: list[cst.BaseExpression], arms: list[cst.BaseExpression],
               *, bare: bool = False) -> str:
    """`jnp.where(c1, a1, jnp.where(c2, a2, a3))`; tuple arms element by element (parenthesized
    unless `bare`: a `return`/assignment value)."""
    if not all(isinstance(a, cst.Tuple) for a in arms):
        if any(isinstance(a, (cst.Tuple, cst.List, cst.Dict, cst.Set, cst.BaseString)) for a in arms):
            raise FixError("an arm is not an array")
        return _nested(ctx, jnp, tests, arms)
    widths = {len(a.elements) for a in arms}  # type: ignore[attr-defined]
    if len(widths) != 1 or widths == {0} or any(isinstance(e, cst.StarredElement)
                                                for a in arms for e in a.elements):  # type: ignore[attr-defined]
        raise FixError("tuple arms of different lengths")
    width = widths.pop()
    parts = [_nested(ctx, jnp, tests, [a.elements[i].value for a in arms]) for i in range(width)]  # type: ignore[attr-defined]
    text = ", ".join(parts) + ("," if width == 1 else "")
    return text if bare and width > 1 else f"({text})"


def _nested(ctx: Context, jnp: str, tests: list[cst.BaseExpression], values: list[cst.BaseExpression]) -> str:
    text = ctx.code(values[-1])
    for test, value in zip(reversed(tests), reversed(values[:-1])):
        text = f"{jnp}.where({_condition(ctx, test, jnp)}, {ctx.code(value)}, {text})"
    return text


def _single_assignment(block: cst.BaseSuite) -> tuple[str, cst.BaseExpression]:
    lines = block.body if isinstance(block, cst.IndentedBlock) else [block]
    if len(lines) == 1 and isinstance(lines[0], (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
        small = lines[0].body
        if len(small) == 1 and isinstance(small[0], cst.Assign) and len(small[0].targets) == 1:
            target = small[0].targets[0].target
            if isinstance(target, cst.Name):
                return target.value, small[0].value
    raise FixError("an arm is not a single `name = value`")


def _single_return(block: cst.BaseSuite | cst.CSTNode) -> cst.BaseExpression:
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


# --- the `while` form: jax.lax.while_loop -----------------------------------------------------


def _while_loop(ctx: Context, operand: cst.BaseExpression, carry: list[str]) -> list[Edit]:
    """`while c: x = f(x)` → `x = jax.lax.while_loop(lambda x: c, lambda x: f(x), x)`; a longer
    body, or several carried names, become local `cond_fun`/`body_fun` functions over a tuple."""
    loop = ctx.enclosing(operand, cst.While)
    if not carry or loop.orelse is not None or not isinstance(loop.body, cst.IndentedBlock):
        raise FixError("not a loop the rule can carry")
    lax, edits = ensure_module(ctx, "jax.lax")
    jnp, more = ensure_module(ctx, "jax.numpy", "jnp") if _needs_jnp(loop.test) else ("jnp", [])
    test = _condition(ctx, loop.test, jnp)  # `and`/`or`/`not` of arrays: jnp.logical_*
    edits += more
    where = ctx.positions[loop]
    indent = ctx.line(where.start.line)[: where.start.column]
    names = ", ".join(carry)
    statements = loop.body.body
    if len(carry) == 1 and len(statements) == 1:
        update = _single_update(ctx, statements[0], carry[0])
        if update is not None:
            text = f"{carry[0]} = {lax}.while_loop(lambda {carry[0]}: {test}, lambda {carry[0]}: {update}, {carry[0]})"
            return [*edits, ctx.replace(loop, text)]
    cond, body = ctx.fresh("cond_fun"), ctx.fresh("body_fun")
    state = carry[0] if len(carry) == 1 else ctx.fresh("state", set(carry))
    unpack = [] if len(carry) == 1 else [f"{names} = {state}"]
    inner = indent + " " * 4
    body_lines = _block_text(ctx, loop.body, inner)
    lines = [f"def {cond}({state}):", *(inner + u for u in unpack), f"{inner}return {test}", "",
             f"{indent}def {body}({state}):", *(inner + u for u in unpack), *body_lines,
             f"{inner}return {names}", "",
             f"{indent}{names} = {lax}.while_loop({cond}, {body}, {names if len(carry) == 1 else '(' + names + ')'})"]
    return [*edits, ctx.replace(loop, "\n".join(line.rstrip() if line.strip() else "" for line in lines))]


def _needs_jnp(test: cst.BaseExpression) -> bool:
    return isinstance(test, cst.BooleanOperation) or isinstance(test, cst.UnaryOperation) \
        and isinstance(test.operator, cst.Not)


def _single_update(ctx: Context, statement: cst.BaseStatement, name: str) -> str | None:
    """The new value of `name` from the loop's one statement, as an expression."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    small = statement.body[0]
    if isinstance(small, cst.Assign) and len(small.targets) == 1:
        return ctx.code(small.value)
    if isinstance(small, cst.AugAssign):
        operator = ctx.code(small.operator).strip().rstrip("=")
        value = small.value
        text = ctx.code(value)
        atomic = isinstance(value, (cst.Name, cst.Attribute, cst.Integer, cst.Float, cst.Call, cst.Subscript))
        return f"{name} {operator} {text if atomic else '(' + text + ')'}"
    return None


def _block_text(ctx: Context, block: cst.IndentedBlock, indent: str) -> list[str]:
    """The block's lines (comments kept), re-indented to `indent`."""
    header = ctx.enclosing(block.body[0], cst.While)
    first, last = ctx.positions[header.test].end.line + 1, ctx.positions[block.body[-1]].end.line
    lines = [ctx.line(row) for row in range(first, last + 1)]
    depth = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return [indent + line[depth:] if line.strip() else "" for line in lines]
