import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def activation(x):
    return jnp.tanh(x) + jnp.maximum(x, 0.0)


@jax.jit
def size(x):
    return jnp.linalg.norm(x) + np.sum(x)


SCALES = np.array([1.0, 2.0, 4.0])


@jax.jit
def scaled(x, i):
    return x * jnp.asarray(SCALES)[i] + jnp.asarray(SCALES[:, None])[i, 0]


EXAMPLES = [
    ("activation", (jnp.arange(3.0),)),
    ("size", (jnp.arange(3.0),)),
    ("scaled", (jnp.arange(3.0), jnp.array(2))),
]
