"""`jnp.where` over the fields of a NamedTuple built from jnp results, with a module's number
(`jnp.inf`) as the other arm, and an `and` of traced tests (`jnp.logical_and`)."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class Output(NamedTuple):
    errors: jax.Array
    cost: jax.Array
    converged: jax.Array


def solve(a, b):
    errors = jnp.abs(a - b)
    return Output(errors, jnp.sum(a * b), jnp.all(errors < 1.0))


@jax.jit
def cost(a, b):
    out = solve(a, b)
    if out.errors[-1] < 1 and out.converged:
        return out.cost
    return jnp.inf


EXAMPLES = [
    ("cost", (jnp.ones(3), jnp.ones(3))),
    ("cost", (jnp.ones(3), jnp.zeros(3) + 5)),
    ("cost", (jnp.zeros(3), jnp.array([5.0, 0.0, 0.0]))),
]
