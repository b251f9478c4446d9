"""`check --fix` / `--diff`: run the fix loop on files with fixable findings, write or show the result."""

from __future__ import annotations

import difflib
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TextIO

from jaxlint.commands.fixable import only_fixable
from jaxlint.config import Settings
from jaxlint.diagnostics import Finding
from jaxlint.engine import check_source
from jaxlint.fixes.files import FileFix, fix_file
from jaxlint.fixes.write import WriteError, write_fixed
from jaxlint.paths import read_file
from jaxlint.progress import Progress, wanted
from jaxlint.project.callers import (
    OtherModules,
    withdraw_outside_callers,
)
from jaxlint.results import FileResult
from jaxlint.source import Source, split_lines


@dataclass
class FixRun:
    results: list[FileResult]  # after fixing: what remains (an unwritten file keeps its findings)
    changed: bool  # a file was changed (with --diff: would be)
    fixed: dict[str, Counter[tuple[str, str]]] = field(default_factory=dict)  # file → (code, name) resolved
    write_failed: bool = False


def run_fixes(files: Sequence[str], results: Sequence[FileResult], stdin: bytes | None, options,
              settings: Settings, codes: frozenset[str], report: TextIO, others: OtherModules) -> FixRun:
    """Fix each file that has a fix to apply; write it back (or print the source for stdin, or the
    diff). "Fixed ..." goes to `report` in the text format, else to stderr."""
    unsafe = options.unsafe_fixes
    run = FixRun([], False)
    applied = 0
    diffs: list[str] = []
    todo = sum(any(f.fixed_by(unsafe) for f in r.findings) for r in results)
    with Progress("Fixing", todo, wanted(quiet=options.quiet, output_format=options.output_format)) as progress:
        for path, result in zip(files, results, strict=True):
            data = None
            if any(f.fixed_by(unsafe) for f in result.findings):
                data = stdin if stdin is not None else read_file(path)
            if data is None:
                run.results.append(result)
                continue
            fixed = _fix(path, data, result, settings, codes, unsafe, others, options.fixable)
            progress.advance()
            for failure in fixed.failures:
                print(f"jaxlint: error: {failure}", file=sys.stderr)
            if fixed.changed and not options.diff and stdin is None and not _written(path, fixed.fixed):
                run.write_failed = True
                run.results.append(result)
                continue
            run.results.append(FileResult(tuple(fixed.findings), result.errors))
            if stdin is not None:
                stdin = fixed.fixed
            if not fixed.changed:
                continue
            applied += fixed.applied
            run.changed = True
            run.fixed[path] = _resolved(result.findings, fixed.findings)
            if options.diff:
                diffs.append(unified_diff(path, fixed))
    where = f"in {len(run.fixed)} file{'s' * (len(run.fixed) != 1)}"
    if options.diff:
        if not options.silent:
            sys.stdout.write("".join(diffs))
        if applied:
            _say(f"Would fix {_count(applied)} {where}.", options, sys.stderr)
    else:
        if stdin is not None:
            sys.stdout.buffer.write(stdin)  # exactly the resulting source: an editor replaces its buffer with it
            sys.stdout.flush()
        if applied and not options.show_fixes:
            _say(f"Fixed {_count(applied)} {where}.", options, report)
    return run


def _fix(path: str, data: bytes, result: FileResult, settings: Settings, codes: frozenset[str], unsafe: bool,
         others: OtherModules, fixable: frozenset[str] | None) -> FileFix:
    def lint(source: Source) -> Sequence[Finding]:
        # linted with what the other modules told it, as the report was: a fix must remove the finding there
        findings = check_source(source, path, settings, codes, incoming=result.incoming).findings
        return only_fixable(withdraw_outside_callers(findings, path, others), fixable)

    return fix_file(path, data, lint, unsafe=unsafe, findings=result.findings, notebook=settings.notebook(path))


def _written(path: str, data: bytes) -> bool:
    try:
        write_fixed(path, data)
    except WriteError as exc:
        print(f"jaxlint: error: {exc}", file=sys.stderr)
        return False
    return True


def _resolved(before: Sequence[Finding], after: Sequence[Finding]) -> Counter[tuple[str, str]]:
    """The findings the fixes made go away, by rule."""
    return Counter((f.code, f.name) for f in before) - Counter((f.code, f.name) for f in after)


def fixes_listing(fixed: dict[str, Counter[tuple[str, str]]]) -> str:
    """`--show-fixes`, as ruff prints it: per file, how many findings of each rule were fixed."""
    total = sum(sum(counts.values()) for counts in fixed.values())
    if not total:
        return ""
    lines = [f"Fixed {_count(total)}:"]
    for path in sorted(fixed):
        lines.append(f"- {path}:")
        for (code, name), number in sorted(fixed[path].items(), key=lambda item: (-item[1], item[0])):
            lines.append(f"    {number} × {code} ({name})")
    return "\n".join(lines) + "\n"


def unified_diff(path: str, fixed: FileFix) -> str:
    before = split_lines(fixed.original.decode("utf-8", "replace"), keepends=True)
    after = split_lines(fixed.fixed.decode("utf-8", "replace"), keepends=True)
    lines = difflib.unified_diff(before, after, fromfile=path, tofile=path)
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n"
                   for line in lines)


def _count(number: int) -> str:
    return f"{number} finding{'s' * (number != 1)}"


def _say(line: str, options, report: TextIO) -> None:
    if options.quiet:
        return
    print(line, file=report if options.output_format == "text" else sys.stderr)
