"""JAX104: `x[i] = v` → `x = x.at[i].set(v)`, augmented forms → `.add/.subtract/...`. Built on the
module's `ast` (fixes/text_context.py): the statement's own text is rearranged, nothing is parsed again."""

from __future__ import annotations

import ast
import io
import tokenize

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.text_context import TextContext

_METHODS: dict[type, str] = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide",
                             ast.Pow: "power"}


# The item assignment becomes `name = name.at[...].<method>(...)` to a plain name, which holds no item
# assignment for JAX104 to flag: the finding is gone, no relint needed.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    method = (finding.fix_data or {}).get("method")  # the check's, never read off its message
    return "Replace with `.at[].set()`" if method == "set" else "Replace with a `.at[]` update"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    statement = ctx.at(finding, ast.stmt)  # type: ignore[type-abstract]
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
        target, method = statement.targets[0], "set"
    elif isinstance(statement, ast.AugAssign) and type(statement.op) in _METHODS:
        target, method = statement.target, _METHODS[type(statement.op)]
    else:
        raise FixError("not a single item assignment")
    name, index = _index(ctx, target)
    return [ctx.replace(statement, f"{name} = {name}.at{index}.{method}{_argument(ctx, statement, target)}")]


def _argument(ctx: TextContext, statement: ast.Assign | ast.AugAssign, target: ast.expr) -> str:
    """Everything after the `=`/`+=` verbatim (parentheses and comments inside the value survive),
    as the call's parenthesized argument: a value wrapped in parentheses keeps them as the call's;
    a tuple is wrapped once more, so that it stays one argument."""
    _, equals, text = ctx.source(statement, after=target).partition("=")  # after `=` or `+=`
    if not equals:
        raise FixError("no assignment after the target")
    text = text.lstrip()
    argument = text if _wrapped(text) else f"({text})"
    return f"({argument})" if isinstance(statement.value, ast.Tuple) else argument


def _wrapped(text: str) -> bool:
    """Whether the first `(` of `text` closes at its very end: `(a + b)`, not `(a) + (b)`."""
    depth = 0
    try:
        tokens = [t for t in tokenize.generate_tokens(io.StringIO(text).readline)
                  if t.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT, tokenize.ENDMARKER)]
    except (tokenize.TokenError, SyntaxError):
        return False
    if not tokens or tokens[0].string != "(":
        return False
    for index, token in enumerate(tokens):
        if token.type == tokenize.OP and token.string in "([{":
            depth += 1
        elif token.type == tokenize.OP and token.string in ")]}":
            depth -= 1
            if depth == 0:
                return index == len(tokens) - 1
    return False


def _index(ctx: TextContext, target: ast.expr) -> tuple[str, str]:
    """`x[i]` → ("x", "[i]") verbatim; `x[i][j]` → ("x", "[i, j]") for plain indices (no slice, no
    tuple: `x[i, j][k]` would put a tuple where an index was)."""
    levels: list[ast.Subscript] = []
    while isinstance(target, ast.Subscript):
        levels.insert(0, target)
        target = target.value
    if not isinstance(target, ast.Name) or not levels:
        raise FixError("the updated array is not a plain name")
    if len(levels) == 1:
        return target.id, ctx.source(levels[0], after=target).strip()
    if any(isinstance(level.slice, (ast.Slice, ast.Tuple, ast.Starred)) for level in levels):
        raise FixError("nested subscripts that are not plain indices")
    return target.id, "[" + ", ".join(ctx.source(level.slice) for level in levels) + "]"
