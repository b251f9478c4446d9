"""`jaxlint verify`: check, then run each finding's experiment (and its fix's) in child processes."""

from __future__ import annotations

import ast
import importlib.util
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from jaxlint.config import ConfigError, Settings
from jaxlint.diagnostics import Finding
from jaxlint.discovery import discover
from jaxlint.engine import check_paths
from jaxlint.exit_status import ExitStatus
from jaxlint.paths import module_name
from jaxlint.project.context import context_files
from jaxlint.project.incoming import Incoming
from jaxlint.rules import rule
from jaxlint.verify.hints import how_to_give_inputs
from jaxlint.verify.jobs import RAISED_IN_THE_RUN, Job, Target
from jaxlint.verify.observed import CHECKS

if TYPE_CHECKING:
    from jaxlint.verify.recording import Recording

_RUN_LIMIT_S = 600.0  # the recorded command's time limit, at least (else 10 × the per-function timeout)


@dataclass(frozen=True)
class VerifyOptions:
    paths: list[str]
    examples: str | None = None
    timeout: float | None = None
    output_format: str = "text"
    workers: int = 1
    quiet: bool = False
    run: str | None = None
    record_calls: int | None = None
    fail_on: str = "confirmed"  # or "unrefuted": every finding verify did not refute fails the run
    fail_on_observed: frozenset[str] = frozenset()  # the kinds of observation of the run that fail it
    observe_checks: frozenset[str] = frozenset()  # JAX's checks, in a second run of the command


def run_verify(options: VerifyOptions, settings: Settings, enabled: set[str]) -> int:
    from jaxlint.verify.observed import limits, observations
    from jaxlint.verify.report import Reporter
    from jaxlint.verify.runner import Platform, probe, run_jobs

    if importlib.util.find_spec("jax") is None:
        print("jaxlint: error: `jaxlint verify` needs JAX: pip install 'jaxlint[verify]'", file=sys.stderr)
        return ExitStatus.ERROR
    examples = options.examples or settings.verify_examples
    if examples is not None and not os.path.isfile(examples):
        raise ConfigError(f"examples file {examples}: no such file")
    broken = _syntax_error(examples) if examples else None
    if broken is not None:  # nothing would get its inputs: stop before running anything
        print(f"jaxlint: error: {broken}; nothing was verified", file=sys.stderr)
        return ExitStatus.ERROR
    timeout = options.timeout or settings.verify_timeout
    found = discover(options.paths, settings)
    for warning in found.warnings:
        print(f"jaxlint: warning: {warning}", file=sys.stderr)
    results = check_paths(found.files, settings, frozenset(enabled),
                          context=context_files(options.paths, found.files, settings))
    errors = [*found.errors, *(e for r in results for e in r.errors)]
    for error in errors:
        print(f"jaxlint: error: {error}", file=sys.stderr)
    findings = sorted((f for r in results for f in r.findings), key=lambda f: f.sort_key)
    told = {path: result.incoming for path, result in zip(found.files, results) if result.incoming}
    jobs, direct = _plan(findings, settings, frozenset(enabled), examples, timeout, told)
    reporter = Reporter(findings, options.output_format, options.quiet)
    for target_id, result in direct.items():
        reporter.add(target_id, result)
    command = options.run or settings.verify_run
    if options.observe_checks and not command:
        raise ConfigError("--observe-checks needs --run (or [tool.jaxlint.verify].run): the checks run the command")
    recording = None
    try:
        if command:  # run even with nothing to prove: what the run does is observed
            recording = _record(command, jobs, options.record_calls or settings.verify_record_calls, timeout,
                                options.quiet, reporter.add, str(settings.root.resolve()))
            reporter.extra["observed"] = observations(recording.records, str(settings.root.resolve()), findings)
            reporter.extra["observed_limits"] = limits(recording.records)
            jobs = [replace(job, run_command=command, records=recording.records,
                            targets=[t for t in job.targets if t.id not in recording.proved]) for job in jobs]
            jobs = [job for job in jobs if job.targets]
            reporter.extra["run"] = recording.to_json()
            if options.observe_checks:
                _observe_checks(command, options, timeout, str(settings.root.resolve()), findings, reporter.extra)
        with reporter.progress():
            if jobs:
                platform = run_jobs(jobs, options.workers, reporter.add)
            elif recording is not None and recording.hello is not None:
                hello = recording.hello
                platform = Platform(hello["platform"], hello["devices"], hello["jax_version"])
            else:
                platform = probe(str(settings.root.resolve()), os.path.abspath(examples) if examples else None,
                                 timeout)
    finally:
        if recording is not None:
            recording.close()
    hint = None if command else how_to_give_inputs(reporter.results.values(), settings.root)
    if hint:
        reporter.extra["hint"] = hint
    shown = _shown(examples) if examples else ""
    problems = [f"{shown}:{row}: {message}" if row else f"{shown}: {message}"
                for row, message in sorted(platform.examples_problems, key=lambda p: p[0] or 0)]
    reporter.finish(platform, problems, options.fail_on)
    if hint and not options.quiet:
        print(f"jaxlint: hint: {hint}", file=sys.stderr)
    for problem in problems:
        print(f"jaxlint: error: examples file {problem}", file=sys.stderr)
    if errors or problems:
        return ExitStatus.ERROR
    observed = {o["kind"] for o in reporter.extra.get("observed") or []}
    failing = reporter.failing(options.fail_on) or bool(observed & options.fail_on_observed)
    return ExitStatus.FINDINGS if failing else ExitStatus.CLEAN


OBSERVED_KINDS = ("recompile", "eager_compile", "host_sync", "stale_global", *CHECKS)


def kinds_named(option: str, text: str | None, known: tuple[str, ...]) -> frozenset[str]:
    """`--fail-on-observed recompile,host_sync` (or `all`) as kinds; an unknown one is a usage error."""
    if not text:
        return frozenset()
    kinds = {k.strip() for k in text.split(",") if k.strip()}
    if "all" in kinds:
        return frozenset(known)
    unknown = sorted(kinds - set(known))
    if unknown or not kinds:
        raise ConfigError(f"{option}: unknown kind {', '.join(unknown) or repr(text)} (expected "
                          f"{', '.join(known)} or all)")
    return frozenset(kinds)


def _record(command: str, jobs: list[Job], calls: int, timeout: float, quiet: bool,
            on_proved: Callable[[int, dict[str, Any]], None], root: str) -> Recording:
    """Run the project's command with the jobs' functions instrumented (what it proves in its own
    processes goes to `on_proved` as it comes) and what JAX does in `root`'s files observed; say
    how it went."""
    from jaxlint.verify.recording import record, targets

    wanted = targets((job.filename, target.qualname) for job in jobs for target in job.targets)
    if not quiet:
        print(f"jaxlint: running `{command}` to record the inputs of the flagged code...", file=sys.stderr)
    raises: dict[str, list[tuple[int, int]]] = {}
    for job in jobs:
        for target in job.targets:
            if target.code in RAISED_IN_THE_RUN:
                raises.setdefault(os.path.realpath(job.filename), []).append(
                    (target.start_row or target.row, target.end_row))
    recording = record(command, wanted, calls, max(_RUN_LIMIT_S, 10 * timeout), raises, jobs, on_proved, root)
    _say_how_it_went(recording, quiet, recording.summary())
    return recording


def _say_how_it_went(recording: Recording, quiet: bool, summary: str) -> None:
    """What the run's processes could not do, the run's summary, and its last lines where it failed."""
    for problem in recording.problems:
        print(f"jaxlint: warning: {problem}", file=sys.stderr)
    if not quiet or recording.exit_code != 0:
        print(f"jaxlint: {summary}", file=sys.stderr)
        if recording.exit_code != 0:
            print("".join(f"    {line}\n" for line in recording.tail), end="", file=sys.stderr)


def _observe_checks(command: str, options: VerifyOptions, timeout: float, root: str, findings: list[Finding],
                    extra: dict[str, Any]) -> None:
    """The command run again under JAX's checks: what they find joins the run's observations."""
    from jaxlint.verify.observed import limits, observations
    from jaxlint.verify.recording import record

    checks = sorted(options.observe_checks)
    if not options.quiet:
        print(f"jaxlint: running `{command}` again under JAX's checks ({', '.join(checks)})...", file=sys.stderr)
    checked = record(command, {}, 0, max(_RUN_LIMIT_S, 10 * timeout), root=root, checks=checks)
    try:
        found = observations(checked.records, root, findings)
        extra["observed"] = sorted([*extra["observed"], *found], key=lambda o: (o["filename"], o["row"], o["kind"]))
        extra["observed_limits"] = list(dict.fromkeys([*extra["observed_limits"], *limits(checked.records)]))
        extra["observed_checks"] = {"checks": checks, **checked.to_json()}
        _say_how_it_went(checked, options.quiet, f"under JAX's checks, {checked.summary(recorded=False)}")
    finally:
        checked.close()


def _shown(path: str) -> str:
    """The examples file as the user would name it: relative to here when it is below here."""
    relative = os.path.relpath(path)
    return path if relative.startswith("..") else relative


def _syntax_error(path: str) -> str | None:
    try:
        with open(path, "rb") as handle:
            ast.parse(handle.read(), filename=path)
    except SyntaxError as exc:
        where = f"{_shown(path)}:{exc.lineno}" + (f":{exc.offset}" if exc.offset else "")
        return f"examples file {where}: SyntaxError: {exc.msg}"
    except (OSError, ValueError) as exc:
        return f"examples file {_shown(path)}: {exc}"
    return None


def _plan(findings: list[Finding], settings: Settings, enabled: frozenset[str], examples: str | None,
          timeout: float, told: dict[str, Incoming]) -> tuple[list[Job], dict[int, dict[str, Any]]]:
    """One job per module with verifiable findings; the rest get their result right away. `told`:
    what other modules told each file (its fixes are relinted with it)."""
    from jaxlint.verify.fixed import FixedModule, fix_module, offers_fix

    root = settings.root.resolve()
    jobs: dict[str, Job] = {}
    direct: dict[int, dict[str, Any]] = {}
    fixed: dict[str, FixedModule] = {}
    for index, finding in enumerate(findings):
        reason = _unverifiable(finding)
        if reason is not None:
            direct[index] = {"status": "skipped", "reason": reason, "evidence": {}, "fix": None}
            continue
        path = finding.filename
        module = module_name(path)
        note = None
        if offers_fix(finding):
            if path not in fixed:
                fixed[path] = fix_module(path, [f for f in findings if f.filename == path], settings, enabled,
                                         told.get(path))
            note = fixed[path].note(finding)
        if path not in jobs:
            jobs[path] = Job(root=str(root), module=module, filename=os.path.abspath(path),
                             examples=os.path.abspath(examples) if examples else None, results="", timeout=timeout)
        qualname = finding.function[len(module) + 1:] if finding.function and finding.function.startswith(
            module + ".") else finding.function
        end_row = max(finding.end_location.row, finding.location.row)
        jobs[path].targets.append(Target(index, finding.code, finding.location.row, end_row, qualname,
                                         finding.fix_data, offers_fix(finding) and note is None, note,
                                         finding.statement_row or finding.location.row, finding.cited))
    for path, job in jobs.items():
        if path in fixed and any(t.fixed for t in job.targets):
            jobs[path] = replace(job, fixed_source=fixed[path].source)
    return list(jobs.values()), direct


def _unverifiable(finding: Finding) -> str | None:
    found = rule(finding.code)
    if found is None or not found.has("experiment"):
        return f"no verification experiment for {finding.code}"
    if finding.cell is not None or finding.filename.endswith(".ipynb"):
        return "notebooks are not verified (move the code into a module)"
    return None
