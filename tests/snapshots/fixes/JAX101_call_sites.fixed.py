"""The captured value becomes a parameter only when every call site in the module can pass it:
through jax.jit(f), partial(f) and aliases, with `global` at the call site; not through vmap
(it would map the keyword over axis 0), under other decorators, nor where the name means
another variable at the call site."""

import functools
import math

import jax
import jax.numpy as jnp

scale = 1.0


@jax.jit
def apply(x, scale):
    return x * scale


apply_again = jax.jit(apply)
half = functools.partial(apply)


def set_scale(value):
    global scale
    scale = value
    return apply(jnp.ones(2), scale=scale)


def scenario():
    first = apply(jnp.ones(3), scale=scale), apply_again(jnp.ones(3), scale=scale), half(jnp.ones(3), scale=scale), jax.jit(apply)(jnp.ones(3), scale=scale)
    later = set_scale(5.0)
    return first, later, apply(jnp.ones(3), scale=scale)


def closure():
    offset = 1.0

    @jax.jit
    def shifted(x, offset):
        return x + offset

    first = shifted(jnp.zeros(2), offset=offset)
    offset = 5.0
    return first, shifted(jnp.zeros(2), offset=offset)


def schedule(x):
    lr = 0.1

    @jax.jit
    def step(v, lr):
        return v - lr * v

    first = step(x, lr=lr)
    lr = 0.01
    return first, step(first, lr=lr)


def sweep(x):
    results = []
    lr = 0.1

    @jax.jit
    def step(v, lr):  # the same name as the one above: each fix updates only its own calls
        return v - lr * v

    for lr in (0.1, 0.01):
        results.append(step(x, lr=lr))
    return results


root = math.sqrt(2.0)


@jax.jit
def rooted(x, root):
    return x * root


def roots():
    global root
    first = rooted(1.0, root=root)
    root = math.pi  # a number from math: known
    return first, rooted(1.0, root=root)


# --- no fix ------------------------------------------------------------------------------------

bias = 0.5


@jax.jit
def mapped(x):
    return x + bias


batched = jax.vmap(mapped)


def use_mapped():
    return batched(jnp.ones((2, 3)))


@jax.vmap
@jax.jit
def decorated(x):
    return x - bias


def shadowing():
    bias = 100.0
    return mapped(jnp.ones(2)) * bias


mode = "train"


@jax.jit
def by_mode(x):
    return x * 2 if mode == "train" else x  # a string cannot be a traced argument


def use_mode():
    return by_mode(1.0)


threshold = 0.5


@jax.jit
def clipped(x):
    return x if threshold > 1 else -x  # Python needs the value itself: a traced argument fails here


def use_clipped():
    return clipped(1.0)


def make_optimizer(rate):
    return lambda g: g * rate


optimizer = make_optimizer(0.1)


@jax.jit
def update(g):
    return optimizer(g)  # a function (an unknown value): jit cannot take it as an argument


def use_update():
    return update(1.0)


settings = {"lr": 0.1}


@jax.jit
def descend(x):
    return x - settings["lr"] * x  # a string is put into the dict below: not a pytree of arrays


def use_descend():
    return descend(1.0)


bias = 2.0
scale = 2.0
mode = "eval"
threshold = 2.0
settings["name"] = "sgd"
optimizer = make_optimizer(0.2)

EXAMPLES = [
    ("scenario", ()),
    ("closure", ()),
    ("schedule", (jnp.ones(2),)),
    ("sweep", (jnp.ones(2),)),
    ("roots", ()),
]
