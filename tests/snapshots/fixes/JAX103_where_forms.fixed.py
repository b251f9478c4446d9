"""jnp.where only where it keeps the meaning: array arms, tuples element-wise, elif chains (a
static head stays a Python `if`), a return after the chain, `x or y` of arrays; never dicts,
None, slice bounds or sizes, nor a static test after a traced one."""

from functools import partial

import jax
import jax.numpy as jnp


@jax.jit
def swap(x, y):
    return jnp.where(x.sum() > y.sum(), x, y), jnp.where(x.sum() > y.sum(), y, x)


@jax.jit
def pair(x, y):
    lo, hi = (jnp.where(x.sum() < y.sum(), x, y), jnp.where(x.sum() < y.sum(), y, x))
    return hi - lo


@jax.jit
def piecewise(x):
    return jnp.where(x.sum() > 10, x * 2, jnp.where(jnp.logical_and(x.sum() > 0, x.max() < 5), x + 1, -x))


@jax.jit
def fall_through(x):
    return jnp.where(x.sum() > 10, x * 2, jnp.where(x.sum() > 0, x + 1, x - 1))


@jax.jit
def assign_chain(x):
    y = x
    y = jnp.where(x.sum() > 10, x * 2, jnp.where(x.sum() > 0, x + 1, y))
    return y


@jax.jit
def or_default(x, fallback):
    return jnp.where(x, x, fallback)


@jax.jit
def loop_body(x):
    def body(i, acc):
        return jnp.where(i % 2 == 0, acc + x, acc)

    return jax.lax.fori_loop(0, 4, body, jnp.zeros_like(x))


@jax.jit
def static_guard_first(x):
    if x.ndim == 2:
        return x.sum(1)
    else:
        return jnp.where(x.sum() > 0, x, -x)
    return -x


@jax.jit
def static_guard_assign(x):
    y = x
    if x.ndim == 2:
        y = x.sum(1)
    else:
        y = jnp.where(x.sum() > 0, x * 2, jnp.where(x.max() > 5, x * 3, y))
    return y


# --- no fix: jnp.where would not mean the same -----------------------------------------------


@jax.jit
def dict_arms(p, q):
    if p.sum() > 0:
        return {"a": p}
    else:
        return {"a": q}


@jax.jit
def none_arm(x):
    return None if x.sum() > 0 else x


@partial(jax.jit, static_argnames=("n",))
def slice_bound(x, n):
    return x[(n if n else 0):]


@jax.jit
def used_as_size(x, n):
    m = n if n > 0 else 1
    return jnp.zeros(m) + x


@jax.jit
def static_in_the_middle(x):
    if x.sum() > 0:
        return x
    elif x.ndim == 2:
        return x.sum(1)
    return -x


@jax.jit
def unbound_without_else(x):
    if x.sum() > 0:
        y = x
    return y


@jax.jit
def pytree_update(params, loss):
    if loss.sum() < 1e-6:
        params = jax.lax.stop_gradient(params)
    return params


EXAMPLES = [
    ("swap", (jnp.arange(3.0), jnp.ones(3))),
    ("swap", (jnp.ones(3), jnp.arange(3.0) * 3)),
    ("pair", (jnp.arange(3.0), jnp.ones(3))),
    ("pair", (jnp.ones(3) * 9, jnp.ones(3))),
    ("piecewise", (jnp.arange(3.0) * 5,)),
    ("piecewise", (jnp.array([0.5, 1.0]),)),
    ("piecewise", (jnp.array([4.0, 7.0]),)),
    ("piecewise", (jnp.array([-1.0, -2.0]),)),
    ("fall_through", (jnp.arange(3.0) * 5,)),
    ("fall_through", (jnp.array([0.5, 1.0]),)),
    ("fall_through", (jnp.array([-1.0, -2.0]),)),
    ("assign_chain", (jnp.arange(3.0) * 5,)),
    ("assign_chain", (jnp.array([0.5, 1.0]),)),
    ("assign_chain", (jnp.array([-1.0, -2.0]),)),
    ("or_default", (jnp.float32(0.0), jnp.float32(2.0))),
    ("or_default", (jnp.float32(3.0), jnp.float32(2.0))),
    ("loop_body", (jnp.arange(3.0),)),
    ("static_guard_first", (jnp.array([1.0, 2.0]),)),
    ("static_guard_first", (jnp.array([-1.0, -2.0]),)),
    ("static_guard_first", (jnp.ones((2, 3)),)),
    ("static_guard_assign", (jnp.array([1.0, 2.0]),)),
    ("static_guard_assign", (jnp.array([-1.0, 7.0]),)),
    ("static_guard_assign", (jnp.array([-1.0, -2.0]),)),
    ("static_guard_assign", (jnp.ones((2, 3)),)),
]
