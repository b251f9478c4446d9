from functools import partial

import jax
import jax.numpy as jnp

scale = 2.0
bias = jnp.ones(3)


@jax.jit
def f(x, scale, bias):
    return x * scale + bias


def g(x, y=1.0, *, scale):
    return x * scale + y


@jax.jit
def entry(x, y=0.0, *, scale):  # named nowhere in the module: its callers (elsewhere) now pass `scale`
    return x - scale * y


g_jit = jax.jit(g)
step = partial(g_jit, y=3.0)

print(f(1.0, scale=scale, bias=bias))
print(g_jit(1.0, scale=scale), step(2.0, scale=scale))
scale = 3.0
bias = bias + 1
print(f(1.0, scale=scale, bias=bias), jax.jit(g)(2.0, scale=scale))
