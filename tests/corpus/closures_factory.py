"""Factories and module-level state around jitted functions."""
import types

import jax
import jax.numpy as jnp
import numpy as np

EPS = 1e-6
HIDDEN = 8
HIDDEN = HIDDEN * 2
SCALES = np.ones(3, dtype=np.float32)
MODEL_CFG = types.SimpleNamespace(dropout=0.1, temperature=2.0)
THRESHOLD = 0.5
OFFSET = 1.0
LOG = []


def make_warmup_step(base_lr=0.1, warmup=3):
    seen = []

    @jax.jit
    def lr_for_step():
        frac = min(1.0, (len(seen) + 1) / warmup)  # expect: JAX101
        return base_lr * frac

    def record(loss):
        seen.append(loss)

    return lr_for_step, record


def make_warmup_step_fixed(base_lr=0.1, warmup=3):
    @jax.jit
    def lr_for_step(step):
        return base_lr * jnp.minimum(1.0, (step + 1) / warmup)

    return lr_for_step


def set_scale(i, value):
    SCALES[i] = value


@jax.jit
def rescale(x):
    return x * jnp.asarray(SCALES)  # expect: JAX101


@jax.jit
def rescale_fixed(x, scales):
    return x * scales


def eval_mode():
    MODEL_CFG.dropout = 0.0
    MODEL_CFG.temperature = 1.0


@jax.jit
def tempered_logits(logits):
    return logits / MODEL_CFG.temperature  # expect: JAX101


def score(x):
    return jnp.tanh(x + OFFSET)  # expect: JAX101


batched_score = jax.jit(jax.vmap(score))


def shift(delta):
    global OFFSET
    OFFSET = OFFSET + delta


def classify(x):
    return (x > THRESHOLD).astype(jnp.int32)  # expect: JAX101


classify_jit = jax.jit(classify)


@jax.jit
def layer_norm(x):
    mean = x.mean(-1, keepdims=True)
    return (x - mean) / jnp.sqrt(x.var(-1, keepdims=True) + EPS)


@jax.jit
def project(x):
    w = jnp.ones((x.shape[-1], HIDDEN)) / HIDDEN
    return layer_norm(x @ w)


@jax.jit
def local_shadow(x):
    THRESHOLD = 0.0
    OFFSET = jnp.float32(2.0)
    return (x > THRESHOLD) * OFFSET


@jax.jit
def param_shadow(x, SCALES):
    return x * SCALES


@jax.jit
def logged(x):
    y = x * 2
    jax.debug.callback(lambda v: LOG.append(float(v.sum()) + OFFSET), y)
    return y


def host_only(x):
    return np.asarray(x) * SCALES + OFFSET


if __name__ == "__main__":
    x = jnp.ones(3)
    print(classify_jit(x))
    for _ in range(3):
        THRESHOLD += 0.25
        print(classify_jit(x), batched_score(x))
