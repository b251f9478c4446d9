"""Each function is interpreted about once per module: a closure that its owner's loop calls is not
interpreted again on every pass, and a helper found traced makes only what read it be interpreted
again (semantic/model.py: Model.facts, Model.forget)."""

from __future__ import annotations

import ast
from collections import Counter

import pytest

from jaxlint.config import Settings
from jaxlint.engine import check_source
from jaxlint.rules import rules
from jaxlint.semantic import interpret
from jaxlint.source import Source

CLOSURES = 12
# A jitted owner whose loop hands its closures tracers, each once per pass (before: each closure
# was interpreted 5 times); a jitted step whose helper propagation finds traced (what read the
# helper is interpreted again); untraced functions that read neither.
SOURCE = "\n".join([
    "import jax",
    "import jax.numpy as jnp",
    "",
    "",
    "@jax.jit",
    "def owner(xs, key):",
    *[f"    def closure_{i}(x):\n        return x * {i}\n" for i in range(CLOSURES)],
    "    noise = jax.random.normal(key, (3,))",
    "    total = 0.0",
    "    for x in (xs, xs + 1, xs * 2):",
    *[f"        total = total + closure_{i}(x)" for i in range(CLOSURES)],
    "    return total + noise",
    "",
    "",
    "def helper(x):",
    "    return jnp.sin(x) * 2",
    "",
    "",
    "@jax.jit",
    "def step(x):",
    "    return helper(x) + 1",
    "",
    "",
    *[f"def untouched_{i}(key, n):\n    return jax.random.normal(key, (n,))\n\n" for i in range(CLOSURES)],
])


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Counter:
    counted: Counter = Counter()
    real = interpret.Interpreter.run

    def run(self):
        counted[getattr(self.scope, "qualname", None)] += 1
        return real(self)

    monkeypatch.setattr(interpret.Interpreter, "run", run)
    return counted


def test_each_function_is_interpreted_at_most_twice(runs: Counter) -> None:
    ast.parse(SOURCE)  # the program is valid Python
    check_source(Source(SOURCE), "program.py", Settings(), frozenset(r.code for r in rules()), build_fixes=False)
    assert runs["step"] and runs["owner"], runs
    assert max(runs.values()) <= 2, runs.most_common(5)
    assert sum(runs.values()) <= 2 * len(runs), runs
