"""JAX103's unsafe fixes, built on the module's `ast` (fixes/text_context.py): the flagged truth
test's `if`/`elif` chain, conditional expression or truth operator becomes `jnp.where`; a `while`
loop becomes `jax.lax.while_loop`. The check says which form keeps the meaning (`fix_data["where"]`,
see rules/where_arms.py); the builder finds that form in the code, or gives up."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ensure_module
from jaxlint.fixes.text_context import TextContext

Arm = ast.expr | str  # a node of the module, or the code of a value it does not spell out


def rewrite(ctx: TextContext, finding: Finding) -> list[Edit]:
    operand = ctx.at(finding, ast.expr)
    data = finding.fix_data or {}
    if data.get("where") == "loop":
        return _while_loop(ctx, operand, list(data.get("carry") or ()))
    return _where(ctx, operand, data.get("where"), data.get("from_line"))


# --- jnp.where ---------------------------------------------------------------------------------


def _where(ctx: TextContext, operand: ast.expr, form: str | None, from_line: int | None = None) -> list[Edit]:
    child: ast.AST = operand
    while isinstance(ctx.parent(child), (ast.BoolOp, ast.UnaryOp)):
        child = ctx.parent(child)  # type: ignore[assignment]
    parent = ctx.parent(child)
    jnp, edits = ensure_module(ctx, "jax.numpy", "jnp")
    if form == "expression" and isinstance(parent, ast.IfExp) and parent.test is child:
        return [*edits, ctx.replace(parent, _selection(ctx, jnp, [parent.test], [parent.body, parent.orelse]))]
    if form in ("return", "assign") and isinstance(parent, ast.If) and parent.test is child:
        return [*edits, _chain(ctx, jnp, parent, form, from_line)]
    if form == "truth" and child is not operand:
        return [*edits, ctx.replace(child, _condition(ctx, child, jnp))]  # type: ignore[arg-type]
    if form == "select" and isinstance(child, ast.BoolOp):  # x or y → where(x, x, y)
        left, right = _operands(ctx, child)
        arms = (left, right) if isinstance(child.op, ast.Or) else (right, left)
        return [*edits, ctx.replace(child, f"{jnp}.where({left}, {arms[0]}, {arms[1]})")]
    raise FixError("no conditional expression, truth operator or if/elif chain that `jnp.where` can replace")


def _operands(ctx: TextContext, operation: ast.BoolOp) -> tuple[str, str]:
    """The code of the two sides of `a or b`; of `a or b or c`, `a or b` and `c` (Python groups them
    from the left)."""
    *left, right = operation.values
    return ctx.source_between(ctx.start(left[0]), ctx.end(left[-1])), ctx.source(right)


def _is_elif(ctx: TextContext, statement: ast.stmt) -> bool:
    """Whether an `if` in another's `orelse` is written `elif` (not `else:` holding an `if`)."""
    start = ctx.start(statement)
    return isinstance(statement, ast.If) and ctx.line(start.row)[start.column - 1:].startswith("elif")


def _elif_of(ctx: TextContext, statement: ast.If) -> ast.If | None:
    orelse = statement.orelse
    return orelse[0] if len(orelse) == 1 and _is_elif(ctx, orelse[0]) else None  # type: ignore[return-value]


def _chain(ctx: TextContext, jnp: str, statement: ast.If, form: str, from_line: int | None) -> Edit:
    """`if c1: return a / elif c2: return b / else: return d` → `return jnp.where(c1, a, jnp.where(c2, b, d))`;
    without `else`, the `return` after the chain, or (assignments) the name's current value.
    With `from_line`, the chain's head up to that test stays, and the `elif` there becomes `else:`."""
    head = top = statement
    while isinstance(above := ctx.parent(head), ast.If) and _elif_of(ctx, above) is head:
        head = above
        if from_line is None or top.test.lineno != from_line:
            top = head
    if from_line is not None and (top is head or top.test.lineno != from_line):
        raise FixError("the traced part of the chain is not an `elif`")
    tests: list[ast.expr] = []
    blocks: list[list[ast.stmt]] = []
    node = top
    while True:
        tests.append(node.test)
        blocks.append(node.body)
        following = _elif_of(ctx, node)
        if following is None:
            break
        node = following
    final = node.orelse or None
    last: ast.stmt = top
    values: list[Arm]
    if form == "return":
        values = [_single_return(b) for b in blocks]
        if final is not None:
            values.append(_single_return(final))
        else:
            last = _following(ctx, head)
            values.append(_single_return([last]))
        text = "return " + _selection(ctx, jnp, tests, values, bare=True)
    else:
        assigned = [_single_assignment(b) for b in blocks + ([final] if final is not None else [])]
        targets = {target for target, _ in assigned}
        if len(targets) != 1:
            raise FixError("the arms assign different names")
        target = targets.pop()
        values = [value for _, value in assigned] + ([] if final is not None else [target])
        text = f"{target} = " + _selection(ctx, jnp, tests, values, bare=True)
    start, end = ctx.start(top), ctx.end(last if from_line is None else top)
    if from_line is not None:  # `elif c: ...` → `else:` and the selection in its block
        body = ctx.start(top.body[0])
        text = f"else:\n{ctx.line(body.row)[: body.column - 1]}{text}"
    return Edit(text, start, end)


def _following(ctx: TextContext, statement: ast.stmt) -> ast.stmt:
    block = ctx.block_of(statement)
    index = next((i for i, s in enumerate(block) if s is statement), len(block))
    if index + 1 >= len(block):
        raise FixError("no statement after the `if`")
    return block[index + 1]


def _selection(ctx: TextContext, jnp: str, tests: list[ast.expr], arms: list[Arm], *, bare: bool = False) -> str:
    """`jnp.where(c1, a1, jnp.where(c2, a2, a3))`; tuple arms element by element (parenthesized
    unless `bare`: a `return`/assignment value)."""
    if not all(isinstance(a, ast.Tuple) for a in arms):
        if any(isinstance(a, (ast.Tuple, ast.List, ast.Dict, ast.Set, ast.JoinedStr)) or _is_string(a) for a in arms):
            raise FixError("an arm is not an array")
        return _nested(ctx, jnp, tests, arms)
    widths = {len(a.elts) for a in arms}  # type: ignore[union-attr]
    if len(widths) != 1 or widths == {0} or any(isinstance(e, ast.Starred) for a in arms for e in a.elts):  # type: ignore[union-attr]
        raise FixError("tuple arms of different lengths")
    width = widths.pop()
    parts = [_nested(ctx, jnp, tests, [a.elts[i] for a in arms]) for i in range(width)]  # type: ignore[union-attr]
    text = ", ".join(parts) + ("," if width == 1 else "")
    return text if bare and width > 1 else f"({text})"


def _is_string(arm: Arm) -> bool:
    return isinstance(arm, ast.Constant) and isinstance(arm.value, (str, bytes))


def _nested(ctx: TextContext, jnp: str, tests: list[ast.expr], values: list[Arm]) -> str:
    text = _code(ctx, values[-1])
    for test, value in zip(reversed(tests), reversed(values[:-1])):
        text = f"{jnp}.where({_condition(ctx, test, jnp)}, {_code(ctx, value)}, {text})"
    return text


def _code(ctx: TextContext, arm: Arm) -> str:
    return arm if isinstance(arm, str) else ctx.source(arm)


def _single_assignment(block: list[ast.stmt]) -> tuple[str, ast.expr]:
    if len(block) == 1 and isinstance(block[0], ast.Assign) and len(block[0].targets) == 1 \
            and isinstance(block[0].targets[0], ast.Name):
        return block[0].targets[0].id, block[0].value
    raise FixError("an arm is not a single `name = value`")


def _single_return(block: list[ast.stmt]) -> ast.expr:
    if len(block) == 1 and isinstance(block[0], ast.Return) and block[0].value is not None:
        return block[0].value
    raise FixError("an arm is not a single `return <value>`")


def _condition(ctx: TextContext, node: ast.expr, jnp: str) -> str:
    """A Python truth test as an array condition: `and`/`or`/`not` become `jnp.logical_*` (grouped
    from the left, as Python groups them)."""
    if isinstance(node, ast.BoolOp):
        name = "logical_and" if isinstance(node.op, ast.And) else "logical_or"
        text = _condition(ctx, node.values[0], jnp)
        for value in node.values[1:]:
            text = f"{jnp}.{name}({text}, {_condition(ctx, value, jnp)})"
        return text
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return f"{jnp}.logical_not({_condition(ctx, node.operand, jnp)})"
    return ctx.source(node)


# --- the `while` form: jax.lax.while_loop -----------------------------------------------------


def _while_loop(ctx: TextContext, operand: ast.expr, carry: list[str]) -> list[Edit]:
    """`while c: x = f(x)` → `x = jax.lax.while_loop(lambda x: c, lambda x: f(x), x)`; a longer
    body, or several carried names, become local `cond_fun`/`body_fun` functions over a tuple."""
    loop = ctx.enclosing(operand, ast.While)
    if not carry or loop.orelse or loop.body[0].lineno == loop.lineno:  # `while c: x = f(x)` on one line
        raise FixError("not a loop the rule can carry")
    lax, edits = ensure_module(ctx, "jax.lax")
    jnp, more = ensure_module(ctx, "jax.numpy", "jnp") if _needs_jnp(loop.test) else ("jnp", [])
    test = _condition(ctx, loop.test, jnp)  # `and`/`or`/`not` of arrays: jnp.logical_*
    edits += more
    where = ctx.start(loop)
    indent = ctx.line(where.row)[: where.column - 1]
    names = ", ".join(carry)
    statements = loop.body
    if len(carry) == 1 and len(statements) == 1:
        update = _single_update(statements[0], carry[0], ctx)
        if update is not None:
            text = f"{carry[0]} = {lax}.while_loop(lambda {carry[0]}: {test}, lambda {carry[0]}: {update}, {carry[0]})"
            return [*edits, ctx.replace(loop, text)]
    cond, body = ctx.fresh("cond_fun"), ctx.fresh("body_fun")
    state = carry[0] if len(carry) == 1 else ctx.fresh("state", set(carry))
    unpack = [] if len(carry) == 1 else [f"{names} = {state}"]
    inner = indent + " " * 4
    body_lines = _block_text(ctx, loop, inner)
    lines = [f"def {cond}({state}):", *(inner + u for u in unpack), f"{inner}return {test}", "",
             f"{indent}def {body}({state}):", *(inner + u for u in unpack), *body_lines,
             f"{inner}return {names}", "",
             f"{indent}{names} = {lax}.while_loop({cond}, {body}, {names if len(carry) == 1 else '(' + names + ')'})"]
    return [*edits, ctx.replace(loop, "\n".join(line.rstrip() if line.strip() else "" for line in lines), comment=True)]


def _needs_jnp(test: ast.expr) -> bool:
    return isinstance(test, ast.BoolOp) or isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not)


_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.MatMult: "@", ast.Div: "/", ast.FloorDiv: "//",
              ast.Mod: "%", ast.Pow: "**", ast.LShift: "<<", ast.RShift: ">>", ast.BitOr: "|", ast.BitXor: "^",
              ast.BitAnd: "&"}


def _single_update(statement: ast.stmt, name: str, ctx: TextContext) -> str | None:
    """The new value of `name` from the loop's one statement, as an expression."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        return ctx.source(statement.value)
    if isinstance(statement, ast.AugAssign):
        value = statement.value
        text = ctx.source(value)
        number = isinstance(value, ast.Constant) and type(value.value) in (int, float)
        atomic = number or isinstance(value, (ast.Name, ast.Attribute, ast.Call, ast.Subscript))
        return f"{name} {_OPERATORS[type(statement.op)]} {text if atomic else '(' + text + ')'}"
    return None


def _block_text(ctx: TextContext, loop: ast.While, indent: str) -> list[str]:
    """The loop body's lines (the comments just above its first statement, and those within, kept),
    re-indented to `indent`."""
    first = loop.body[0].lineno
    while first - 1 > (loop.test.end_lineno or loop.lineno) and ctx.line(first - 1).strip()[:1] in ("#", ""):
        first -= 1
    last = loop.body[-1].end_lineno or loop.body[-1].lineno
    lines = [ctx.line(row) for row in range(first, last + 1)]
    depth = min(len(line) - len(line.lstrip()) for line in lines if line.strip())
    return [indent + line[depth:] if line.strip() else "" for line in lines]
