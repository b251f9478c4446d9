"""`jaxlint verify`: check, then run each finding's experiment (and its fix's) in child processes."""

from __future__ import annotations

import importlib.util
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jaxlint.config import ConfigError, Settings
from jaxlint.diagnostics import Finding
from jaxlint.discovery import discover
from jaxlint.engine import check_paths, check_source, module_name
from jaxlint.source import Source, decode
from jaxlint.verify.experiments import CODES
from jaxlint.verify.jobs import Job, Target

EXIT_CLEAN, EXIT_CONFIRMED, EXIT_ERROR = 0, 1, 2
_FIX_ROUNDS = 4


@dataclass(frozen=True)
class VerifyOptions:
    paths: list[str]
    examples: str | None = None
    timeout: float | None = None
    output_format: str = "text"
    workers: int = 1


def run_verify(options: VerifyOptions, settings: Settings, enabled: set[str]) -> int:
    from jaxlint.verify.report import Reporter
    from jaxlint.verify.runner import probe, run_jobs

    if importlib.util.find_spec("jax") is None:
        print("jaxlint: error: `jaxlint verify` needs JAX: pip install 'jaxlint[verify]'", file=sys.stderr)
        return EXIT_ERROR
    examples = options.examples or settings.verify_examples
    if examples is not None and not os.path.isfile(examples):
        raise ConfigError(f"examples file {examples}: no such file")
    timeout = options.timeout or settings.verify_timeout
    files = discover(options.paths, settings)
    results = check_paths(files, settings, frozenset(enabled))
    errors = [e for r in results for e in r.errors]
    for error in errors:
        print(f"jaxlint: error: {error}", file=sys.stderr)
    findings = sorted((f for r in results for f in r.findings), key=lambda f: f.sort_key)
    jobs, direct = _plan(findings, settings, examples, timeout)
    reporter = Reporter(findings, options.output_format)
    for target_id, result in direct.items():
        reporter.add(target_id, result)
    with reporter.progress():
        platform = run_jobs(jobs, options.workers, reporter.add) if jobs else probe(str(settings.root.resolve()))
    reporter.finish(platform)
    if reporter.confirmed:
        return EXIT_CONFIRMED
    return EXIT_ERROR if errors else EXIT_CLEAN


def _plan(findings: list[Finding], settings: Settings, examples: str | None,
          timeout: float) -> tuple[list[Job], dict[int, dict[str, Any]]]:
    """One job per module with verifiable findings; the rest get their result right away."""
    root = settings.root.resolve()
    jobs: dict[str, Job] = {}
    direct: dict[int, dict[str, Any]] = {}
    fixed: dict[tuple[str, str, str | None], tuple[str | None, str | None]] = {}
    for index, finding in enumerate(findings):
        reason = _unverifiable(finding)
        if reason is not None:
            direct[index] = {"status": "skipped", "reason": reason, "evidence": {}, "fix": None}
            continue
        module = module_name(finding.filename)
        if finding.filename not in jobs:
            jobs[finding.filename] = Job(root=str(root), module=module, filename=os.path.abspath(finding.filename),
                                         examples=os.path.abspath(examples) if examples else None, results="",
                                         timeout=timeout)
        source, note = None, None
        if finding.fixable:
            key = (finding.filename, finding.code, finding.function)
            if key not in fixed:
                fixed[key] = _fixed_source(finding, findings, settings)
            source, note = fixed[key]
        qualname = finding.function[len(module) + 1:] if finding.function and finding.function.startswith(
            module + ".") else finding.function
        end_row = max(finding.end_location.row, finding.location.row)
        jobs[finding.filename].targets.append(Target(index, finding.code, finding.location.row, end_row, qualname,
                                                     finding.fix_data, source, note))
    return list(jobs.values()), direct


def _unverifiable(finding: Finding) -> str | None:
    if finding.code not in CODES:
        return f"no verification experiment for {finding.code}"
    if finding.cell is not None or finding.filename.endswith(".ipynb"):
        return "notebooks are not verified (move the code into a module)"
    return None


def _fixed_source(finding: Finding, findings: list[Finding], settings: Settings) -> tuple[str | None, str | None]:
    """The module with the fixes of this rule in this function applied (unsafe ones too), or why not."""
    from jaxlint.fixes import fix_source

    try:
        text, _, _ = decode(Path(finding.filename).read_bytes())
    except Exception as exc:  # unreadable or undecodable: the check already said so
        return None, f"cannot read the module: {exc}"
    group = [f for f in findings if f.filename == finding.filename and f.code == finding.code
             and f.function == finding.function and f.fixable]
    outcome = fix_source(text, group, unsafe=True)
    if finding not in outcome.applied:
        failed = [why for f, why in outcome.failures if f == finding]
        return None, f"the fix could not be applied: {failed[0]}" if failed else "the rule's fix does not apply here"
    text, applied = outcome.text, len(outcome.applied)
    for _ in range(_FIX_ROUNDS):  # fixes that overlapped an earlier one wait for the next round
        if applied >= len(group):
            break
        result = check_source(Source(text), finding.filename, settings, frozenset((finding.code,)))
        rest = [f for f in result.findings if f.function == finding.function and f.fixable]
        outcome = fix_source(text, rest, unsafe=True)
        if not outcome.applied:
            break
        text, applied = outcome.text, applied + len(outcome.applied)
    return text, None
