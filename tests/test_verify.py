"""`jaxlint verify` end to end: the real CLI in a subprocess, real JAX on CPU, temporary projects."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("jax")

REPO = Path(__file__).resolve().parents[1]

DEMO = '''
import sys

import jax
import jax.numpy as jnp

bias = 1.0


@jax.jit
def add_bias(x):
    return x + bias


def shift_all(xs):
    return [add_bias(x) for x in xs]


def set_bias(value: float):  # a number: the fix may pass it as a traced argument
    global bias
    bias = value


def draw_twice(key):
    a = jax.random.normal(key, (3,))
    b = jax.random.normal(key, (3,))
    return a + b


@jax.jit
def relu(x):
    if x > 0:
        return x
    else:
        return jnp.zeros_like(x)


@jax.jit
def reset_first(x):
    x[0] = 0.0
    return x


@jax.jit
def flatten(x):
    return x.reshape(jnp.prod(x.shape))


@jax.jit
def mse(pred, target):
    loss = jnp.mean((pred - target) ** 2)
    print("loss", loss)
    return loss


@jax.jit
def normalize(x: jax.Array, scale: float) -> jax.Array:
    if x.sum() > 0:
        x = x / x.sum()
    return x * scale


@jax.jit
def unknown_inputs(x):
    print(x)
    return x


@jax.jit
def quits(x):
    print(x)
    sys.exit(3)
'''

EXITS_AT_IMPORT = '''
import sys

import jax

sys.exit(4)


@jax.jit
def never(x):
    print(x)
    return x
'''

TYPED = '''
from jaxtyping import Array, Float, PRNGKeyArray
import jax


def zero_row(x: Float[Array, "rows 3"], i: int) -> Float[Array, "rows 3"]:
    x[i] = 0.0
    return x


def reset_first(x):
    # the evidence that `x` above is a JAX array: this call (the annotation alone is not)
    return zero_row(jax.numpy.zeros((3, 3)), 0)


def pair(key: PRNGKeyArray, x: Float[Array, "n"]):
    a = jax.random.normal(key, x.shape)
    b = jax.random.uniform(key, x.shape)
    return a + b + x
'''

EXAMPLES = '''
import jax
import jax.numpy as jnp
from jaxlint.verify import example
from pkg.demo import add_bias, draw_twice, mse, quits, relu, reset_first

example(add_bias, 5.0)
example(draw_twice, jax.random.PRNGKey(0))
example(relu, jnp.array(2.0))
example(relu, jnp.array(-1.0))
example(reset_first, jnp.arange(3.0))
example("pkg.demo:flatten", jnp.ones((2, 3)))
example(mse, jnp.ones(4), jnp.zeros(4))
example(quits, 1.0)
'''

TROUBLE = '''
import os
import time

import jax


@jax.jit
def hangs(x):
    time.sleep(60)
    print(x)
    return x


@jax.jit
def crashes(x):
    os._exit(7)
    print(x)
    return x


@jax.jit
def after(x):
    print(x)
    return x
'''

TROUBLE_EXAMPLES = '''
from jaxlint.verify import example
from trouble import after, crashes, hangs

example(hangs, 1.0)
example(crashes, 1.0)
example(after, 1.0)
'''


def make_project(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def run_jaxlint(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO), NO_COLOR="1")
    return subprocess.run([sys.executable, "-m", "jaxlint", *args], cwd=root, env=env, capture_output=True,
                          text=True, timeout=600)


def _by_function(document: dict) -> dict[str, dict]:
    return {r["function"].rsplit(".", 1)[-1]: r for r in document["results"]}


@pytest.fixture(scope="module")
def demo_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], dict]:
    root = tmp_path_factory.mktemp("verify_demo")
    typed = {"typed.py": TYPED} if importlib.util.find_spec("jaxtyping") else {}
    make_project(root, {**typed, "pkg/__init__.py": "", "pkg/demo.py": DEMO, "exits_at_import.py": EXITS_AT_IMPORT,
                    "examples.py": EXAMPLES,
                    "pyproject.toml": '[tool.jaxlint.verify]\nexamples = "examples.py"\ntimeout = 30\n'})
    result = run_jaxlint(root, "verify", ".", "--output-format", "json")
    return result, json.loads(result.stdout)


def test_json_shape_and_exit_code(demo_run) -> None:
    result, document = demo_run
    assert result.returncode == 1, result.stderr
    assert document["platform"] == "cpu"
    assert document["devices"] and document["jax_version"]
    for row in document["results"]:
        assert set(row) == {"code", "filename", "row", "cell", "function", "status", "reason", "evidence", "fix",
                            "verdict"}
        assert row["status"] in ("confirmed", "not-confirmed", "skipped", "error")
        assert row["verdict"] in ("confirmed", "refuted", "not-shown", "not-reached", "could-not-run")
        assert (row["status"] == "confirmed") == (row["verdict"] == "confirmed")
        assert row["fix"] is None or row["fix"]["status"] in ("passed", "failed", "skipped")


@pytest.mark.parametrize("function, code", [("add_bias", "JAX101"), ("draw_twice", "JAX102"), ("relu", "JAX103"),
                                            ("reset_first", "JAX104"), ("flatten", "JAX105"), ("mse", "JAX106")])
def test_each_rule_confirmed(demo_run, function: str, code: str) -> None:
    row = _by_function(demo_run[1])[function]
    assert (row["code"], row["status"]) == (code, "confirmed"), row


def test_evidence(demo_run) -> None:
    rows = _by_function(demo_run[1])
    stale = rows["add_bias"]["evidence"]
    assert stale["stale"] is True and stale["compiled_after"] == 6.0 and stale["eager_after"] == 7.0
    assert rows["add_bias"]["reason"] == "compiled output stayed 6.0 after bias changed to 2.0; eager gave 7.0"
    reuse = rows["draw_twice"]["evidence"]
    assert reuse["identical_draws"] is True and reuse["key_reuse_error"]["exception"] == "KeyReuseError"
    assert rows["relu"]["evidence"]["exception"] == "TracerBoolConversionError"
    assert rows["reset_first"]["evidence"]["exception"] == "TypeError"
    prints = rows["mse"]["evidence"]
    assert prints["per_call"] == [1, 0, 0] and "Tracer" in prints["printed"][0]
    assert prints["timings"]["first_call_ms"] > 0 and prints["timings"]["steady_us"] > 0


@pytest.mark.parametrize("function", ["add_bias", "draw_twice", "relu", "reset_first", "flatten", "mse"])
def test_fix_passed(demo_run, function: str) -> None:
    fix = _by_function(demo_run[1])[function]["fix"]
    assert fix["status"] == "passed", fix
    assert fix["evidence"]["timings"]["fixed"]["steady_us"] > 0


def test_inputs_from_annotations(demo_run) -> None:
    row = _by_function(demo_run[1])["normalize"]
    assert row["status"] == "confirmed", row
    assert "annotations" in row["evidence"]["inputs"]


def test_inputs_from_jaxtyping_annotations(demo_run) -> None:
    pytest.importorskip("jaxtyping")
    rows = _by_function(demo_run[1])
    assert rows["zero_row"]["status"] == "confirmed" and "float32[3, 3]" in rows["zero_row"]["evidence"]["inputs"]
    assert rows["zero_row"]["fix"]["status"] == "passed"
    assert rows["pair"]["status"] == "confirmed", rows["pair"]


def test_no_inputs_is_skipped(demo_run) -> None:
    row = _by_function(demo_run[1])["unknown_inputs"]
    assert (row["status"], row["reason"]) == ("skipped", "no example inputs"), row


def test_sys_exit_is_an_error(demo_run) -> None:
    rows = _by_function(demo_run[1])
    assert rows["quits"]["status"] == "error" and "sys.exit(3)" in rows["quits"]["reason"]
    assert rows["never"]["status"] == "error" and "sys.exit(4)" in rows["never"]["reason"]


def test_hang_and_crash_cost_only_their_finding(tmp_path: Path) -> None:
    make_project(tmp_path, {"trouble.py": TROUBLE, "examples.py": TROUBLE_EXAMPLES})
    result = run_jaxlint(tmp_path, "verify", "trouble.py", "--examples", "examples.py", "--timeout", "3")
    lines = result.stdout.splitlines()
    assert any(":10: JAX106 error: timed out after 3s" in line for line in lines), result.stdout
    assert any(":17: JAX106 error: the process exited with code 7" in line for line in lines), result.stdout
    assert any(":23: JAX106 confirmed" in line for line in lines), result.stdout
    assert "Verified 3 findings: 1 confirmed, 2 error" in result.stdout
    assert result.returncode == 1


def test_nothing_confirmed_exits_zero(tmp_path: Path) -> None:
    make_project(tmp_path, {"plain.py": "import jax\n\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"})
    result = run_jaxlint(tmp_path, "verify", ".", "--output-format", "json")
    assert result.returncode == 0, result.stderr
    assert [r["status"] for r in json.loads(result.stdout)["results"]] == ["skipped"]


def test_check_and_verify_options_import_no_jax() -> None:
    code = ("import sys, jaxlint.cli, jaxlint.commands.verify, jaxlint.verify; "
            "assert 'jax' not in sys.modules, 'jax imported'")
    subprocess.run([sys.executable, "-c", code], check=True, env=dict(os.environ, PYTHONPATH=str(REPO)))
