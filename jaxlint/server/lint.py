"""One buffer → findings, with its project around it, exactly as `jaxlint check --stdin-filename
PATH` has them: the buffer's unsaved text stands for the file, the project's other modules are
analysed (mostly from the cache) for what they tell it, and only the buffer is reported."""

from __future__ import annotations

import ast
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from jaxlint.diagnostics import Finding
from jaxlint.engine import check_paths, check_source
from jaxlint.project.callers import project_modules, withdraw_in_results, withdraw_outside_callers
from jaxlint.project.context import context_files
from jaxlint.results import FileResult
from jaxlint.server.settings import BufferSettings
from jaxlint.source import Source, _declared_encoding

STDIN = "-"  # the name of a buffer that is no file (untitled): linted alone, as `check -` lints stdin


@dataclass(frozen=True)
class BufferLint:
    """A buffer's findings at one version of its text."""

    path: str  # as the engine saw it (relative to the working folder when under it)
    version: int | None
    text: str
    data: bytes  # the text as the engine read it
    result: FileResult  # findings with their built fixes; `incoming`: what other modules told it
    suppressed: tuple[Finding, ...]  # findings a noqa comment silences
    settings: BufferSettings
    # finding → the finding with its fix built (None when it has none), as code actions asked for them
    built: dict[Finding, Finding] = field(default_factory=dict, compare=False, repr=False)

    @property
    def findings(self) -> tuple[Finding, ...]:
        return self.result.findings


def engine_path(fs_path: str | None) -> str:
    """The name the engine analyses a buffer under: relative to the working folder (the workspace
    root) when it is under it, as `jaxlint check .` there names it, so the cache serves both."""
    if not fs_path:
        return STDIN
    relative = os.path.relpath(fs_path)
    return fs_path if relative.startswith(os.pardir) else relative


def encoded(text: str) -> bytes:
    """The buffer as the file's bytes: in the encoding it declares (PEP 263), else UTF-8. Text that
    no encoding can write (a lone surrogate) stays undecodable, which the engine reports (JAX000)."""
    declared = _declared_encoding(text[:400].encode("utf-8", "surrogatepass"))
    for encoding in (declared, "utf-8") if declared else ("utf-8",):
        try:
            return text.encode(encoding)
        except (UnicodeEncodeError, LookupError):
            continue
    return text.encode("utf-8", "surrogatepass")


# The server's worker processes start from a fork server: a fork of the server itself, whose LSP
# reader thread holds stdin's lock, leaves the child stuck closing stdin (multiprocessing's bootstrap).
_START_METHOD = "forkserver"


def lint_buffer(path: str, text: str, version: int | None, settings: BufferSettings, *, cache: bool = True,
                jobs: int = 1, show_suppressed: bool = True, alone: bool = False) -> BufferLint:
    """The buffer's findings, as `check --stdin-filename path` reports them (commands/check.py's stdin
    path), without their fixes: building them (and a lint of each result) costs more than the
    lint on a buffer with many fixable findings, so `with_fixes` builds them when a fix is asked for.
    `alone`: without the project around it (quick, in this process: what a first look shows while the
    project is analysed)."""
    data = encoded(text)
    files = [path]
    config = settings.settings
    context = [] if path == STDIN or alone else context_files(files, files, config)
    cache_dir = os.path.join(str(config.root), ".jaxlint_cache") if cache and not alone else None
    results = check_paths(files, config, settings.enabled, jobs=1 if alone else jobs, cache_dir=cache_dir,
                          context=context, contents={path: data}, fixes=False, start_method=_START_METHOD)
    result = withdraw_in_results(files, results, project_modules(files, config))[0]
    suppressed = _suppressed(path, text, result, settings) if show_suppressed else ()
    return BufferLint(path, version, text, data, result, suppressed, settings)


def _suppressed(path: str, text: str, result: FileResult, settings: BufferSettings) -> tuple[Finding, ...]:
    """What `# noqa` comments silence in the buffer: the buffer analysed once more with them ignored
    (only when it has one), with what the other modules told it."""
    if "noqa" not in text.lower() or settings.settings.ignore_noqa:
        return ()
    loud = replace(settings.settings, ignore_noqa=True)
    try:
        every = check_source(Source(text), path, loud, settings.enabled, build_fixes=False,
                             incoming=result.incoming).findings
    except Exception:  # noqa: BLE001 - only a marking: the findings stand without it
        return ()
    shown = {(f.code, f.location, f.message) for f in result.findings}
    return tuple(f for f in every if (f.code, f.location, f.message) not in shown)


def with_fixes(lint: BufferLint, findings: Sequence[Finding]) -> list[Finding]:
    """The findings with their fixes, built as the engine builds them for `check` (a fix is kept when
    its result parses and its finding is gone there, linted with what the other modules told this
    one; a signature-changing fix is withdrawn when another module mentions the function). Runs in
    the engine's thread; remembered for this version of the buffer."""
    todo = [f for f in dict.fromkeys(findings) if f.fixable and f not in lint.built]
    if todo:
        from jaxlint.fixes.files import attach_fixes

        config, codes = lint.settings.settings, lint.settings.enabled & {f.code for f in todo}

        def again(text: str, tree: ast.Module | None) -> tuple[Finding, ...]:
            return check_source(Source(text), lint.path, config, codes, build_fixes=False,
                                incoming=lint.result.incoming, tree=tree).findings

        try:
            built = attach_fixes(_source(lint), todo, again)
        except Exception:  # noqa: BLE001 - a bug in the fix machinery: the findings go unfixed, as in `check`
            built = [replace(f, fix=None) for f in todo]
        built = withdraw_outside_callers(built, lint.path, project_modules([lint.path], config))
        lint.built.update(zip(todo, built))
    return [lint.built.get(f, f) for f in findings]


def _source(lint: BufferLint) -> Source:
    """The buffer as the engine reads it: a notebook's code cells joined, with the way back to its cells."""
    if lint.settings.settings.notebook(lint.path):
        from jaxlint.notebooks import load

        return load(lint.text)
    return Source(lint.text)


def relint(lint: BufferLint):
    """The linter `fix_file` needs for this buffer: the engine's, with what the other modules told it
    (a fix must make its finding go away there too), as `check --fix` lints a file between rounds."""
    from jaxlint.project.callers import OtherModules

    others: OtherModules = project_modules([lint.path], lint.settings.settings)

    def run(source: Source) -> tuple[Finding, ...]:
        findings = check_source(source, lint.path, lint.settings.settings, lint.settings.enabled,
                                incoming=lint.result.incoming).findings
        return tuple(withdraw_outside_callers(findings, lint.path, others))

    return run


__all__ = ["BufferLint", "STDIN", "encoded", "engine_path", "lint_buffer", "relint", "with_fixes"]
