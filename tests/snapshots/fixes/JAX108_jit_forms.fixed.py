"""`static_argnames` added wherever the function is compiled: a parenthesized string already there,
`static_argnums` given (the position goes there too), and a `jax.jit(f)` call of the module's `f`,
not of another function's local `f`."""

import jax
import jax.numpy as jnp
from functools import partial


@partial(jax.jit, static_argnames=("mode", "n"))
def named(x, mode, n):
    return jnp.zeros(int(n)) + x


@partial(jax.jit, static_argnums=(2, 1))
def numbered(x, n, size):
    return jnp.ones(int(n)) * x + size


def called(x, n):
    return jnp.zeros(int(n)) + x


called_jit = jax.jit(called, static_argnames=("n",))


def elsewhere():
    def called(x, n):
        return x + n

    return jax.jit(called)


EXAMPLES = [
    ("named", (1.0, "a", 3)),
    ("numbered", (2.0, 4, 1)),
    ("called_jit", (1.0, 2)),
]
