"""`jaxlint check`: discover, lint, (fix), report, exit code."""

from __future__ import annotations

import os
import sys
import time
from contextlib import nullcontext
from dataclasses import dataclass, replace
from typing import TextIO

from jaxlint.commands.fixable import only_fixable
from jaxlint.config import Settings
from jaxlint.diagnostics import Finding
from jaxlint.discovery import discover
from jaxlint.engine import ProjectStats, check_paths
from jaxlint.exit_status import ExitStatus
from jaxlint.progress import Progress, wanted
from jaxlint.project.callers import OtherModules, project_modules, withdraw_in_results
from jaxlint.project.context import context_files
from jaxlint.results import FileResult

STDIN = "-"  # the path that means "read the source from stdin"


@dataclass(frozen=True)
class CheckOptions:
    paths: list[str]  # as given; none means "."
    fix: bool = False
    unsafe_fixes: bool = False
    diff: bool = False
    output_format: str = "text"
    statistics: bool = False
    exit_zero: bool = False
    cache: bool = True
    cache_dir: str | None = None
    stdin_filename: str | None = None
    force_exclude: bool = False
    quiet: bool = False
    verbose: bool = False
    jobs: int = 1
    show_fixes: bool = False
    exit_non_zero_on_fix: bool = False
    output_file: str | None = None
    fix_only: bool = False  # fix, and report only what was fixed
    add_noqa: bool = False
    fixable: frozenset[str] | None = None  # the codes whose fixes may be offered and applied; None: all
    color: str = "auto"  # auto | always | never
    silent: bool = False  # print nothing but `jaxlint: error:` lines (and, stdin with --fix, the source); quiet too


def run_check(options: CheckOptions, settings: Settings, enabled: set[str]) -> int:
    stdin_name = _stdin_name(options)
    # An editor (stdin with --fix) reads the source from stdout: the report goes to stderr.
    editor = stdin_name is not None and options.fix and not options.diff
    try:
        output = _output_file(options.output_file, options.silent)
    except OSError as exc:
        print(f"jaxlint: error: --output-file {options.output_file}: {exc.strerror or exc}", file=sys.stderr)
        return ExitStatus.ERROR
    with output or nullcontext(sys.stderr if editor else sys.stdout) as report:
        return _run(stdin_name, options, settings, frozenset(enabled), report)


def _run(stdin_name: str | None, options: CheckOptions, settings: Settings, codes: frozenset[str],
         report: TextIO) -> int:
    stdin: bytes | None = None
    unreadable: list[str] = []  # directories the walk could not read
    if stdin_name is not None:
        stdin = sys.stdin.buffer.read()
        files = [stdin_name]
        results = _check_files(files, options, settings, codes, {stdin_name: stdin})
    else:
        found = discover(options.paths or ["."], settings, options.force_exclude)  # a bad path is an error line
        files, unreadable = found.files, found.errors
        for warning in found.warnings if not options.quiet else ():
            print(f"jaxlint: warning: {warning}", file=sys.stderr)
        results = _check_files(files, options, settings, codes)
    others = project_modules(files, settings)  # read once, only if a signature-changing fix was built
    # (what the other modules told each file stays with it: a fix is relinted with it, as the report was)
    results = [replace(r, findings=only_fixable(r.findings, options.fixable))
               for r in withdraw_in_results(files, results, others)]
    errors = [*unreadable, *(e for r in results for e in r.errors)]
    for error in errors:
        print(f"jaxlint: error: {error}", file=sys.stderr)
    if options.add_noqa:
        from jaxlint.commands.add_noqa import add_noqa

        return max(add_noqa(files, results, options.quiet, settings.notebook, options.silent),
                   ExitStatus.ERROR if errors else ExitStatus.CLEAN)
    return _fix_and_report(files, results, stdin, len(errors), options, settings, codes, report, others)


def _fix_and_report(files: list[str], results: list[FileResult], stdin: bytes | None, errors: int,
                    options: CheckOptions, settings: Settings, codes: frozenset[str], report: TextIO,
                    others: OtherModules) -> int:
    fixed_any = write_failed = False
    listing = ""
    if options.fix or options.diff:
        from jaxlint.commands.fixing import fixes_listing, run_fixes

        outcome = run_fixes(files, results, stdin, options, settings, codes, report, others)
        if options.diff:
            return ExitStatus.ERROR if errors else (ExitStatus.FINDINGS if outcome.changed else ExitStatus.CLEAN)
        results, fixed_any, write_failed = outcome.results, outcome.changed, outcome.write_failed
        listing = fixes_listing(outcome.fixed) if options.show_fixes and not options.silent else ""
    if options.fix_only:  # as ruff: what is left is neither reported nor a reason to exit 1
        print(listing, end="", file=report if options.output_format == "text" else sys.stderr)
        if errors or write_failed:
            return ExitStatus.ERROR
        return (ExitStatus.FINDINGS if options.exit_non_zero_on_fix and fixed_any and not options.exit_zero
                else ExitStatus.CLEAN)
    findings = sorted((f for r in results for f in r.findings), key=lambda f: f.sort_key)
    _report(findings, options, report, errors)
    if listing:
        print(listing, end="", file=report if options.output_format == "text" else sys.stderr)
    if errors or write_failed:
        return ExitStatus.ERROR
    if options.exit_zero:
        return ExitStatus.CLEAN
    return ExitStatus.FINDINGS if findings or (options.exit_non_zero_on_fix and fixed_any) else ExitStatus.CLEAN


def _stdin_name(options: CheckOptions) -> str | None:
    """The name stdin is reported under, when the source comes from stdin (as ruff: other paths are
    ignored with a warning)."""
    if options.stdin_filename is None and STDIN not in options.paths:
        return None
    for path in options.paths:
        if path != STDIN and not options.silent:
            print(f"jaxlint: warning: Ignoring file {path} in favor of standard input.", file=sys.stderr)
    return options.stdin_filename or STDIN


def _check_files(files: list[str], options: CheckOptions, settings: Settings, codes: frozenset[str],
                 contents: dict[str, bytes] | None = None) -> list[FileResult]:
    """The named files' results, their project's other files analysed for what they tell them;
    `contents`: stdin's bytes, under the name it is reported as."""
    started = time.monotonic()
    named = files if contents is not None else options.paths or ["."]
    context = [] if files == [STDIN] else context_files(named, files, settings)
    cache_dir = None if not options.cache else (options.cache_dir or os.path.join(str(settings.root), ".jaxlint_cache"))
    cached = 0
    with Progress("Checking", len(files), wanted(quiet=options.quiet, output_format=options.output_format)) as bar:
        def done(path: str, from_cache: bool) -> None:
            nonlocal cached
            cached += from_cache
            bar.advance()
            if options.verbose:
                bar.say(f"jaxlint: checked {path}" + " (from cache)" * from_cache)

        stats = ProjectStats()
        results = check_paths(files, settings, codes, jobs=options.jobs, cache_dir=cache_dir, progress=done,
                              context=context, contents=contents, stats=stats)
    if options.verbose:
        print(f"jaxlint: checked {len(files)} file{'s' * (len(files) != 1)} in {time.monotonic() - started:.2f} s "
              f"({cached} from cache)", file=sys.stderr)
        print(f"jaxlint: project: {stats.files} files, first pass {stats.first_pass:.2f} s, project pass "
              f"{stats.project_pass:.3f} s, {_count(stats.reanalysed, 'module')} analysed again with what other "
              f"modules tell them ({_count(stats.rounds, 'round')}, {stats.again:.2f} s)", file=sys.stderr)
    return results


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'s' * (number != 1)}"


def _output_file(path: str | None, silent: bool = False) -> TextIO | None:
    """The --output-file stream (its folder is created, as ruff does), or None for the standard streams;
    with --silent and no --output-file, nowhere (a report file asked for is still written)."""
    if path is None:
        return open(os.devnull, "w", encoding="utf-8") if silent else None
    folder = os.path.dirname(path)
    if folder:
        os.makedirs(folder, exist_ok=True)
    return open(path, "w", encoding="utf-8")


def _colored(options: CheckOptions, report: TextIO) -> bool:
    """As ruff: --color always/never decide; else NO_COLOR wins and FORCE_COLOR colours a pipe too
    (CI logs). A report file is never coloured."""
    if options.output_format != "text" or options.output_file is not None or options.color == "never":
        return False
    if options.color == "always":
        return True
    return not os.environ.get("NO_COLOR") and (report.isatty() or bool(os.environ.get("FORCE_COLOR")))


def _report(findings: list[Finding], options: CheckOptions, report: TextIO, errors: int = 0) -> None:
    from jaxlint.output import render
    from jaxlint.rules import catalog

    text = render(options.output_format, findings, list(catalog()), color=_colored(options, report),
                  statistics=options.statistics, unsafe_fixes=options.unsafe_fixes, errors=errors,
                  summary=not options.quiet)
    if text:
        report.write(text if text.endswith("\n") else text + "\n")


__all__ = ["CheckOptions", "FileResult", "only_fixable", "run_check"]
