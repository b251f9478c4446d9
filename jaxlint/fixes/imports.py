"""Imports a fix needs: reuse what the module already imports, else add it once."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import NamedTuple, Protocol

from jaxlint.diagnostics import Edit, Location


class ImportLine(NamedTuple):
    """One top-level import statement, as either view of a module (libcst's or ast's) reads it."""

    start: int  # its first row
    end: int  # its last row
    module: str | None  # `from module import ...` ("" when relative); None for `import ...`
    names: tuple[tuple[str, str | None], ...] | None  # (name, alias) pairs; None for `*`
    leading: bool  # the first import of a line in the module's leading block of imports


class ModuleImports(NamedTuple):
    lines: tuple[ImportLine, ...]
    docstring_end: int | None  # the last row of the module's docstring
    first_statement: int | None  # the first row of its first statement (its first decorator)
    rows: list[str]  # the module's text, split on "\n"


class Imports(Protocol):
    imports: ModuleImports

    def fresh(self, base: str, taken: set[str] = ...) -> str: ...


def module_alias(ctx: Imports, module: str) -> str | None:
    """How the module already reaches `module` (e.g. "jax.numpy" → "jnp"), or None.
    An alias of the module itself wins over reaching it through its package (`jax.numpy`)."""
    through_package = None
    for line in ctx.imports.lines:
        if line.module is None:
            for name, alias in line.names or ():
                if alias is not None and name == module:
                    return alias
                if alias is None and module.split(".")[0] == name.split(".")[0]:
                    through_package = module
        elif line.module and line.names is not None:
            for name, alias in line.names:
                if f"{line.module}.{name}" == module:
                    return alias or name
    return through_package


def aliases(ctx: Imports, module: str) -> set[str]:
    """Every local name bound to `module` itself by a top-level import."""
    found = set()
    for line in ctx.imports.lines:
        if line.module is None:
            found |= {alias for name, alias in line.names or () if alias is not None and name == module}
        elif line.module and line.names is not None:
            found |= {alias or name for name, alias in line.names if f"{line.module}.{name}" == module}
    return found


def imported_name(ctx: Imports, module: str, name: str) -> str | None:
    """The local name of `from module import name [as local]`, or None."""
    for line in ctx.imports.lines:
        if line.module == module and line.names is not None:
            for imported, alias in line.names:
                if imported == name:
                    return alias or name
    return None


def ensure_module(ctx: Imports, module: str, alias: str | None = None) -> tuple[str, list[Edit]]:
    """The expression that names `module`, and the edits that import it when needed."""
    existing = module_alias(ctx, module)
    if existing is not None:
        return existing, []
    if alias is None:
        return module, [add_import(ctx, f"import {module}")]
    local = ctx.fresh(alias)
    return local, [add_import(ctx, f"import {module} as {local}")]


def add_import(ctx: Imports, line: str) -> Edit:
    """Insert `line` where isort/ruff-I would put it among the module's leading imports: in its
    section (`__future__`, standard library, other packages), `import x` lines before `from x import`
    lines, alphabetically; a section of its own gets blank lines around it. Existing imports stay."""
    words = line.split()
    new = _Import.of(words[1], words[0] == "import")
    module = ctx.imports
    block = [_Import.of(i.names[0][0] if i.module is None and i.names else i.module or "", i.module is None, i)
             for i in module.lines if i.leading]
    if not block:
        return _after_docstring(module, line)
    same = [i for i in block if i.section == new.section]
    later = [i for i in same if i.order > new.order]
    if later:
        return _insert_at(module, later[0].line.start, line + "\n")  # type: ignore[union-attr]
    if same:
        return _insert_at(module, same[-1].line.end + 1, line + "\n")  # type: ignore[union-attr]
    after = [i for i in block if i.section > new.section]
    if after:  # the first import of a later section: the new section goes just above it
        return _insert_at(module, after[0].line.start, line + "\n\n")  # type: ignore[union-attr]
    return _insert_at(module, block[-1].line.end + 1, "\n" + line + "\n")  # type: ignore[union-attr]


_FUTURE, _STDLIB, _OTHER, _LOCAL = range(4)  # isort's sections, in order (first party unknown)


@dataclass(frozen=True)
class _Import:
    section: int
    order: tuple[int, str]  # straight imports first, then by module name (as isort's default profile)
    line: ImportLine | None = None

    @classmethod
    def of(cls, module: str, straight: bool, line: ImportLine | None = None) -> _Import:
        top = module.split(".")[0]
        section = _FUTURE if top == "__future__" else _STDLIB if top in sys.stdlib_module_names \
            else _OTHER if top else _LOCAL
        return cls(section, (0 if straight else 1, module.lower()), line)


def _after_docstring(module: ModuleImports, line: str) -> Edit:
    if module.docstring_end is not None:
        return _insert_at(module, module.docstring_end + 1, line + "\n")
    if module.first_statement is not None:
        return _insert_at(module, module.first_statement, line + "\n")
    return _insert_at(module, len(module.rows) + 1, line + "\n")


def _insert_at(module: ModuleImports, row: int, text: str) -> Edit:
    """`text` as whole lines before line `row` (at the end when the last line has no newline)."""
    rows = module.rows
    if row <= len(rows):
        return Edit(text, Location(row, 1), Location(row, 1))
    end = Location(len(rows), len(rows[-1]) + 1)
    return Edit("\n" + text.rstrip("\n"), end, end)
