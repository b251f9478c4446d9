import jax
import jax.numpy as jnp


@jax.jit
def zero_first(x):
    x.at[0].set(0.0)
    return x


def bump(x, rows):
    for i in rows:
        x.at[i].add(1.0)  # counted
    jnp.sort(x)
    return x


@jax.jit
def parenthesized(x):
    (x.at[0].set(1.0))
    x.at[1].set(
        2.0)
    return x
