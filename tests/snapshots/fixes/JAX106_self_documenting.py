"""f-strings that document themselves (`{x=}`, `{x = }`, with a spec) and an f-string joined to a
plain string: the fixed `jax.debug.print` prints what the original prints run eagerly."""

import jax
import jax.numpy as jnp


@jax.jit
def documented(x):
    print(f"{x=}")
    print(f"{x = }")
    print(f"{x.sum() = :.2f}")
    return x + 1


@jax.jit
def joined(x):
    print("total " f"{x.sum()}", "and max", x.max())
    return x * 2


EXAMPLES = [
    ("documented", (jnp.arange(3.0),)),
    ("joined", (jnp.arange(4.0),)),
]
