"""`jaxlint check`: discover, lint, (fix), report, exit code."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

from jaxlint.config import ConfigError, Settings
from jaxlint.diagnostics import Finding
from jaxlint.discovery import discover
from jaxlint.engine import FileResult, check_file, check_paths
from jaxlint.fixes.callers import withdraw_in_results

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


@dataclass(frozen=True)
class CheckOptions:
    paths: list[str]
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


def run_check(options: CheckOptions, settings: Settings, enabled: set[str]) -> int:
    codes = frozenset(enabled)
    stdin: bytes | None = None
    unreadable: list[str] = []  # directories the walk could not read
    if options.stdin_filename is not None:
        stdin = sys.stdin.buffer.read()
        files = [options.stdin_filename]
        results = [check_file(options.stdin_filename, settings, codes, data=stdin)]
    else:
        try:
            found = discover(options.paths, settings, options.force_exclude)
        except ConfigError as exc:
            print(f"jaxlint: error: {exc}", file=sys.stderr)
            return EXIT_ERROR
        files, unreadable = found.files, found.errors
        for warning in found.warnings if not options.quiet else ():
            print(f"jaxlint: warning: {warning}", file=sys.stderr)
        if options.verbose:
            print(f"jaxlint: checking {len(files)} file(s)", file=sys.stderr)
        cache_dir = None if not options.cache else (options.cache_dir or os.path.join(str(settings.root), ".jaxlint_cache"))
        results = check_paths(files, settings, codes, jobs=options.jobs, cache_dir=cache_dir)
    results = withdraw_in_results(files, results, settings)
    errors = [*unreadable, *(e for r in results for e in r.errors)]
    for error in errors:
        print(f"jaxlint: error: {error}", file=sys.stderr)
    if options.fix or options.diff:
        from jaxlint.commands.fixing import run_fixes

        outcome = run_fixes(files, results, stdin, options, settings, codes)
        if options.diff:
            return EXIT_ERROR if errors else (EXIT_FINDINGS if outcome.changed else EXIT_CLEAN)
        results = outcome.results
    findings = sorted((f for r in results for f in r.findings), key=lambda f: f.sort_key)
    _report(findings, options)
    if errors:
        return EXIT_ERROR
    if findings and not options.exit_zero:
        return EXIT_FINDINGS
    return EXIT_CLEAN


def _report(findings: list[Finding], options: CheckOptions) -> None:
    from jaxlint.checks import catalog
    from jaxlint.output import render

    color = options.output_format == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    text = render(options.output_format, findings, list(catalog()), color=color, statistics=options.statistics,
                  unsafe_fixes=options.unsafe_fixes)
    if options.quiet and options.output_format == "text" and not options.statistics:
        text = "\n".join(line for line in text.splitlines() if not line.startswith(("Found ", "All checks")))
    if text:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


__all__ = ["CheckOptions", "FileResult", "run_check"]
