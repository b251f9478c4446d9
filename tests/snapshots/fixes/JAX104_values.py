"""Whatever the form of the assigned value, it becomes the one argument of the `.at[]` update:
a tuple with or without its parentheses, a value in parentheses, one continued on the next line."""

import jax
import jax.numpy as jnp


@jax.jit
def rows(x):
    y = jnp.zeros((4, 2))
    y[0] = (x, x)
    y[1] = x, 2 * x
    y[2] = ((x, 3 * x))
    y[3] = (x) + (x)
    return y


@jax.jit
def continued(x):
    y = jnp.zeros(3)
    y[0] = \
        x
    y[1] -= (x) * 2; y[2] = (  # two
        2 * x
    )
    return y


RUNS = [
    ("rows", (jnp.float32(1.0),)),
    ("continued", (jnp.float32(1.0),)),
]
