"""A parameter that the jit-compiled function only passes on to a helper's Python `if` becomes
static where jit is applied to the compiled function."""

import jax
import jax.numpy as jnp


def bounded_loop(cond_fun, body_fun, init_val, max_steps):
    if max_steps == 1:
        return body_fun(init_val)
    return jax.lax.while_loop(cond_fun, body_fun, init_val)


def solve(y0, max_steps):
    return bounded_loop(lambda y: y < 10.0, lambda y: y * 2.0, y0, max_steps)


solve_jit = jax.jit(solve)


def run(y0, max_steps):
    return solve_jit(y0, max_steps)


# --- not static: the compiled function also uses the parameter as an array (jnp.where instead) --


def doubled_above(x, n):
    if n > 2:
        return x * 2
    return x


@jax.jit
def shifted(x, n):
    return doubled_above(x, n) + n


EXAMPLES = [
    ("run", (jnp.float32(1.0), 100)),
    ("run", (jnp.float32(1.0), 1)),
]
