"""`jaxlint verify --run`, proved inside the project's own processes: arguments that do not pickle
(a train state holding its optimizer's local functions, an environment holding a lambda) and a
script run as __main__. The real CLI in a subprocess, real JAX on CPU, the fixture project copied."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.expectations import FIXTURES, project_copy

pytest.importorskip("jax")

REPO = Path(__file__).resolve().parents[1]
HELD = FIXTURES / "projects" / "held_objects"
COMMAND = "python train.py && python -m pytest -q -p no:cacheprovider tests"


def _run(root: Path, *command: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    return subprocess.run(command, cwd=root, capture_output=True, text=True, env=env, timeout=600)


def test_findings_on_objects_that_do_not_pickle_are_proved_where_they_live(tmp_path: Path) -> None:
    root = project_copy(HELD, tmp_path)
    plain = _run(root, sys.executable, "train.py")
    assert plain.returncode == 0, plain.stderr
    result = _run(root, sys.executable, "-m", "jaxlint", "verify", "--run", COMMAND, "--output-format", "json",
                  "--timeout", "120", ".")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    outcomes = {(r["filename"], r["row"], r["code"]): r for r in document["results"]}
    assert set(outcomes) == {("train.py", 47, "JAX101"), ("train.py", 50, "JAX106"), ("envs/walker.py", 14, "JAX102")}
    for key, outcome in outcomes.items():
        assert outcome["verdict"] == "confirmed", (key, outcome)
        assert outcome["evidence"]["in_place"] is True, key
        assert outcome["evidence"]["proof_s"] > 0, key
        assert outcome["fix"]["status"] == "passed", (key, outcome["fix"])
    # the stale weight decay: the compiled step kept the value it was traced with
    assert outcomes[("train.py", 47, "JAX101")]["evidence"]["name"] == "WEIGHT_DECAY"
    # the print ran once, at trace time, on a tracer
    assert "Tracer" in outcomes[("train.py", 50, "JAX106")]["evidence"]["printed"][0]
    # the environment's `jax.jit(env.reset)`: proved on the environment object itself
    reuse = outcomes[("envs/walker.py", 14, "JAX102")]
    assert reuse["evidence"]["first_row"] == 13 and reuse["evidence"]["reuse_row"] == 14
    # the fixed step's slowdown is its host callback, from this module's JAX106 fix
    assert outcomes[("train.py", 47, "JAX101")]["fix"]["evidence"].get("host_callback") is True
    # proving changed nothing of the run: the donated state trained on to the same loss, the test passed
    tail = document["run"]["tail"]
    final = [line for line in tail if line.startswith("final loss")]
    assert final == [line for line in plain.stdout.splitlines() if line.startswith("final loss")], tail
    assert any("1 passed" in line for line in tail), tail
    assert document["run"]["exit_code"] == 0
