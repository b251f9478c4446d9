"""Logistic regression with optax, a hand-written LR warmup and a line search."""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax

BASE_LR = 0.1
WARMUP_STEPS = 5
GLOBAL_STEP = 0


def init_params(key, dim):
    return {"w": 0.01 * jax.random.normal(key, (dim,)), "b": jnp.zeros(())}


def logits_fn(params, x):
    return x @ params["w"] + params["b"]


def bce(params, x, y):
    z = logits_fn(params, x)
    return jnp.mean(optax.sigmoid_binary_cross_entropy(z, y))


@jax.jit
def warmup_lr():
    frac = jnp.minimum(1.0, (GLOBAL_STEP + 1) / WARMUP_STEPS)  # expect: JAX101
    return BASE_LR * frac


@jax.jit
def warmup_lr_fixed(step):
    frac = jnp.minimum(1.0, (step + 1) / WARMUP_STEPS)
    return BASE_LR * frac


def sgd_loop(params, x, y, steps=10):
    global GLOBAL_STEP
    for _ in range(steps):
        grads = jax.grad(bce)(params, x, y)
        lr = warmup_lr()
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        GLOBAL_STEP += 1
    return params


@jax.jit
def clip_by_norm(grads, max_norm):
    leaves = jax.tree.leaves(grads)
    g_norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in leaves))
    scale = 1.0 if g_norm < max_norm else max_norm / g_norm  # expect: JAX103
    return jax.tree.map(lambda g: g * scale, grads)


@jax.jit
def clip_by_norm_fixed(grads, max_norm):
    leaves = jax.tree.leaves(grads)
    g_norm = jnp.sqrt(sum(jnp.sum(g ** 2) for g in leaves))
    scale = jnp.where(g_norm < max_norm, 1.0, max_norm / g_norm)
    return jax.tree.map(lambda g: g * scale, grads)


@jax.jit
def backtracking_step(params, x, y, direction):
    t = 1.0
    base = bce(params, x, y)
    while bce(jax.tree.map(lambda p, d: p - t * d, params, direction), x, y) > base:  # expect: JAX103
        t = t * 0.5
    return jax.tree.map(lambda p, d: p - t * d, params, direction)


@jax.jit
def flatten_grads(grads):
    leaves = jax.tree.leaves(grads)
    total = jnp.sum(jnp.array([g.size for g in leaves]))  # expect: JAX105
    flat = jnp.zeros(total)
    offset = 0
    for g in leaves:
        flat = flat.at[offset:offset + g.size].set(g.ravel())
        offset += g.size
    return flat


@jax.jit
def flatten_grads_fixed(grads):
    leaves = jax.tree.leaves(grads)
    total = sum(math.prod(g.shape) for g in leaves)
    flat = jnp.zeros(total)
    return jnp.concatenate([g.reshape(-1) for g in leaves]) + flat


def make_optimizer(learning_rate=1e-2, clip=1.0):
    return optax.chain(optax.clip_by_global_norm(clip), optax.adam(learning_rate))


@partial(jax.jit, static_argnums=(4,))
def optax_step(params, opt_state, x, y, tx):
    loss, grads = jax.value_and_grad(bce)(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    params = optax.apply_updates(params, updates)
    grad_norm = optax.global_norm(grads)
    print("grad norm", grad_norm)  # expect: JAX106
    return params, opt_state, loss


@partial(jax.jit, static_argnums=-1)
def optax_step_quiet(params, opt_state, x, y, tx):
    loss, grads = jax.value_and_grad(bce)(params, x, y)
    updates, opt_state = tx.update(grads, opt_state, params)
    print("tracing optax_step_quiet with batch", x.shape, "dtype", x.dtype)
    return optax.apply_updates(params, updates), opt_state, loss


def minibatches(key, x, y, batch_size, epochs):
    n = x.shape[0]
    for epoch in range(epochs):
        perm = jax.random.permutation(key, n)  # expect: JAX102
        for start in range(0, n - batch_size + 1, batch_size):
            idx = perm[start:start + batch_size]
            yield x[idx], y[idx]


def minibatches_fixed(key, x, y, batch_size, epochs):
    n = x.shape[0]
    for epoch in range(epochs):
        perm = jax.random.permutation(jax.random.fold_in(key, epoch), n)
        for start in range(0, n - batch_size + 1, batch_size):
            idx = perm[start:start + batch_size]
            yield x[idx], y[idx]


def synthetic(key, n=64, dim=3):
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (n, dim))
    w_true = jax.random.normal(kw, (dim,))
    y = (x @ w_true > 0).astype(jnp.float32)
    return x, y


def train(seed=0, epochs=2, batch_size=16):
    key = jax.random.key(seed)
    key, data_key, init_key, shuffle_key = jax.random.split(key, 4)
    x, y = synthetic(data_key)
    params = init_params(init_key, x.shape[1])
    tx = make_optimizer()
    opt_state = tx.init(params)
    losses = []
    for xb, yb in minibatches_fixed(shuffle_key, x, y, batch_size, epochs):
        params, opt_state, loss = optax_step_quiet(params, opt_state, xb, yb, tx)
        losses.append(float(loss))
    grads = jax.grad(bce)(params, x, y)
    grads = clip_by_norm_fixed(grads, 1.0)
    flat = flatten_grads_fixed(grads)
    return params, np.asarray(losses), flat


if __name__ == "__main__":
    params, losses, flat = train()
    print(losses[-3:], flat.shape)
