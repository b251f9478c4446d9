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
