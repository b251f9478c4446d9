"""Doc."""
import jax
import jax.numpy as jnp
import numpy as onp

@jax.jit
def f(x):
    y = x.reshape(jnp.prod(jnp.array(x.shape)))
    z = jnp.zeros(jnp.array(x.shape[0]))
    w = jnp.zeros(jnp.sum(jnp.array(x.shape)))
    return y, z, w, jnp.prod(x.shape)
