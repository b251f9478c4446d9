"""The rest of the project when only some of its files are checked (pre-commit, an editor's
`--stdin-filename`): their findings may come from a caller elsewhere, so the project's other files
are analysed too (mostly from the cache) and only the named files are reported."""

from __future__ import annotations

import os

from jaxlint.config import ConfigError, Settings
from jaxlint.discovery import discover
from jaxlint.paths import file_identity
from jaxlint.project.roots import nearest_marked, too_wide

_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", ".git")


def project_root(settings: Settings) -> str | None:
    """The configuration's folder; without one, the nearest folder at or above the working one that
    marks a project (pyproject.toml, setup.py, setup.cfg, .git), else the working folder itself,
    unless that is the home folder or a filesystem root (a project there is not a guess to make)."""
    if settings.config_file is not None:
        return os.path.abspath(settings.root)
    here = os.getcwd()
    marked = nearest_marked(here, _MARKERS)
    if marked is not None:
        return None if too_wide(marked) else marked
    return None if too_wide(here) else here


def context_files(named_paths: list[str], files: list[str], settings: Settings) -> list[str]:
    """The project's files other than `files` (what `named_paths` found), when the named paths do
    not already cover the project and the named files are in it."""
    root = project_root(settings)
    if root is None or any(_under(root, os.path.abspath(p)) for p in named_paths):
        return []
    inside = [f for f in files if _under(os.path.abspath(f), root)]
    if not inside:
        return []
    # The named folders were walked already: their files are no context.
    walked = frozenset(os.path.abspath(p) for p in named_paths if os.path.isdir(p))
    try:  # named as a `jaxlint check .` there would name them: the same cache entries serve both
        relative = os.path.relpath(root)
        found = discover([root if relative.startswith(os.pardir) else relative], settings, skip=walked)
    except ConfigError:
        return []
    named = {file_identity(f) for f in files}
    return [f for f in found.files if file_identity(f) not in named]


def _under(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)
