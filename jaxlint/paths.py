"""Where a file sits among Python's packages, and reading it: shared by the engine and the project pass."""

from __future__ import annotations

import functools
import os


def module_name(path: str) -> str:
    """Dotted module name for the JSON `function` field, from the package root (the first folder up
    without an `__init__.py`): site-packages/blackjax/mcmc/hmc.py → blackjax.mcmc.hmc; a file
    outside any package is named by its stem."""
    absolute = os.path.abspath(path)
    *packages, filename = os.path.relpath(absolute, package_root(absolute)).split(os.sep)
    parts = packages if filename == "__init__.py" else [*packages, os.path.splitext(filename)[0]]
    return ".".join(parts) or "__main__"


def package_root(path: str) -> str:
    """The folder a file's top-level package sits in (its own folder for a plain script): where
    Python finds it when the project runs, and where the modules importing it live. A folder
    without `__init__.py` inside a package is a namespace package of it (evosax/problems/bbob/):
    its modules are the package's (`evosax.problems.bbob.meta_bbob`, relative imports and all)."""
    folder = os.path.dirname(os.path.abspath(path))
    while (_is_package(folder) or _is_package(os.path.dirname(folder))) and os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
    return folder


@functools.lru_cache(maxsize=4096)
def _is_package(folder: str) -> bool:
    return os.path.isfile(os.path.join(folder, "__init__.py"))


def package_of(path: str, name: str) -> str | None:
    """The package a module's relative imports start from (a package's `__init__` is its own)."""
    if os.path.basename(path) == "__init__.py":
        return name
    return name.rpartition(".")[0] or None


def read_file(path: str) -> bytes | None:
    """The file's bytes; None when unreadable (check_file then reports why)."""
    try:
        with open(path, "rb") as handle:
            return handle.read()
    except OSError:
        return None


def file_identity(path: str) -> tuple[int, int] | str:
    """The file a path names, through links: its device and inode (one stat, where a realpath
    costs one per folder of the path); the absolute path when it cannot be read."""
    try:
        found = os.stat(path)
    except OSError:
        return os.path.abspath(path)
    return found.st_dev, found.st_ino
