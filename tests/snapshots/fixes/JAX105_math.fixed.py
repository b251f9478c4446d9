"""No numpy or math imported yet."""
from __future__ import annotations

import math

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def flat(x):
    return x.reshape(math.prod(x.shape))


@jax.jit
def count(x):
    return jnp.zeros(np.sum(np.array(x.shape)))


@jax.jit
def grid():
    t0, tf, dt = 0.0, 1.0, 1e-1
    steps = jnp.maximum(jnp.abs((tf - t0) / dt), 1)  # a float: NumPy's fails in `num` too, no fix
    return jnp.linspace(t0, tf, steps + 1)


@jax.jit
def grid_steps():
    t0, tf, dt = 0.0, 1.0, 1e-1
    steps = np.maximum(np.abs((tf - t0) / dt), 1).astype(int)  # made an int: fixed
    return jnp.linspace(t0, tf, steps + 1)


EXAMPLES = [("grid_steps", ())]
