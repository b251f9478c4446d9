import jax
from jax import numpy as np2


@jax.jit
def relu(x):
    return np2.where(x > 0, x, 0.0 * x)


@jax.jit
def pick(x, y):
    return np2.where(np2.logical_and(x.sum() > 0, np2.logical_not(y.any())), x, y)


@jax.jit
def clip_negative(x):
    out = np2.where(x.sum() < 0, 0.0 * x, x)
    return out


@jax.jit
def is_empty(x):
    flag = np2.logical_not(x.any())
    return flag
