"""`jaxlint verify --run`: what the run itself did, on the project's lines, with causes: recompilations,
eager compilations, host reads in loops; nothing for a healthy training loop. The real CLI in a
subprocess, real JAX on CPU, the fixture project copied."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from jaxlint.verify.observed import annotation
from tests.expectations import FIXTURES, project_copy

pytest.importorskip("jax")

REPO = Path(__file__).resolve().parents[1]
COMMAND = "python loops.py && python clean.py && python stale.py"


def _verify(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "jaxlint", "verify", "--run", COMMAND, *args, "."], cwd=root,
                          capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = project_copy(FIXTURES / "projects" / "observed_run", tmp_path_factory.mktemp("observed"))
    return json.loads(_verify(root, "--output-format", "json").stdout)


def test_each_repeat_is_on_its_line_with_its_cause(run: dict) -> None:
    document = run
    observed = {(o["filename"], o["row"], o["kind"]): o for o in document["observed"] if o["filename"] == "loops.py"}
    assert set(observed) == {("loops.py", 16, "recompile"), ("loops.py", 17, "recompile"),
                             ("loops.py", 20, "recompile"), ("loops.py", 23, "host_sync"),
                             ("loops.py", 25, "eager_compile")}, document["observed"]
    ragged = observed[("loops.py", 16, "recompile")]
    assert ragged["function"] == "step" and ragged["defined_at"] == "loops.py:5" and ragged["here"] == 2
    assert ragged["causes"] == [{"argument": "x", "before": "float32[8]", "after": "float32[5]", "category": "shape"}]
    assert ragged["compile_ms"] > 0 and ragged["static_rule"] is None
    assert ragged["calls"] == (4 if sys.version_info >= (3, 12) else None)  # the calls at its line (sys.monitoring)
    [weak] = observed[("loops.py", 17, "recompile")]["causes"]
    assert (weak["argument"], weak["category"], weak["before"], weak["after"]) == \
        ("scale", "weak_type", "float32[] (weak)", "float32[]")
    made = observed[("loops.py", 20, "recompile")]
    assert made["count"] == 5 and [c["category"] for c in made["causes"]] == ["new_callable"]
    assert made["static_rule"] == "JAX202"  # the static finding at the jit made in the loop, proved by the run
    sync = observed[("loops.py", 23, "host_sync")]
    assert sync["count"] == 12 and sync["loop"] == "loops.py:23" and sync["wait_ms"] >= 0
    assert observed[("loops.py", 25, "eager_compile")]["count"] >= 12


def test_a_healthy_training_loop_is_not_observed_and_runs_as_it_would(run: dict) -> None:
    document = run
    assert not [o for o in document["observed"] if o["filename"] == "clean.py"]
    assert document["run"]["exit_code"] == 0
    assert any(line.startswith("950 ") for line in document["run"]["tail"])  # clean.py's last print, unchanged


def test_the_github_format_annotates_each_observation(run: dict) -> None:
    notes = [annotation(o) for o in run["observed"]]
    assert len(notes) == 5 + (sys.version_info >= (3, 12)), notes
    assert any(line.startswith("::warning file=loops.py,line=20,title=observed recompile::") and "made anew" in line
               and "confirms JAX202" in line for line in notes), notes


def test_a_call_after_a_traced_global_changed_is_stale(run: dict) -> None:
    document = run
    stale = [o for o in document["observed"] if o["filename"] == "stale.py"]
    if sys.version_info < (3, 12):  # no sys.monitoring: said, not guessed
        assert stale == [] and document["observed_limits"] == [
            f"stale globals are observed on Python 3.12 and later (this run: {sys.version.split()[0]})"]
        return
    [observation] = stale
    assert (observation["kind"], observation["row"], observation["function"]) == ("stale_global", 18, "softmax_t")
    assert observation["causes"] == [{"argument": "TEMPERATURE", "before": "1.0", "after": "2.0", "category": "global"}]
    assert observation["static_rule"] == "JAX101" and observation["defined_at"] == "stale.py:9"


def test_a_script_that_works_at_its_top_level_is_not_run_again_in_its_own_process(run: dict) -> None:
    document = run
    [finding] = [r for r in document["results"] if r["filename"] == "stale.py"]
    assert finding["verdict"] == "confirmed" and finding["evidence"]["in_place"] is True
    assert finding["fix"]["status"] == "skipped" and "would run the script again" in finding["fix"]["reason"]
    # the script printed what it prints without jaxlint: its four lines once, all with the stale value
    stale = [line for line in document["run"]["tail"] if line.startswith("[0.")]
    assert stale == ["[0.09003057 0.24472848 0.66524094]"] * 4, document["run"]["tail"]


def test_a_gate_on_what_the_run_showed(tmp_path: Path) -> None:
    (tmp_path / "grow.py").write_text("import jax\nimport jax.numpy as jnp\n\nf = jax.jit(lambda x: x + 1)\n"
                                      "for n in (2, 3, 4):\n    f(jnp.ones(n))\n", encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")

    def gate(kinds: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "jaxlint", "verify", "--run", "python grow.py",
                               "--fail-on-observed", kinds, "."], cwd=tmp_path, capture_output=True, text=True,
                              env=env, timeout=600)

    failed = gate("recompile")
    assert failed.returncode == 1 and "grow.py:6: recompile:" in failed.stdout, failed.stdout + failed.stderr
    assert gate("host_sync,stale_global").returncode == 0  # nothing of those kinds; nothing static either
    wrong = gate("recompiles")
    assert wrong.returncode == 2 and "unknown kind recompiles" in wrong.stderr


def test_compilations_out_of_reach_of_jaxs_jit_frame_are_counted_by_line(tmp_path: Path) -> None:
    # what a JAX release whose jit call frame the observer cannot find leaves: lines, no functions
    from jaxlint.verify.observed import describe, limits, observations

    (tmp_path / "grow.py").write_text("".join(f"line{n} = {n}\n" for n in range(1, 9)), encoding="utf-8")
    site = [str(tmp_path / "grow.py"), 6]
    events = [{"kind": "trace_unknown", "site": site, "test": None, "epoch": 0}] * 24
    events += [{"kind": "trace_unknown", "site": [site[0], 8], "test": None, "epoch": 0}] * 3  # too few to say
    (tmp_path / "1.observed.jsonl").write_text("".join(json.dumps(e) + "\n" for e in events), encoding="utf-8")
    [found] = observations(str(tmp_path), str(tmp_path), [])
    assert (found["filename"], found["row"], found["kind"], found["count"]) == ("grow.py", 6, "recompile", 24)
    assert describe(found) == "grow.py:6: recompile: 24 compilations at this line (function and cause unknown) " \
                              "(no static finding)"
    assert "their function and cause unknown" in limits(str(tmp_path))[0]
