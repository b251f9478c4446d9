"""`.at[]` only for values known to be JAX arrays: made by JAX, indexed as only arrays are, used
as arrays elsewhere, or a traced parameter no caller passes a list or dict; never a container."""

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def made_by_jax(x):
    y = jnp.zeros(3)
    y = y.at[0].set(x)
    return y


@jax.jit
def traced_parameter(v, x):
    v = v.at[0].set(x)
    return v


@jax.jit
def used_as_array(carry, x):
    carry = carry.at[1].add(x)
    return carry * carry.shape[0]


# --- no fix ------------------------------------------------------------------------------------


@jax.jit
def given_a_list(layers, x):
    layers[0] = x
    return layers


@jax.jit
def given_a_dict(table, x):
    table[0] = x
    return table


@jax.jit
def container_name(params, x):
    params[0] = x
    return params


def host_side():
    buffer = np.zeros(3)
    buffer[0] = 1.0
    names = ["a", "b"]
    names[0] = "c"
    return buffer, names


def main():
    x = jnp.float32(3.0)
    return given_a_list([jnp.zeros(2), jnp.ones(2)], x), given_a_dict({0: 1.0}, x), traced_parameter(jnp.zeros(3), x)
