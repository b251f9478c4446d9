"""`verify --run`, inside the project's own process, at the recorded call: prove the findings whose
arguments could not leave it (closures, optax transformations, a `TrainState`, an environment
holding lambdas, anything of a script run as `__main__`), on those very objects.

record_hook.py calls `prove` at such a call (its JAX arrays copied, JAX running eagerly). The
experiments are the child's (child.verify_target); results go to a JSON-lines file in the records
folder, one `result` event per finding, which the parent reads like a child's.
"""

from __future__ import annotations

import ast
import os
import sys
import time
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

import jax

from jaxlint.verify import recorders
from jaxlint.verify.child import send, send_result, verify_target
from jaxlint.verify.harness import describe_exception
from jaxlint.verify.jobs import Job, Target, Verdict
from jaxlint.verify.loading import Examples
from jaxlint.verify.replay import replay

_said_hello: list[bool] = []  # the platform is told once per process


def prove(jobs: list[dict[str, Any]], record: dict[str, Any], results: str) -> None:
    """Prove the findings `record`'s call reaches (its function's, and those of functions nested in it)."""
    recorders.install()
    with open(results, "a", encoding="utf-8", buffering=1) as channel:
        if not _said_hello:
            _said_hello.append(True)
            devices = jax.devices()
            send(channel, event="hello", platform=devices[0].platform,
                 devices=[f"{d} ({d.device_kind})" if d.platform != "cpu" else str(d) for d in devices],
                 jax_version=jax.__version__)
        for job in map(Job.from_json, jobs):
            filename = os.path.realpath(job.filename)
            module = _loaded(filename)
            targets = _reached(job.targets, record["qualname"])
            if record["path"] == filename and module is not None and targets:
                _prove_job(job, module, record, targets, channel)


def _prove_job(job: Job, module: ModuleType, record: dict[str, Any], targets: list[Target],
               channel: TextIO) -> None:
    assert job.run_command is not None and job.records is not None
    found = replay(job.run_command, job.records, job.filename, module, [record])
    examples = Examples()
    for qualname, inputs in found.inputs.items():
        examples.inputs[(os.path.realpath(job.filename), qualname)] = inputs
    if module.__name__ == "__main__" and _works_at_import(job.filename):
        note = ("the fixed copy of a script whose top level does the work is not run in the script's own "
                "process (it would run the script again there)")
        targets = [replace(t, fixed=False, fix_note=note) if t.fixed else t for t in targets]
    for target in targets:
        start = time.monotonic()
        try:
            verdict, fix = verify_target(job, target, module, examples, found)
        except Exception as exc:  # noqa: BLE001 - one finding's failure is its own
            info = describe_exception(exc)
            verdict, fix = Verdict("error", f"proving in the run's process raised {info['exception']}: "
                                            f"{info['message']}", info), None
        verdict.evidence = {**verdict.evidence, "proof_s": round(time.monotonic() - start, 2), "in_place": True}
        send_result(channel, target, verdict, fix)


def _works_at_import(filename: str) -> bool:
    """The script's top level does its work unguarded: loops, `with` blocks, `print`, or calls of
    its own functions (`main()`), not only definitions, registrations and a `__main__` guard."""
    try:
        tree = ast.parse(Path(filename).read_bytes())
    except (OSError, SyntaxError, ValueError):
        return True
    own = {node.name for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))} | {"print"}
    return any(isinstance(node, (ast.For, ast.While, ast.With, ast.AsyncFor, ast.AsyncWith))
               or isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
               and isinstance(node.value.func, ast.Name) and node.value.func.id in own for node in tree.body)


def _loaded(filename: str) -> ModuleType | None:
    """The module of the run that was loaded from `filename` (`__main__` for a script, whose
    `__file__` Python deletes once the script has run: its loader still knows the path)."""
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or getattr(getattr(module, "__loader__", None), "path", None)
        if isinstance(path, str) and os.path.realpath(path) == filename:
            module.__dict__.setdefault("__file__", path)  # what the experiments read it by
            return module
    return None


def _reached(targets: Iterable[Target], qualname: str) -> list[Target]:
    """The targets a call of `qualname` reaches: its own, and those of the functions nested in it."""
    return [t for t in targets if t.qualname is not None and (t.qualname + ".").startswith(qualname + ".")]
