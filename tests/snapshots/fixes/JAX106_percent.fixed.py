"""print's %-formats, .format() and f-strings of traced values become jax.debug.print fields;
a conversion with no exact field (`%d`, `%x`, `%(name)s`, `*args`) gets no fix."""

import jax
import jax.numpy as jnp


@jax.jit
def percent_s(x):
    jax.debug.print("x is {x}", x=x)
    return x


@jax.jit
def format_method(x, y):
    jax.debug.print("x={x}", x=x)
    jax.debug.print("{x} {y}", x=x, y=y)
    return x + y


@jax.jit
def percent_specs(x, y):
    jax.debug.print("x={x:.3f}, y={y:e}; {x:g} {y!r}", x=x, y=y)
    jax.debug.print("[{x!s:>8}|{y!s:<8}|{x!s:.2}]", x=x, y=y)
    return x + y


@jax.jit
def fstring_specs(x, y):
    jax.debug.print("{x!r} {x:.3f} {y:>8.2f}", x=x, y=y)
    return x + y


@jax.jit
def separators(x, y):
    jax.debug.print("{x}, {y}", x=x, y=y)
    jax.debug.print("{}{x}", "braces {} here ", x=x)
    return x + y


# --- no fix ------------------------------------------------------------------------------------


@jax.jit
def percent_d(x, y):
    print("x=%d, y=%.3f" % (x, y))
    return x + y


@jax.jit
def percent_mapping(x):
    print("%(a)s" % {"a": x})
    return x


@jax.jit
def starred(x, y):
    print(*[x, y])
    return x + y


FORMAT = "x=%s"


@jax.jit
def format_in_a_variable(x):
    print(FORMAT % x)
    return x


def describe(v):
    return f"value {v}"


@jax.jit
def text_made_by_a_helper(x, y):
    print(describe(x), y)
    return x + y


EXAMPLES = [
    ("percent_s", (jnp.float32(1.5),)),
    ("format_method", (jnp.float32(1.5), jnp.float32(2.25))),
    ("percent_specs", (jnp.float32(1.5), jnp.float32(-2.25))),
    ("fstring_specs", (jnp.float32(1.5), jnp.float32(2.25))),
    ("separators", (jnp.float32(1.5), jnp.arange(3))),
]
