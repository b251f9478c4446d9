import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=(0, 3), static_argnames=("mode", "flag"))
def scaled(n, x, mode, flag):
    if flag:  # comment
        x = x * n
    return x


@functools.partial(jax.jit, static_argnames=("training",))
def bare(x, training):
    if training:
        return x * 0.5
    return x
