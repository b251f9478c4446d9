"""`jaxlint verify --run CMD --observe-checks ...`: the command run again under JAX's own checks (key
reuse, NaNs, tracer leaks), each failure kept at the project's line and the program let go on. The
real CLI in a subprocess, real JAX on CPU, the fixture project copied."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jaxlint.verify.observed import add_to_sarif
from tests.expectations import FIXTURES, project_copy

pytest.importorskip("jax")

REPO = Path(__file__).resolve().parents[1]
COMMAND = "python keys.py && python numerics.py && python clean.py"


def _verify(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "jaxlint", "verify", *args, "."], cwd=root,
                          capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = project_copy(FIXTURES / "projects" / "observed_checks", tmp_path_factory.mktemp("checks"))
    done = _verify(root, "--run", COMMAND, "--observe-checks", "all", "--output-format", "json")
    return json.loads(done.stdout)


def _found(document: dict) -> dict:
    return {(o["filename"], o["row"], o["kind"]): o for o in document["observed"]}


def test_each_check_failure_is_on_its_line_with_the_finding_it_confirms(checked: dict) -> None:
    found = _found(checked)
    assert {k for k in found if k[2] in ("key_reuse", "nan", "leak")} == {
        ("keys.py", 9, "key_reuse"), ("keys.py", 15, "key_reuse"), ("numerics.py", 20, "nan"),
        ("numerics.py", 21, "leak")}, checked["observed"]
    in_jit = found[("keys.py", 9, "key_reuse")]  # the second use inside the function, and who called it
    assert (in_jit["function"], in_jit["defined_at"], in_jit["called_at"], in_jit["static_rule"]) == \
        ("noisy", "keys.py:6", "keys.py:16", "JAX102")
    eager = found[("keys.py", 15, "key_reuse")]  # the second use, and the first
    assert (eager["first_used_at"], eager["static_rule"]) == ("keys.py:14", "JAX102")
    nan = found[("numerics.py", 20, "nan")]
    assert nan["function"] == "log_loss" and nan["static_rule"] is None
    assert "NaN in the output of jit(log_loss)" in nan["causes"][0]["detail"]
    leak = found[("numerics.py", 21, "leak")]  # at the call that traced; the static finding is inside
    assert leak["function"] == "remember" and leak["static_rule"] == "JAX107"


def test_the_program_runs_on_as_it_would_unchecked(checked: dict) -> None:
    run = checked["observed_checks"]
    assert run["checks"] == ["key_reuse", "leak", "nan"] and run["exit_code"] == 0, run
    assert run["tail"][-1] == "True", run["tail"]  # clean.py's last line: after keys.py's and numerics.py's
    assert any(line.endswith(" True") for line in run["tail"])  # keys.py: the reused key's identical draws
    assert not [o for o in checked["observed"] if o["filename"] == "clean.py"]


def test_raw_keys_are_said_to_be_unchecked(checked: dict) -> None:
    assert "key reuse is checked on typed keys only: the raw key of `jax.random.PRNGKey` (numerics.py:22) is " \
           "not checked" in checked["observed_limits"]


def test_sarif_carries_each_observation_on_its_line(checked: dict) -> None:
    log = {"runs": [{"tool": {"driver": {"rules": []}}, "results": []}]}
    add_to_sarif(log, checked["observed"])
    run = log["runs"][0]
    assert {"observed/key_reuse", "observed/nan", "observed/leak"} <= {r["id"] for r in run["tool"]["driver"]["rules"]}
    [nan] = [r for r in run["results"] if r["ruleId"] == "observed/nan"]
    assert nan["locations"][0]["physicalLocation"] == {"artifactLocation": {"uri": "numerics.py"},
                                                       "region": {"startLine": 20}}
    assert nan["message"]["text"].startswith("NaN in the output of jit(log_loss)")


def test_the_checks_need_a_command_and_known_names(tmp_path: Path) -> None:
    (tmp_path / "ok.py").write_text("x = 1\n", encoding="utf-8")
    alone = _verify(tmp_path, "--observe-checks", "nan")
    assert alone.returncode == 2 and "--observe-checks needs --run" in alone.stderr, alone.stderr
    wrong = _verify(tmp_path, "--run", "true", "--observe-checks", "nans")
    assert wrong.returncode == 2 and "--observe-checks: unknown kind nans" in wrong.stderr, wrong.stderr


def test_an_experiment_that_counts_lines_proves_in_the_scripts_own_process(checked: dict) -> None:
    # JAX107 counts how often its line runs, which needs Python's tracing: the proof runs on a thread
    # of its own, outside the hook's callback, where nothing is traced
    [side_effect] = [r for r in checked["results"] if r["code"] == "JAX107"]
    assert side_effect["verdict"] == "confirmed" and side_effect["evidence"]["in_place"] is True, side_effect
    assert "ran once, while tracing" in side_effect["reason"]
