"""Random programs built from JAX and Python constructs never crash the checker (no JAX999)."""

from __future__ import annotations

import ast

from hypothesis import given, settings
from hypothesis import strategies as st

from jaxlint.config import Settings
from jaxlint.engine import check_source
from jaxlint.rules import catalog
from jaxlint.source import Source

CODES = frozenset(info.code for info in catalog())
STATEMENTS = [
    "x = x + 1", "x[0] = y", "del x[0]", "y = jnp.sum(x) if x.shape[0] else x", "key, sub = jr.split(key)",
    "z = jr.normal(key, x.shape)", "z = jr.fold_in(key, 3)", "print(x, sep=', ')", "print(f'{x:.2f}')",
    "assert x.ndim == 1", "global G\nG = x", "n = jnp.prod(x.shape)", "x = x.reshape(jnp.prod(jnp.array(x.shape)))",
    "(w := x * 2)", "x, *rest = x, y, y", "lam = lambda a, b=2: a if a > b else b", "G[0] = 1",
    "x = lax.fori_loop(0, 3, lambda i, c: c + i, x)", "x = lax.scan(lambda c, v: (c + v, v), 0.0, x)[0]",
    "x = jax.vmap(lambda v: v * 2, in_axes=(0,))(x)", "x = [v for v in range(3) if v > 1]",
    "x = {k: v for k, v in enumerate(y)}", "x = not x", "x = x and y or G", "x = bool(y)",
    "nonlocal_like = [x for _ in range(2) for _ in range(2)]", "f(x, *y, **{'a': 1})", "return x",
    "yield x", "raise ValueError(x)", "x = jax.jit(g, static_argnums=(-1,))(x, 2)", "x @= y",
    "x = partial(jax.jit, static_argnames='n')(g)", "x = jax.debug.callback(lambda v: print(v), x)",
    "x = self.method(x)", "x = jnp.zeros(jnp.array(3))", "x = x.at[0].set(1.0)", "x = eqx.filter_jit(g)(x)",
]
BLOCKS = ["if {c}:\n{body}\nelse:\n{body}", "for v in range(3):\n{body}", "while {c}:\n{body}",
          "try:\n{body}\nexcept Exception as err:\n{body}\nfinally:\n{body}", "with ctx() as c:\n{body}",
          "match x:\n    case [a, *_]:\n{body2}\n    case _:\n{body2}", "def inner(a, key=None):\n{body}",
          "@jax.jit\ndef inner2(a, n=3):\n{body}"]
CONDITIONS = ["x > 0", "x is None", "x.shape[0] > 2", "y == 'relu'", "jnp.any(x)", "key"]
HEADER = ("import jax\nimport jax.numpy as jnp\nfrom jax import lax, random as jr\nfrom functools import partial\n"
          "import equinox as eqx\nG = [0]\n\n")


def _indent(text: str, levels: int) -> str:
    return "\n".join("    " * levels + line for line in text.splitlines())


@st.composite
def bodies(draw, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 4))):
        if depth < 2 and draw(st.booleans()):
            block = draw(st.sampled_from(BLOCKS))
            inner = draw(bodies(depth + 1))
            parts.append(block.format(c=draw(st.sampled_from(CONDITIONS)), body=_indent(inner, 1),
                                      body2=_indent(inner, 2)))
        else:
            parts.append(draw(st.sampled_from(STATEMENTS)))
    return "\n".join(parts)


@st.composite
def programs(draw) -> str:
    decorator = draw(st.sampled_from(["", "@jax.jit\n", "@partial(jax.jit, static_argnums=(1,))\n", "@jax.vmap\n",
                                      "@jax.grad\n"]))
    body = draw(bodies())
    return f"{HEADER}{decorator}def f(x, y, key, *args, flag=False, **kw):\n{_indent(body, 1)}\n"


@settings(max_examples=150, deadline=None)
@given(programs())
def test_generated_programs_do_not_crash_the_checker(source):
    try:
        ast.parse(source)
    except SyntaxError:  # `yield`/`return` mixes and the like: the parser's business, not ours
        return
    result = check_source(Source(source), "gen.py", Settings(), CODES)
    assert not result.errors, result.errors
    assert not [f for f in result.findings if f.code in ("JAX000", "JAX999")], source
