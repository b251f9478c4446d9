"""The verify report: a rich table on a terminal (with progress while running), plain text
otherwise, or the JSON of CONTRACT.md."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from contextlib import contextmanager
from typing import Any, Iterator

from jaxlint.diagnostics import Finding
from jaxlint.verify.runner import Platform

_STYLES = {"confirmed": "bold red", "not-confirmed": "green", "skipped": "yellow", "error": "magenta",
           "passed": "green", "failed": "red"}


class Reporter:
    """Collects results (from worker threads, under the runner's lock) and prints them at the end."""

    def __init__(self, findings: list[Finding], output_format: str) -> None:
        self.findings = findings
        self.output_format = output_format
        self.results: dict[int, dict[str, Any]] = {}
        self._advance: Any = None

    @property
    def confirmed(self) -> bool:
        return any(r["status"] == "confirmed" for r in self.results.values())

    def add(self, index: int, result: dict[str, Any]) -> None:
        self.results[index] = result
        if self._advance is not None:
            self._advance()

    @contextmanager
    def progress(self) -> Iterator[None]:
        if not sys.stderr.isatty() or not self.findings:
            yield
            return
        from rich.console import Console
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        columns = (TextColumn("verifying"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("verify", total=len(self.findings), completed=len(self.results))
            self._advance = lambda: bar.update(task, completed=len(self.results))
            try:
                yield
            finally:
                self._advance = None

    def rows(self) -> list[dict[str, Any]]:
        rows = []
        for index, finding in enumerate(self.findings):
            result = self.results.get(index) or {"status": "error", "reason": "no result", "evidence": {}, "fix": None}
            rows.append({"code": finding.code, "filename": finding.filename, "row": finding.location.row,
                         "function": finding.function, **result})
        return rows

    def finish(self, platform: Platform) -> None:
        rows = self.rows()
        if self.output_format == "json":
            document = {"platform": platform.platform, "devices": platform.devices or [],
                        "jax_version": platform.jax_version, "results": rows}
            sys.stdout.write(json.dumps(document, indent=2, default=str) + "\n")
        elif sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
            _rich_table(rows, platform)
        else:
            sys.stdout.write(_plain(rows, platform))


def _where(row: dict[str, Any]) -> str:
    return f"{row['filename']}:{row['row']}"


def _timings(evidence: dict[str, Any]) -> str:
    times = evidence.get("timings") or {}
    if "first_call_ms" in times:
        times = {"original": times}
    parts = [f"{name}: {t['first_call_ms']:g} ms first call, {t['steady_us']:g} µs steady"
             for name, t in times.items() if t]
    return "; ".join(parts)


def _fix_text(fix: dict[str, Any] | None) -> str:
    if not fix:
        return ""
    timing = _timings(fix.get("evidence") or {})
    return f"fix {fix['status']}: {fix['reason']}" + (f" ({timing})" if timing else "")


def _summary(rows: list[dict[str, Any]], platform: Platform) -> str:
    counts = Counter(r["status"] for r in rows)
    fixes = Counter(r["fix"]["status"] for r in rows if r.get("fix"))
    order = ("confirmed", "not-confirmed", "skipped", "error")
    text = f"Verified {len(rows)} finding{'s' if len(rows) != 1 else ''}: " + (
        ", ".join(f"{counts[s]} {s}" for s in order if counts[s]) or "nothing to verify")
    if fixes:
        text += "; fixes: " + ", ".join(f"{n} {s}" for s, n in sorted(fixes.items()))
    devices = ", ".join(platform.devices or [])
    return text + f".\nPlatform: {platform.platform or 'unknown'} ({devices}), JAX {platform.jax_version or '?'}\n"


def _plain(rows: list[dict[str, Any]], platform: Platform) -> str:
    lines = []
    for row in rows:
        lines.append(f"{_where(row)}: {row['code']} {row['status']}: {row['reason']}")
        timing = _timings(row.get("evidence") or {})
        if timing:
            lines.append(f"    timings: {timing}")
        if row.get("fix"):
            lines.append(f"    {_fix_text(row['fix'])}")
    return "\n".join(lines) + ("\n" if lines else "") + _summary(rows, platform)


def _rich_table(rows: list[dict[str, Any]], platform: Platform) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(show_lines=True)
    for column in ("Finding", "Status", "Evidence", "Fix"):
        table.add_column(column, overflow="fold")
    for row in rows:
        finding = Text(f"{row['code']} {_where(row)}\n{row['function'] or '<module>'}")
        timing = _timings(row.get("evidence") or {})
        evidence = Text(row["reason"] + (f"\n{timing}" if timing else ""))
        fix = row.get("fix")
        fix_cell = Text()
        if fix:
            fix_cell.append(fix["status"], style=_STYLES.get(fix["status"], ""))
            fix_cell.append("\n" + _fix_text(fix).split(": ", 1)[1])
        table.add_row(finding, Text(row["status"], style=_STYLES.get(row["status"], "")), evidence, fix_cell)
    console = Console()
    console.print(table)
    console.print(_summary(rows, platform), highlight=False, markup=False)
