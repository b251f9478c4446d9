"""A loop rewritten whole keeps its comments once: the one on its header goes to the new function's
header, those inside (the last line's included) stay in the body."""

import jax
import jax.numpy as jnp


@jax.jit
def decay(x, v):
    for k in range(40):  # each step doubles the velocity
        # the update
        x, v = x + v, v * 4.0

        v = v * 0.5  # damping
    return x, v


EXAMPLES = [("decay", (jnp.arange(3.0), jnp.ones(3)))]
