from jax import jit


@jit
def f(x):
    print(f"{{x}} = {x:.2f}", "done", sep=" | ")
    return x
