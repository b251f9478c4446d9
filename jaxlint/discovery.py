"""PATHS → the files to analyse: .py, .pyi and .ipynb, minus excludes and .gitignore."""

from __future__ import annotations

import fnmatch
import os
from dataclasses import dataclass, field
from pathlib import Path

from jaxlint.config import ConfigError, Settings

SUFFIXES = (".py", ".pyi", ".ipynb")


@dataclass
class _Ignores:
    """.gitignore files met so far: (directory, compiled spec)."""

    specs: list[tuple[str, object]] = field(default_factory=list)

    def add(self, directory: str) -> None:
        path = os.path.join(directory, ".gitignore")
        if not os.path.isfile(path):
            return
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                lines = handle.read().splitlines()
        except OSError:
            return
        import pathspec  # only when a .gitignore exists: it costs start-up time

        self.specs.append((directory, pathspec.PathSpec.from_lines("gitwildmatch", lines)))

    def ignored(self, path: str, is_dir: bool) -> bool:
        for directory, spec in self.specs:
            relative = os.path.relpath(path, directory)
            if relative.startswith(".."):
                continue
            relative = relative.replace(os.sep, "/") + ("/" if is_dir else "")
            if spec.match_file(relative):  # type: ignore[attr-defined]
                return True
        return False


def discover(paths: list[str], settings: Settings, force_exclude: bool = False) -> list[str]:
    """Files to check, in a stable order; explicit files are always included unless
    `force_exclude` (pre-commit passes every file explicitly)."""
    found: list[str] = []
    seen: set[str] = set()
    patterns = settings.exclude + settings.extend_exclude
    for given in paths:
        if not os.path.exists(given):
            raise ConfigError(f"{given}: no such file or directory")
        if os.path.isfile(given):
            if not (force_exclude and _excluded_anywhere(given, patterns)):
                _add(found, seen, given)
            continue
        if not os.access(given, os.R_OK | os.X_OK):
            raise ConfigError(f"{given}: permission denied")
        ignores = _Ignores()
        if settings.respect_gitignore:
            for parent in reversed(_parents_in_repo(Path(given))):
                ignores.add(str(parent))
        for file in _walk(given, settings, patterns, ignores):
            _add(found, seen, file)
    return found


def _add(found: list[str], seen: set[str], path: str) -> None:
    key = os.path.realpath(path)
    if key not in seen:
        seen.add(key)
        found.append(os.path.normpath(path))


def _parents_in_repo(start: Path) -> list[Path]:
    """`start` and its parents up to the enclosing git repository's root (or just `start`)."""
    start = start.resolve()
    chain = [start]
    for parent in start.parents:
        if (chain[-1] / ".git").exists():
            break
        chain.append(parent)
    else:
        return [start]
    return chain


def _walk(root: str, settings: Settings, patterns: tuple[str, ...], ignores: _Ignores):
    for directory, dirnames, filenames in os.walk(root):
        if settings.respect_gitignore and directory != root:
            ignores.add(directory)
        dirnames[:] = sorted(
            d for d in dirnames
            if not _excluded(os.path.join(directory, d), d, root, patterns)
            and not (settings.respect_gitignore and ignores.ignored(os.path.join(directory, d), True)))
        for name in sorted(filenames):
            if not name.endswith(SUFFIXES):
                continue
            path = os.path.join(directory, name)
            if _excluded(path, name, root, patterns):
                continue
            if settings.respect_gitignore and ignores.ignored(path, False):
                continue
            yield path


def _excluded(path: str, name: str, root: str, patterns: tuple[str, ...]) -> bool:
    relative = os.path.relpath(path, root).replace(os.sep, "/")
    return any(fnmatch.fnmatchcase(name, p) or fnmatch.fnmatchcase(relative, p.rstrip("/")) for p in patterns)


def _excluded_anywhere(path: str, patterns: tuple[str, ...]) -> bool:
    parts = os.path.normpath(path).replace(os.sep, "/").split("/")
    return any(fnmatch.fnmatchcase(part, p) for part in parts for p in patterns)
