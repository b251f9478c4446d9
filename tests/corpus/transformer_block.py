"""Pure-function multi-head attention block (no framework)."""
import math
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np

KV_CACHE = {"k": None, "v": None}
NEG_INF = -1e9


def init_block(key, d_model, d_ff):
    ks = jax.random.split(key, 4)
    scale = 1.0 / math.sqrt(d_model)
    return {
        "wqkv": scale * jax.random.normal(ks[0], (d_model, 3 * d_model)),
        "wo": scale * jax.random.normal(ks[1], (d_model, d_model)),
        "w1": scale * jax.random.normal(ks[2], (d_model, d_ff)),
        "w2": scale * jax.random.normal(ks[3], (d_ff, d_model)),
    }


def layer_norm(x, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return (x - mean) / jnp.sqrt(var + eps)


def split_heads(x, num_heads):
    b, t, d = x.shape
    return x.reshape(b, t, num_heads, d // num_heads).transpose(0, 2, 1, 3)


def split_heads_dynamic(x, num_heads):
    b, t, d = x.shape
    head_dim = jnp.array(d) // num_heads  # expect: JAX105
    return x.reshape(b, t, num_heads, head_dim).transpose(0, 2, 1, 3)


def attention(q, k, v, mask=None):
    scores = q @ k.swapaxes(-1, -2) / jnp.sqrt(q.shape[-1])
    if mask is not None:
        scores = jnp.where(mask, scores, NEG_INF)
    return jax.nn.softmax(scores, axis=-1) @ v


@partial(jax.jit, static_argnames=("num_heads", "causal"))
def mha(params, x, num_heads=4, causal=True):
    b, t, d = x.shape
    q, k, v = jnp.split(x @ params["wqkv"], 3, axis=-1)
    q, k, v = (split_heads(a, num_heads) for a in (q, k, v))
    mask = jnp.tril(jnp.ones((t, t), dtype=bool)) if causal else None
    out = attention(q, k, v, mask)
    return out.transpose(0, 2, 1, 3).reshape(b, t, d) @ params["wo"]


@jax.jit
def mha_traced_flag(params, x, causal):
    b, t, d = x.shape
    q, k, v = jnp.split(x @ params["wqkv"], 3, axis=-1)
    q, k, v = (split_heads(a, 4) for a in (q, k, v))
    mask = jnp.tril(jnp.ones((t, t), dtype=bool)) if causal else None  # expect: JAX103
    out = attention(q, k, v, mask)
    return out.transpose(0, 2, 1, 3).reshape(b, t, d) @ params["wo"]


@jax.jit
def mha_dynamic_heads(params, x):
    b, t, d = x.shape
    q, k, v = jnp.split(x @ params["wqkv"], 3, axis=-1)
    q, k, v = (split_heads_dynamic(a, 4) for a in (q, k, v))
    out = attention(q, k, v)
    return out.transpose(0, 2, 1, 3).reshape(b, t, d) @ params["wo"]


@jax.jit
def block(params, x):
    h = x + mha(params, layer_norm(x))
    ff = jax.nn.gelu(layer_norm(h) @ params["w1"]) @ params["w2"]
    return h + ff


@jax.jit
def block_with_stats(params, x):
    h = x + mha(params, layer_norm(x))
    act = jax.nn.gelu(layer_norm(h) @ params["w1"])
    sparsity = jnp.mean(act <= 0)
    print(f"ffn sparsity {sparsity}")  # expect: JAX106
    return h + act @ params["w2"]


def padding_mask(lengths, max_len):
    mask = jnp.ones((lengths.shape[0], max_len), dtype=bool)
    for i, n in enumerate(np.asarray(lengths)):
        mask[i, n:] = False  # expect: JAX104
    return mask


def padding_mask_fixed(lengths, max_len):
    return jnp.arange(max_len)[None, :] < lengths[:, None]


def padding_mask_numpy(lengths, max_len):
    mask = np.ones((len(lengths), max_len), dtype=bool)
    for i, n in enumerate(np.asarray(lengths)):
        mask[i, n:] = False
    return jnp.asarray(mask)


def sinusoid_table(n_pos, d_model):
    import numpy as jnp

    table = jnp.zeros((n_pos, d_model))
    pos = jnp.arange(n_pos)[:, None]
    div = jnp.exp(jnp.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    table[:, 0::2] = jnp.sin(pos * div)
    table[:, 1::2] = jnp.cos(pos * div)
    return table


def positions(seq_len):
    return jnp.arange(jnp.asarray(seq_len))


@jax.jit
def add_positions(x):
    t = x.shape[1]
    pos = jnp.arange(jnp.asarray(t))  # expect: JAX105
    return x + pos[None, :, None] / t


def cache_kv(k, v):
    KV_CACHE["k"] = k
    KV_CACHE["v"] = v


@jax.jit
def decode_step(params, x_t):
    q = x_t @ params["wqkv"][:, : x_t.shape[-1]]
    k_all = KV_CACHE["k"]  # expect: JAX101
    scores = q @ k_all.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(scores) @ KV_CACHE["v"]


@jax.jit
def decode_step_fixed(params, x_t, k_all, v_all):
    q = x_t @ params["wqkv"][:, : x_t.shape[-1]]
    scores = q @ k_all.T / jnp.sqrt(q.shape[-1])
    return jax.nn.softmax(scores) @ v_all


if __name__ == "__main__":
    p = init_block(jax.random.key(0), 16, 32)
    x = jax.random.normal(jax.random.key(1), (2, 5, 16))
    print(block(p, x).shape)
