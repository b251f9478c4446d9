"""`python -m jaxlint.verify.child`: verify the findings of one module, in a process of its own.

Reads a Job (JSON) on stdin; appends one JSON line per event to the job's results file, so that
the parent knows which finding was running if this process hangs or dies.
"""

from __future__ import annotations

import builtins
import functools
import json
import os
import sys
from collections.abc import Callable
from dataclasses import replace
from types import ModuleType
from typing import Any, TextIO

from jaxlint.verify.jobs import Job, Target, Verdict


def main() -> None:
    job = Job.from_json(json.load(sys.stdin))
    with open(job.results, "a", encoding="utf-8", buffering=1) as channel:
        send(channel, event="phase", phase="jax")
        import jax

        from jaxlint.verify import recorders

        recorders.install()
        devices = jax.devices()
        jax.jit(lambda x: x + 1)(1.0)  # JAX's one-time set-up, before anything is timed
        send(channel, event="hello", platform=devices[0].platform,
              devices=[f"{d} ({d.device_kind})" if d.platform != "cpu" else str(d) for d in devices],
              jax_version=jax.__version__)
        if job.targets or job.examples:
            _run(job, channel)
    sys.stdout.flush()
    os._exit(0)  # user threads or atexit hooks must not keep the child alive


def send(channel: TextIO, **event: Any) -> None:
    channel.write(json.dumps(event, default=str) + "\n")
    channel.flush()


def _run(job: Job, channel: TextIO) -> None:
    from jaxlint.project.roots import import_roots
    from jaxlint.verify.alarm import Timeout, time_limit
    from jaxlint.verify.loading import import_module, run_examples

    # where the module and its imports are found: the project's root, the file's package root and
    # `src` roots (how its module name was made), the examples' folder
    folders = [job.root, *import_roots(job.filename), os.path.dirname(job.examples) if job.examples else None,
               os.path.dirname(job.filename)]
    for folder in reversed([f for f in dict.fromkeys(folders) if f]):  # the project root first
        if folder not in sys.path:
            sys.path.insert(0, folder)
    examples = run_examples(job.examples, job.timeout, lambda: send(channel, event="phase", phase="examples"))
    send(channel, event="examples", problems=examples.problems)
    if not job.targets:
        return
    send(channel, event="phase", phase="import")
    try:
        with time_limit(job.timeout):
            module = import_module(job)
    except Timeout:
        for target in job.targets:
            send_result(channel, target, Verdict("error", f"importing {job.module} timed out after {job.timeout:g}s",
                                                     {"stage": "import"}))
        return
    except BaseException as exc:  # noqa: BLE001 - SystemExit, anything the module raises
        reached = _reached(job)
        for target in job.targets:
            if reached is not None and target.qualname not in reached:
                send_result(channel, target, Verdict("skipped", f"not reached by `{job.run_command}` (the module does not "
                                                            f"import here: {_import_failure(job, target, exc).reason})",
                                                 {"stage": "import"}, verdict="not-reached"))
            else:
                send_result(channel, target, _import_failure(job, target, exc))
        return
    replay = _replay(job, module, examples)
    for target in job.targets:
        send(channel, event="start", id=target.id)
        send_result(channel, target, *verify_target(job, target, module, examples, replay))


def _replay(job: Job, module: ModuleType, examples: Any) -> Any:
    """`verify --run`: the run's records join the examples' input sets (after them)."""
    if job.records is None or job.run_command is None:
        return None
    from jaxlint.verify.replay import replay

    found = replay(job.run_command, job.records, job.filename, module)
    filename = os.path.realpath(job.filename)
    for qualname, inputs in found.inputs.items():
        examples.inputs.setdefault((filename, qualname), []).extend(inputs)
    return found


def _reached(job: Job) -> set[str | None] | None:
    """The functions of the job's module that the recorded run called (None: module code), or None
    without a recorded run."""
    if job.records is None or job.run_command is None:
        return None
    from jaxlint.verify.recording import read_records

    wanted = os.path.realpath(job.filename)
    return {None if r["kind"] == "module" else r["qualname"] for r in read_records(job.records) if r["path"] == wanted}


def send_result(channel: TextIO, target: Target, verdict: Verdict, fix: Verdict | None = None) -> None:
    result = verdict.to_json() | {"fix": fix.to_json() if fix else None}
    send(channel, event="result", id=target.id, result=result)


def _import_failure(job: Job, target: Target, exc: BaseException) -> Verdict:
    """A module that fails to import: the finding itself when the error is its own, at its line."""
    from jaxlint.rules import part
    from jaxlint.verify.harness import describe_exception, located, user_rows

    filename = os.path.realpath(job.filename)
    rule = part(target.code, "experiment")
    rows = user_rows(exc, filename)
    info = describe_exception(exc)
    if isinstance(exc, SystemExit):
        return Verdict("error", f"importing {job.module} called sys.exit({exc.code!r})",
                       {"exception": "SystemExit", "stage": "import"})
    if rule is not None and rule.predicted(exc) and rows and target.row <= rows[-1] <= target.end_row:
        return Verdict("confirmed", f"importing the module raised {info['exception']}: {info['message']}",
                       info | {"row": rows[-1]})
    where = located(exc, filename, info)
    return Verdict("error", f"importing {job.module} raised {info['exception']}{where}: {info['message']}",
                   info | {"stage": "import"})


def verify_target(job: Job, target: Target, module: ModuleType, examples: Any,
            replay: Any) -> tuple[Verdict, Verdict | None]:
    from jaxlint.rules import part
    from jaxlint.verify.harness import Subject
    from jaxlint.verify.loading import subject
    from jaxlint.verify.raising import as_its_callers_trace_it

    rule = part(target.code, "experiment")
    if rule is None:
        return Verdict("skipped", f"no verification experiment for {target.code}"), None
    shown = _raised_in_the_run(target, replay)
    found = subject(target, module, os.path.realpath(job.filename), examples, replay)
    if not isinstance(found, Subject):
        return shown or found, None
    if shown is not None:
        verdict = shown
    else:
        verdict = _guarded(lambda: rule.run(found), job.timeout, found, "error")
    if verdict.status != "confirmed":
        return verdict, None
    if not target.fixed:
        return verdict, Verdict("skipped", target.fix_note) if target.fix_note else None
    if target.qualname is None:
        return verdict, Verdict("skipped", "the fix of module-level code is not run (it would run the script again)")
    if verdict.evidence.get("as_callers_trace"):  # the fix runs as the finding was shown: traced, on JAX arrays
        found = as_its_callers_trace_it(found) or found
    found = replace(found, confirmed_on=verdict.evidence.get("input_set", 1) - 1,
                    baseline=verdict.evidence.get("timings"))
    return verdict, _verify_fix(job, target, found, rule)


def _raised_in_the_run(target: Target, replay: Any) -> Verdict | None:
    """The project's own run raised what the finding predicts on its rows (a removed name's
    AttributeError): the run is the proof, whatever its arguments would do replayed."""
    from jaxlint.verify.jobs import RAISED_IN_THE_RUN
    from jaxlint.verify.removed import predicted

    if replay is None or target.code not in RAISED_IN_THE_RUN:
        return None
    raised = replay.raised_at(range(target.start_row or target.row, target.end_row + 1))
    name = ((target.fix_data or {}).get("name") or "").rsplit(".", 1)[-1]
    error = getattr(builtins, raised["exception"], None) if raised is not None else None
    # what the run raised is what using a removed name raises (verify/removed.py decides that)
    if not (isinstance(error, type) and issubclass(error, BaseException) and predicted(error())) \
            or name and name not in raised["message"]:  # type: ignore[index]
        return None
    return Verdict("confirmed", f"`{replay.command}` itself raised {raised['message']} at line {raised['row']}",
                   {"exception": raised["exception"], "message": raised["message"], "row": raised["row"],
                    "from_run": True})


def _verify_fix(job: Job, target: Target, original: Any, rule: Any) -> Verdict:
    from jaxlint.verify.harness import added_parameters
    from jaxlint.verify.loading import load_fixed, rebind, remade, resolve

    through = original.inputs[0].entry  # the function that reached the finding in the recorded run
    if through is not None and through[0] != job.module:
        return Verdict("skipped", f"the finding was proved through `{through[1]}` of {through[0]}, which would "
                                  f"still run the unfixed `{target.qualname}`")

    def given(function: Any) -> Any:
        """The fixed function with the parameters the module's other fixes added (a global made a
        parameter) given the values the original read: this finding's check calls it as before."""
        own = (target.fix_data or {}).get("name") if target.code == "JAX101" else None
        added = {name: original.module.__dict__[name] for name in added_parameters(original.function, function)
                 if name != own and name in original.module.__dict__}
        return functools.partial(function, **added) if added else function

    def check() -> Verdict:
        module, filename = load_fixed(job, target)
        if original.made_by is not None:  # a nested function its maker returned: made again, fixed
            made = remade(original, module)
            if made is None:
                return Verdict("failed", "after the fix the maker no longer returns the function")
            return rule.check_fix(original, replace(original, module=module, function=given(made),
                                                    filename=os.path.realpath(filename)))
        found = resolve(module, through[1] if through else target.qualname or "")
        if isinstance(found, Verdict):
            owner, _, name = (target.qualname or "").rpartition(".")
            method = getattr(getattr(module, owner, None), name, None)
            if method is None or not callable(original.function):
                return Verdict("failed", f"after the fix: {found.reason}")
            found = (method, target.qualname)
        function = given(rebind(original.function, found[0]))
        fixed = replace(original, module=module, function=function, filename=os.path.realpath(filename))
        return rule.check_fix(original, fixed)

    return _guarded(check, job.timeout, original, "failed")


def _guarded(step: Callable[[], Verdict], timeout: float, subject: Any, status: str) -> Verdict:
    """Run one experiment step with the time limit; the user's failures become `status`."""
    from jaxlint.verify.alarm import Timeout, time_limit
    from jaxlint.verify.harness import failure

    try:
        with time_limit(timeout):
            return step()
    except Timeout:
        return Verdict(status, f"timed out after {timeout:g}s")
    except (Exception, SystemExit) as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        verdict = failure(exc, subject)
        return Verdict(status, verdict.reason, verdict.evidence)


if __name__ == "__main__":
    main()
