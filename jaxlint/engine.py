"""One file → findings (parse, model, rules, noqa); many files → findings, in parallel."""

from __future__ import annotations

import ast
import fnmatch
import functools
import os
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from jaxlint.config import Settings
from jaxlint.diagnostics import Finding, Location, Related
from jaxlint.parallel import Workers, ordered_map
from jaxlint.paths import module_name, package_of, read_file
from jaxlint.results import FileResult
from jaxlint.rules import INTERNAL_ERROR, SYNTAX_ERROR, rules
from jaxlint.source import BrokenCell, Source, UndecodableSource, decode

if TYPE_CHECKING:  # the model is imported when a file needs it: cache hits and skipped files never do
    from jaxlint.cache import Cache, Contents
    from jaxlint.project.incoming import Asked, Incoming
    from jaxlint.rules.base import Report
    from jaxlint.semantic.model import Model, ModelOptions

_CONTEXT_LINES = 3
# A file none of these words occur in cannot have a finding (every rule needs one of these imports).
_JAX_FAMILY = (b"jax", b"flax", b"equinox", b"optax", b"numpyro", b"haiku", b"chex")


def check_file(path: str, settings: Settings, enabled: frozenset[str], data: bytes | None = None,
               incoming: Incoming | None = None, fixes: bool = True) -> FileResult:
    """Findings of one file. `data` is the content when it does not come from `path` (stdin);
    `incoming`, what the project pass learned about it from the other modules; `fixes` false: the
    findings' fixes are not built (an editor builds them when one is asked for)."""
    try:
        if data is None:
            with open(path, "rb") as handle:
                data = handle.read()
    except OSError as exc:
        return FileResult((), (f"{path}: cannot read: {exc.strerror or exc}",))
    try:
        text, _, _ = decode(data)
        source = _notebook(text) if settings.notebook(path) else Source(text)
    except UndecodableSource as exc:  # a notebook that is not one, too
        return FileResult((_engine_finding(SYNTAX_ERROR, path, str(exc), 1, 1, None),))
    if not may_have_findings(data, settings):
        if not incoming:  # no rule can fire: whether it parses (JAX000) matters, and what it offers other modules
            return replace(_outline(source, path, settings), asked=_TOLD)
        result = check_source(source, path, settings, enabled, incoming=incoming, fixes=fixes)
        return replace(result, asked=result.asked | _TOLD)
    return check_source(source, path, settings, enabled, incoming=incoming, fixes=fixes)


_TOLD = frozenset({("told",)})  # whether anything was told decides how a file without JAX is read


def _notebook(text: str) -> Source:
    from jaxlint import notebooks  # imported only for notebooks: start-up time

    return notebooks.load(text)


def may_have_findings(data: bytes, settings: Settings) -> bool:
    """Whether the bytes mention a JAX-family library or a configured jit decorator at all. Files
    that do not are only parsed (a file that does not parse is a finding), never analysed."""
    words = _JAX_FAMILY + tuple(name.split(".")[0].encode() for name in settings.jit_decorators)
    return any(word in data for word in words)


def check_source(source: Source, path: str, settings: Settings, enabled: frozenset[str], *,
                 build_fixes: bool = True, incoming: Incoming | None = None, fixes: bool = True,
                 tree: ast.Module | None = None, asked: Asked | None = None) -> FileResult:
    """Findings of one parsed source, with their fixes (unless `build_fixes` or `fixes` is false), and
    its summary (unless `build_fixes` is false: a relint). `tree`: the source's, when the caller
    parsed it already (a fix's result); `asked`: where the questions asked of `incoming` go (a
    relint's join the check's: they decide its fixes too)."""
    from jaxlint.project.incoming import NOTHING, Asked
    from jaxlint.project.summarise import summarise
    from jaxlint.semantic.model import Model

    parsed = _parsed(source, path, settings.target_version) if tree is None else (tree, source, [])
    if isinstance(parsed, FileResult):
        return parsed
    tree, source, findings = parsed
    codes = enabled - _per_file_ignored(path, settings)
    if is_test_file(path, settings):
        codes -= {rule.code for rule in rules() if rule.quiet_in_tests}
    suppress = None  # tokenizing for comments is costly: only once findings exist
    options = _model_options(path, settings, source)
    errors: list[str] = []
    summary = None
    asked = asked if asked is not None else Asked(incoming or NOTHING)
    try:
        model = Model(tree, options, source.text, asked=asked)
    except RecursionError:
        return FileResult(tuple(findings), (f"{path}: too deeply nested to analyse",))
    except Exception:  # noqa: BLE001 - a bug of ours must not end the run; the syntax errors found stand
        result = _internal(path, "semantic model", source)
        return FileResult((*findings, *result.findings), result.errors)
    try:
        for rule in rules():
            if rule.code not in codes:
                continue
            try:
                reports = list(rule.check_module().check(model))
            except Exception:  # noqa: BLE001 - a crash in one rule is a JAX999 finding; the other rules go on
                result = _internal(path, rule.code, source)
                findings += result.findings
                errors += result.errors
                continue
            info = rule.info
            for report in reports:
                finding = _finding(report, info, path, source, model)
                suppress = suppress or _suppressions(source.text)
                if settings.ignore_noqa or not suppress.suppressed(finding.code, report.node.lineno):  # type: ignore[attr-defined]
                    findings.append(finding)
        if build_fixes:  # a relint (build_fixes false) only asks for findings
            try:
                summary = summarise(model)
            except Exception:  # noqa: BLE001 - a crash in one rule is a JAX999 finding; the other rules go on
                result = _internal(path, "module summary", source)
                findings += result.findings
                errors += result.errors
    finally:
        model.release()
    # A module that does not parse is never written (a recovered one included): no fix is built.
    if build_fixes and fixes and source.written is None and any(f.fixable for f in findings):
        findings, errors = _with_fixes(source, path, findings, errors, settings, enabled, incoming, tree, asked)
    return FileResult(tuple(sorted(set(findings), key=lambda f: f.sort_key)), tuple(errors), summary, incoming,
                      frozenset(asked.questions))


def _suppressions(text: str):
    from jaxlint import noqa

    return noqa.parse(text)


def _outline(source: Source, path: str, settings: Settings) -> FileResult:
    """A file no rule can fire in: whether it parses, and its summary: the functions and imports it
    offers; for one that imports the project, also what it does to the project's modules (a script
    that sets `config.SCALE` in its training loop), from its model."""
    from jaxlint.project.summarise import outline, summarise
    from jaxlint.project.summary import may_be_project

    parsed = _parsed(source, path, settings.target_version)
    if isinstance(parsed, FileResult):
        return parsed
    tree, source, found = parsed
    errors = tuple(found)
    try:
        summary = outline(tree, package_of(path, module_name(path)), source.text)
        if any(may_be_project(qualified) for _, qualified in summary.imports):
            from jaxlint.semantic.model import Model

            model = Model(tree, _model_options(path, settings, source), source.text)
            try:
                summary = summarise(model)
            finally:
                model.release()
    except Exception:  # noqa: BLE001 - a bug of ours: the file's own findings (none) stand, the run says so
        result = _internal(path, "module summary", source)
        return FileResult((*errors, *result.findings), result.errors)
    return FileResult(errors, summary=summary)


def _parsed(source: Source, path: str, target_version: str | None) -> tuple[ast.Module, Source, list[Finding]] | FileResult:
    """The module's tree, the source it is the tree of, and its JAX000 findings (a notebook's cells
    that do not parse). A module that does not parse is recovered where it can be (recovery.py): a
    JAX000 for each syntax error, and the rest analysed, with the source as written for the frames;
    else the result is its JAX000 alone."""
    try:
        # no filename: CPython would take a syntax error's line (and so its column) from the file on
        # disk, which is not what an editor's unsaved buffer or stdin holds
        return ast.parse(source.text), source, _cell_errors(source, path, target_version)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        failure = exc
    recovered = None
    if isinstance(failure, SyntaxError) and source.cells is None:
        from jaxlint.recovery import recover

        recovered = recover(source.text, failure)
    if recovered is None:
        return FileResult((*_cell_errors(source, path, target_version),
                           _unparsable(source, path, failure, target_version)))
    shown = Source(recovered.text, written=source.text)
    return recovered.tree, shown, [_syntax_error(shown, path, error, target_version, None, parsed)
                                   for error, parsed in recovered.errors]


def _model_options(path: str, settings: Settings, source: Source) -> ModelOptions:
    from jaxlint.semantic.model import ModelOptions

    name = module_name(path)
    from jaxlint.jax_target import target_of

    return ModelOptions(module_name=name, package=package_of(path, name),
                        jit_decorators=frozenset(settings.jit_decorators), key_names=settings.key_names,
                        max_unroll=settings.max_unroll, target_jax=target_of(path, settings.target_jax),
                        cells=tuple(source.cells) if source.cells else None)


def _with_fixes(source: Source, path: str, findings: list[Finding], errors: list[str], settings: Settings,
                enabled: frozenset[str], incoming: Incoming | None, tree: ast.Module,
                asked: Asked) -> tuple[list[Finding], list[str]]:
    """The findings with the fixes that were built and work (libcst is imported only here): a fix's
    result is linted once more, with what the other modules told this one, to see that its finding
    is gone."""
    from jaxlint.fixes.files import attach_fixes

    fixed_codes = enabled & {f.code for f in findings if f.fixable}  # whether those findings are gone: their rules

    def relint(text: str, tree: ast.Module | None) -> tuple[Finding, ...]:
        return check_source(Source(text), path, settings, fixed_codes, build_fixes=False, incoming=incoming,
                            tree=tree, asked=asked).findings

    try:
        return attach_fixes(source, findings, relint, tree), errors
    except Exception:  # noqa: BLE001 - a bug in the fix machinery must not lose the findings: they go unfixed
        return findings, errors + [f"{path}: jaxlint crashed building fixes:\n{traceback.format_exc(limit=-3)}"]


def _finding(report: Report, info, path: str, source: Source, model: Model) -> Finding:
    node = report.node
    row, end_row = node.lineno, node.end_lineno or node.lineno  # type: ignore[attr-defined]
    column = source.char_column(row, node.col_offset) + 1  # type: ignore[attr-defined]
    end_column = source.char_column(end_row, node.end_col_offset or 0) + 1  # type: ignore[attr-defined]
    finding = _located(
        code=info.code, name=info.name, severity=report.severity or info.severity,
        message=report.message + _called_from(model, report.scope),
        filename=path, start=(row, column), end=(end_row, end_column), source=source,
        function=model.qualname(report.scope), fixable=report.fixable, fix_data=report.fix_data,
        related=tuple(_related(row, text, source) for row, text in report.related),
        statement_row=_statement_row(model, node), cited=tuple(report.lines))
    if source.cells and report.lines:
        from jaxlint import notebooks

        return replace(finding, message=notebooks.cell_lines(report.message, report.lines, source.cells, finding.cell))
    return finding


def _statement_row(model: Model, node: ast.AST) -> int:
    """The first row of the statement that holds `node` (a key on a continuation line is used by the
    call that starts rows above)."""
    statement = model.statement_of(node)
    return (statement or node).lineno  # type: ignore[attr-defined]


def _related(row: int, message: str, source: Source) -> Related:
    """A step of a finding's evidence at a row of the module (of its cell, in a notebook)."""
    if source.cells:
        cell, row = source.cell_row(row)
        return Related(row, message, cell)
    return Related(row, message)


def _called_from(model: Model, scope) -> str:
    """Where the traced code that makes this function traced is, when it is in another module."""
    for current in (scope, *scope.ancestors()) if scope is not None else ():
        caller = model.info(current).caller
        if caller:
            return f" (`{current.qualname}` is {caller})"
    return ""


def _located(*, start: tuple[int, int], end: tuple[int, int], source: Source | None, **fields) -> Finding:
    row, column = start
    end_row, end_column = end
    context = tuple(source.line(r) for r in range(row, min(end_row, row + _CONTEXT_LINES - 1) + 1)) if source else ()
    cell = None
    noqa_row = row
    if source is not None and source.cells:
        cell, row = source.cell_row(row)
        end_cell, end_row = source.cell_row(end_row)
        if end_cell != cell:
            end_row, end_column = row, column + 1
    return Finding(location=Location(row, column), end_location=Location(end_row, end_column), cell=cell,
                   noqa_row=noqa_row if cell is None else row, context=context, **fields)


def _cell_errors(source: Source, path: str, target_version: str | None) -> list[Finding]:
    """JAX000 for each notebook cell that does not parse (the other cells are analysed without it)."""
    return [_unparsable(source, path, cell.error, target_version, cell) for cell in source.broken]


def _unparsable(source: Source, path: str, exc: Exception, target_version: str | None = None,
                cell: BrokenCell | None = None) -> Finding:
    """JAX000 for what parsing the file (or the notebook `cell` alone) raised."""
    if isinstance(exc, SyntaxError):
        return _syntax_error(source, path, exc, target_version, cell)
    too_deep = isinstance(exc, (RecursionError, MemoryError))
    reason = "too deeply nested or too large for the parser" if too_deep else str(exc) or type(exc).__name__
    return _engine_finding(SYNTAX_ERROR, path, f"cannot parse: {reason}", cell.row if cell else 1, 1, source)


def _syntax_error(source: Source, path: str, exc: SyntaxError, target_version: str | None,
                  cell: BrokenCell | None, parsed: str | None = None) -> Finding:
    """JAX000 for `exc`, raised by parsing `parsed` (default: the cell, else the source, as written)."""
    row = exc.lineno or 1
    if cell is not None:  # rows of the cell → rows of the joined text (an error at its end stays in it)
        row = cell.row - 1 + min(row, len(cell.rows))
    # SyntaxError offsets are 1-based characters already.
    column = max(exc.offset or 1, 1)
    from jaxlint.syntax_hints import hint, newer_syntax

    newer = newer_syntax(parsed if parsed is not None else cell.text if cell else source.text, exc)
    message = f"SyntaxError: {exc.msg}" + hint(newer, target_version)
    return _engine_finding(SYNTAX_ERROR, path, message, row, column, source)


def _engine_finding(info, path: str, message: str, row: int, column: int, source: Source | None) -> Finding:
    return _located(code=info.code, name=info.name, severity=info.severity, message=message, filename=path,
                    start=(row, column), end=(row, column), source=source)


def _internal(path: str, where: str, source: Source) -> FileResult:
    trace = traceback.format_exc(limit=-3)
    message = f"internal error in {where}; please report it: {trace.strip().splitlines()[-1]}"
    return FileResult((_engine_finding(INTERNAL_ERROR, path, message, 1, 1, source),),
                      (f"{path}: jaxlint crashed in {where}:\n{trace}",))


def _per_file_ignored(path: str, settings: Settings) -> set[str]:
    if not settings.per_file_ignores:
        return set()
    relative = _in_project(path, settings).as_posix()
    name = os.path.basename(path)
    ignored: set[str] = set()
    for glob, codes in settings.per_file_ignores:
        if fnmatch.fnmatchcase(relative, glob) or fnmatch.fnmatchcase(name, glob):
            ignored |= _expand(codes)
    return ignored


def is_test_file(path: str, settings: Settings) -> bool:
    """Whether `path` matches a `test-files` pattern: a file-name glob, or a folder (`tests/`)."""
    relative = _in_project(path, settings)
    folders, name = relative.parts[:-1], relative.name
    for pattern in settings.test_files:
        if pattern.endswith("/"):
            if any(fnmatch.fnmatchcase(folder, pattern[:-1]) for folder in folders):
                return True
        elif fnmatch.fnmatchcase(name, pattern):
            return True
    return False


def _in_project(path: str, settings: Settings) -> Path:
    """`path` relative to the project's root, or as given when it lies outside it."""
    try:
        return Path(os.path.abspath(path)).relative_to(_resolved(settings.root))
    except ValueError:
        return Path(path)


@functools.lru_cache(maxsize=16)
def _resolved(root: Path) -> Path:
    """The root with its links resolved: asked for every file analysed, and resolving costs a
    system call per part of the path."""
    return root.resolve()


def _expand(codes: tuple[str, ...]) -> set[str]:
    from jaxlint.rules import catalog

    return {info.code for info in catalog() if any(c == "ALL" or info.code.startswith(c) for c in codes)}


class ProjectStats:
    """Where a run's time went, for `--verbose` and the benchmark (a plain class: a dataclass costs
    start-up time)."""

    def __init__(self) -> None:
        self.files = 0  # analysed, the project's other files included
        self.first_pass = 0.0  # seconds: every file alone (from the cache or analysed)
        self.project_pass = 0.0  # seconds in the project pass (summaries only)
        self.rounds = 0  # analyses of the modules told something new
        self.reanalysed = 0  # modules analysed again, over all rounds
        self.again = 0.0  # seconds those took


def check_paths(files: list[str], settings: Settings, enabled: frozenset[str], *, jobs: int = 1,
                cache_dir: str | None = None, progress: Callable[[str, bool], None] | None = None,
                context: list[str] | tuple[str, ...] = (), contents: dict[str, bytes] | None = None,
                stats: ProjectStats | None = None, fixes: bool = True,
                start_method: str | None = None) -> list[FileResult]:
    """Results in the order of `files`, the same whatever `jobs` (and `start_method`: how the
    worker processes start, parallel.Workers). `cache_dir` None: no cache.
    `progress` hears each file as it is done, and whether its result came from the cache.
    `context`: the project's other files, analysed only for what they tell `files` (a helper of
    `files` their jitted code calls): their summaries, no rule runs there (cached apart from full
    results). `contents`: the bytes of a path that are not on disk (stdin).
    `fixes` false: the fixes of `files` are not built, and their results are neither read from nor
    written to the cache: an editor's buffer, whose fixes are built when one is asked for.

    Each file is analysed alone first; the project pass then tells each module how the others'
    traced code calls it, and the modules told something new are analysed again, until none is."""
    named = set(files)
    overrides = contents or {}
    others = list(dict.fromkeys(p for p in context if p not in named))
    read: dict[str, bytes | None] = {}
    # Only the files an import links to the named ones can tell them anything. Finding the links
    # reads every file's imports: worth it when most of the project is not named (pre-commit, an editor).
    if len(others) > len(files):
        from jaxlint.project.links import linked_files

        read = {p: overrides[p] if p in overrides else read_file(p) for p in [*files, *others]}
        try:
            others = linked_files(files, others, read)
        except Exception:  # noqa: BLE001 - a bug of ours costs time, not findings: every file of the project stays
            pass
    every = [*files, *others]
    given = {**read, **overrides}  # the bytes in hand: stdin's, and those read to link the project
    check: _Check | _Split = _Check(settings, enabled, fixes)
    if len(every) > len(files):
        check = _Split(check, _Check(settings, frozenset()), frozenset(files))
    cache = None
    if cache_dir is not None:
        from jaxlint.cache import Cache, Contents

        cache = _Caches(Cache(cache_dir, settings, enabled) if fixes else None,
                        Cache(cache_dir, settings, frozenset()) if isinstance(check, _Split) else None,
                        Contents(cache_dir, given))
    # Without the cache each worker reads its own files (None), and no bytes travel between
    # processes; with it, the bytes a cache key was made from go to the worker (`_analysed`).
    data = [given.get(p) for p in every]
    heard = (lambda path, hit: progress(path, hit) if path in named else None) if progress else None
    stats = stats if stats is not None else ProjectStats()
    stats.files = len(every)
    with Workers(jobs, start_method) as workers:  # kept over the rounds
        started = time.perf_counter()
        results = _analysed(check, every, data, [None] * len(every), cache, workers, heard)
        stats.first_pass = time.perf_counter() - started
        _project_rounds(check, every, data, results, cache, workers, stats)
    if cache is not None:
        cache.contents.save()
    return results[:len(files)]


def _project_rounds(check: _Check | _Split, every: list[str], data: list[bytes | None], results: list[FileResult],
                    cache: _Caches | None, workers: Workers, stats: ProjectStats) -> None:
    """The project pass over the modules' summaries, and the modules told something new (that an
    answer their analysis asked changed) analysed again with it, until none is: `results` are
    replaced in place."""
    from jaxlint.project.incoming import answers_differ
    from jaxlint.project.propagate import incoming_facts
    from jaxlint.project.resolve import ProjectIndex

    absolute = [os.path.abspath(p) for p in every]
    shown = _Shown()
    used: list[Incoming | None] = [None] * len(every)
    project = ProjectIndex({})
    for _ in range(_PROJECT_ROUNDS):
        started = time.perf_counter()
        project.summaries.update((a, r.summary) for a, r in zip(absolute, results) if r.summary is not None)
        try:
            told = incoming_facts(project, shown)
        except Exception:  # noqa: BLE001 - a bug of ours: the per-file findings stand, the run says what is missing
            trace = traceback.format_exc(limit=-3)
            if results:
                message = f"jaxlint crashed in the project pass (findings across modules are missing):\n{trace}"
                results[0] = replace(results[0], errors=(*results[0].errors, message))
            break
        again = []
        for index, path in enumerate(absolute):
            now = told.get(path)
            if now == used[index] or results[index].summary is None:
                continue
            if results[index].errors or answers_differ(results[index].asked, used[index], now):
                again.append(index)
            else:  # nothing its analysis asked is answered otherwise: the result stands, as told now
                results[index], used[index] = replace(results[index], incoming=now), now
        stats.project_pass += time.perf_counter() - started
        if not again:
            break
        started = time.perf_counter()
        fresh = _analysed(check, [every[i] for i in again], [data[i] for i in again],
                          [told.get(absolute[i]) for i in again], cache, workers, None)
        for index, result in zip(again, fresh):
            results[index], used[index] = result, told.get(absolute[index])
        stats.rounds += 1
        stats.reanalysed += len(again)
        stats.again += time.perf_counter() - started


class _Shown(dict):
    """Paths as messages show them, worked out for the few that a message names."""

    def __missing__(self, path: str) -> str:
        shown = self[path] = shown_path(path)
        return shown


_PROJECT_ROUNDS = 6  # a chain of helpers across this many modules is followed; longer ones are cut


def shown_path(path: str) -> str:
    """A path as messages show it: relative to the working folder when it is under it."""
    relative = os.path.relpath(path)
    return path if relative.startswith(os.pardir) else relative


def _analysed(check: _Check | _Split, paths: list[str], data: list[bytes | None], incoming: list[Incoming | None],
              caches: _Caches | None, workers: Workers, progress: Callable[[str, bool], None] | None) -> list[FileResult]:
    """`check` of each path, from the cache where it holds the result, else in worker processes (the
    named files and their project's other files in one map: neither waits for the other)."""
    chosen = [_cache_of(check, caches, path) for path in paths]
    contents = caches.contents if caches is not None else None
    keys = [_key(c, contents, p, i) for c, p, i in zip(chosen, paths, incoming)]
    results = [c.get(k, p, i) if c and k else None for c, p, k, i in zip(chosen, paths, keys, incoming)]
    missing = [index for index, result in enumerate(results) if result is None]
    if contents is not None:  # what is analysed is what the entry will be keyed by
        data = list(data)
        for index in missing:
            if chosen[index] is not None and data[index] is None:
                data[index] = contents.data(paths[index])
                keys[index] = _key(chosen[index], contents, paths[index], incoming[index])
    if progress:
        for path, result in zip(paths, results):
            if result is not None:
                progress(path, True)
    weights = [len(data[i]) if data[i] is not None else _size(paths[i]) for i in missing]
    fresh = ordered_map(check, [(paths[i], data[i], incoming[i]) for i in missing], workers=workers,
                        weights=weights, on_crash=_crashed,
                        on_done=(lambda i: progress(paths[missing[i]], False)) if progress else None)
    for index, result in zip(missing, fresh):
        results[index] = result
        cache, key = chosen[index], keys[index]
        if cache and key:
            cache.put(key, result)
    return results  # type: ignore[return-value]


def _key(cache: Cache | None, contents: Contents | None, path: str, incoming: Incoming | None) -> str | None:
    """The cache entry of a file's result; None without a cache, or for a file that cannot be read.
    (`contents` is there whenever a cache is.)"""
    if cache is None or contents is None:
        return None
    content = contents.digest(path)
    return None if content is None else cache.key(path, content, incoming)


def _cache_of(check: _Check | _Split, caches: _Caches | None, path: str) -> Cache | None:
    """The cache a path's result goes to: the named files' full results and the summaries of
    their project's other files are kept apart."""
    if caches is None:
        return None
    return caches.context if isinstance(check, _Split) and path not in check.files else caches.named


def _size(path: str) -> int:
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


@dataclass(frozen=True)
class _Check:
    """check_file with the run's settings, picklable for the worker processes."""

    settings: Settings
    enabled: frozenset[str]
    fixes: bool = True

    def __call__(self, item: tuple[str, bytes | None, Incoming | None]) -> FileResult:
        path, data, incoming = item
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))  # also in spawned workers
        return check_file(path, self.settings, self.enabled, data, incoming, self.fixes)


@dataclass(frozen=True)
class _Split:
    """The named `files` checked with `named`; the project's other files with `context`, which runs
    no rule: what they tell the named files is in their summaries."""

    named: _Check
    context: _Check
    files: frozenset[str]

    def __call__(self, item: tuple[str, bytes | None, Incoming | None]) -> FileResult:
        return (self.named if item[0] in self.files else self.context)(item)


@dataclass(frozen=True)
class _Caches:
    named: Cache | None  # None: the named files' results are not cached (an editor's buffer)
    context: Cache | None  # the summaries of the project's other files
    contents: Contents  # the digests both are keyed by


def _crashed(item: tuple[str, bytes | None, Incoming | None], exc: BaseException) -> FileResult:
    return FileResult((), (f"{item[0]}: the worker process analysing it died ({type(exc).__name__}: {exc})",))
