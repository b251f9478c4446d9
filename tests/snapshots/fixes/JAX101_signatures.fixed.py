"""The captured global becomes a parameter whatever the signature ends with: a positional-only
marker, keyword-only parameters with defaults, `*args`, a default, or nothing at all."""

import jax
import jax.numpy as jnp

scale = 2.0


@jax.jit
def positional_only(x, /, scale):
    return x * scale


@jax.jit
def keyword_only(x, y=1.0, *, z=2.0, scale):
    return x * scale + y + z


@jax.jit
def no_parameters(scale):
    return jnp.ones(3) * scale


@jax.jit
def starred(n, *args, scale):
    return n * scale


@jax.jit
def defaulted(x, y=3.0, *, scale):
    return x * scale + y


def run(x):
    return positional_only(x, scale=scale) + keyword_only(x, 2.0, scale=scale) + no_parameters(scale=scale) + starred(x, x, scale=scale) + defaulted(x, scale=scale)


def set_scale(value):
    global scale
    scale = value


set_scale(3.0)

EXAMPLES = [("run", (jnp.arange(3.0),))]
