"""A `while` on a traced value becomes `jax.lax.while_loop` when its body is a pure update of
local variables; not with effects, `break`, or a name with no value before the loop."""

import jax
import jax.numpy as jnp


@jax.jit
def doubling(x):
    x = jax.lax.while_loop(lambda x: x < 100.0, lambda x: x * 2.0, x)
    return x


@jax.jit
def aug(x):
    x = jax.lax.while_loop(lambda x: x.max() < 100.0, lambda x: x * (1.0 + 1.0), x)
    return x


@jax.jit
def running_mean(mean, x, n):
    def cond_fun(state):
        mean, n = state
        return n > 0

    def body_fun(state):
        mean, n = state
        mean = mean + (x - mean) / n
        n = n - 1
        return mean, n

    mean, n = jax.lax.while_loop(cond_fun, body_fun, (mean, n))
    return mean


@jax.jit
def with_temp(x):
    i = 0
    def cond_fun(state):
        x, i = state
        return jnp.logical_and(i < 10, x.sum() < 50.0)

    def body_fun(state):
        x, i = state
        # grow
        step = x * 0.5
        x = x + step
        i = i + 1
        return x, i

    x, i = jax.lax.while_loop(cond_fun, body_fun, (x, i))
    return x, i


@jax.jit
def halves(y):
    y = jax.lax.while_loop(lambda y: jnp.abs(y).max() > 10.0, lambda y: y / 2.0, y)
    return y


# --- no fix ---------------------------------------------------------------------------------------
@jax.jit
def side_effect(x, log):
    while x < 100.0:
        log.append(x)
        x = x * 2.0
    return x


@jax.jit
def breaks(x):
    while x < 100.0:
        x = x * 2.0
        if x > 50:
            break
    return x


@jax.jit
def unbound(x):
    while x < 100.0:
        x = x * 2.0
        last = x
    return last


EXAMPLES = [
    ("doubling", (jnp.float32(3.0),)),
    ("aug", (jnp.arange(3.0) + 1,)),
    ("running_mean", (jnp.float32(0.0), jnp.float32(4.0), jnp.int32(3))),
    ("with_temp", (jnp.ones(2),)),
    ("with_temp", (jnp.ones(2) * 0.01,)),
    ("halves", (jnp.array([100.0, -30.0]),)),
]
