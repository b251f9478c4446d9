"""JAX106 fixes: the text of a traced value, `str(x)` / `repr(x)` / string concatenation, becomes
a field of the `jax.debug.print` format (`{x}`, `{x!r}`), formatted from the value at run time."""

import jax
import jax.numpy as jnp


@jax.jit
def step(params, x):
    loss = jnp.mean((x @ params) ** 2)
    jax.debug.print("{params!r}", params=params)
    jax.debug.print("loss: {loss}", loss=loss)
    jax.debug.print("x={x!r} loss={loss} | end", x=x, loss=loss)
    jax.debug.print("{} {loss}", "shape " + str(x.shape), loss=loss)
    return loss


step(jnp.ones((3, 2)), jnp.ones((4, 3)))
