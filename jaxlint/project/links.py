"""Which of a project's files can change what the named files are told (pre-commit and an editor
check a few files of a big project): the modules they import, the modules importing them, and the
modules those importers import, each followed as far as it goes. The other files cannot reach the
named ones through any import, so the project pass learns nothing from them for the named files.

Imports are read from the bytes, without parsing (a parse of every file of the project costs more
than the whole check is allowed to): every line that may be an import statement counts, so the
links found are a superset of those the analysis resolves."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable

from jaxlint.paths import module_name, package_of
from jaxlint.project.resolve import ProjectIndex
from jaxlint.semantic.scopes import relative_base

# An import statement from its line's start: `import a.b as c, d`, `from ..a import (b, c)`; only
# lines with `import` in them are tried. A docstring's line that reads as one only adds a link. In
# a notebook's JSON the line starts with a quote (`    "import jax\n",`).
_IMPORT = re.compile(rb"[ \t]*\"?[ \t]*(?:(?:try|else|finally)[ \t]*:[ \t]*)?"
                     rb"(?:from[ \t]+(\.*)[ \t]*([\w.]*)[ \t]+import[ \t]*"
                     rb"(\([^)]*\)|[^\n#;]*)|import[ \t]+([^\n#;]*))")
_NAME = re.compile(rb"[A-Za-z_][\w.]*")
_X64 = (b"enable_x64", b"JAX_ENABLE_X64")  # a module that turns x64 on tells every module of its project


def linked_files(named: list[str], others: list[str], data: dict[str, bytes | None]) -> list[str]:
    """The files of `others` whose summaries can reach `named` (in the order of `others`); `data`
    holds the bytes of each file (None: unreadable, then it is kept)."""
    every = {os.path.abspath(p): p for p in [*named, *others]}
    index = ProjectIndex(dict.fromkeys(every))  # the index only asks whether a path is a module
    resolved: dict[tuple[str, str], str | None] = {}  # (folder, dotted name): a folder's files resolve alike

    # A name whose first part names no folder or file of the project (jax, numpy) is not looked up.
    parts = {part for path in every for part in os.path.splitext(path)[0].split(os.sep)}

    def module(importer: str, folder: str, dotted: str) -> str | None:
        key = (folder, dotted)
        if key not in resolved:
            if dotted.partition(".")[0] not in parts:
                return None
            resolved[key] = index.resolve_module(importer, dotted)
        return resolved[key]

    imports = {path: set(_imported(path, data.get(shown), module)) - {path} for path, shown in every.items()}
    importers: dict[str, set[str]] = {}
    for path, targets in imports.items():
        for target in targets:
            importers.setdefault(target, set()).add(path)
    start = {os.path.abspath(p) for p in named}
    upward = _closure(start, importers)
    wanted = _closure(upward, imports)
    kept = [p for p in others if os.path.abspath(p) in wanted or data.get(p) is None
            or any(word in data[p] for word in _X64)]  # type: ignore[operator]
    return kept


def _closure(start: Iterable[str], edges: dict[str, set[str]]) -> set[str]:
    seen = set(start)
    todo = list(seen)
    while todo:
        for target in edges.get(todo.pop(), ()):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def _imported(path: str, data: bytes | None, module: Callable[[str, str, str], str | None]) -> Iterable[str]:
    """The project's modules an import line of the file may name (with the packages above them,
    which Python runs first)."""
    if not data:
        return
    package = package_of(path, module_name(path))
    folder = os.path.dirname(path)
    for dots, base_name, names, plain in _statements(data):
        if plain:
            dotted = _first_names(plain)
        else:
            base = base_name.decode()
            if dots:
                above = relative_base(package, len(dots))
                if above is None:
                    continue
                base = f"{above}.{base}" if base else above
            dotted = [base] if base else []
            dotted += [f"{base}.{name}" if base else name for name in _first_names(names)]
        for name in dotted:
            parts = name.split(".")
            for end in range(1, len(parts) + 1):
                found = module(path, folder, ".".join(parts[:end]))
                if found is not None:
                    yield found


def _statements(data: bytes) -> Iterable[tuple[bytes, bytes, bytes, bytes]]:
    """(dots, module, names) of each `from` import, (.., .., .., names) of each plain one."""
    word = data.find(b"import")
    while word >= 0:
        start = data.rfind(b"\n", 0, word) + 1
        found = _IMPORT.match(data, start)
        if found is not None:
            yield found.groups(default=b"")  # type: ignore[misc]
        end = data.find(b"\n", found.end() if found is not None else word)  # one statement a line
        word = data.find(b"import", end) if end >= 0 else -1


def _first_names(listing: bytes) -> list[str]:
    """The names a comma-separated import list imports (`a.b as c, (d)` → a.b, d)."""
    return [found[0].decode() for part in listing.split(b",") if (found := _NAME.findall(part.split(b" as ")[0]))]
