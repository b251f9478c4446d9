"""Where Python finds a file's imports when its project runs from its root: the file's package root
(a plain script's own folder), then the `src` roots of the nearest pyproject.toml/jaxlint.toml."""

from __future__ import annotations

import functools
import os
import tomllib

from jaxlint.config import DEFAULT_SRC
from jaxlint.paths import package_root

_PROJECT_FILES = ("pyproject.toml", "jaxlint.toml")


@functools.lru_cache(maxsize=65536)
def import_roots(path: str) -> tuple[str, ...]:
    """Absolute folders an absolute import in `path` is searched in, first match first."""
    first = package_root(path)
    return tuple(dict.fromkeys((first, *_src_roots(os.path.dirname(os.path.abspath(path))))))


def module_names(path: str, roots: tuple[str, ...]) -> tuple[str, ...]:
    """The dotted names `path` is imported by from each root that holds it (`pkg/__init__.py` is `pkg`)."""
    absolute = os.path.abspath(path)
    names = []
    for root in roots:
        relative = os.path.relpath(absolute, root)
        if relative.startswith(os.pardir + os.sep):
            continue
        *folders, filename = relative.split(os.sep)
        stem = os.path.splitext(filename)[0]
        parts = folders if stem == "__init__" else [*folders, stem]
        if parts and all(part.isidentifier() for part in parts):
            names.append(".".join(parts))
    return tuple(dict.fromkeys(names))


@functools.lru_cache(maxsize=4096)
def _src_roots(folder: str) -> tuple[str, ...]:
    """The `src` roots of the nearest project file at or above `folder` (none when there is none)."""
    for directory in _upward(folder):
        for name in _PROJECT_FILES:
            candidate = os.path.join(directory, name)
            if os.path.isfile(candidate):
                src = _configured_src(candidate)
                if src is not None:
                    return tuple(os.path.normpath(os.path.join(directory, s)) for s in src)
    return ()


@functools.lru_cache(maxsize=4096)
def nearest_marked(folder: str, markers: tuple[str, ...]) -> str | None:
    """The nearest folder at or above `folder` that holds one of `markers` (project files)."""
    return next((d for d in _upward(folder) if any(os.path.exists(os.path.join(d, m)) for m in markers)), None)


def too_wide(folder: str) -> bool:
    """The home folder or a filesystem root: a project marker there says nothing about one project."""
    return folder in (os.path.expanduser("~"), os.path.abspath(os.sep)) or os.path.dirname(folder) == folder


def _upward(folder: str) -> list[str]:
    folders = [folder]
    while os.path.dirname(folders[-1]) != folders[-1]:
        folders.append(os.path.dirname(folders[-1]))
    return folders


def _configured_src(path: str) -> tuple[str, ...] | None:
    """`src` of [tool.jaxlint] (jaxlint.toml: top level), the default where it is absent; None for a
    pyproject.toml that does not parse (the search goes on above it)."""
    try:
        with open(path, "rb") as handle:
            data = tomllib.load(handle)
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return None
    table = data.get("tool", {}).get("jaxlint", {}) if path.endswith("pyproject.toml") else data
    src = table.get("src") if isinstance(table, dict) else None
    if isinstance(src, list) and all(isinstance(s, str) for s in src):
        return tuple(src)
    return DEFAULT_SRC
