"""The JAX release a project targets: `target-jax` in its settings, else its requirement on `jax` read
from the nearest project files above a checked file (`pyproject.toml` dependencies, also Poetry's,
`requirements*.txt`, `setup.cfg` `install_requires`, `setup.py`). JAX301 and JAX303 say of a removed
name whether it raises on that JAX or still works there and breaks on upgrading."""

from __future__ import annotations

import functools
import os
import re
import tomllib
from pathlib import Path
from typing import NamedTuple

Version = tuple[int, ...]

# `jax`, `jax[cuda12]`, then its version clauses; not `jaxlib`, `jax-md`, `jaxtyping`, `flax`.
_REQUIREMENT = re.compile(r"""(?<![\w.-])jax(?:\[[^\]]*\])?\s*\(?\s*"""
                          r"""((?:(?:===|==|!=|<=|>=|~=|<|>)\s*[\w.*+!-]+\s*,?\s*)+)""",
                          re.IGNORECASE)
_CLAUSE = re.compile(r"(===|==|!=|<=|>=|~=|<|>)\s*([\w.*+!-]+)")
_POETRY = re.compile(r"^\s*jax\s*=\s*(?:\{[^}]*version\s*=\s*)?[\"']([^\"']+)[\"']", re.MULTILINE)


class JaxTarget(NamedTuple):
    """The JAX releases a project allows: every one from `lowest` up to `highest` (None: unbounded)."""

    text: str  # as written: `jax>=0.4.20,<0.5`, or `0.4.30` for `target-jax`
    source: str  # where it was read: `pyproject.toml`, `requirements.txt`, `target-jax`
    lowest: Version | None
    highest: Version | None
    highest_included: bool = True

    def keeps(self, removed_in: str) -> bool:
        """Whether every JAX the project allows still has a name removed in `removed_in`."""
        removed = parse_version(removed_in)
        if self.highest is None or removed is None:
            return False
        removed = _padded(removed)
        return self.highest < removed or self.highest == removed and not self.highest_included

    def has(self, added_in: str) -> bool:
        """Whether every JAX the project allows has something added in `added_in`."""
        added = parse_version(added_in)
        return added is None or self.lowest is not None and self.lowest >= _padded(added)


def parse_version(text: str) -> Version | None:
    match = re.match(r"v?(\d+(?:\.\d+)*)", text.strip())
    return tuple(int(p) for p in match.group(1).split(".")) if match else None


def _padded(version: Version) -> Version:
    return (version + (0, 0, 0))[:max(3, len(version))]


def from_setting(value: str) -> JaxTarget:
    version = parse_version(value)
    return JaxTarget(value, "target-jax", version and _padded(version), version and _padded(version))


def from_specifier(spec: str, source: str) -> JaxTarget | None:
    """`>=0.4.20,<0.5`, `==0.4.30`, `~=0.4.25`, Poetry's `^0.4.20`: the range it allows."""
    spec = spec.strip()
    if spec.startswith("^"):  # Poetry: up to the next change of the first non-zero part
        version = parse_version(spec[1:])
        if version is None:
            return None
        first = next((i for i, part in enumerate(version) if part), len(version) - 1)
        upper = (*version[:first], version[first] + 1)
        return JaxTarget(f"jax {spec}", source, _padded(version), _padded(upper), False)
    lowest = highest = None
    included = True
    for operator, text in _CLAUSE.findall(spec):
        version = parse_version(text)
        if version is None:
            continue
        if operator in ("==", "===") and "*" not in text:
            lowest = highest = _padded(version)
        elif operator in ("==", "===", "~=") and (operator != "~=" or len(version) > 1):
            # `==0.4.*`: any 0.4; `~=0.4.25`: 0.4.25 up to 0.5
            prefix = version[:-1] if operator == "~=" else version
            lowest, highest, included = _padded(version), _padded((*prefix[:-1], prefix[-1] + 1)), False
        elif operator in (">=", ">"):
            lowest = _padded(version)
        elif operator == "<=":
            highest, included = _padded(version), True
        elif operator == "<":
            highest, included = _padded(version), False
    if lowest is None and highest is None:
        return None
    return JaxTarget(f"jax{spec}", source, lowest, highest, included)


def requirement_in(text: str, source: str) -> JaxTarget | None:
    """The first requirement on `jax` in a requirements file, setup.cfg/setup.py or a dependency list."""
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        match = _REQUIREMENT.search(line)
        if match:
            found = from_specifier(match.group(1).rstrip(" ,)"), source)
            if found is not None:
                return found
    return None


def _from_pyproject(path: Path) -> JaxTarget | None:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    dependencies = data.get("project", {}).get("dependencies", [])
    if isinstance(dependencies, list):
        found = requirement_in("\n".join(str(d) for d in dependencies), path.name)
        if found is not None:
            return found
    poetry = data.get("tool", {}).get("poetry", {}).get("dependencies", {})
    if isinstance(poetry, dict) and "jax" in poetry:
        value = poetry["jax"]
        spec = value.get("version") if isinstance(value, dict) else value
        if isinstance(spec, str):
            return from_specifier(spec, path.name)
    return None


_PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py")


@functools.lru_cache(maxsize=1024)
def project_requirement(folder: Path) -> JaxTarget | None:
    """The JAX requirement of the project `folder` is in: from the nearest folder upward that has
    project files (`pyproject.toml`, `setup.cfg`, `setup.py`, `requirements*.txt`), None when it
    states none. Cached per folder, so the files of one project look at each parent once."""
    try:  # one listing of the folder, not a glob and a look-up per name (a warm run asks every folder)
        names = set(os.listdir(folder))
    except OSError:
        names = set()
    requirements = sorted(folder / n for n in names if n.startswith("requirements") and n.endswith(".txt"))
    present = [folder / name for name in _PROJECT_FILES if name in names and (folder / name).is_file()]
    if present or requirements:
        return next((found for path in present + requirements if (found := _stated_in(path)) is not None), None)
    if ".git" in names or folder.parent == folder:
        return None  # the top of a repository that states no requirement, or of the filesystem
    return project_requirement(folder.parent)


def _stated_in(path: Path) -> JaxTarget | None:
    if path.name == "pyproject.toml":
        return _from_pyproject(path)
    try:
        return requirement_in(path.read_text(encoding="utf-8", errors="replace"), path.name)
    except OSError:
        return None


def target_of(path: str, setting: str | None) -> JaxTarget | None:
    """The JAX the file at `path` is written for: the setting, else its project's requirement."""
    if setting:
        return from_setting(setting)
    if path in ("-", "") or path.startswith("<"):
        return None
    if os.path.islink(path):  # a link is written for the project of the file it links to
        return _target_in(os.path.dirname(os.path.realpath(path)))
    return _target_in(os.path.dirname(os.path.abspath(path)))


@functools.lru_cache(maxsize=4096)
def _target_in(folder: str) -> JaxTarget | None:
    """A folder's files share their project: resolved once per folder (a cache lookup per file)."""
    try:
        return project_requirement(Path(folder).resolve())
    except OSError:
        return None
