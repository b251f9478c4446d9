import functools

import jax
import jax.numpy as jnp


@functools.partial(jax.jit, static_argnums=0, static_argnames=("mode",))
def scaled(n, x, mode, flag):
    if flag:  # comment
        x = x * n
    return x


@jax.jit
def bare(x, training):
    if training:
        return x * 0.5
    return x
