"""`check --fix` / `--diff`: run the fix loop on files with fixable findings, write or show the result."""

from __future__ import annotations

import difflib
import sys
from collections.abc import Sequence
from dataclasses import dataclass

from jaxlint.config import Settings
from jaxlint.diagnostics import Finding
from jaxlint.engine import FileResult, check_source, read_file
from jaxlint.fixes.callers import project_modules, withdraw_outside_callers
from jaxlint.fixes.files import FileFix, fix_file
from jaxlint.fixes.write import write_atomic
from jaxlint.source import Source


@dataclass
class FixRun:
    results: list[FileResult]  # after fixing: what remains
    changed: bool


def run_fixes(files: Sequence[str], results: Sequence[FileResult], stdin: bytes | None, options,
              settings: Settings, codes: frozenset[str]) -> FixRun:
    unsafe = options.unsafe_fixes
    remaining: list[FileResult] = []
    applied = changed_files = 0
    diffs: list[str] = []
    others = project_modules(files, settings)
    for path, result in zip(files, results, strict=True):
        if not any(f.fixed_by(unsafe) for f in result.findings):
            remaining.append(result)
            continue
        data = stdin if stdin is not None else read_file(path)
        if data is None:
            remaining.append(result)
            continue

        def lint(source: Source, path: str = path) -> Sequence[Finding]:
            return withdraw_outside_callers(check_source(source, path, settings, codes).findings, path, others)

        fixed = fix_file(path, data, lint, unsafe=unsafe, findings=result.findings)
        for failure in fixed.failures:
            print(f"jaxlint: error: {failure}", file=sys.stderr)
        remaining.append(FileResult(tuple(fixed.findings), result.errors))
        if not fixed.changed:
            continue
        applied += fixed.applied
        changed_files += 1
        if options.diff:
            diffs.append(_diff(path, fixed))
        elif stdin is not None:
            sys.stdout.buffer.write(fixed.fixed)
        else:
            write_atomic(path, fixed.fixed)
    if options.diff:
        sys.stdout.write("".join(diffs))
        _say(f"Would fix {_count(applied)} in {changed_files} file{'s' * (changed_files != 1)}.", options)
    elif applied:
        _say(f"Fixed {_count(applied)} in {changed_files} file{'s' * (changed_files != 1)}.", options)
    return FixRun(remaining, changed_files > 0)


def _diff(path: str, fixed: FileFix) -> str:
    before = fixed.original.decode("utf-8", "replace").splitlines(keepends=True)
    after = fixed.fixed.decode("utf-8", "replace").splitlines(keepends=True)
    lines = list(difflib.unified_diff(before, after, fromfile=path, tofile=path))
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)


def _count(number: int) -> str:
    return f"{number} finding{'s' * (number != 1)}"


def _say(line: str, options) -> None:
    if options.quiet:
        return
    stream = sys.stdout if options.output_format == "text" and not options.diff else sys.stderr
    print(line, file=stream)
