import jax.numpy as jnp
import jax.random


def total(x):
    return jnp.prod(x) + jnp.cumprod(x)[-1]


def checks(x):
    return jnp.all(x > 0), jnp.any(x > 2), jnp.round(x / 3, 2)


def tied(x, y):
    return 2.0 * (y + 1.0)


def kind(x):
    return isinstance(x, jax.Array)


RUNS = [
    ("total", (jnp.arange(1.0, 4.0),)),
    ("checks", (jnp.arange(1.0, 4.0),)),
    ("tied", (jnp.ones(2), jnp.ones(2))),
]
