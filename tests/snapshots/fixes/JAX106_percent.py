"""print's %-formats, .format() and f-strings of traced values become jax.debug.print fields;
a conversion with no exact field (`%d`, `%x`, `%(name)s`, `*args`) gets no fix."""

import jax
import jax.numpy as jnp


@jax.jit
def percent_s(x):
    print("x is %s" % x)
    return x


@jax.jit
def format_method(x, y):
    print("x={}".format(x))
    print("{a} {b}".format(a=x, b=y))
    return x + y


@jax.jit
def percent_specs(x, y):
    print("x=%.3f, y=%e; %g %r" % (x, y, x, y))
    print("[%8s|%-8s|%.2s]" % (x, y, x))
    return x + y


@jax.jit
def fstring_specs(x, y):
    print(f"{x!r} {x:.3f} {y:>8.2f}")
    return x + y


@jax.jit
def separators(x, y):
    print(x, y, sep=", ")
    print("braces {} here", x)
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
