"""A check's time grows with the file, not with its findings squared: for each rule, a module of N
alike functions with one finding each (and its fix built, as a check builds it), then of 8N. Linear
work takes 8 times as long; work that looks through the module once per finding, 64 times."""

from __future__ import annotations

import time

import pytest

from jaxlint.config import Settings
from jaxlint.engine import check_source
from jaxlint.rules import catalog
from jaxlint.source import Source

CODES = frozenset(r.code for r in catalog())
HEAD = "import jax\nimport jax.numpy as jnp\nimport numpy as np\n\n\n"
# One function (and what it needs) per finding; {i} numbers it, {j} names another one (a call graph).
SHAPES = {
    "JAX101": "S_{i} = [2.0]\n@jax.jit\ndef f_{i}(x):\n    return x * S_{i}[0]\ndef g_{i}():\n    S_{i}[0] = 3.0\n",
    "JAX102": "def f_{i}(key):\n    a = jax.random.normal(key, (3,))\n    return a + jax.random.normal(key, (3,))\n",
    "JAX103": "@jax.jit\ndef f_{i}(x):\n    if x > 0:\n        return x\n    return -x\n",
    "JAX104": "@jax.jit\ndef f_{i}(x):\n    y = jnp.zeros(3)\n    y[0] = x\n    return y\n",
    "JAX105": "@jax.jit\ndef f_{i}(x):\n    n = jnp.prod(jnp.array(x.shape))\n    return x.reshape(n)\n",
    "JAX106": "@jax.jit\ndef f_{i}(x):\n    print('x is', x)\n    return x + 1\n",
    "JAX107": "LOG_{i} = []\n@jax.jit\ndef f_{i}(x):\n    LOG_{i}.append(x)\n    return x\n",
    "JAX108": "@jax.jit\ndef f_{i}(x, n):\n    return jnp.zeros(int(n))\n",
    "JAX109": "@jax.jit\ndef f_{i}(x):\n    x.at[0].set(1.0)\n    return x\n",
    "JAX110": "def f_{i}(xs):\n    key = jax.random.PRNGKey(0)\n    for x in xs:\n        y = jax.random.normal(key, (3,))\n"
              "    return y\n",
    "JAX113": "@jax.jit\ndef f_{i}(x):\n    return x[x > 0]\n",
    "JAX201": "@jax.jit\ndef f_{i}(x):\n    for k in range(100):\n        x = x + k\n    return x\n",
    "JAX202": "def f_{i}(xs):\n    for x in xs:\n        y = jax.jit(lambda t: t + 1)(x)\n    return y\n",
    "JAX205": "def f_{i}(x):\n    import time\n    t = time.time()\n    y = g_{i}(x)\n    return time.time() - t\n"
              "@jax.jit\ndef g_{i}(x):\n    return x + 1\n",
    "JAX206": "@jax.jit\ndef f_{i}(x):\n    return jnp.sum([x, x])\n",
    "JAX301": "def f_{i}(x):\n    return jax.tree_map(lambda t: t, x)\n",
    "calls": "def f_{i}(x):\n    return h_{j}(x) + 1\n@jax.jit\ndef h_{i}(x):\n    return f_{j}(x) * 2\n",
}


def _module(shape: str, count: int) -> str:
    return HEAD + "\n\n".join(shape.format(i=i, j=(7 * i + 3) % count) for i in range(count))


def _cpu(text: str) -> tuple[float, int]:
    started = time.process_time()
    result = check_source(Source(text), "generated.py", Settings(), CODES)
    return time.process_time() - started, len(result.findings)


@pytest.mark.parametrize("name", SHAPES)
def test_time_grows_with_the_file_not_the_findings_squared(name: str) -> None:
    small, large = _module(SHAPES[name], 40), _module(SHAPES[name], 320)
    _cpu(small)  # imports, the fix builders' included
    (short, few), (long, many) = _cpu(small), _cpu(large)
    if name != "calls":
        assert many == 8 * few and few >= 40, (few, many)  # each function has its finding
    assert long < 20 * max(short, 0.01), f"8x the findings took {long / short:.1f}x the time"
