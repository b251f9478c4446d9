"""A closure's variable becomes a keyword argument through jax.grad and jax.value_and_grad
(they differentiate positional arguments only and pass keywords on as they are) under jax.jit."""

import jax
import jax.numpy as jnp


def retained(v):
    a = 10.0

    def loss_sum(val):
        loss = jnp.sum(val[:2] ** 2 + val[2:] ** 3) * a
        return loss

    grad = jax.jit(jax.grad(loss_sum))
    first = grad(v)
    a = 20.0
    return first, grad(v)


def weighted(v):
    w = jnp.ones(4)

    def loss(val):
        return jnp.sum(val * w.T)

    evaluate = jax.jit(jax.value_and_grad(loss))
    first = evaluate(v)
    w = w * 3
    return first, evaluate(v)


EXAMPLES = [
    ("retained", (jnp.arange(4.0),)),
    ("weighted", (jnp.arange(4.0),)),
]
