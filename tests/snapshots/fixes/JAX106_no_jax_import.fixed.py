import jax
from jax import jit


@jit
def f(x):
    jax.debug.print("{}{x:.2f} | done", "{x} = ", x=x)
    return x
