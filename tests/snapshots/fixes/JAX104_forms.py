import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    x = jnp.zeros((5, 5))
    x[0] = 1.0  # comment
    x[1:3] += y[0]; x[2, ] *= 2
    x[0][1] = (  # inside
        3.0
    )
    return x
