"""What `verify`'s children get from the parent and what a person reads back: the environment
(no preallocation of accelerator memory unless the user asks for it, the run's device lock), the
device lock that serializes timed sections across children, the report's platform line, the
elements JAX101 shows, the line an error cites and why a confirmed finding has no fix."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jaxlint.diagnostics import Finding, Location
from jaxlint.verify import device_lock as device_lock_module
from jaxlint.verify.device_lock import ENV, device_lock, lock_file
from jaxlint.verify.report import Reporter, details, no_fix
from jaxlint.verify.runner import Platform, _environment
from tests.test_verify import REPO, make_project

XLA_MEMORY = ("XLA_PYTHON_CLIENT_PREALLOCATE", "XLA_PYTHON_CLIENT_MEM_FRACTION", "XLA_PYTHON_CLIENT_ALLOCATOR")


@pytest.fixture
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in (*XLA_MEMORY, "TF_FORCE_GPU_ALLOW_GROWTH", ENV):
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


# --- the children's environment ---------------------------------------------------------------


def test_children_do_not_preallocate_by_default(clean_environment) -> None:
    env = _environment()
    assert env["XLA_PYTHON_CLIENT_PREALLOCATE"] == "false"
    assert env["TF_FORCE_GPU_ALLOW_GROWTH"] == "true"
    assert "XLA_PYTHON_CLIENT_MEM_FRACTION" not in env and "XLA_PYTHON_CLIENT_ALLOCATOR" not in env
    assert env["PYTHONPATH"].split(os.pathsep)[0] == str(REPO)


@pytest.mark.parametrize("name, value", [("XLA_PYTHON_CLIENT_PREALLOCATE", "true"),
                                         ("XLA_PYTHON_CLIENT_MEM_FRACTION", ".3"),
                                         ("XLA_PYTHON_CLIENT_ALLOCATOR", "platform")])
def test_the_users_memory_settings_are_kept(clean_environment, name: str, value: str) -> None:
    clean_environment.setenv(name, value)
    clean_environment.setenv("TF_FORCE_GPU_ALLOW_GROWTH", "false")
    env = _environment()
    assert env[name] == value
    assert {n: env[n] for n in XLA_MEMORY if n in env} == {name: value}
    assert env["TF_FORCE_GPU_ALLOW_GROWTH"] == "false"


def test_the_device_lock_is_named_only_when_given(clean_environment) -> None:
    assert _environment("/tmp/run/device.lock")[ENV] == "/tmp/run/device.lock"
    clean_environment.setenv(ENV, "/somewhere/else.lock")  # a parent's, or the user's: not this run's lock
    assert ENV not in _environment()


# --- the device lock --------------------------------------------------------------------------

HOLDER = '''
import json, sys, time
from jaxlint.verify.device_lock import device_lock
with device_lock():
    start = time.time()
    with device_lock():  # re-entrant: a timed section that calls another
        time.sleep(0.3)
    end = time.time()
print(json.dumps([start, end]))
'''


def test_timed_sections_of_concurrent_processes_do_not_overlap(tmp_path: Path) -> None:
    with lock_file() as path:
        env = dict(os.environ, PYTHONPATH=str(REPO), **{ENV: path})
        processes = [subprocess.Popen([sys.executable, "-c", HOLDER], env=env, stdout=subprocess.PIPE, text=True)
                     for _ in range(3)]
        spans = sorted(json.loads(p.communicate(timeout=60)[0]) for p in processes)
        assert all(p.returncode == 0 for p in processes)
    assert not os.path.exists(path)  # the run's folder is removed with it
    for (_, end), (start, _) in zip(spans, spans[1:]):
        assert start >= end, spans


def test_without_a_lock_file_the_lock_is_a_no_op(clean_environment) -> None:
    with device_lock(), device_lock():
        assert device_lock_module._handle is None


def test_the_lock_is_released_after_an_exception(clean_environment, tmp_path: Path) -> None:
    clean_environment.setenv(ENV, str(tmp_path / "device.lock"))
    with pytest.raises(RuntimeError), device_lock():
        assert device_lock_module._handle is not None
        raise RuntimeError
    assert device_lock_module._handle is None and device_lock_module._depth == 0
    with device_lock():
        assert device_lock_module._handle is not None


def test_under_a_time_limit_the_wait_takes_half_the_time_left(tmp_path: Path) -> None:
    """Waiting for other modules' timings must not cost the experiment its own time limit: after
    half of it the section runs without the lock."""
    waiter = textwrap.dedent('''
        import time
        from jaxlint.verify import device_lock as lock
        from jaxlint.verify.alarm import time_limit
        start = time.monotonic()
        with time_limit(2.0), lock.device_lock():
            print(lock._handle is None, round(time.monotonic() - start, 2))
        ''')
    path = tmp_path / "device.lock"
    env = dict(os.environ, PYTHONPATH=str(REPO), **{ENV: str(path)})
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time\nfrom jaxlint.verify.device_lock import "
                               "device_lock\nwith device_lock():\n    print('held', flush=True)\n    time.sleep(30)"],
                              env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        result = subprocess.run([sys.executable, "-c", waiter], env=env, capture_output=True, text=True, timeout=60)
        unlocked, waited = result.stdout.split()
        assert unlocked == "True" and 0.9 <= float(waited) < 1.9, result.stdout + result.stderr
    finally:
        holder.kill()
        holder.wait()


# --- end to end: what a child sees, and what the report says ------------------------------------

PROBE = '''
import json
import os

import jax
import jax.numpy as jnp

from helpers import explode

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), __name__ + ".env.json"), "w") as handle:
    names = ("XLA_PYTHON_CLIENT_PREALLOCATE", "XLA_PYTHON_CLIENT_MEM_FRACTION", "TF_FORCE_GPU_ALLOW_GROWTH",
             "JAXLINT_DEVICE_LOCK")
    lock = os.environ.get("JAXLINT_DEVICE_LOCK")
    json.dump({"env": {n: os.environ.get(n) for n in names}, "lock_exists": bool(lock and os.path.exists(lock))},
              handle)

table = jnp.arange(4.0)


@jax.jit
def lookup(x):
    return x * table


def reload(values):
    global table
    table = values


@jax.jit
def positives(x):
    return x[x > 0]


@jax.jit
def shout(x):
    print(x)
    return explode(x)
'''

OTHER = '''
import json
import os

import jax

with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), __name__ + ".env.json"), "w") as handle:
    lock = os.environ.get("JAXLINT_DEVICE_LOCK")
    json.dump({"env": {"JAXLINT_DEVICE_LOCK": lock}, "lock_exists": bool(lock and os.path.exists(lock))}, handle)


@jax.jit
def quiet(x):
    print(x)
    return x
'''

HELPERS = '''
def explode(x):
    raise ValueError("bad input")
'''

EXAMPLES = '''
import jax.numpy as jnp
from jaxlint.verify import example
from probe import lookup, positives, shout
from other import quiet

example(lookup, jnp.ones(4))
example(positives, jnp.array([-1.0, 2.0, 3.0]))
example(shout, 1.0)
example(quiet, 1.0)
'''


def _verify(root: Path, **environment: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in (*XLA_MEMORY, "TF_FORCE_GPU_ALLOW_GROWTH", ENV)}
    env.update(PYTHONPATH=str(REPO), NO_COLOR="1", **environment)
    return subprocess.run([sys.executable, "-m", "jaxlint", "verify", "probe.py", "other.py", "--examples",
                           "examples.py", "--jobs", "2", "--output-format", "json"], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def probe_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict]:
    pytest.importorskip("jax")
    root = tmp_path_factory.mktemp("verify_device")
    make_project(root, {"probe.py": PROBE, "other.py": OTHER, "helpers.py": HELPERS, "examples.py": EXAMPLES})
    result = _verify(root)
    assert result.returncode == 1, result.stderr
    return root, json.loads(result.stdout)


def _seen(root: Path, module: str) -> dict:
    return json.loads((root / f"{module}.env.json").read_text())


def test_children_get_no_preallocation_and_one_lock_for_the_run(probe_run) -> None:
    root, _ = probe_run
    probe, other = _seen(root, "probe"), _seen(root, "other")
    assert probe["env"]["XLA_PYTHON_CLIENT_PREALLOCATE"] == "false"
    assert probe["env"]["XLA_PYTHON_CLIENT_MEM_FRACTION"] is None
    assert probe["env"]["TF_FORCE_GPU_ALLOW_GROWTH"] == "true"
    assert probe["lock_exists"] and other["lock_exists"]
    assert probe["env"]["JAXLINT_DEVICE_LOCK"] == other["env"]["JAXLINT_DEVICE_LOCK"]  # one lock for the run
    assert not os.path.exists(probe["env"]["JAXLINT_DEVICE_LOCK"])  # removed after the run


def test_a_users_memory_fraction_is_left_alone(tmp_path: Path) -> None:
    pytest.importorskip("jax")
    make_project(tmp_path, {"probe.py": PROBE, "other.py": OTHER, "helpers.py": HELPERS, "examples.py": EXAMPLES})
    result = _verify(tmp_path, XLA_PYTHON_CLIENT_MEM_FRACTION=".2")
    assert result.returncode == 1, result.stderr
    env = _seen(tmp_path, "probe")["env"]
    assert env["XLA_PYTHON_CLIENT_MEM_FRACTION"] == ".2" and env["XLA_PYTHON_CLIENT_PREALLOCATE"] is None


def test_the_json_names_the_platform_and_jax(probe_run) -> None:
    import jax

    _, document = probe_run
    assert document["platform"] == jax.devices()[0].platform
    assert document["devices"] and document["jax_version"] == jax.__version__


def _row(document: dict, function: str) -> dict:
    return next(r for r in document["results"] if r["function"].endswith("." + function))


def test_jax101_on_arrays_shows_the_elements_that_differ(probe_run) -> None:
    row = _row(probe_run[1], "lookup")
    assert row["status"] == "confirmed", row
    assert "table changed by +1 (float32[4])" in row["reason"], row["reason"]
    assert "4 of 4 elements differ (compiled vs eager): [0]: 0.0 vs 1.0, [1]: 1.0 vs 2.0, [2]: 2.0 vs 3.0, ..." \
        in row["reason"], row["reason"]
    assert row["evidence"]["differences"] == {"elements": 4, "differ": 4,
                                              "shown": ["[0]: 0.0 vs 1.0", "[1]: 1.0 vs 2.0", "[2]: 2.0 vs 3.0"]}


def test_an_error_cites_the_line_that_raised_it_in_another_file(probe_run) -> None:
    row = _row(probe_run[1], "shout")
    caller = textwrap.dedent(PROBE).lstrip().splitlines().index("    return explode(x)") + 1
    assert row["status"] == "error", row
    assert f"raised ValueError at helpers.py:2 (from line {caller}): bad input" in row["reason"], row["reason"]
    assert row["evidence"]["raised_at"] == "helpers.py:2" and row["evidence"]["row"] == caller


def test_a_confirmed_finding_without_a_fix_says_why(probe_run) -> None:
    row = _row(probe_run[1], "positives")
    assert (row["status"], row["fix"]) == ("confirmed", None), row
    assert row["evidence"]["no_fix"].startswith("JAX113 has no automatic fix (fix class `none`); by hand: ")
    assert "jnp.where(x > 0, x, fill)" in row["evidence"]["no_fix"]
    for row in probe_run[1]["results"]:
        assert (row["status"] == "confirmed" and row["fix"] is None) == ("no_fix" in row["evidence"]), row


# --- the report, as text ----------------------------------------------------------------------


def _finding(code: str, message: str) -> Finding:
    return Finding(code, "name", "error", message, "pkg/m.py", Location(3, 1), Location(3, 9), function="pkg.m.f")


def test_the_text_report_names_the_device_and_jax(capsys: pytest.CaptureFixture[str]) -> None:
    reporter = Reporter([_finding("JAX113", "`x[m]` raises; use `jnp.where(m, x, fill)`")], "text")
    reporter.add(0, {"status": "confirmed", "reason": "it raised", "evidence": {}, "fix": None})
    reporter.finish(Platform("gpu", ["cuda:0", "cuda:1"], "0.4.35"), [])
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "Platform: gpu (cuda:0, cuda:1), JAX 0.4.35"
    assert out[:2] == ["pkg/m.py:3: JAX113 confirmed: it raised",
                       "    no fix: JAX113 has no automatic fix (fix class `none`); by hand: use `jnp.where(m, x, fill)`"]
    reporter.finish(Platform(), [])
    assert capsys.readouterr().out.splitlines()[-1] == "Platform: unknown, JAX unknown"


def test_no_fix_says_when_the_rules_fix_does_not_apply() -> None:
    finding = _finding("JAX101", "jit-compiled `f` reads `b` from the module, which is assigned in `g` (line 9); the "
                                 "compiled function keeps the value from trace time. Pass `b` as an argument")
    assert no_fix(finding) == ("JAX101's automatic fix does not apply to this finding; by hand: "
                               "Pass `b` as an argument")


def test_jax205_fix_line_shows_one_baseline() -> None:
    row = {"evidence": {}, "fix": {"status": "passed", "reason": "r", "evidence": {"performance": {
        "measured_ms": {"original": 0.12, "fixed": 14.0}, "computation_ms": 14.3}}}}
    assert details(row)[-1] == "fixed: timed 0.1 ms → 14 ms (the computation took 14 ms)"
