"""Doc."""
import math

import jax
import jax.numpy as jnp
import numpy as onp

@jax.jit
def f(x):
    y = x.reshape(math.prod(x.shape))
    z = jnp.zeros(onp.array(x.shape[0]))
    return y, z, math.prod(x.shape)
