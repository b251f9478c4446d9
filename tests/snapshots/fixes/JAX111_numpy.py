import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def activation(x):
    return np.tanh(x) + np.maximum(x, 0.0)


@jax.jit
def size(x):
    return np.linalg.norm(x) + np.sum(x)


SCALES = np.array([1.0, 2.0, 4.0])


@jax.jit
def scaled(x, i):
    return x * SCALES[i] + SCALES[:, None][i, 0]


EXAMPLES = [
    ("activation", (jnp.arange(3.0),)),
    ("size", (jnp.arange(3.0),)),
    ("scaled", (jnp.arange(3.0), jnp.array(2))),
]
