"""Parent side: one child process per module, watched with the time limit. A child that hangs or
dies costs only the finding it was running: the rest of the module goes to a fresh child."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from jaxlint.interrupts import owned
from jaxlint.verify.device_lock import ENV as _LOCK_ENV
from jaxlint.verify.device_lock import lock_file
from jaxlint.verify.jobs import Job, Target

_JAX_START_S = 120.0  # importing JAX (and starting its backend) in a fresh child
_GRACE_S = 5.0  # beyond the child's own SIGALRM, before the parent kills it
_POLL_S = 0.05
_STDERR_TAIL = 400

OnResult = Callable[[int, dict[str, Any]], None]
_INTERRUPTED = threading.Event()  # Ctrl-C reached the main thread: the threads watching children end them


@dataclass
class Platform:
    """What the children said about the run: JAX's platform, and the examples file's problems
    (each child runs the file; each problem is kept once)."""

    platform: str | None = None
    devices: list[str] | None = None
    jax_version: str | None = None
    examples_problems: list[tuple[int | None, str]] = field(default_factory=list)


@dataclass
class _Watch:
    """What the child last said: its phase, the finding it runs, when that began."""

    phase: str = "start"
    current: int | None = None
    since: float = 0.0
    offset: int = 0
    started: float = 0.0  # when the finding running began: the result says how long its proof took


def run_jobs(jobs: list[Job], workers: int, on_result: OnResult) -> Platform:
    platform = Platform()
    lock = threading.Lock()

    def report(target_id: int, result: dict[str, Any]) -> None:
        with lock:
            on_result(target_id, result)

    with lock_file() as device, ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        try:
            # The module with the most findings first: it takes longest, and must not be the one left
            # running alone at the end.
            heaviest_first = sorted(jobs, key=lambda job: -len(job.targets))
            for future in [pool.submit(_run_job, job, report, platform, device) for job in heaviest_first]:
                future.result()
        except BaseException:
            _INTERRUPTED.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return platform


def probe(root: str, examples: str | None, timeout: float) -> Platform:
    """Platform and devices (and the examples file's problems) when there is nothing to verify."""
    platform = Platform()
    _run_job(Job(root=root, module="", filename="", examples=examples, results="", timeout=timeout),
             lambda *_: None, platform)
    return platform


def _run_job(job: Job, on_result: OnResult, platform: Platform, device_lock: str | None = None) -> None:
    remaining = {t.id: t for t in job.targets}
    first = True
    while remaining or first:
        first = False
        outcome = _run_child(replace(job, targets=list(remaining.values())), on_result, platform, remaining,
                             device_lock)
        if outcome is None:
            return
        reason, current = outcome
        if current is not None and current in remaining:
            del remaining[current]
            on_result(current, _error(reason))
            continue
        for target_id in list(remaining):
            on_result(target_id, _error(reason))
        return


def _run_child(job: Job, on_result: OnResult, platform: Platform, remaining: dict[int, Target],
               device_lock: str | None = None) -> tuple[str, int | None] | None:
    """Run one child to its end: None when it reported every target, else (why, finding running)."""
    with tempfile.TemporaryDirectory(prefix="jaxlint-verify-") as folder:
        job = replace(job, results=os.path.join(folder, "results.jsonl"))
        open(job.results, "w").close()
        with open(os.path.join(folder, "stderr"), "w+b") as stderr, owned(subprocess.Popen(
                [sys.executable, "-m", "jaxlint.verify.child"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                stderr=stderr, cwd=job.root or None, env=_environment(device_lock),
                start_new_session=True)) as process:
            assert process.stdin is not None
            process.stdin.write(json.dumps(job.to_json()).encode())
            process.stdin.close()
            watch = _Watch(since=time.monotonic())
            timed_out = False
            try:
                while process.poll() is None:
                    if _INTERRUPTED.is_set():
                        raise KeyboardInterrupt
                    _read_events(job, watch, on_result, platform, remaining)
                    limit = _JAX_START_S if watch.phase in ("start", "jax") else job.timeout + _GRACE_S
                    if time.monotonic() - watch.since > limit:
                        kill_session(process)
                        timed_out = True
                        break
                    time.sleep(_POLL_S)
            except BaseException:  # Ctrl-C: the child is in its own session, so it must be ended here
                kill_session(process)
                raise
            _read_events(job, watch, on_result, platform, remaining)
            if not remaining:
                return None
            stderr.seek(0)
            tail = stderr.read().decode(errors="replace").strip()[-_STDERR_TAIL:]
    return _why(job, watch, process.returncode, timed_out, tail), watch.current


# Any of these in the user's environment: the user chose how XLA takes accelerator memory.
_XLA_MEMORY = ("XLA_PYTHON_CLIENT_PREALLOCATE", "XLA_PYTHON_CLIENT_MEM_FRACTION", "XLA_PYTHON_CLIENT_ALLOCATOR")


def _environment(device_lock: str | None = None) -> dict[str, str]:
    """The child imports this very jaxlint, installed or not. It takes accelerator memory as it
    needs it, not XLA's default 75% up front, which would starve the children verifying other
    modules on the same device, unless the user's environment says how to take it; the same for
    TensorFlow, which a project's data pipeline may import. `device_lock`: the run's lock file,
    which serializes the timed sections of the children (device_lock.py)."""
    env = dict(os.environ)
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    env["PYTHONUNBUFFERED"] = "1"
    if not any(name in env for name in _XLA_MEMORY):
        env["XLA_PYTHON_CLIENT_PREALLOCATE"] = "false"
    env.setdefault("TF_FORCE_GPU_ALLOW_GROWTH", "true")
    if device_lock:
        env[_LOCK_ENV] = device_lock
    else:
        env.pop(_LOCK_ENV, None)
    return env


def _read_events(job: Job, watch: _Watch, on_result: OnResult, platform: Platform,
                 remaining: dict[int, Target]) -> None:
    with open(job.results, encoding="utf-8") as handle:
        handle.seek(watch.offset)
        while True:
            line = handle.readline()
            if not line.endswith("\n"):
                break
            watch.offset = handle.tell()
            _event(json.loads(line), watch, on_result, platform, remaining)


def _event(event: dict[str, Any], watch: _Watch, on_result: OnResult, platform: Platform,
           remaining: dict[int, Target]) -> None:
    kind = event["event"]
    watch.since = time.monotonic()
    if kind == "phase":
        watch.phase, watch.current = event["phase"], None
    elif kind == "hello":
        platform.platform, platform.devices = event["platform"], event["devices"]
        platform.jax_version = event["jax_version"]
    elif kind == "examples":
        for row, message in event["problems"]:
            if (row, message) not in platform.examples_problems:
                platform.examples_problems.append((row, message))
    elif kind == "start":
        watch.phase, watch.current, watch.started = "target", event["id"], watch.since
    elif kind == "result" and event["id"] in remaining:
        del remaining[event["id"]]
        result = event["result"]
        if watch.current == event["id"]:
            result["evidence"] = {**(result.get("evidence") or {}), "proof_s": round(watch.since - watch.started, 2)}
        watch.current = None
        on_result(event["id"], result)


def kill_session(process: subprocess.Popen[bytes]) -> None:
    """End a process started in a session of its own, with everything it started."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        process.kill()
    process.wait()


def _why(job: Job, watch: _Watch, returncode: int | None, timed_out: bool, tail: str) -> str:
    during = {"start": "starting", "jax": "importing JAX", "examples": "running the examples file",
              "import": f"importing {job.module}", "target": "running the function"}.get(watch.phase, watch.phase)
    if timed_out:
        limit = _JAX_START_S if watch.phase in ("start", "jax") else job.timeout
        return f"timed out after {limit:g}s {during}"
    if returncode is not None and returncode < 0:
        how = f"was killed by {signal.Signals(-returncode).name}"
    else:
        how = f"exited with code {returncode}"
    last = tail.splitlines()[-1] if tail else ""
    return f"the process {how} while {during}" + (f": {last}" if last else "")


def _error(reason: str) -> dict[str, Any]:
    return {"status": "error", "reason": reason, "evidence": {}, "fix": None}
