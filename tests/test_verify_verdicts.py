"""What a finding's verify verdict means: `refuted` where the flagged line ran traced and behaved,
`not-shown` where it did not run in the situation the finding describes, `not-reached` where the
recorded run never called it; the status stays one of docs/contract.md's four. The real CLI in a
subprocess, real JAX on CPU."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_verify import run_jaxlint

pytest.importorskip("jax")

SOURCE = '''
import os.path

import jax


@jax.jit
def pick(x, mode):
    if mode == os.path.sep:  # a tracer compared with a str: False, no error (a false finding)
        return x + 1
    return x


@jax.jit
def scalar_arm(x):
    if x.ndim == 0:
        if x > 0:  # the 1-D examples never take this arm
            return x
    return -x


@jax.jit
def unreached(x):
    return x if x.sum() > 0 else -x
'''

EXAMPLES = '''
import jax.numpy as jnp
from jaxlint.verify import example
from verdicts import pick, scalar_arm

example(pick, jnp.ones(2), jnp.ones(()))
example(scalar_arm, jnp.ones(3))
'''

RUN = '''
import jax.numpy as jnp
from verdicts import pick

print(pick(jnp.ones(2), jnp.ones(())))
'''


def _verify(root: Path, *args: str) -> dict[int, dict]:
    done = run_jaxlint(root, "verify", "--output-format", "json", "--select", "JAX103", *args, "verdicts.py")
    assert done.returncode == 0, done.stderr  # nothing confirmed
    return {r["row"]: r for r in json.loads(done.stdout)["results"]}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root: Path = tmp_path_factory.mktemp("verdicts")
    (root / "verdicts.py").write_text(SOURCE, encoding="utf-8")
    (root / "examples.py").write_text(EXAMPLES, encoding="utf-8")
    (root / "run.py").write_text(RUN, encoding="utf-8")
    return root


def test_a_line_that_ran_traced_without_error_is_refuted(project: Path) -> None:
    result = _verify(project, "--examples", "examples.py")[9]
    assert (result["status"], result["verdict"]) == ("not-confirmed", "refuted"), result
    assert result["evidence"]["traced_names"] == ["mode"] and "# noqa: JAX103" in result["reason"]


def test_a_line_the_inputs_never_ran_is_not_shown(project: Path) -> None:
    result = _verify(project, "--examples", "examples.py")[17]
    assert (result["status"], result["verdict"]) == ("not-confirmed", "not-shown"), result
    assert result["evidence"]["line_ran"] is False


def test_a_function_the_run_never_called_is_not_reached(project: Path) -> None:
    results = _verify(project, "--run", "python run.py")
    assert (results[24]["status"], results[24]["verdict"]) == ("skipped", "not-reached"), results[24]
    assert results[9]["verdict"] == "refuted"
    done = run_jaxlint(project, "verify", "--select", "JAX103", "--run", "python run.py", "verdicts.py")
    assert "not-confirmed (refuted)" in done.stdout and "(1 refuted, 2 not-reached)" in done.stdout, done.stdout


def test_the_gate_on_proof_fails_for_what_was_not_refuted(project: Path) -> None:
    args = ("verify", "--select", "JAX103", "--examples", "examples.py")
    assert run_jaxlint(project, *args, "verdicts.py").returncode == 0  # nothing confirmed
    assert run_jaxlint(project, *args, "--fail-on", "unrefuted", "verdicts.py").returncode == 1  # two not shown
    (project / "only_refuted.py").write_text(SOURCE.split("@jax.jit\ndef scalar_arm")[0], encoding="utf-8")
    (project / "only_examples.py").write_text("import jax.numpy as jnp\nfrom jaxlint.verify import example\n"
                                              "from only_refuted import pick\n\n"
                                              "example(pick, jnp.ones(2), jnp.ones(()))\n", encoding="utf-8")
    refuted = run_jaxlint(project, "verify", "--select", "JAX103", "--examples", "only_examples.py", "--fail-on",
                          "unrefuted", "only_refuted.py")
    assert refuted.returncode == 0 and "(1 refuted)" in refuted.stdout, refuted.stdout + refuted.stderr


def test_an_entry_point_runs_only_when_asked(tmp_path: Path) -> None:
    (tmp_path / "train.py").write_text(
        "import jax\nimport jax.numpy as jnp\n\nSTEPS = []\n\n\ndef main():\n"
        "    STEPS.append(1)\n    open('ran.txt', 'w').write('trained')\n"
        "    return jax.jit(lambda x: x if x.sum() > 0 else -x)(jnp.ones(2))\n\n\n"
        "if __name__ == '__main__':\n    main()\n", encoding="utf-8")
    done = run_jaxlint(tmp_path, "verify", "--select", "JAX103", "train.py")
    assert "entry point" in done.stdout and "--run" in done.stdout, done.stdout + done.stderr
    assert not (tmp_path / "ran.txt").exists()


def test_a_module_that_does_not_import_is_not_reached_where_the_run_never_called_it(tmp_path: Path) -> None:
    (tmp_path / "optional.py").write_text(
        "import jax\n\ntry:\n    import not_installed_anywhere  # an optional extra the tests never need\n"
        "except ImportError:\n    not_installed_anywhere = None\n\n\n@jax.jit\ndef sign(x):\n"
        "    return x if x.sum() > 0 else -x\n\n\nnot_installed_anywhere.setup()\n", encoding="utf-8")
    (tmp_path / "run.py").write_text("print('tests that never import optional.py')\n", encoding="utf-8")
    done = run_jaxlint(tmp_path, "verify", "--output-format", "json", "--select", "JAX103", "--run", "python run.py",
                       "optional.py")
    (result,) = json.loads(done.stdout)["results"]
    assert (result["status"], result["verdict"]) == ("skipped", "not-reached"), result
    assert "AttributeError" in result["reason"]


def _removed_name_proved(root: Path, model: str, calls: str) -> dict:
    """JAX301 in `model.py`, proved by `python run.py`, whose `calls` line catches the AttributeError."""
    (root / "model.py").write_text(model, encoding="utf-8")
    (root / "run.py").write_text(f"from model import *\n\ntry:\n    {calls}\nexcept AttributeError as exc:\n"
                                 "    print('failed:', exc)\n", encoding="utf-8")
    done = run_jaxlint(root, "verify", "--output-format", "json", "--select", "JAX301", "--run", "python run.py",
                       "model.py")
    (result,) = json.loads(done.stdout)["results"]
    assert (result["status"], result["verdict"]) == ("confirmed", "confirmed"), result
    assert "tree_leaves" in result["reason"], result
    return result


def test_a_removed_name_on_arguments_that_do_not_pickle_is_proved_in_the_run(tmp_path: Path) -> None:
    # the arguments hold a closure that would not be loaded back: proved at the call, in the run's process
    result = _removed_name_proved(
        tmp_path, "import jax\n\n\nclass Holder:\n    def __init__(self, fn):\n        self.fn = fn\n\n\n"
                  "def leaves(tree, holder):\n    return jax.tree_leaves(tree), holder\n",
        "leaves({'a': 1}, Holder(lambda x: x))")
    assert result["evidence"]["in_place"] is True


def test_the_projects_own_run_raising_a_removed_name_confirms_it(tmp_path: Path) -> None:
    # the run raised where the finding is: that is the proof, whatever a replay would do
    result = _removed_name_proved(tmp_path, "import jax\n\n\ndef leaves(tree):\n    return jax.tree_leaves(tree)\n",
                                  "leaves({'a': 1})")
    assert result["evidence"]["from_run"] is True and result["evidence"]["row"] == 5
    assert "`python run.py` itself raised" in result["reason"]


def test_a_nested_function_its_maker_returned_is_made_again_and_proved(tmp_path: Path) -> None:
    # purejaxrl's shape: `jax.jit(make_train(config))(key)`; replaying the maker on the key was wrong
    (tmp_path / "agent.py").write_text(
        "import jax\n\n\ndef make_train(config):\n    scale = config['scale']\n\n    def train(key):\n"
        "        noise = jax.random.normal(key, (3,)) * scale\n"
        "        keep = jax.random.bernoulli(key, 0.5, (3,))\n        return noise * keep\n\n    return train\n",
        encoding="utf-8")
    (tmp_path / "run.py").write_text(
        "import jax\nfrom agent import make_train\n\nprint(jax.jit(make_train({'scale': 2.0}))(jax.random.PRNGKey(0)))\n",
        encoding="utf-8")
    done = run_jaxlint(tmp_path, "verify", "--output-format", "json", "--select", "JAX102", "--run", "python run.py",
                       "agent.py")
    (result,) = json.loads(done.stdout)["results"]
    assert result["status"] == "confirmed" and result["evidence"]["reuse_row"] == 9, result
    assert result["fix"]["status"] == "passed", result["fix"]


def test_the_ci_formats_carry_each_verdict(project: Path) -> None:
    args = ("verify", "--select", "JAX103", "--examples", "examples.py", "--fail-on", "unrefuted")
    github = run_jaxlint(project, *args, "--output-format", "github", "verdicts.py")
    assert github.returncode == 1, github.stderr
    annotations = {line.split("title=")[1].split("::")[0]: line for line in github.stdout.splitlines()}
    assert set(annotations) == {"JAX103 refuted", "JAX103 not-shown", "JAX103 could-not-run"}, github.stdout
    assert annotations["JAX103 refuted"].startswith("::notice ")  # a refuted finding does not fail the gate
    assert annotations["JAX103 not-shown"].startswith("::error ")
    sarif = json.loads(run_jaxlint(project, *args, "--output-format", "sarif", "verdicts.py").stdout)
    results = {r["locations"][0]["physicalLocation"]["region"]["startLine"]: r for r in sarif["runs"][0]["results"]}
    assert results[9]["properties"]["verdict"] == "refuted" and results[9]["level"] == "note"
    assert results[17]["properties"]["verdict"] == "not-shown" and results[17]["level"] == "error"
    junit = run_jaxlint(project, *args, "--output-format", "junit", "verdicts.py").stdout
    assert 'failures="2"' in junit and 'skipped="1"' in junit and '<skipped message="refuted: ' in junit, junit
