"""Doc."""
import jax
import jax.numpy as jnp
import numpy as onp

@jax.jit
def f(x):
    y = x.reshape(jnp.prod(jnp.array(x.shape)))
    z = jnp.zeros(jnp.array(x.shape[0]))
    return y, z, jnp.prod(x.shape)
