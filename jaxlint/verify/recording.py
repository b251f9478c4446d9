"""`jaxlint verify --run COMMAND`, parent side: run the project's own command with the functions
that hold findings instrumented (record_hook.py, loaded by a generated `sitecustomize`), and read
back what it recorded. No file of the project is changed."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from jaxlint.interrupts import owned
from jaxlint.verify.jobs import Job
from jaxlint.verify.runner import kill_session

_TAIL_LINES = 8
_POLL_S = 0.1
OnProved = Callable[[int, dict[str, Any]], None]
_HOOK = os.path.join(os.path.dirname(os.path.abspath(__file__)), "record_hook.py")
_JAXLINT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # the folder of the package

# Finds the hook beside itself and runs the environment's own sitecustomize, which it hides.
_SITECUSTOMIZE = '''\
import importlib.util as _util, os as _os, sys as _sys

_folder = _os.path.dirname(_os.path.abspath(__file__))


def _jaxlint_record():
    spec = _util.spec_from_file_location("_jaxlint_record_hook", _os.path.join(_folder, "record_hook.py"))
    hook = _util.module_from_spec(spec)
    _sys.modules[spec.name] = hook
    spec.loader.exec_module(hook)
    hook.install(_os.path.join(_folder, "spec.json"))


def _chain():
    me = _sys.modules.pop("sitecustomize", None)
    saved = list(_sys.path)
    _sys.path[:] = [p for p in _sys.path if _os.path.abspath(p or ".") != _folder]
    try:
        import sitecustomize  # noqa: F401
    except ImportError:
        _sys.modules["sitecustomize"] = me  # site.py looks itself up once this import ends
    finally:
        _sys.path[:] = saved


try:
    _jaxlint_record()
except Exception as exc:  # the program runs as it would without jaxlint
    print(f"jaxlint: recording is off in this process: {exc!r}", file=_sys.stderr)
_chain()
'''


@dataclass
class Recording:
    """What the command did, and where its records are (`folder`, read by the verify children)."""

    command: str
    folder: str
    exit_code: int | None = None
    timed_out: bool = False
    seconds: float = 0.0
    tail: list[str] = field(default_factory=list)
    reached: dict[str, set[str]] = field(default_factory=dict)  # real path → qualnames recorded
    proved: dict[int, dict[str, Any]] = field(default_factory=dict)  # results proved in the run's processes
    hello: dict[str, Any] | None = None  # their platform
    _offsets: dict[str, int] = field(default_factory=dict)  # how far each process's results were read

    @property
    def problems(self) -> list[str]:
        """What the run's processes could not do (prove in place, observe), once each."""
        return list(dict.fromkeys(r["reason"] for r in read_records(self.records) if not r["path"]))

    def to_json(self) -> dict[str, Any]:
        return {"command": self.command, "exit_code": self.exit_code, "timed_out": self.timed_out,
                "seconds": round(self.seconds, 2), "tail": self.tail,
                "functions_reached": sum(len(q) for q in self.reached.values())}

    @property
    def records(self) -> str:
        return os.path.join(self.folder, "records")

    def summary(self, recorded: bool = True) -> str:
        reached = sum(len(q) for q in self.reached.values())
        if self.timed_out:
            how = f"was stopped after {self.seconds:.0f} s"
        elif self.exit_code == 0:
            how = f"passed in {self.seconds:.1f} s"
        else:
            how = f"exited with code {self.exit_code} after {self.seconds:.1f} s"
        if not recorded:
            return f"`{self.command}` {how}"
        return f"`{self.command}` {how}; recorded the calls of {reached} function{'s' * (reached != 1)}"

    def read_proved(self, on_proved: OnProved) -> None:
        """Take in what the run's processes proved since the last look (in_place.py): results by
        finding (the first process to prove one has it; each new one goes to `on_proved`), and
        what the last said of its platform."""
        for name in sorted(os.listdir(self.records)):
            if not name.endswith(".proved.jsonl"):
                continue
            with open(os.path.join(self.records, name), encoding="utf-8") as handle:
                handle.seek(self._offsets.get(name, 0))
                while (line := handle.readline()).endswith("\n"):  # a line still being written waits
                    self._offsets[name] = handle.tell()
                    event = json.loads(line)
                    if event["event"] == "hello":
                        self.hello = event
                    elif event["event"] == "result" and event["id"] not in self.proved:
                        self.proved[event["id"]] = event["result"]
                        on_proved(event["id"], event["result"])

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def targets(functions: Iterable[tuple[str, str | None]]) -> dict[str, list[str]]:
    """What to record, by real path: each finding's function and the functions enclosing it (a
    nested function runs through them); "" is the module's own code (a script's findings)."""
    wanted: dict[str, set[str]] = {}
    for path, qualname in functions:
        names = wanted.setdefault(os.path.realpath(path), set())
        if not qualname:
            names.add("")
            continue
        parts = qualname.split(".")
        names.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return {path: sorted(names) for path, names in wanted.items()}


def record(command: str, wanted: dict[str, list[str]], limit: int, time_limit: float,
           raises: dict[str, list[tuple[int, int]]] | None = None, jobs: Iterable[Job] = (),
           on_proved: OnProved = lambda *_: None, root: str | None = None,
           checks: Iterable[str] = ()) -> Recording:
    """Run `command` in a shell from here, as the user would (with this interpreter's folder first
    on PATH), recording the first `limit` calls of each wanted function, and the exceptions raised
    on the rows of `raises` (by real path). The `jobs`' findings whose arguments cannot leave the
    run's process are proved in it (in_place.py), each result given to `on_proved` as it comes.
    With `root`, what JAX does in the project's files is observed (observe.py), or with `checks`,
    what JAX's debug checks find there (observe_checks.py)."""
    folder = tempfile.mkdtemp(prefix="jaxlint-run-")
    boot = os.path.join(folder, "boot")
    os.makedirs(os.path.join(folder, "records"))
    os.makedirs(boot)
    shutil.copyfile(_HOOK, os.path.join(boot, "record_hook.py"))
    with open(os.path.join(boot, "sitecustomize.py"), "w", encoding="utf-8") as handle:
        handle.write(_SITECUSTOMIZE)
    recording = Recording(command, folder)
    in_place = {"jaxlint": _JAXLINT,
                "jobs": [replace(job, run_command=command, records=recording.records).to_json() for job in jobs]}
    with open(os.path.join(boot, "spec.json"), "w", encoding="utf-8") as handle:
        json.dump({"targets": wanted, "limit": limit, "out": recording.records, "raises": raises or {},
                   "in_place": in_place,
                   "observe": {"jaxlint": _JAXLINT, "root": root, "checks": sorted(checks)} if root else None}, handle)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (boot, env.get("PYTHONPATH")) if p)
    # `python` and `pytest` in the command are those of the environment jaxlint runs in: the one
    # with JAX, where the records are read back
    env["PATH"] = os.pathsep.join(p for p in (os.path.dirname(sys.executable), env.get("PATH")) if p)
    start = time.monotonic()
    with open(os.path.join(folder, "output"), "w+b") as output, owned(subprocess.Popen(
            command, shell=True, stdin=subprocess.DEVNULL, stdout=output, stderr=subprocess.STDOUT, env=env,
            start_new_session=True)) as process:
        try:
            while (code := process.poll()) is None and time.monotonic() - start < time_limit:
                recording.read_proved(on_proved)
                time.sleep(_POLL_S)
            recording.exit_code = code
            if code is None:
                recording.timed_out = True
                kill_session(process)
        except BaseException:  # Ctrl-C: the command is in its own session
            kill_session(process)
            raise
        recording.seconds = time.monotonic() - start
        recording.read_proved(on_proved)
        output.seek(0)
        lines = output.read().decode(errors="replace").rstrip().splitlines()
        recording.tail = lines[-_TAIL_LINES:]
    recording.reached = _reached(recording.records)
    return recording


def read_records(folder: str) -> Iterable[dict[str, Any]]:
    """Every record of every process of the run, in the order each process wrote them."""
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".pkl"):
            continue
        with open(os.path.join(folder, name), "rb") as handle:
            while True:
                try:
                    yield pickle.load(handle)
                except EOFError:
                    break
                except (pickle.UnpicklingError, ValueError, AttributeError):
                    break  # a process killed mid-write: the records before it stand


def _reached(folder: str) -> dict[str, set[str]]:
    reached: dict[str, set[str]] = {}
    for found in read_records(folder):
        if found["path"]:  # a record of no function: what the run's process could not do (`problems`)
            reached.setdefault(found["path"], set()).add(found["qualname"])
    return reached
