"""f-strings that document themselves (`{x=}`, `{x = }`, with a spec) and an f-string joined to a
plain string: the fixed `jax.debug.print` prints what the original prints run eagerly."""

import jax
import jax.numpy as jnp


@jax.jit
def documented(x):
    jax.debug.print("x={x!r}", x=x)
    jax.debug.print("x = {x!r}", x=x)
    jax.debug.print("x.sum() = {:.2f}", x.sum())
    return x + 1


@jax.jit
def joined(x):
    jax.debug.print("total {} and max {}", x.sum(), x.max())
    return x * 2


EXAMPLES = [
    ("documented", (jnp.arange(3.0),)),
    ("joined", (jnp.arange(4.0),)),
]
