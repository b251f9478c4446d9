"""The timings and compilation counts `verify` reports, taken with real JAX on CPU in a fresh
interpreter (as a verify child takes them): a plain function's first call compiles afresh, and
what ran before stays compiled, so the experiments that follow do not compile JAX's own operations
again."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

pytest.importorskip("jax")

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent('''
    import jax
    import jax.numpy as jnp

    from jaxlint.verify.harness import Inputs, compilations, compiling, timings


    def scaled_noise(key, x):
        return x * jax.random.normal(key, x.shape)


    key, x = jax.random.PRNGKey(0), jnp.ones((3, 4))
    jax.block_until_ready(jax.random.normal(key, (5, 2)))  # an eager operation, compiled now
    before = scaled_noise

    measured = timings(scaled_noise, Inputs("examples", (key, x)))
    assert measured is not None and measured["compile_ms"] > 0 and measured["steady_us"] > 0, measured
    assert scaled_noise is before  # the function itself is left as it was

    with compiling() as log:  # what ran before the timing is still compiled
        jax.block_until_ready(jax.random.normal(key, (5, 2)))
    assert log.compiles == 0, log.per_function

    # one compilation per shape, counted afresh each time the count is asked for
    shapes = [Inputs("examples", (key, jnp.ones((3, 4)))), Inputs("examples", (key, jnp.ones((2, 2)))),
              Inputs("examples", (key, jnp.ones((3, 4))))]
    assert compilations(scaled_noise, shapes) == 2
    assert compilations(scaled_noise, shapes) == 2

    # a jitted function cannot be copied: the caches are cleared to time its first call
    jitted = jax.jit(scaled_noise)
    jax.block_until_ready(jitted(key, x))
    assert timings(jitted, Inputs("examples", (key, x)))["compile_ms"] > 0
    print("ok")
''')


def test_timing_compiles_the_function_afresh_and_keeps_what_ran_before() -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            check=False)
    assert result.returncode == 0 and result.stdout.strip() == "ok", result.stdout + result.stderr


def test_a_speed_ratio_needs_timings_apart_beyond_their_spread() -> None:
    from jaxlint.verify.harness import apart

    noisy = {"steady_us": 10.0, "spread_us": [6.0, 30.0]}  # one slow outlier run does not make a ratio
    steady = {"steady_us": 18.0, "spread_us": [17.0, 19.0]}
    slower = {"steady_us": 200.0, "spread_us": [190.0, 230.0]}
    assert not apart(noisy, steady) and not apart(steady, noisy)
    assert apart(steady, slower) and apart(slower, steady)
    assert apart({"steady_us": 5.0}, {"steady_us": 9.0})  # no spread recorded: the medians decide
