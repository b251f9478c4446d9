import functools

import jax
import jax.numpy as jnp


def loss(w, x):
    return jnp.sum(x * w)


class Trainer:
    def __init__(self, lr):
        self.lr = lr

    def update(self, w, g):
        return w - self.lr * g

    def fit(self, w, batches):
        loss_jit = jax.jit(jax.grad(loss))
        update_jit = jax.jit(self.update)
        for x in batches:
            g = loss_jit(w, x)
            w = update_jit(w, g)
        return w


def sweep(w, batches):
    for x in batches:
        step = jax.jit(functools.partial(loss, w))  # reads `w`, rebound below: not hoisted
        w = w - 0.5 * step(x)
    scale = 2.0
    out = []
    jitted = jax.jit(lambda v: v * scale)
    for x in batches:
        out.append(jitted(x))
    return w, out


def fit(w, batches):
    return Trainer(0.5).fit(w, batches)


EXAMPLES = [
    ("fit", (jnp.ones(3), [jnp.full(3, 2.0), jnp.full(3, 3.0)])),
    ("sweep", (jnp.ones(3), [jnp.full(3, 2.0), jnp.full(3, 3.0)])),
]
