import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    jax.debug.print("loss {x}", x=x)
    jax.debug.print("x = {x}, y={y:.3f} {{lit}} {!r}", x + 1, x=x, y=y)
    jax.debug.print("{}{x}, {}!", "a{b}, ", y * 2, x=x)
    jax.debug.print('x={x!r} it\'s "q" {x}', x=x)
    jax.debug.print("multi {x}", x=x)
    return x
