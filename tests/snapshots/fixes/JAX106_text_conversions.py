"""JAX106 fixes: the text of a traced value, `str(x)` / `repr(x)` / string concatenation, becomes
a field of the `jax.debug.print` format (`{x}`, `{x!r}`), formatted from the value at run time."""

import jax
import jax.numpy as jnp


@jax.jit
def step(params, x):
    loss = jnp.mean((x @ params) ** 2)
    print(repr(params))
    print("loss: " + str(loss))
    print("x=" + repr(x) + " loss=" + str(loss), "end", sep=" | ")
    print("shape " + str(x.shape), loss)
    return loss


step(jnp.ones((3, 2)), jnp.ones((4, 3)))
