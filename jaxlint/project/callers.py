"""A fix that changes a function's signature rewrites the call sites of its own module only; when
another module of the project may call the function, those calls would break, so the fix is
withdrawn. Other modules are searched as text for the function's name: conservative, and cheap
because it runs only when such a fix was built."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace

from jaxlint.config import Settings
from jaxlint.diagnostics import Finding
from jaxlint.paths import read_file
from jaxlint.results import FileResult

SIGNATURE_CHANGING = frozenset({"JAX101"})  # its fix adds a parameter to the function
# Names looked up by scanning every module, before the modules' words are indexed once: a scan of a
# project costs about a third of indexing it, and most runs ask for a name or two.
_SCANS = 4
_WORD = re.compile(rb"\w+")


class OtherModules:
    """The Python files of a run and of its project, read only when a name must be looked up."""

    def __init__(self, paths: Callable[[], Iterable[str]], excluded: Iterable[str] = ()) -> None:
        self._paths = paths
        self._excluded = {os.path.realpath(p) for p in excluded}
        self._contents: list[tuple[str, bytes]] | None = None
        self._asked = 0
        self._words: dict[bytes, list[str]] | None = None  # each word, with the modules it occurs in

    def mention(self, name: str, path: str) -> bool:
        here = os.path.realpath(path)
        self._asked += 1
        if name.isascii() and name.isidentifier() and self._asked > _SCANS:
            return any(where != here for where in self._indexed().get(name.encode(), ()))
        word = re.compile(rb"\b" + re.escape(name.encode()) + rb"\b")
        return any(word.search(data) for where, data in self._read() if where != here)

    def _indexed(self) -> dict[bytes, list[str]]:
        """The words of every module (what `\\bname\\b` finds, for an ASCII name), indexed once."""
        if self._words is None:
            self._words = {}
            for where, data in self._read():
                for word in set(_WORD.findall(data)):
                    self._words.setdefault(word, []).append(where)
        return self._words

    def _read(self) -> list[tuple[str, bytes]]:
        if self._contents is None:
            self._contents = []
            for path in dict.fromkeys(os.path.realpath(p) for p in self._paths()):
                if path in self._excluded:
                    continue
                data = read_file(path)
                if data is not None:
                    self._contents.append((path, data))
        return self._contents


def withdraw_outside_callers(findings: Sequence[Finding], path: str, others: OtherModules) -> list[Finding]:
    """The findings, without the signature-changing fixes of functions other modules mention."""
    out = []
    for finding in findings:
        if _changes_signature(finding) and finding.function and others.mention(finding.function.rsplit(".", 1)[-1], path):
            finding = replace(finding, fix=None, fixable=None)
        out.append(finding)
    return out


def needs_lookup(findings: Iterable[Finding]) -> bool:
    return any(_changes_signature(f) for f in findings)


def _changes_signature(finding: Finding) -> bool:
    """A fix of a signature-changing rule, unless the rule says this one keeps it (a compiled method
    whose body moves to a new method: the one callers call is unchanged)."""
    keeps = isinstance(finding.fix_data, dict) and finding.fix_data.get("keeps_signature")
    return finding.code in SIGNATURE_CHANGING and bool(finding.fix or finding.fixable) and not keeps


def project_modules(files: Sequence[str], settings: Settings) -> OtherModules:
    """The files of this run and of the projects they belong to: the configuration's root, and each
    file's package root (its first folder up without `__init__.py`), where its importers live. A run
    on a subset (pre-commit, an editor) must not miss the callers it did not name. The examples file
    of `verify` is not a caller."""

    def paths() -> list[str]:
        from jaxlint.discovery import discover
        from jaxlint.paths import package_root

        roots = {package_root(f) for f in files}
        if settings.config_file is not None:
            roots.add(str(settings.root))
        try:
            return [*files, *discover(sorted(roots), settings, False).files]
        except Exception:  # noqa: BLE001 - an unreadable corner of the project: the named files still count
            return list(files)

    # verify's examples file names functions to run, and verify passes what a fix adds itself
    examples = settings.verify_examples
    return OtherModules(paths, excluded=[examples, str(settings.root / examples)] if examples else [])


def withdraw_in_results(files: Sequence[str], results: Sequence[FileResult], others: OtherModules) -> list[FileResult]:
    """`withdraw_outside_callers` over a run's results (no file is read unless such a fix was built)."""
    return [replace(r, findings=tuple(withdraw_outside_callers(r.findings, path, others))) if needs_lookup(r.findings)
            else r for path, r in zip(files, results, strict=True)]
