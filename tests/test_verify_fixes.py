"""`jaxlint verify` on fixes and their cost: the fixed module is what `check --fix --unsafe-fixes`
writes, and the report gives the impact as ratios against one baseline (real CLI, real JAX on CPU)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from tests.test_verify import make_project, run_jaxlint

pytest.importorskip("jax")

FILES = {
    # JAX105 twice in one expression: --fix needs two rounds (inner jnp.array, then jnp.prod).
    "chain.py": '''
        import jax
        import jax.numpy as jnp


        @jax.jit
        def flatten(x: jax.Array) -> jax.Array:
            return x.reshape(jnp.prod(jnp.array(x.shape)))
        ''',
    # JAX103 fix A: `flag` becomes static, one compilation per value.
    "static.py": '''
        import jax


        @jax.jit
        def scale(x, flag):
            if flag:
                return x * 2.0
            return x


        def both(x):
            return scale(x, True) + scale(x, False)
        ''',
    "prints.py": '''
        import jax
        import jax.numpy as jnp


        @jax.jit
        def mse(pred: jax.Array, target: jax.Array) -> jax.Array:
            loss = jnp.mean((pred - target) ** 2)
            print("loss", loss)
            return loss
        ''',
    "percent.py": '''
        import jax


        @jax.jit
        def show(x: jax.Array) -> jax.Array:
            print("x=%d" % x)
            return x
        ''',
    "nested.py": '''
        import jax.numpy as jnp


        def make_update():
            buf = jnp.ones(4)

            def inner():
                buf[1] = 0.0

            return inner
        ''',
    "examples.py": '''
        import jax.numpy as jnp
        from jaxlint.verify import example
        from static import scale

        example(scale, jnp.ones(3), True)
        example(scale, jnp.ones(3), False)
        ''',
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("verify_fixes")
    make_project(root, FILES)
    return root


@pytest.fixture(scope="module")
def results(project: Path) -> dict[str, dict]:
    result = run_jaxlint(project, "verify", ".", "--examples", "examples.py", "--output-format", "json")
    assert result.returncode == 1, result.stderr
    document = json.loads(result.stdout)
    assert document["errors"] == []
    return {r["filename"].removesuffix(".py"): r for r in document["results"]}


@pytest.fixture(scope="module")
def text(project: Path) -> subprocess.CompletedProcess[str]:
    return run_jaxlint(project, "verify", ".", "--examples", "examples.py")


def test_fix_chain_as_fix_writes_it(results: dict[str, dict]) -> None:
    row = results["chain"]
    assert row["status"] == "confirmed", row
    assert row["fix"]["status"] == "passed", row["fix"]


def test_static_argument_fix_counts_compilations(results: dict[str, dict], text) -> None:
    row = results["static"]
    assert (row["status"], row["fix"]["status"]) == ("confirmed", "passed"), row
    assert row["evidence"]["input_sets"] == 2 and row["evidence"]["input_set"] in (1, 2)
    assert row["fix"]["evidence"]["compilations"] == {"fixed": 2, "input_sets": 2}
    assert "2 compilations over 2 input sets" in text.stdout
    assert f"inputs: set {row['evidence']['input_set']} of 2: (float32[3]=[1.0, 1.0, 1.0], " in text.stdout


def test_host_callback_fix_is_slower_from_one_baseline(results: dict[str, dict], text) -> None:
    row = results["prints"]
    fix = row["fix"]["evidence"]
    assert row["fix"]["status"] == "passed", row["fix"]
    assert fix["timings"]["original"] == row["evidence"]["timings"]  # measured once, reused
    assert fix["steady_us"]["original"] == row["evidence"]["timings"]["steady_us"]
    assert fix["speedup"] < 1 and fix["compile_ms"]["original"] > 0 and fix["compile_ms"]["fixed"] > 0
    line = next(line for line in text.stdout.splitlines() if line.strip().startswith("fixed: ") and "×" in line)
    assert "slower per call" in line and "host callback" in line and "compile" in line, text.stdout


def test_original_that_cannot_run_has_no_ratio(results: dict[str, dict], text) -> None:
    fix = results["chain"]["fix"]["evidence"]
    assert fix["steady_us"]["original"] is None and fix["steady_us"]["fixed"] > 0 and "speedup" not in fix
    assert "(the original does not run)" in text.stdout


def test_fix_that_cannot_be_built_says_why(results: dict[str, dict]) -> None:
    row = results["percent"]
    assert row["status"] == "confirmed", row
    assert row["fix"]["status"] == "skipped" and "`%d` has no equivalent field" in row["fix"]["reason"]


def test_nested_function_returned_uncalled_is_not_jitted_whole(results: dict[str, dict]) -> None:
    row = results["nested"]
    assert row["status"] == "skipped", row
    assert "`inner` is a nested function that `make_update` returns without calling it" in row["reason"]


def test_quiet_prints_only_confirmed_and_summary(project: Path, text) -> None:
    quiet = run_jaxlint(project, "verify", ".", "--examples", "examples.py", "-q")
    assert quiet.returncode == 1
    assert "JAX104 skipped:" in text.stdout and "JAX104 skipped:" not in quiet.stdout
    assert quiet.stdout.count(" confirmed: ") == text.stdout.count(" confirmed: ") == 4
    assert quiet.stdout.splitlines()[-2].startswith("Verified 5 findings: 4 confirmed, 1 skipped")
