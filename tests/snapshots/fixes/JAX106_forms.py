import jax
import jax.numpy as jnp

@jax.jit
def f(x, y):
    print("loss", x)
    print(f"x = {x}, y={y:.3f} {{lit}} {x + 1!r}", sep="")
    print("a{b}", x, y * 2, sep=", ", end="!\n")
    print(f"{x=}", 'it\'s "q"', x)
    print(
        "multi",  # comment
        x,
    )
    return x
