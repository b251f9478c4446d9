import jax
from jax import numpy as np2


@jax.jit
def relu(x):
    return x if x > 0 else 0.0 * x


@jax.jit
def pick(x, y):
    if x.sum() > 0 and not y.any():
        return x
    else:
        return y
