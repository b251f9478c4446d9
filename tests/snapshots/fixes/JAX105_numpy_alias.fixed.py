"""Doc."""
import jax
import jax.numpy as jnp
import numpy as onp
import math

@jax.jit
def f(x):
    y = x.reshape(math.prod(onp.array(x.shape)))
    z = jnp.zeros(onp.array(x.shape[0]))
    return y, z, math.prod(x.shape)
