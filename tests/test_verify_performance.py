"""`jaxlint verify` on the performance rules (JAX201-JAX205), end to end: the real CLI in a
subprocess, real JAX on CPU. The evidence is JAX's own: compile events counted per function, the
jaxpr's size, timings with and without waiting for the result."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.test_verify import make_project, run_jaxlint

pytest.importorskip("jax")

MODULE = '''
import time
from functools import partial

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.mean((x @ w) ** 2)


@partial(jax.jit, static_argnums=1)
def rollout(x, n_steps):
    for _ in range(n_steps):
        x = x * 0.5 + 1.0
    return x


def fit(w, batches):
    for x in batches:
        w = w - 0.1 * jax.jit(jax.grad(loss))(w, x)
    return w


class Trainer:
    def update(self, w, x):
        return w - 0.1 * jax.grad(loss)(w, x)

    def fit(self, w, batches):
        for x in batches:
            w = jax.jit(self.update)(w, x)
        return w


@partial(jax.jit, static_argnums=1)
def scale(x, factor):
    return x * factor


def schedule(x, steps):
    for step in range(steps):
        x = scale(x, step + 1)
    return x


def bad_static(x):
    return scale(x, [1, 2])


@jax.jit
def total(x):
    return jnp.sum(x * x)


def prefix_totals(x, n):
    out = []
    for i in range(1, n):
        out.append(total(x[:i]))
    return out


@jax.jit
def matmul(a, b):
    return a @ b @ a @ b


def benchmark(a, b):
    start = time.perf_counter()
    out = matmul(a, b)
    elapsed = time.perf_counter() - start
    return out, elapsed
'''

EXAMPLES = '''
import jax.numpy as jnp
from jaxlint.verify import example
from perf import Trainer, bad_static, benchmark, fit, prefix_totals, rollout, schedule

batches = [jnp.ones((8, 4)) * i for i in range(5)]
example(rollout, jnp.ones(4), 50)
example(fit, jnp.ones(4), batches)
example(Trainer().fit, jnp.ones(4), batches)
example(schedule, jnp.ones(4), 5)
example(bad_static, jnp.ones(4))
example(prefix_totals, jnp.arange(8.0), 6)
example(benchmark, jnp.ones((600, 600)), jnp.ones((600, 600)))
'''


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    root = tmp_path_factory.mktemp("verify_performance")
    make_project(root, {"perf.py": MODULE, "examples.py": EXAMPLES})
    run = run_jaxlint(root, "verify", "perf.py", "--examples", "examples.py", "--output-format", "json")
    assert run.returncode == 1, run.stderr
    return {r["function"].removeprefix("perf.") + ":" + r["code"]: r for r in json.loads(run.stdout)["results"]}


def test_unrolled_loop_grows_with_the_trip_count_and_fori_loop_does_not(results) -> None:
    row = results["rollout:JAX201"]
    assert row["status"] == "confirmed", row
    evidence = row["evidence"]
    assert evidence["at_4n"]["equations"] >= 3 * evidence["equations"] and evidence["growth"] >= 3
    fix = row["fix"]
    assert fix["status"] == "passed", fix
    equations = fix["evidence"]["performance"]["equations"]
    assert equations["fixed"] * 10 < equations["original"]


@pytest.mark.parametrize("function", ["fit", "Trainer.fit"])
def test_jit_in_loop_compiles_every_iteration_and_the_hoisted_jit_once(results, function: str) -> None:
    row = results[f"{function}:JAX202"]
    assert row["status"] == "confirmed", row
    assert row["evidence"]["compilations"] >= 5 and 0 < row["evidence"]["compile_share"] <= 1
    fix = row["fix"]
    assert fix["status"] == "passed", fix
    performance = fix["evidence"]["performance"]
    assert performance["compilations"] == {"original": row["evidence"]["compilations"], "fixed": 1}
    assert performance["run_speedup"] > 0 and "warm_run_ms" in performance


def test_varying_static_argument_compiles_once_per_value(results) -> None:
    row = results["schedule:JAX203"]
    assert row["status"] == "confirmed", row
    assert row["evidence"]["compilations"] == 5 and row["evidence"]["callee"] == "scale"
    assert row["fix"] is None


def test_unhashable_static_argument_raises(results) -> None:
    row = results["bad_static:JAX203"]
    assert row["status"] == "confirmed", row
    assert row["evidence"]["exception"] == "ValueError" and "hash" in row["evidence"]["message"].lower()


def test_shape_varying_in_loop_compiles_once_per_shape(results) -> None:
    row = results["prefix_totals:JAX204"]
    assert row["status"] == "confirmed", row
    assert row["evidence"]["compilations"] == 5 and row["evidence"]["callee"] == "total"


def test_timing_without_waiting_measures_the_dispatch(results) -> None:
    row = results["benchmark:JAX205"]
    assert row["status"] == "confirmed", row
    evidence = row["evidence"]
    assert evidence["with_block_until_ready_ms"] > evidence["measured_ms"]
    assert row["fix"]["status"] == "passed", row["fix"]
    # one baseline: the fix is compared with the original's figures from the confirming run
    performance = row["fix"]["evidence"]["performance"]
    assert performance["measured_ms"]["original"] == evidence["measured_ms"]
    assert performance["computation_ms"] == evidence["with_block_until_ready_ms"]
    assert f"{evidence['measured_ms']:.3f} ms" in row["fix"]["reason"]


def test_one_iteration_is_not_confirmed_with_one_compilation(tmp_path: Path) -> None:
    """The same finding with inputs that run its loop once: the experiment ran, and JAX compiled the
    callee once, so the finding is not confirmed there."""
    make_project(tmp_path, {"perf.py": MODULE, "examples.py": textwrap.dedent('''
        import jax.numpy as jnp
        from jaxlint.verify import example
        from perf import fit
        example(fit, jnp.ones(4), [jnp.ones((8, 4))])
        ''')})
    run = run_jaxlint(tmp_path, "verify", "perf.py", "--examples", "examples.py", "--select", "JAX202",
                      "--output-format", "json")
    rows = [r for r in json.loads(run.stdout)["results"] if r["function"] == "perf.fit"]
    assert [(r["status"], r["evidence"]["compilations"]) for r in rows] == [("not-confirmed", 1)], rows
