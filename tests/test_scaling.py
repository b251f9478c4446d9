"""A check's work grows with the file, not with its findings squared: for each rule, a module of N
alike functions with one finding each (and its fix built, as a check builds it), then of 8N; and
N findings in one scope (a module-level training loop, a class of compiled methods), then 8N. Linear
work makes 8 times the function calls; work that looks through the module once per finding, 64
times. The work is counted (cProfile's call count, the same on any machine, however busy), not
timed: wall-clock ratios live in benchmarks/. The module is checked as the CLI checks a file,
project pass included (it matches every module's reads against the changes of every module)."""

from __future__ import annotations

import cProfile
import pstats
from pathlib import Path

import pytest

from jaxlint.config import Settings
from jaxlint.engine import check_paths
from jaxlint.rules import catalog

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

# N findings in one scope: what makes them is repeated within it.
ONE_SCOPE = {  # name: (what comes first, what is repeated)
    "JAX102 in a module-level loop": (
        ("key = jax.random.PRNGKey(0)\nstep = jax.jit(lambda p, x: p + x)\np = jnp.zeros(3)\n"
         "for epoch in range(10):\n"),
        "    x{i} = jax.random.normal(key, (3,))\n    p = step(p, x{i})\n"),
    "JAX101 in a class of compiled methods": (
        "from functools import partial\n\n\nclass Model:\n    def __init__(self):\n        self.scale = 1.0\n",
        ("    @partial(jax.jit, static_argnums=0)\n    def f{i}(self, x):\n"
         "        return x * self.scale\n    def set{i}(self, v):\n        self.scale = v\n")),
    # no finding: each closure is compiled and run before the name it reads changes again
    "closures of a name rebound after each": (
        "def outer(x):\n",
        "    def g{i}(y):\n        return y + x + {i}\n    x = jax.jit(g{i})(x)\n"),
}
WITHOUT_FINDINGS = {"calls", "closures of a name rebound after each"}


def _module(name: str, count: int) -> str:
    if name in ONE_SCOPE:
        head, repeated = ONE_SCOPE[name]
        return HEAD + head + "".join(repeated.format(i=i) for i in range(count))
    return HEAD + "\n\n".join(SHAPES[name].format(i=i, j=(7 * i + 3) % count) for i in range(count))


def calls(work) -> int:
    """How many Python function calls `work()` makes."""
    profile = cProfile.Profile()
    profile.runcall(work)
    return pstats.Stats(profile).total_calls


def _check(path: Path) -> int:
    [result] = check_paths([str(path)], Settings(root=path.parent), CODES)
    return len(result.findings)


@pytest.mark.parametrize("name", [*SHAPES, *ONE_SCOPE])
def test_work_grows_with_the_file_not_the_findings_squared(name: str, tmp_path: Path) -> None:
    warm, small, large = (tmp_path / size / "generated.py" for size in ("warm", "small", "large"))
    for path, count in ((warm, 20), (small, 40), (large, 320)):
        path.parent.mkdir()
        path.write_text(_module(name, count))
    _check(warm)  # imports, the fix builders' included (another text: nothing of it is remembered)
    found: dict[Path, int] = {}
    short, long = (calls(lambda p=p: found.__setitem__(p, _check(p))) for p in (small, large))
    if name not in WITHOUT_FINDINGS:
        few, many = found[small], found[large]
        assert few >= 40 and abs(many - 8 * few) <= 8, (few, many)  # a finding each (a loop: and its key)
    assert long < 16 * short, f"8x the findings made {long / short:.1f}x the calls (linear: 8x)"
