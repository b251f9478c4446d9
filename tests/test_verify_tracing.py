"""The tracer rules' experiment (raising.expect_trace_error) judges behaviour, not JAX's exception
classes or messages: the finding's line raises under jit, where its values are traced, and run
eagerly on the same inputs it does not fail the same way. In process for the frame checks, and end
to end (the real CLI, real JAX on CPU) for the outcomes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_verify import make_project, run_jaxlint

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")

from jaxlint.verify.raising import raised_while_tracing, traced_at  # noqa: E402 - needs JAX

MODULE = '''
import jax
import jax.numpy as jnp


@jax.jit
def regrouped(x, rows):
    return x.reshape(rows, -1)  # expect: JAX108


@jax.jit
def as_count(x):
    return int(x)  # expect: JAX108


@jax.jit
def prefix(x, length):
    return x[:length]  # expect: JAX108


@jax.jit
def positives(x):
    return x[x > 0]  # expect: JAX113
'''

EXAMPLES = '''
import jax.numpy as jnp
from jaxlint.verify import example
from tracing import as_count, positives, prefix, regrouped

example(regrouped, jnp.arange(8.0), 3)  # 8 values in 3 rows: reshape fails eagerly too
example(as_count, jnp.arange(2.0))  # a vector: int() fails eagerly too
example(prefix, jnp.arange(8.0), 3)
example(positives, jnp.array([-1.0, 2.0]))
'''


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict]:
    root = tmp_path_factory.mktemp("verify_tracing")
    make_project(root, {"tracing.py": MODULE, "examples.py": EXAMPLES})
    run = run_jaxlint(root, "verify", "tracing.py", "--examples", "examples.py", "--output-format", "json")
    assert run.returncode in (0, 1), run.stderr
    return {r["function"].rsplit(".", 1)[-1]: r for r in json.loads(run.stdout)["results"]}


@pytest.mark.parametrize("function", ["regrouped", "as_count"])
def test_a_line_that_fails_eagerly_too_is_an_error_not_a_finding(rows, function: str) -> None:
    row = rows[function]
    assert row["status"] == "error" and "eagerly too" in row["reason"], row
    assert row["evidence"]["row"] == row["row"]


@pytest.mark.parametrize("function, output", [("prefix", [0.0, 1.0, 2.0]), ("positives", [2.0])])
def test_jit_fails_where_eager_runs(rows, function: str, output: list[float]) -> None:
    row = rows[function]
    assert row["status"] == "confirmed", row
    assert row["evidence"]["row"] == row["row"] and row["evidence"]["traced"] is True
    assert row["evidence"]["eager"] == {"raised": False, "output": output}
    assert f"at line {row['row']}" in row["reason"]
    assert "run eagerly on the same inputs, the function runs" in row["reason"]


def _raised(function, *args) -> BaseException:
    try:
        function(*args)
    except Exception as exc:  # noqa: BLE001
        return exc
    raise AssertionError("did not raise")


def _as_float(x):
    return float(x)


ROW = _as_float.__code__.co_firstlineno + 1


def test_the_users_frame_held_a_tracer_under_jit_only() -> None:
    traced = _raised(jax.jit(_as_float), jnp.ones(1))
    assert raised_while_tracing(traced) and traced_at(traced, __file__, ROW)
    eager = _raised(_as_float, jnp.ones(2))  # not a scalar: fails, with nothing traced
    assert not raised_while_tracing(eager) and not traced_at(eager, __file__, ROW)


def test_vmap_traces_without_jit() -> None:
    with jax.disable_jit():
        exc = _raised(jax.vmap(_as_float), jnp.ones(3))
    assert traced_at(exc, __file__, ROW)


def test_a_tracer_inside_a_pytree_counts(tmp_path: Path) -> None:
    def step(state):
        return int(state["step"])

    exc = _raised(jax.jit(step), {"step": jnp.int32(1)})
    assert traced_at(exc, __file__, step.__code__.co_firstlineno + 1)
