"""A loop rewritten whole keeps its comments once: the one on its header goes to the new function's
header, those inside (the last line's included) stay in the body."""

import jax
import jax.numpy as jnp


@jax.jit
def decay(x, v):
    def loop_body(k, carry):  # each step doubles the velocity
        x, v = carry
        # the update
        x, v = x + v, v * 4.0

        v = v * 0.5  # damping
        return x, v

    x, v = jax.lax.fori_loop(0, 40, loop_body, (x, v))
    return x, v


EXAMPLES = [("decay", (jnp.arange(3.0), jnp.ones(3)))]
