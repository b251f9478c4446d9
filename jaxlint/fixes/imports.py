"""Imports a fix needs: reuse what the module already imports, else add it once."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Location
from jaxlint.fixes.context import Context, dotted


def _top_imports(ctx: Context) -> list[tuple[cst.SimpleStatementLine, cst.Import | cst.ImportFrom]]:
    found = []
    for statement in ctx.module.body:
        if isinstance(statement, cst.SimpleStatementLine):
            found += [(statement, s) for s in statement.body if isinstance(s, (cst.Import, cst.ImportFrom))]
    return found


def module_alias(ctx: Context, module: str) -> str | None:
    """How the module already reaches `module` (e.g. "jax.numpy" → "jnp"), or None.
    An alias of the module itself wins over reaching it through its package (`jax.numpy`)."""
    through_package = None
    for _, node in _top_imports(ctx):
        if isinstance(node, cst.Import):
            for alias in node.names:
                name = dotted(alias.name)
                if alias.asname is not None and name == module:
                    return alias.asname.name.value  # type: ignore[union-attr]
                if alias.asname is None and name is not None and module.split(".")[0] == name.split(".")[0]:
                    through_package = module
        elif _from(node) is not None and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                if f"{_from(node)}.{alias.name.value}" == module:
                    return (alias.asname.name.value if alias.asname else alias.name.value)  # type: ignore[union-attr]
    return through_package


def aliases(ctx: Context, module: str) -> set[str]:
    """Every local name bound to `module` itself by a top-level import."""
    found = set()
    for _, node in _top_imports(ctx):
        if isinstance(node, cst.Import):
            found |= {a.asname.name.value for a in node.names  # type: ignore[union-attr]
                      if a.asname is not None and dotted(a.name) == module}
        elif _from(node) is not None and not isinstance(node.names, cst.ImportStar):
            found |= {(a.asname.name.value if a.asname else a.name.value)  # type: ignore[union-attr]
                      for a in node.names if f"{_from(node)}.{a.name.value}" == module}
    return found


def imported_name(ctx: Context, module: str, name: str) -> str | None:
    """The local name of `from module import name [as local]`, or None."""
    for _, node in _top_imports(ctx):
        if isinstance(node, cst.ImportFrom) and _from(node) == module and not isinstance(node.names, cst.ImportStar):
            for alias in node.names:
                if alias.name.value == name:
                    return alias.asname.name.value if alias.asname else name  # type: ignore[union-attr]
    return None


def _from(node: cst.ImportFrom) -> str | None:
    if node.relative or node.module is None:
        return None
    return dotted(node.module)


def ensure_module(ctx: Context, module: str, alias: str | None = None) -> tuple[str, list[Edit]]:
    """The expression that names `module`, and the edits that import it when needed."""
    existing = module_alias(ctx, module)
    if existing is not None:
        return existing, []
    if alias is None:
        return module, [add_import(ctx, f"import {module}")]
    local = ctx.fresh(alias)
    return local, [add_import(ctx, f"import {module} as {local}")]


def add_import(ctx: Context, line: str) -> Edit:
    """Insert `line` after the module's first block of imports (else after the docstring)."""
    anchor: cst.CSTNode | None = None
    for index, statement in enumerate(ctx.module.body):
        is_import = isinstance(statement, cst.SimpleStatementLine) and all(
            isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body)
        is_docstring = index == 0 and isinstance(statement, cst.SimpleStatementLine) and \
            isinstance(statement.body[0], cst.Expr) and isinstance(statement.body[0].value, cst.SimpleString)
        if is_import or is_docstring:
            anchor = statement
        else:
            break
    if anchor is None:
        if ctx.module.body:
            return ctx.insert_before(ctx.module.body[0], line)
        end = Location(len(ctx.lines), len(ctx.lines[-1]) + 1)
        return Edit(("\n" if ctx.lines[-1] else "") + line + "\n", end, end)
    row = ctx.positions[anchor].end.line
    if row < len(ctx.lines):
        return Edit(line + "\n", Location(row + 1, 1), Location(row + 1, 1))
    end = Location(row, len(ctx.lines[row - 1]) + 1)
    return Edit("\n" + line, end, end)
