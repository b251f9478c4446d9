"""Imports a fix needs: reuse what the module already imports, else add it once."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import libcst as cst

from jaxlint.diagnostics import Edit, Location
from jaxlint.fixes.context import Context, dotted


def module_alias(ctx: Context, module: str) -> str | None:
    """How the module already reaches `module` (e.g. "jax.numpy" → "jnp"), or None.
    An alias of the module itself wins over reaching it through its package (`jax.numpy`)."""
    through_package = None
    for _, node in ctx.top_imports:
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
    for _, node in ctx.top_imports:
        if isinstance(node, cst.Import):
            found |= {a.asname.name.value for a in node.names  # type: ignore[union-attr]
                      if a.asname is not None and dotted(a.name) == module}
        elif _from(node) is not None and not isinstance(node.names, cst.ImportStar):
            found |= {(a.asname.name.value if a.asname else a.name.value)  # type: ignore[union-attr]
                      for a in node.names if f"{_from(node)}.{a.name.value}" == module}
    return found


def imported_name(ctx: Context, module: str, name: str) -> str | None:
    """The local name of `from module import name [as local]`, or None."""
    for _, node in ctx.top_imports:
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
    """Insert `line` where isort/ruff-I would put it among the module's leading imports: in its
    section (`__future__`, standard library, other packages), `import x` lines before `from x import`
    lines, alphabetically; a section of its own gets blank lines around it. Existing imports stay."""
    words = line.split()
    new = _Import.of(words[1], words[0] == "import")
    block = _leading_imports(ctx)
    if not block:
        return _after_docstring(ctx, line)
    same = [i for i in block if i.section == new.section]
    later = [i for i in same if i.order > new.order]
    if later:
        return _insert_at(ctx, ctx.positions[later[0].statement].start.line, line + "\n")
    if same:
        return _insert_at(ctx, ctx.positions[same[-1].statement].end.line + 1, line + "\n")
    after = [i for i in block if i.section > new.section]
    if after:  # the first import of a later section: the new section goes just above it
        return _insert_at(ctx, ctx.positions[after[0].statement].start.line, line + "\n\n")
    return _insert_at(ctx, ctx.positions[block[-1].statement].end.line + 1, "\n" + line + "\n")


_FUTURE, _STDLIB, _OTHER, _LOCAL = range(4)  # isort's sections, in order (first party unknown)


@dataclass(frozen=True)
class _Import:
    section: int
    order: tuple[int, str]  # straight imports first, then by module name (as isort's default profile)
    statement: cst.CSTNode | None = None

    @classmethod
    def of(cls, module: str, straight: bool, statement: cst.CSTNode | None = None) -> _Import:
        top = module.split(".")[0]
        section = _FUTURE if top == "__future__" else _STDLIB if top in sys.stdlib_module_names \
            else _OTHER if top else _LOCAL
        return cls(section, (0 if straight else 1, module.lower()), statement)


def _leading_imports(ctx: Context) -> list[_Import]:
    """The module's imports before its first other statement (a docstring aside), in order."""
    found = []
    for index, statement in enumerate(ctx.module.body):
        if _is_docstring(statement) and index == 0:
            continue
        if not (isinstance(statement, cst.SimpleStatementLine)
                and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in statement.body)):
            break
        first = statement.body[0]
        if isinstance(first, cst.Import):
            found.append(_Import.of(dotted(first.names[0].name) or "", True, statement))
        else:  # a relative import has no section of the packages: "" (local)
            module = "" if first.relative or first.module is None else dotted(first.module) or ""
            found.append(_Import.of(module, False, statement))
    return found


def _is_docstring(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[0], cst.Expr) \
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


def _after_docstring(ctx: Context, line: str) -> Edit:
    body = ctx.module.body
    if body and _is_docstring(body[0]):
        return _insert_at(ctx, ctx.positions[body[0]].end.line + 1, line + "\n")
    if body:
        return ctx.insert_before(body[0], line)
    return _insert_at(ctx, len(ctx.lines) + 1, line + "\n")


def _insert_at(ctx: Context, row: int, text: str) -> Edit:
    """`text` as whole lines before line `row` (at the end when the last line has no newline)."""
    if row <= len(ctx.lines):
        return Edit(text, Location(row, 1), Location(row, 1))
    end = Location(len(ctx.lines), len(ctx.lines[-1]) + 1)
    return Edit("\n" + text.rstrip("\n"), end, end)
