from jax import jit
import jax


@jit
def f(x):
    jax.debug.print("{{x}} = {x:.2f} | done", x=x)
    return x
