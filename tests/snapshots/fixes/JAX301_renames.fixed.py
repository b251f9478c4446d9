import jax
import jax.tree_util as tu
from jax import numpy as jnp
from jax.tree import map as tree_map


def scale(params, factor):
    return jax.tree.map(lambda p: p * factor, params)


def add(a, b):
    return jax.tree.map(lambda x, y: x + y, a, b)


def count(params):
    leaves, _ = jax.tree.flatten(params)
    return len(jax.tree.leaves(params)) + len(leaves)


def zeros(params):
    return tree_map(jnp.zeros_like, params)


RUNS = [
    ("scale", ({"a": jnp.ones(2)}, 2.0)),
    ("add", ([jnp.ones(2)], [jnp.ones(2)])),
    ("count", ({"a": jnp.ones(2), "b": [jnp.ones(1)]},)),
    ("zeros", ({"a": jnp.ones(2)},)),
]
