"""Whether x64 is on for a module because of the rest of its project (docs/rules/index.md, JAX207).

A module's project is the folder its nearest project file (pyproject.toml, setup.py, setup.cfg,
pytest.ini, tox.ini, jaxlint.toml) or `.git` marks, else its package root. x64 is on for every
module of it when an analysed module of it turns x64 on, when a `conftest.py` of it does (one the
run did not analyse is read here: those pytest loads for the module, and those of the usual test
folders), or when a configuration file at the root sets JAX_ENABLE_X64 (`env = ["JAX_ENABLE_X64=1"]`
for pytest-env, tox's `setenv`, a `.env` file)."""

from __future__ import annotations

import ast
import functools
import os
import re

from jaxlint.paths import package_root, read_file
from jaxlint.project.roots import nearest_marked, too_wide
from jaxlint.project.summary import ModuleSummary
from jaxlint.semantic.x64 import VARIABLE_OFF, enables_x64

_MARKERS = ("pyproject.toml", "setup.py", "setup.cfg", "pytest.ini", "tox.ini", "jaxlint.toml", ".git")
_CONFIGURATION = ("pyproject.toml", "pytest.ini", "tox.ini", "setup.cfg", ".env")
# `JAX_ENABLE_X64=1`, `JAX_ENABLE_X64 = "true"`, `"JAX_ENABLE_X64": "1"`: the value, if one is given.
_SETTING = re.compile(r"""JAX_ENABLE_X64["']?[ \t]*(?:[=:][ \t]*["']?(\w*))?""")
_TEST_FOLDERS = ("", "tests", "test")  # where a project's conftest.py usually is, under its root


def told_x64(summaries: dict[str, ModuleSummary]) -> set[str]:
    """The modules (by absolute path) that ask JAX for wide dtypes and do not turn x64 on themselves,
    where another part of their project does."""
    asking = [path for path, summary in summaries.items() if summary.wide_dtypes and not summary.enables_x64]
    if not asking:
        return set()
    enabling = {_project_of(path) for path, summary in summaries.items() if summary.enables_x64}
    return {path for path in asking if (root := _project_of(path)) in enabling or _configured(root)
            or _conftest_enables(path, root, summaries)}


def _project_of(path: str) -> str:
    """The root of the project the module belongs to, for x64."""
    folder = os.path.dirname(os.path.abspath(path))
    marked = nearest_marked(folder, _MARKERS)
    return marked if marked is not None and not too_wide(marked) else package_root(path)


@functools.lru_cache(maxsize=1024)
def _configured(root: str) -> bool:
    """A configuration file at the root sets JAX_ENABLE_X64 to anything but off (a value it does not
    spell out, as tox's `passenv`, counts as on: the doubt never produces a finding)."""
    for name in _CONFIGURATION:
        data = read_file(os.path.join(root, name))
        text = data.decode("utf-8", "replace") if data else ""
        if any(value.lower() not in VARIABLE_OFF for value in _SETTING.findall(text)):
            return True
    return False


def _conftest_enables(path: str, root: str, summaries: dict[str, ModuleSummary]) -> bool:
    """Whether a `conftest.py` this run did not analyse (an analysed one counts as a module of the
    project already) turns x64 on: one pytest loads for the module (in its folder or above, up to
    the root), or one of the project's usual test folders (pytest loads it for their tests, and the
    setting stays for every module those import)."""
    folder = os.path.dirname(os.path.abspath(path))
    candidates = [os.path.join(root, tests, "conftest.py") for tests in _TEST_FOLDERS]
    while folder != root and os.path.dirname(folder) != folder:
        candidates.append(os.path.join(folder, "conftest.py"))
        folder = os.path.dirname(folder)
    return any(conftest not in summaries and _file_enables(conftest) for conftest in candidates)


@functools.lru_cache(maxsize=4096)
def _file_enables(path: str) -> bool:
    data = read_file(path)
    if not data:
        return False
    text = data.decode("utf-8", "replace")
    try:
        return enables_x64(ast.parse(text), text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
