"""Doc."""
import math

import jax
import jax.numpy as jnp
import numpy as onp

@jax.jit
def f(x):
    y = x.reshape(math.prod(x.shape))
    z = jnp.zeros(x.shape[0])
    w = jnp.zeros(onp.sum(onp.array(x.shape)))
    return y, z, w, math.prod(x.shape)
