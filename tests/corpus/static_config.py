"""Config-driven layers: every flavour of static arguments to jit."""
from functools import partial

import jax
import jax.numpy as jnp
from jax import jit

ACTIVATIONS = {"relu": jax.nn.relu, "gelu": jax.nn.gelu, "tanh": jnp.tanh}


def dense(w, b, x, activation="relu", use_bias=True):
    y = x @ w
    if use_bias:
        y = y + b
    if activation == "relu":
        return jax.nn.relu(y)
    elif activation == "gelu":
        return jax.nn.gelu(y)
    return y


dense_jit = jax.jit(dense, static_argnums=(3, 4))
dense_jit_names = jax.jit(dense, static_argnames=("activation", "use_bias"))


@partial(jax.jit, static_argnums=-1)
def repeat_layer(w, x, n_layers):
    for _ in range(n_layers):
        x = jnp.tanh(x @ w)
    if n_layers > 2:
        x = x / n_layers
    return x


@partial(jit, static_argnums=(-2, -1))
def pooled(x, pool, axis):
    if pool == "max":
        return x.max(axis=axis)
    if pool == "mean":
        return x.mean(axis=axis)
    raise ValueError(pool)


@jax.jit(static_argnames=("normalize", "eps"))
def standardize(x, normalize=True, eps=1e-5):
    if normalize and eps > 0:
        return (x - x.mean()) / (x.std() + eps)
    return x - x.mean()


@jax.jit(static_argnames="axis")
def softmax_t(x, temperature, axis=-1):
    if temperature <= 0:  # expect: JAX103
        return jax.nn.one_hot(jnp.argmax(x, axis=axis), x.shape[axis])
    return jax.nn.softmax(x / temperature, axis=axis)


def residual_stack(w, x, depth, scale):
    for _ in range(depth):
        x = x + scale * jnp.tanh(x @ w)
    if scale > 1.0:  # expect: JAX103
        x = x / scale
    return x


residual_stack_jit = jax.jit(residual_stack, static_argnums=2)
residual_stack_ok = jax.jit(residual_stack, static_argnums=(2, 3))


def gated(x, gate, mode):
    if mode == 1:
        return x * jax.nn.sigmoid(gate)
    return x * (gate > 0)


gated_jit = jit(gated, static_argnums=2)


def clamp(x, lo, hi, enabled):
    if enabled:  # expect: JAX103
        return jnp.clip(x, lo, hi)
    return x


clamp_jit = partial(jax.jit, static_argnames=("lo", "hi"))(clamp)


@jax.jit
def apply_activation(x, name="relu", config=None):
    if config is not None and config.get("skip"):
        return x
    fn = ACTIVATIONS[name]
    return fn(x)


@partial(jax.jit, static_argnames=("training",))
def dropout(key, x, rate, training=False):
    if not training:
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


@jax.jit
def dropout_traced(key, x, rate, training=False):
    if not training:  # expect: JAX103
        return x
    keep = jax.random.bernoulli(key, 1.0 - rate, x.shape)
    return jnp.where(keep, x / (1.0 - rate), 0.0)


@jax.jit
def maybe_transpose(x, y):
    if x.shape[-1] != y.shape[0] and x.shape[0] == y.shape[0]:
        x = x.T
    if x.dtype != y.dtype:
        y = y.astype(x.dtype)
    return x @ y


def run_all():
    k = jax.random.key(0)
    w = jnp.eye(3)
    x = jnp.ones((2, 3))
    outs = [
        dense_jit(w, jnp.zeros(3), x, "gelu", False),
        dense_jit_names(w, jnp.zeros(3), x, activation="tanh", use_bias=True),
        repeat_layer(w, x, 3),
        pooled(x, "max", 1),
        standardize(x, normalize=False),
        residual_stack_ok(w, x, 2, 0.5),
        gated_jit(x, x, 1),
        apply_activation(x),
        dropout(k, x, 0.1, training=True),
        dropout_traced(k, x, 0.1),
        maybe_transpose(x, jnp.ones((3, 2))),
    ]
    return outs


def run_buggy():
    w = jnp.eye(3)
    x = jnp.ones((2, 3))
    return [
        residual_stack_jit(w, x, 2, 0.5),
        softmax_t(x, 0.5, axis=0),
        clamp_jit(x, lo=0.0, hi=1.0, enabled=True),
        dropout_traced(jax.random.key(1), x, 0.1, training=True),
    ]


if __name__ == "__main__":
    print(len(run_all()))
