import jax.numpy as jnp
import jax.random


def total(x):
    return jnp.product(x) + jnp.cumproduct(x)[-1]


def checks(x):
    return jnp.alltrue(x > 0), jnp.sometrue(x > 2), jnp.round_(x / 3, 2)


def tied(x, y):
    return 2.0 * jax.lax.tie_in(x, y + 1.0)


def kind(x):
    return isinstance(x, jnp.DeviceArray)


RUNS = [
    ("total", (jnp.arange(1.0, 4.0),)),
    ("checks", (jnp.arange(1.0, 4.0),)),
    ("tied", (jnp.ones(2), jnp.ones(2))),
]
