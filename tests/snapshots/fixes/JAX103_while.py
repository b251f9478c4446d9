"""A `while` on a traced value becomes `jax.lax.while_loop` when its body is a pure update of
local variables; not with effects, `break`, or a name with no value before the loop."""

import jax
import jax.numpy as jnp


@jax.jit
def doubling(x):
    while x < 100.0:
        x = x * 2.0
    return x


@jax.jit
def aug(x):
    while x.max() < 100.0:
        x *= 1.0 + 1.0
    return x


@jax.jit
def running_mean(mean, x, n):
    while n > 0:
        mean = mean + (x - mean) / n
        n = n - 1
    return mean


@jax.jit
def with_temp(x):
    i = 0
    while (i < 10) and (x.sum() < 50.0):
        # grow
        step = x * 0.5
        x = x + step
        i = i + 1
    return x, i


@jax.jit
def halves(y):
    while jnp.abs(y).max() > 10.0:
        y = y / 2.0
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
