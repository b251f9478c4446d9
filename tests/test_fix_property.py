"""Fixing generated programs (random mixes of the rules' patterns) keeps them parseable and stable."""

from __future__ import annotations

import ast

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxlint.config import Settings
from jaxlint.engine import check_source
from jaxlint.fixes.files import fix_file
from jaxlint.rules import rules
from jaxlint.source import Source

CODES = frozenset(r.code for r in rules())
STATEMENTS = [
    "x[0] = 1.0",
    "x[1:2] += y",
    "x[i][j] *= 2.0  # note",
    "print('x is', x, sep=': ')",
    "print(f'{{x}} {x:.3f} {x + y!r}')",
    "z = jnp.zeros(jnp.prod(jnp.array(x.shape)))",
    "w = x.reshape(jnp.prod(x.shape))",
    "a = jax.random.normal(key, x.shape)\n    b = jax.random.uniform(key, x.shape)",
    "for _ in range(3):\n        x = x + jax.random.normal(key, x.shape)",
    "x = x if x.sum() > 0 else -x",
    "for k in range(100):\n        x = x * 0.5 + k",
    "for k in range(40):  # note\n        x, y = x + y, y - x",
    "for b in y:\n        x = jax.jit(lambda v: v * 2)(b)",
    "t0 = time.perf_counter()\n    x = jnp.dot(x, x)\n    print(time.perf_counter() - t0)",
]


def _program(body: list[str], use_jit: bool) -> str:
    decorator = "@jax.jit\n" if use_jit else ""
    lines = "\n    ".join(body) or "pass"
    return (f"import time\n\nimport jax\nimport jax.numpy as jnp\n\n\n{decorator}def f(x, y, key, i=0, j=0):\n"
            f"    x = jnp.asarray(x)\n    {lines}\n    return x\n")


def _fix(text: str):
    def lint(source: Source):
        return check_source(source, "gen.py", Settings(), CODES).findings

    return fix_file("gen.py", text.encode(), lint, unsafe=True)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(STATEMENTS), max_size=6), st.booleans())
def test_fixed_programs_parse_and_are_stable(body: list[str], use_jit: bool) -> None:
    text = _program(body, use_jit)
    result = _fix(text)
    ast.parse(result.fixed)
    assert not result.failures
    again = _fix(result.fixed.decode())
    assert again.fixed == result.fixed
