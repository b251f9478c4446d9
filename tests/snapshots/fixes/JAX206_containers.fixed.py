import jax.numpy as jnp


def stats(a, b, x):
    return jnp.sum(jnp.asarray([a, b])), jnp.max(jnp.asarray((a, b))), jnp.percentile(x, jnp.asarray([25, 75]))


RUNS = [
    ("stats", (1.0, 2.0, jnp.arange(4.0))),
]
