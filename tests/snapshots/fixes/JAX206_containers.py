import jax.numpy as jnp


def stats(a, b, x):
    return jnp.sum([a, b]), jnp.max((a, b)), jnp.percentile(x, [25, 75])


RUNS = [
    ("stats", (1.0, 2.0, jnp.arange(4.0))),
]
