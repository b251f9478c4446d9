"""JAX104: `x[i] = v` → `x = x.at[i].set(v)`, augmented forms → `.add/.subtract/...`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError

_METHODS: dict[type, str] = {cst.AddAssign: "add", cst.SubtractAssign: "subtract", cst.MultiplyAssign: "multiply",
                             cst.DivideAssign: "divide", cst.PowerAssign: "power"}


# The item assignment becomes `name = name.at[...].<method>(...)` to a plain name, which holds no item
# assignment for JAX104 to flag: the finding is gone, no relint needed.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    return "Replace with `.at[].set()`" if "].set(" in finding.message else "Replace with a `.at[]` update"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    statement = ctx.at(finding, cst.BaseSmallStatement)  # type: ignore[type-abstract]
    if isinstance(statement, cst.Assign) and len(statement.targets) == 1:
        target, method = statement.targets[0].target, "set"
    elif isinstance(statement, cst.AugAssign) and type(statement.operator) in _METHODS:
        target, method = statement.target, _METHODS[type(statement.operator)]
    else:
        raise FixError("not a single item assignment")
    name, index = _index(ctx, target)
    value = statement.value
    # Everything after the `=`/`+=` verbatim: parentheses and comments inside the value survive.
    text = ctx.source(statement, after=target).lstrip().split("=", 1)[1].strip()
    if isinstance(value, cst.Tuple) and not value.lpar:
        text = f"({text})"
    argument = text if len(value.lpar) == 1 else f"({text})"
    return [ctx.replace(statement, f"{name} = {name}.at{index}.{method}{argument}")]


def _index(ctx: Context, target: cst.BaseExpression) -> tuple[str, str]:
    """`x[i]` → ("x", "[i]") verbatim; `x[i][j]` → ("x", "[i, j]") for plain indices."""
    levels: list[cst.Subscript] = []
    while isinstance(target, cst.Subscript):
        levels.insert(0, target)
        target = target.value
    if not isinstance(target, cst.Name) or not levels:
        raise FixError("the updated array is not a plain name")
    if len(levels) == 1:
        return target.value, ctx.source(levels[0], after=target).strip()
    if any(len(level.slice) != 1 or not isinstance(level.slice[0].slice, cst.Index) for level in levels):
        raise FixError("nested subscripts that are not plain indices")
    return target.value, "[" + ", ".join(ctx.source(level.slice[0].slice) for level in levels) + "]"
