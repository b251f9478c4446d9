"""Whatever the form of the assigned value, it becomes the one argument of the `.at[]` update:
a tuple with or without its parentheses, a value in parentheses, one continued on the next line."""

import jax
import jax.numpy as jnp


@jax.jit
def rows(x):
    y = jnp.zeros((4, 2))
    y = y.at[0].set((x, x))
    y = y.at[1].set((x, 2 * x))
    y = y.at[2].set(((x, 3 * x)))
    y = y.at[3].set((x) + (x))
    return y


@jax.jit
def continued(x):
    y = jnp.zeros(3)
    y = y.at[0].set(\
        x)
    y = y.at[1].subtract((x) * 2); y = y.at[2].set(  # two
        2 * x
    )
    return y


RUNS = [
    ("rows", (jnp.float32(1.0),)),
    ("continued", (jnp.float32(1.0),)),
]
