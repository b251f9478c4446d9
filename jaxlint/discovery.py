"""PATHS → the files to analyse: .py, .pyi and .ipynb (and --extension's), minus excludes, .gitignore and .git/info/exclude.

A path given explicitly is always checked (a file whatever its suffix, as ruff does); the
excludes and ignore files apply to what is found below it.
"""

from __future__ import annotations

import fnmatch
import functools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from jaxlint.config import Settings
from jaxlint.paths import file_identity


@dataclass
class Discovery:
    files: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # unreadable directories: exit 2, the rest is checked
    warnings: list[str] = field(default_factory=list)  # a given path with nothing to check


@dataclass
class _Ignores:
    """Ignore files met so far, shallowest first: (directory their patterns are relative to, patterns)."""

    specs: list[tuple[str, list]] = field(default_factory=list)

    def add(self, directory: str, path: str | None = None) -> None:
        path = path or os.path.join(directory, ".gitignore")
        if not os.path.isfile(path):
            return
        try:
            with open(path, encoding="utf-8", errors="replace") as handle:
                lines = handle.read().splitlines()
        except OSError:
            return
        import pathspec  # only when an ignore file exists: it costs start-up time

        patterns = [p for p in pathspec.PathSpec.from_lines("gitwildmatch", lines).patterns if p.include is not None]
        if patterns:
            self.specs.append((directory, patterns))

    def ignored(self, path: str, is_dir: bool) -> bool:
        """git's rule for one path: the deepest ignore file with a matching pattern decides, and
        within it the last matching pattern. Only the path itself is matched, never its parents:
        the walk does not enter an ignored directory, and a directory given explicitly is checked
        even when it is ignored."""
        for directory, patterns in reversed(self.specs):
            relative = os.path.relpath(path, directory)
            if relative.startswith(".."):
                continue
            relative = relative.replace(os.sep, "/") + ("/" if is_dir else "")
            decision = None
            for pattern in patterns:
                if pattern.regex.fullmatch(relative):
                    decision = pattern.include
            if decision is not None:
                return decision
        return False


def discover(paths: list[str], settings: Settings, force_exclude: bool = False,
             skip: frozenset[str] = frozenset()) -> Discovery:
    """Files to check, in a stable order; explicit files are always included unless
    `force_exclude` (pre-commit passes every file explicitly). `skip`: absolute paths of folders
    not to enter (their files were found already)."""
    result = Discovery()
    seen: set = set()
    patterns = settings.exclude + settings.extend_exclude
    for given in paths:
        try:
            os.stat(given)
        except OSError as exc:  # missing or unreadable: said, and the other paths are still checked
            reason = ("no such file or directory" if isinstance(exc, FileNotFoundError)
                      else f"cannot read: {exc.strerror or exc}")
            result.errors.append(f"{given}: {reason}")
            continue
        if not os.path.isdir(given):
            if not (force_exclude and _excluded_anywhere(given, patterns)):
                _add(result.files, seen, given)
            continue
        ignores = _ignores_above(given) if settings.respect_gitignore else _Ignores()
        errors_before, found = len(result.errors), 0
        for file in _walk(given, settings, patterns, ignores, result.errors, skip):
            _add(result.files, seen, file)
            found += 1
        if not found and len(result.errors) == errors_before:
            result.warnings.append(f"no Python files found under {given}")
    return result


def _add(found: list[str], seen: set, path: str) -> None:
    key = file_identity(path)  # a file reached twice, through a link, is checked once
    if key not in seen:
        seen.add(key)
        found.append(os.path.normpath(path))


def _ignores_above(given: str) -> _Ignores:
    """The ignore files that apply to `given`: its repository's .git/info/exclude (weakest), then
    each .gitignore from the repository root down to `given` itself."""
    ignores = _Ignores()
    chain = _parents_in_repo(Path(given))
    repository = chain[-1]
    if os.path.isdir(repository / ".git"):
        ignores.add(str(repository), str(repository / ".git" / "info" / "exclude"))
    for parent in reversed(chain):
        ignores.add(str(parent))
    return ignores


def _parents_in_repo(start: Path) -> list[Path]:
    """`start` and its parents up to the enclosing git repository's root (or just `start`)."""
    start = start.resolve()
    chain = [start]
    for parent in start.parents:
        if os.path.exists(chain[-1] / ".git"):  # os.path: an unreadable folder is no repository, not an error
            break
        chain.append(parent)
    else:
        return [start]
    return chain


def _walk(root: str, settings: Settings, patterns: tuple[str, ...], ignores: _Ignores, errors: list[str],
          skip: frozenset[str] = frozenset()):
    def unreadable(exc: OSError) -> None:
        errors.append(f"{os.path.normpath(exc.filename or root)}: cannot read: {exc.strerror or exc}")

    suffixes = settings.suffixes()
    for directory, dirnames, filenames in os.walk(root, onerror=unreadable):
        if settings.respect_gitignore and directory != root:
            ignores.add(directory)
        dirnames[:] = sorted(
            d for d in dirnames
            if not _excluded(os.path.join(directory, d), d, root, patterns)
            and not (settings.respect_gitignore and ignores.ignored(os.path.join(directory, d), True))
            and not (skip and os.path.abspath(os.path.join(directory, d)) in skip))
        for name in sorted(filenames):
            if not name.endswith(suffixes):
                continue
            path = os.path.join(directory, name)
            if _excluded(path, name, root, patterns):
                continue
            if settings.respect_gitignore and ignores.ignored(path, False):
                continue
            yield path


def _excluded(path: str, name: str, root: str, patterns: tuple[str, ...]) -> bool:
    """A pattern matches the name, or the path relative to the walked folder."""
    by_name, by_path = _compiled(patterns)
    if by_name.match(name):
        return True
    relative = path[len(root):].lstrip(os.sep) if path.startswith(root) else os.path.relpath(path, root)
    return by_path.match(relative.replace(os.sep, "/")) is not None


@functools.lru_cache(maxsize=8)
def _compiled(patterns: tuple[str, ...]) -> tuple[re.Pattern, re.Pattern]:
    """The patterns as one regex for names and one for relative paths: one match per file, not two per
    pattern (every file of a project is walked on every run)."""
    return (re.compile("|".join(fnmatch.translate(p) for p in patterns) or "(?!)"),
            re.compile("|".join(fnmatch.translate(p.rstrip("/")) for p in patterns) or "(?!)"))


def _excluded_anywhere(path: str, patterns: tuple[str, ...]) -> bool:
    parts = os.path.normpath(path).replace(os.sep, "/").split("/")
    return any(fnmatch.fnmatchcase(part, p) for part in parts for p in patterns)
