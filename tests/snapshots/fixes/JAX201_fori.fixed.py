from functools import partial

import jax
import jax.numpy as jnp

STEPS = 64


@jax.jit
def count_up(x):
    def loop_body(i, x):  # the index is traced inside fori_loop
        x = x + i
        return x

    x = jax.lax.fori_loop(0, 100, loop_body, x)
    return x


@partial(jax.jit, static_argnums=1)
def oscillate(x, n):
    v = jnp.zeros_like(x)
    def loop_body(_, carry):
        x, v = carry
        x, v = x + v, v - x
        return x, v

    x, v = jax.lax.fori_loop(0, n, loop_body, (x, v))
    return x, v


@jax.jit
def gather_sum(xs):
    total = jnp.zeros(xs.shape[1:])
    def loop_body(t, total):
        scaled = xs[t] * 2.0
        total = total + scaled
        return total

    total = jax.lax.fori_loop(2, STEPS, loop_body, total)
    return total


@jax.jit
def windows(xs):
    out = 0.0
    for i in range(40):  # a slice by the index: not fixed (a traced index cannot set a slice)
        out = out + xs[i:i + 2].sum()
    return out


EXAMPLES = [
    ("count_up", (jnp.arange(3.0),)),
    ("oscillate", (jnp.arange(4.0), 40)),
    ("gather_sum", (jnp.arange(192.0).reshape(64, 3),)),
    ("windows", (jnp.arange(64.0),)),
]
