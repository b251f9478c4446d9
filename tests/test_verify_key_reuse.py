"""`jaxlint verify` judges each key-reuse finding on its own statement: a key passed on a
continuation line, a finding at the first consumer whose reuse is the `split` its message cites,
and several reuses in one function (JAX's checker stops at the first; the eager record does not).
The real CLI in a subprocess, real JAX on CPU."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_verify import run_jaxlint

pytest.importorskip("jax")

SOURCE = '''
import jax


def draws(key):
    a = jax.random.normal(
        key, (2,))
    b = jax.random.uniform(
        key, (2,))
    c = jax.random.bernoulli(key, 0.5, (2,))
    return a, b, c


def split_after(key):
    noise = jax.random.normal(key, (2,))
    key, sub = jax.random.split(key)
    return noise, key, sub
'''

EXAMPLES = '''
import jax
from jaxlint.verify import example
from reuse import draws, split_after

example(draws, jax.random.key(0))
example(split_after, jax.random.key(1))
'''


@pytest.fixture(scope="module")
def verdicts(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[dict], list[dict]]:
    root: Path = tmp_path_factory.mktemp("key_reuse")
    (root / "reuse.py").write_text(SOURCE, encoding="utf-8")
    (root / "examples.py").write_text(EXAMPLES, encoding="utf-8")
    checked = run_jaxlint(root, "check", "--output-format", "json", "reuse.py")
    verified = run_jaxlint(root, "verify", "--output-format", "json", "--examples", "examples.py", "--select",
                           "JAX102", "reuse.py")
    assert verified.returncode == 1, verified.stderr
    return json.loads(checked.stdout), json.loads(verified.stdout)["results"]


def test_every_reuse_in_the_function_is_confirmed_on_its_own_row(verdicts) -> None:
    findings, results = verdicts
    flagged = sorted(f["location"]["row"] for f in findings if f["code"] == "JAX102")
    assert len(flagged) == 3, findings  # the continuation line, the third draw, the split
    assert sorted(r["row"] for r in results) == flagged
    assert all(r["status"] == "confirmed" for r in results), results


def test_the_evidence_names_the_rows_of_the_reuse(verdicts) -> None:
    _, results = verdicts
    continued = next(r for r in results if r["row"] == 9)  # `key` on the line after `uniform(`
    assert continued["evidence"]["reuse_row"] == 8 and continued["evidence"]["first_row"] == 6
    split = next(r for r in results if r["function"].endswith("split_after"))
    assert {split["evidence"]["first_row"], split["evidence"]["reuse_row"]} == {15, 16}
