import jax
import jax.numpy as jnp


def scaled(w, x):
    return jnp.sum(x * w)


def train(w, batches):
    n = 0
    while n < len(batches):
        g = jax.jit(
            jax.grad(scaled),  # the gradient
        )(w, batches[n])
        w = w - 0.1 * g
        n += 1
    return w


EXAMPLES = [
    ("train", (jnp.ones(3), [jnp.full(3, 2.0), jnp.full(3, 3.0)])),
]
