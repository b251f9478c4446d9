import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    x = jnp.zeros((5, 5))
    x = x.at[0].set(1.0)  # comment
    x = x.at[1:3].add(y[0]); x = x.at[2, ].multiply(2)
    x = x.at[0, 1].set(  # inside
        3.0
    )
    return x
