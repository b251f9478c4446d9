import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnames=("n",))
def running_sum(x, n):
    total = 0.0
    def loop_body(i, total):
        total = total + x[i]
        return total

    total = jax.lax.fori_loop(0, n, loop_body, total)
    return total


@functools.partial(jax.jit, static_argnames=("scale", "length"))
def prefix(x, length, scale):
    return x[:length] * scale


def _pad(x, width):
    return jnp.concatenate([x, jnp.zeros(width)])


@functools.partial(jax.jit, static_argnames=("width",))
def padded(x, width):
    return _pad(x, width) * 2


RUNS = [
    ("running_sum", (jnp.arange(4.0), 3)),
    ("prefix", (jnp.arange(4.0), 2, 3.0)),
    ("padded", (jnp.arange(4.0), 2)),
]
