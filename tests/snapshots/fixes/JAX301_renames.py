import jax
import jax.tree_util as tu
from jax import numpy as jnp, tree_map


def scale(params, factor):
    return jax.tree_map(lambda p: p * factor, params)


def add(a, b):
    return tu.tree_multimap(lambda x, y: x + y, a, b)


def count(params):
    leaves, _ = jax.tree_flatten(params)
    return len(jax.tree_leaves(params)) + len(leaves)


def zeros(params):
    return tree_map(jnp.zeros_like, params)


RUNS = [
    ("scale", ({"a": jnp.ones(2)}, 2.0)),
    ("add", ([jnp.ones(2)], [jnp.ones(2)])),
    ("count", ({"a": jnp.ones(2), "b": [jnp.ones(1)]},)),
    ("zeros", ({"a": jnp.ones(2)},)),
]
