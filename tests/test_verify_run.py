"""`jaxlint verify --run COMMAND`: inputs recorded from the project's own run. The real CLI in a
subprocess, real JAX on CPU, projects copied into temporary folders."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.expectations import FIXTURES, project_copy

pytest.importorskip("jax")

REPO = Path(__file__).resolve().parents[1]
TESTED = FIXTURES / "projects" / "tested_package"
# a jitted function whose `if` on its traced argument raises (JAX103), as the small projects write it
RELU = textwrap.dedent('''
        import jax


        @jax.jit
        def relu(x):
            if x > 0:
                return x
            return -x
''')
COMMAND = "python -m pytest -q -p no:cacheprovider tests && python scripts/fit.py --steps 3"


def _jaxlint(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "jaxlint", *args], cwd=root, capture_output=True, text=True,
                          env=env, timeout=600)


def _outcomes(document: dict) -> dict[tuple[str, int, str], dict]:
    return {(r["filename"], r["row"], r["code"]): r for r in document["results"]}


def _tests_summary(output: str) -> list[str]:
    """pytest's counts (`3 passed`, `1 xfailed`), without the time they took."""
    return sorted(re.findall(r"\d+ (?:passed|failed|xfailed|xpassed|error|skipped)", output))


def test_run_records_the_project_inputs_and_proves_its_findings(tmp_path: Path) -> None:
    root = project_copy(TESTED, tmp_path)
    result = _jaxlint(root, "verify", "--run", COMMAND, "--output-format", "json", "--timeout", "120", ".")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    outcomes = _outcomes(document)
    confirmed = {("nets/layers.py", 9, "JAX101"), ("nets/layers.py", 15, "JAX102"), ("nets/layers.py", 16, "JAX102"),
                 ("nets/train.py", 6, "JAX103"), ("nets/train.py", 24, "JAX106"), ("nets/train.py", 30, "JAX104"),
                 ("scripts/fit.py", 19, "JAX102")}
    assert {k for k, r in outcomes.items() if r["status"] == "confirmed"} == confirmed, result.stdout
    unreached = outcomes[("nets/train.py", 36, "JAX103")]
    assert unreached["status"] == "skipped"
    assert unreached["reason"] == f"not reached by `{COMMAND}`"
    # a helper reached only inside a jitted step is proved through the step's concrete call, and so is its fix
    helper = outcomes[("nets/train.py", 6, "JAX103")]
    assert helper["evidence"]["inputs"].endswith(f"from `{COMMAND}` through `train_step`"), helper
    assert helper["fix"]["status"] == "passed", helper
    # another module's state is changed where it lives
    assert outcomes[("nets/layers.py", 9, "JAX101")]["evidence"]["name"] == "config.SCALE"
    run = document["run"]
    assert run["command"] == COMMAND and run["exit_code"] == 0 and not run["timed_out"]
    # recording changed nothing: the package's tests pass and fail as they do without it (4 pass, one
    # is expected to fail: `python -m pytest -q tests` there)
    assert _tests_summary("\n".join(run["tail"])) == ["1 xfailed", "4 passed"]
    assert not list(root.rglob("*.pkl")), "nothing is written into the project"


def test_a_failing_command_is_reported_and_what_it_reached_is_still_proved(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(RELU + "\n\ndef never(x):\n    return jax.jit(relu)(x)\n")
    (tmp_path / "main.py").write_text(textwrap.dedent('''
        import sys

        import jax.numpy as jnp

        import model

        try:
            model.relu(jnp.float32(1.0))
        except Exception:
            pass
        print("giving up")
        sys.exit(3)
    '''))
    result = _jaxlint(tmp_path, "verify", "--run", "python main.py", "--output-format", "json", "model.py")
    document = json.loads(result.stdout)
    assert document["run"]["exit_code"] == 3
    assert document["run"]["tail"][-1] == "giving up"
    assert "exited with code 3" in result.stderr and "giving up" in result.stderr
    [finding] = document["results"]
    assert finding["status"] == "confirmed", finding
    assert "from `python main.py`" in finding["evidence"]["inputs"]


def test_without_inputs_the_report_says_how_to_give_them(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_ops.py").write_text("def test_nothing():\n    pass\n")
    (tmp_path / "ops.py").write_text(RELU)
    result = _jaxlint(tmp_path, "verify", "ops.py")
    assert result.returncode == 0
    assert "skipped: no example inputs" in result.stdout
    hint = [line for line in result.stderr.splitlines() if line.startswith("jaxlint: hint:")]
    assert len(hint) == 1 and '--run "python -m pytest -q tests"' in hint[0], result.stderr
    document = json.loads(_jaxlint(tmp_path, "verify", "--output-format", "json", "ops.py").stdout)
    assert '--run "python -m pytest -q tests"' in document["hint"]


def test_the_run_command_comes_from_the_configuration(tmp_path: Path) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.jaxlint.verify]\nrun = "python main.py"\nrecord-calls = 1\n')
    (tmp_path / "ops.py").write_text(RELU + textwrap.dedent('''


        @jax.jit
        def unused(x):
            if x > 0:
                return x
            return -x
    '''))
    (tmp_path / "main.py").write_text("import jax.numpy as jnp\n\nimport ops\n\ntry:\n    ops.relu(jnp.float32(1.0))\n"
                                      "except Exception:\n    pass\n")
    document = json.loads(_jaxlint(tmp_path, "verify", "--output-format", "json", "ops.py").stdout)
    assert [r["status"] for r in document["results"]] == ["confirmed", "skipped"]
    assert document["results"][1]["reason"] == "not reached by `python main.py`"
    (tmp_path / "pyproject.toml").write_text("[tool.jaxlint.verify]\nrun = 3\n")
    broken = _jaxlint(tmp_path, "verify", "ops.py")
    assert broken.returncode == 2 and "verify.run must be a command string" in broken.stderr

