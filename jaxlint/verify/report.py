"""The verify report: a rich table on a wide terminal (with progress while running), plain text
otherwise, or the JSON of docs/contract.md."""

from __future__ import annotations

import json
import os
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from jaxlint.diagnostics import Finding
from jaxlint.verify.jobs import VERDICTS, meaning
from jaxlint.verify.runner import Platform

_STYLES = {"confirmed": "bold red", "not-confirmed": "green", "skipped": "yellow", "error": "magenta",
           "passed": "green", "failed": "red"}
_TABLE_WIDTH = 100  # narrower terminals get the plain layout: a 4-column table would break words
_SAME_SPEED = 1.1  # per-call ratios closer to 1 than this are timing noise


class Reporter:
    """Collects results (from worker threads, under the runner's lock) and prints them at the end."""

    def __init__(self, findings: list[Finding], output_format: str, quiet: bool = False) -> None:
        self.findings = findings
        self.output_format = output_format
        self.quiet = quiet
        self.results: dict[int, dict[str, Any]] = {}
        self.extra: dict[str, Any] = {}  # more of the JSON document: the recorded run, how to give inputs
        self._advance: Any = None

    def failing(self, fail_on: str) -> bool:
        """Some finding fails the run (`--fail-on`)."""
        return any(fails(row, fail_on) for row in self.rows())

    def add(self, index: int, result: dict[str, Any]) -> None:
        self.results[index] = result
        if self._advance is not None:
            self._advance()
        elif self.output_format == "text" and not self.quiet and self.findings:
            self._say(index, result)

    def _say(self, index: int, result: dict[str, Any]) -> None:
        """A line per finding as it is decided, where no progress bar shows (a log, CI): how far the
        run is, and how long each proof took."""
        finding = self.findings[index]
        took = (result.get("evidence") or {}).get("proof_s")
        seconds = f" in {took:.1f} s" if took is not None else ""
        verdict = meaning(result["status"], result.get("verdict", ""))
        sys.stderr.write(f"jaxlint: [{len(self.results)}/{len(self.findings)}] {finding.filename}:"
                         f"{finding.location.row} {finding.code} {verdict}{seconds}\n")
        sys.stderr.flush()

    @contextmanager
    def progress(self) -> Iterator[None]:
        if not sys.stderr.isatty() or not self.findings or self.quiet or self.output_format != "text":
            yield
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
        )

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
            if result["status"] == "confirmed" and not result.get("fix"):  # `fix` stays null (docs/contract.md)
                result = {**result, "evidence": {**(result.get("evidence") or {}), "no_fix": no_fix(finding)}}
            rows.append({"code": finding.code, "filename": finding.filename, "row": finding.location.row,
                         "cell": finding.cell, "function": finding.function, **result,
                         "verdict": meaning(result["status"], result.get("verdict", ""))})
        return rows

    def finish(self, platform: Platform, problems: list[str], fail_on: str = "confirmed") -> None:
        rows = self.rows()
        if self.output_format in ("github", "sarif", "junit"):
            judged = _judged(self.output_format, self.findings, rows, fail_on)
            observed = self.extra.get("observed") or []
            if self.output_format == "sarif" and observed:
                from jaxlint.verify.observed import add_to_sarif

                log = json.loads(judged)
                add_to_sarif(log, observed)
                judged = json.dumps(log, indent=2, ensure_ascii=False) + "\n"
            sys.stdout.write(judged)
            if self.output_format == "github":
                from jaxlint.verify.observed import annotation

                sys.stdout.write("".join(annotation(o) + "\n" for o in observed))
            return
        if self.output_format == "json":
            document = {"platform": platform.platform, "devices": platform.devices or [],
                        "jax_version": platform.jax_version, **self.extra, "results": rows, "errors": problems}
            sys.stdout.write(json.dumps(document, indent=2, default=str) + "\n")
            return
        shown = [r for r in rows if r["status"] == "confirmed"] if self.quiet else rows
        checks = (self.extra.get("observed_checks") or {}).get("checks") or []
        summary = _summary(rows, platform, problems) + _observed_text(self.extra.get("observed"),
                                                                     self.extra.get("observed_limits") or [], checks)
        if sys.stdout.isatty() and not os.environ.get("NO_COLOR"):
            _rich(shown, summary)
        else:
            sys.stdout.write("".join(line + "\n" for line in _lines(shown)) + summary)


def _observed_text(observed: list[dict[str, Any]] | None, limits: list[str], checks: list[str]) -> str:
    """What the recorded run showed, after the summary (nothing without --run), and what it could not see."""
    if observed is None:
        return ""
    from jaxlint.verify.observed import describe

    unseen = "".join(f"  ({limit})\n" for limit in limits)
    if not observed:
        checked = f"; under JAX's checks ({', '.join(checks)}): nothing" if checks else ""
        return ("Observed in the run: no recompilation, eager compilation, host read or stale global that repeats"
                f"{checked}.\n" + unseen)
    return f"Observed in the run ({len(observed)}):\n" + "".join(f"  {describe(o)}\n" for o in observed) + unseen


def fails(row: dict[str, Any], fail_on: str) -> bool:
    """Whether the finding fails the run: confirmed, or (`--fail-on unrefuted`) anything not refuted."""
    return row["verdict"] == "confirmed" if fail_on == "confirmed" else row["verdict"] != "refuted"


def _judged(output_format: str, findings: list[Finding], rows: list[dict[str, Any]], fail_on: str) -> str:
    """The CI formats of `check`, each finding with its verdict."""
    from jaxlint.output import render
    from jaxlint.output.common import Judgement
    from jaxlint.rules import catalog

    judgements = [Judgement(row["verdict"], row["reason"], fails(row, fail_on)) for row in rows]
    return render(output_format, findings, list(catalog()), judgements=judgements)


def no_fix(finding: Finding) -> str:
    """Why a confirmed finding comes with no fix: the rule has none (fix class `none`), or its fix
    does not apply to this finding; then what the finding's message says to write instead."""
    from jaxlint.rules import rule

    found = rule(finding.code)
    if found is None or found.info.fix == "none":
        why = f"{finding.code} has no automatic fix (fix class `none`)"
    else:
        why = f"{finding.code}'s automatic fix does not apply to this finding"
    advice = _advice(finding.message)
    return f"{why}; by hand: {advice}" if advice else why


def _advice(message: str) -> str | None:
    """The message's last clause, which says what to write instead (`...; pass a tuple`)."""
    cut = max(message.rfind("; "), message.rfind(". "))
    advice = message[cut + 2:].strip().rstrip(".") if cut > 0 else ""
    return advice or None


def where(row: dict[str, Any]) -> str:
    cell = f"cell {row['cell']}:" if row.get("cell") else ""
    return f"{row['filename']}:{cell}{row['row']}"


def _lines(rows: list[dict[str, Any]]) -> list[str]:
    """One line per finding and its details indented below; a module that could not be imported
    is one line for all of its findings."""
    lines: list[str] = []
    unimported: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        if row["status"] == "error" and (row.get("evidence") or {}).get("stage") == "import":
            unimported.setdefault(row["filename"], []).append(row)
            continue
        lines.append(f"{where(row)}: {row['code']} {_status(row)}: {row['reason']}")
        lines += [f"    {detail}" for detail in details(row)]
    for filename, group in unimported.items():
        count = f"{len(group)} finding{'s' * (len(group) != 1)}"
        lines.append(f"{filename}: {count} not verified: {group[0]['reason']}")
    return lines


def _telling(row: dict[str, Any]) -> bool:
    """The verdict says more than the status: refuted, not reached, not shown where skipped."""
    return row["verdict"] != meaning(row["status"])


def _status(row: dict[str, Any]) -> str:
    """`not-confirmed (refuted)`: the status, and the verdict where it says more."""
    return f"{row['status']} ({row['verdict']})" if _telling(row) else row["status"]


def details(row: dict[str, Any]) -> list[str]:
    """The input set (when there were several), the original's timings, the fix and its impact."""
    evidence = row.get("evidence") or {}
    out = []
    if evidence.get("input_sets", 1) > 1:
        out.append(f"inputs: set {evidence['input_set']} of {evidence['input_sets']}: {evidence['inputs']}")
    timing = evidence.get("timings")
    if timing:
        out.append(f"timings: {_timing(timing)}")
    fix = row.get("fix")
    if fix:
        out.append(f"fix {fix['status']}: {fix['reason']}")
        impact = _impact(fix.get("evidence") or {})
        if impact:
            out.append(f"fixed: {impact}")
    elif evidence.get("no_fix"):
        out.append(f"no fix: {evidence['no_fix']}")
    return out


def _timing(t: dict[str, Any]) -> str:
    compile_ms = f" (compile {_ms(t['compile_ms'])})" if t.get("compile_ms") is not None else ""
    return f"{_ms(t['first_call_ms'])} first call{compile_ms}, {_us(t['steady_us'])} per call"


def _impact(evidence: dict[str, Any]) -> str:
    """`3.2× faster per call (24.9 µs → 7.8 µs), compile 41 ms → 12 ms`, from one baseline."""
    if evidence.get("performance"):
        return _run_impact(evidence["performance"])
    steady, compile_ms = evidence.get("steady_us") or {}, evidence.get("compile_ms") or {}
    if not steady.get("fixed"):
        return ""
    parts = []
    if steady.get("original"):
        ratio = evidence.get("speedup") or steady["original"] / steady["fixed"]
        change = f"({_us(steady['original'])} → {_us(steady['fixed'])})"
        if ratio >= _SAME_SPEED:
            parts.append(f"{_ratio(ratio)} faster per call {change}")
        elif ratio <= 1 / _SAME_SPEED:
            cause = ", host callback" if evidence.get("host_callback") else ""
            parts.append(f"{_ratio(1 / ratio)} slower per call {change[:-1]}{cause})")
        else:
            parts.append(f"as fast per call {change}, within the spread of the repeats")
        if compile_ms.get("original") is not None and compile_ms.get("fixed") is not None:
            parts.append(f"compile {_ms(compile_ms['original'])} → {_ms(compile_ms['fixed'])}")
    else:
        parts.append(f"{_us(steady['fixed'])} per call")
        if compile_ms.get("fixed") is not None:
            parts.append(f"compile {_ms(compile_ms['fixed'])}")
        parts[-1] += " (the original does not run)"
    compiles = evidence.get("compilations") or {}
    if (compiles.get("fixed") or 0) > 1:
        parts.append(f"{compiles['fixed']} compilations over {compiles['input_sets']} input sets")
    return ", ".join(parts)


def _run_impact(figures: dict[str, Any]) -> str:
    """`compilations 10 → 1, compile 480 ms → 48 ms (93% → 9% of the run), run 520 ms → 61 ms (8.5× faster)`:
    the performance rules measure a whole run of the function, original and fixed."""
    parts = []
    if "compilations" in figures:
        parts.append(f"compilations {figures['compilations']['original']} → {figures['compilations']['fixed']}")
    if "equations" in figures:
        parts.append(f"jaxpr equations {figures['equations']['original']} → {figures['equations']['fixed']}")
    if "compile_ms" in figures:
        share = figures.get("compile_share")
        shares = f" ({share['original']:.0%} → {share['fixed']:.0%} of the run)" if share else ""
        parts.append(f"compile {_ms(figures['compile_ms']['original'])} → {_ms(figures['compile_ms']['fixed'])}{shares}")
    if "measured_ms" in figures:
        computation = figures.get("computation_ms")
        took = f" (the computation took {_ms(computation)})" if computation is not None else ""
        parts.append(f"timed {_ms(figures['measured_ms']['original'])} → {_ms(figures['measured_ms']['fixed'])}{took}")
    if "run_ms" in figures:
        speedup = figures.get("run_speedup")
        faster = f" ({_ratio(speedup)} faster)" if speedup and speedup >= _SAME_SPEED else ""
        parts.append(f"run {_ms(figures['run_ms']['original'])} → {_ms(figures['run_ms']['fixed'])}{faster}")
    if "warm_run_ms" in figures:
        parts.append(f"run again {_ms(figures['warm_run_ms']['original'])} → {_ms(figures['warm_run_ms']['fixed'])}")
    return ", ".join(parts)


def _ratio(value: float) -> str:
    return f"{value:.1f}×" if value < 10 else f"{value:.0f}×"


def _ms(value: float) -> str:
    return f"{value:.0f} ms" if value >= 10 else f"{value:.1f} ms"


def _us(value: float) -> str:
    return f"{value / 1000:.1f} ms" if value >= 1000 else f"{value:.1f} µs"


def _summary(rows: list[dict[str, Any]], platform: Platform, problems: list[str]) -> str:
    counts = Counter(r["status"] for r in rows)
    fixes = Counter(r["fix"]["status"] for r in rows if r.get("fix"))
    order = ("confirmed", "not-confirmed", "skipped", "error")
    text = f"Verified {len(rows)} finding{'s' if len(rows) != 1 else ''}: " + (
        ", ".join(f"{counts[s]} {s}" for s in order if counts[s]) or "nothing to verify")
    verdicts = Counter(r["verdict"] for r in rows if _telling(r))
    if verdicts:
        text += " (" + ", ".join(f"{verdicts[v]} {v}" for v in VERDICTS if verdicts[v]) + ")"
    if fixes:
        text += "; fixes: " + ", ".join(f"{n} {s}" for s, n in sorted(fixes.items()))
    text += "."
    if problems:
        text += (f"\nThe examples file has {len(problems)} error{'s' * (len(problems) != 1)} (on stderr): "
                 "the findings whose inputs it failed to give ran without them.")
    return text + f"\n{platform_line(platform)}\n"


def platform_line(platform: Platform) -> str:
    """`Platform: gpu (cuda:0, cuda:1), JAX 0.4.35`: the devices the children ran on and JAX's version."""
    devices = f" ({', '.join(platform.devices)})" if platform.devices else ""
    return f"Platform: {platform.platform or 'unknown'}{devices}, JAX {platform.jax_version or 'unknown'}"


def _rich(rows: list[dict[str, Any]], summary: str) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console()
    if console.width < _TABLE_WIDTH:
        for line in _lines(rows):
            console.print(Text(line, style=_line_style(line)))  # wrapped between words
        console.print(summary, highlight=False, markup=False, end="")
        return
    table = Table(show_lines=True)
    table.add_column("Finding", no_wrap=True)
    table.add_column("Status", no_wrap=True)
    table.add_column("Evidence", ratio=3)
    table.add_column("Fix", ratio=2)
    for row in rows:
        lines = details(row)
        fix_at = next((i for i, line in enumerate(lines) if line.startswith("fix ")), len(lines))
        evidence = Text("\n".join([row["reason"], *lines[:fix_at]]))
        fix = row.get("fix")
        fix_cell = Text()
        if fix:
            fix_cell.append(fix["status"], style=_STYLES.get(fix["status"], ""))
            fix_cell.append("\n" + "\n".join([fix["reason"], *lines[fix_at + 1:]]))
        elif (row.get("evidence") or {}).get("no_fix"):
            evidence = Text("\n".join([row["reason"], *(line for line in lines if not line.startswith("no fix: "))]))
            fix_cell.append("none", style="dim")
            fix_cell.append("\n" + row["evidence"]["no_fix"])
        table.add_row(Text(f"{row['code']} {where(row)}\n{row['function'] or '<module>'}"),
                      Text(_status(row), style=_STYLES.get(row["status"], "")), evidence, fix_cell)
    console.print(table)
    console.print(summary, highlight=False, markup=False, end="")


def _line_style(line: str) -> str:
    if line.startswith("    "):
        return ""
    status = line.split(": ", 2)[1].split(" ", 1)[-1].split(" ")[0] if line.count(": ") >= 2 else ""
    return _STYLES.get(status, "")
