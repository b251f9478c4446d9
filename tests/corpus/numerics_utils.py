"""Array utilities: reshapes, padding, pooling, normalisation."""
import math

import jax
import jax.numpy as jnp
import numpy as np


@jax.jit
def merge_leading(x):
    return x.reshape(jnp.prod(jnp.array(x.shape[:2])), *x.shape[2:])  # expect: JAX105


@jax.jit
def merge_leading_fixed(x):
    return x.reshape(math.prod(x.shape[:2]), *x.shape[2:])


@jax.jit
def merge_leading_np(x):
    return x.reshape(int(np.prod(x.shape[:2])), *x.shape[2:])


@jax.jit
def fill_like(x, value):
    return jnp.full(jnp.asarray(x.shape), value)  # expect: JAX105


@jax.jit
def fill_like_fixed(x, value):
    return jnp.full(jnp.shape(x), value) + jnp.zeros(jnp.size(x)).reshape(x.shape)


@jax.jit
def add_bias(x, b):
    return x + jnp.broadcast_to(b, jnp.array(x.shape))  # expect: JAX105


@jax.jit
def add_bias_fixed(x, b):
    return x + jnp.broadcast_to(b, x.shape)


@jax.jit
def tile_rows(x):
    reps = jnp.array([2, 1])  # expect: JAX105
    return jnp.tile(x, reps)


@jax.jit
def tile_rows_fixed(x):
    return jnp.tile(x, (2, 1))


@jax.jit
def upsample(x):
    factor = jnp.array(2)  # expect: JAX105
    return jnp.repeat(x, factor, axis=0)


@jax.jit
def first_half(x):
    return x[: jnp.array(x.shape[0]) // 2]  # expect: JAX105


@jax.jit
def first_half_fixed(x):
    return x[: x.shape[0] // 2]


@jax.jit
def sum_of_shifts(x):
    total = jnp.zeros_like(x)
    for s in range(jnp.asarray(x.shape[0])):  # expect: JAX105
        total = total + jnp.roll(x, s)
    return total


@jax.jit
def sum_of_shifts_fixed(x):
    total = jnp.zeros_like(x)
    for s in range(x.shape[0]):
        total = total + jnp.roll(x, s)
    return total


def total_dims(x):
    return jnp.sum(x.shape)  # expect: JAX105


def total_elements_eager(x):
    return x.reshape(jnp.array(x.shape).prod())


@jax.jit
def scaled_dot(q, k):
    return q @ k.T / jnp.sqrt(q.shape[-1])


@jax.jit
def entropy_normalized(p):
    n = p.shape[-1]
    h = -jnp.sum(p * jnp.log(p + 1e-12), axis=-1)
    return h / jnp.log(n)


@jax.jit
def mean_over_count(xs):
    count = jnp.asarray(len(xs), dtype=jnp.float32)
    return sum(xs) / count


@jax.jit
def shape_as_data(x):
    return jnp.array(x.shape) * 2, jnp.ndim(x) + jnp.zeros(())


@jax.jit
def pad_to_multiple(x, multiple=8):
    n = x.shape[0]
    target = math.ceil(n / multiple) * multiple
    pad = jnp.zeros((target - n,) + x.shape[1:], x.dtype)
    return jnp.concatenate([x, pad], axis=0)


@jax.jit
def l2_normalize(x):
    d = x.shape[-1]
    return x / jnp.linalg.norm(x, axis=-1, keepdims=True) * jnp.sqrt(jnp.float32(d))


@jax.jit
def avg_pool(x, window=2):
    n = x.shape[0] // window
    return x[: n * window].reshape(n, window, *x.shape[1:]).mean(axis=1)


if __name__ == "__main__":
    print(merge_leading_fixed(jnp.ones((2, 3, 4))).shape)
