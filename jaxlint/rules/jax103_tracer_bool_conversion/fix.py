"""JAX103: safe — mark the parameters static (`static_argnames`); unsafe — `jnp.where`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes import static_argnames
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.imports import ensure_module

WHOLE_MODULE = True  # fix A edits the jit call of the function, wherever it is


def message(finding: Finding) -> str:
    if finding.fixable == "safe":
        return static_argnames.message(finding)
    if (finding.fix_data or {}).get("where") == "loop":
        return "Replace with `jax.lax.while_loop`"
    return "Replace with `jnp.where`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    operand = ctx.at(finding, cst.BaseExpression)  # type: ignore[type-abstract]
    if finding.fixable == "safe":
        return static_argnames.build(ctx, finding, operand)
    data = finding.fix_data or {}
    if data.get("where") == "loop":
        return _while_loop(ctx, operand, list(data.get("carry") or ()))
    return _where(ctx, operand, data.get("where"), data.get("from_line"))


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
