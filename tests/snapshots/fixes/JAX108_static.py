import functools

import jax
import jax.numpy as jnp


@jax.jit
def running_sum(x, n):
    total = 0.0
    for i in range(n):
        total = total + x[i]
    return total


@functools.partial(jax.jit, static_argnames=("scale",))
def prefix(x, length, scale):
    return x[:length] * scale


def _pad(x, width):
    return jnp.concatenate([x, jnp.zeros(width)])


@jax.jit
def padded(x, width):
    return _pad(x, width) * 2


RUNS = [
    ("running_sum", (jnp.arange(4.0), 3)),
    ("prefix", (jnp.arange(4.0), 2, 3.0)),
    ("padded", (jnp.arange(4.0), 2)),
]
