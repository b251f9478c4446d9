"""No numpy or math imported yet."""
from __future__ import annotations

import jax
import jax.numpy as jnp


@jax.jit
def flat(x):
    return x.reshape(jnp.prod(x.shape))


@jax.jit
def count(x):
    return jnp.zeros(jnp.sum(jnp.array(x.shape)))
