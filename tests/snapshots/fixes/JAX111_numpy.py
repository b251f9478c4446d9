import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def activation(x):
    return np.tanh(x) + np.maximum(x, 0.0)


@jax.jit
def size(x):
    return np.linalg.norm(x) + np.sum(x)


EXAMPLES = [
    ("activation", (jnp.arange(3.0),)),
    ("size", (jnp.arange(3.0),)),
]
