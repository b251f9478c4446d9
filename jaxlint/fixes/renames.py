"""The fix of a removed JAX name with a 1:1 replacement (JAX301, JAX303): the use renamed through
the module's own imports (`jnp.product` → `jnp.prod`, `jax.tree_map` → `jax.tree.map`), the import
of it rewritten (`from jax import tree_map` → `from jax.tree import map as tree_map`), and
`jax.lax.tie_in(x, y)` replaced by `y`."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError, NeedsTree
from jaxlint.fixes.imports import Imports, ensure_module, module_alias

if TYPE_CHECKING:
    from jaxlint.fixes.context import Context
    from jaxlint.fixes.text_context import TextContext


# The edit replaces the flagged name (or its import, or the `tie_in` call) by its replacement,
# which is not removed itself (tests/test_fix_engine.py checks the tables): the finding is gone.
REMOVES_FINDING = True


def message(finding: Finding) -> str:
    data = finding.fix_data or {}
    return "Drop `tie_in`" if data.get("tie_in") else f"Use `{data.get('replacement')}`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    """A use renamed, on the text; an import rewritten and `tie_in` dropped need libcst (`build`)."""
    data = finding.fix_data or {}
    if data.get("tie_in"):
        raise NeedsTree
    replacement = data.get("replacement")
    if not replacement:
        raise FixError("no 1:1 replacement")
    if data.get("bound"):
        raise NeedsTree
    node = ctx.at(finding, ast.Attribute)
    text, edits = spelled(ctx, replacement)
    return [*edits, ctx.replace(node, text)]


def build(ctx: Context, finding: Finding) -> list[Edit]:
    data = finding.fix_data or {}
    if data.get("tie_in"):
        return _drop_tie_in(ctx, finding)
    return _rewrite_import(ctx, finding, data["replacement"], data["bound"])


def spelled(ctx: Imports, qualified: str) -> tuple[str, list[Edit]]:
    """`qualified` as the module can write it: through its longest imported prefix (`jnp.prod`),
    else through `jax` (imported when it is not)."""
    parts = qualified.split(".")
    if parts[0] != "jax":  # `functools.partial`: through the module, imported when it is not
        module, edits = ensure_module(ctx, ".".join(parts[:-1]))
        return f"{module}.{parts[-1]}", edits
    for cut in range(len(parts) - 1, 1, -1):
        alias = module_alias(ctx, ".".join(parts[:cut]))
        if alias is not None and alias != ".".join(parts[:cut]):
            return ".".join([alias, *parts[cut:]]), []
    jax, edits = ensure_module(ctx, "jax")
    return ".".join([jax, *parts[1:]]), edits


def _rewrite_import(ctx: Context, finding: Finding, replacement: str, bound: str) -> list[Edit]:
    import libcst as cst

    statement = ctx.at(finding, cst.ImportFrom)
    if isinstance(statement.names, cst.ImportStar):
        raise FixError("a star import")
    line = ctx.statement(statement)
    if not isinstance(line, cst.SimpleStatementLine) or len(line.body) != 1:
        raise FixError("the import shares its line with other statements")
    module, _, name = replacement.rpartition(".")
    new = f"from {module} import {name}" + (f" as {bound}" if bound != name else "")
    kept = [a for a in statement.names if (a.asname.name.value if a.asname else a.name.value) != bound]  # type: ignore[union-attr]
    if not kept:
        return [ctx.replace(statement, new)]
    kept[-1] = kept[-1].with_changes(comma=cst.MaybeSentinel.DEFAULT)
    indent = ctx.line(ctx.positions[statement].start.line)[: ctx.positions[statement].start.column]
    rest = statement.with_changes(names=kept, lpar=statement.lpar if len(kept) > 1 else None,
                                  rpar=statement.rpar if len(kept) > 1 else None)
    return [ctx.replace(statement, f"{ctx.code(rest)}\n{indent}{new}")]


def _drop_tie_in(ctx: Context, finding: Finding) -> list[Edit]:
    import libcst as cst

    node = ctx.at(finding, cst.Attribute)
    call = ctx.parents.get(node)
    if not isinstance(call, cst.Call) or call.func is not node or len(call.args) != 2:
        raise FixError("not a call `tie_in(x, y)`")
    value = call.args[1].value
    atomic = isinstance(value, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.BaseNumber, cst.BaseString))
    return [ctx.replace(call, ctx.code(value) if atomic or value.lpar else f"({ctx.code(value)})")]
