"""A small flax.nnx regression model with an nnx.jit training step."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx

TRAIN_CONFIG = {"grad_clip": 1.0, "weight_decay": 1e-4}
LOG_EVERY = 10


class Block(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs, use_norm=True, dropout=0.1):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.norm = nnx.LayerNorm(dout, rngs=rngs) if use_norm else None
        self.dropout = nnx.Dropout(dropout, rngs=rngs)

    def __call__(self, x):
        x = self.linear(x)
        if self.norm is not None:
            x = self.norm(x)
        return nnx.relu(self.dropout(x))


class Regressor(nnx.Module):
    def __init__(self, din, hidden, dout, *, rngs: nnx.Rngs):
        self.b1 = Block(din, hidden, rngs=rngs)
        self.b2 = Block(hidden, hidden, rngs=rngs, use_norm=False)
        self.head = nnx.Linear(hidden, dout, rngs=rngs)

    def __call__(self, x):
        if x.ndim == 1:
            x = x[None, :]
        x = self.b2(self.b1(x))
        return self.head(x)


class NormalizedHead(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs, limit=5.0):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.limit = limit

    def __call__(self, x):
        y = self.linear(x)
        peak = jnp.abs(y).max()
        if peak > self.limit:  # expect: JAX103
            y = y * (self.limit / peak)
        return y


class SafeNormalizedHead(nnx.Module):
    def __init__(self, din, dout, *, rngs: nnx.Rngs, limit=5.0):
        self.linear = nnx.Linear(din, dout, rngs=rngs)
        self.limit = limit

    def __call__(self, x):
        y = self.linear(x)
        peak = jnp.abs(y).max()
        scale = jnp.where(peak > self.limit, self.limit / peak, 1.0)
        return y * scale


def configure(grad_clip=None, weight_decay=None):
    if grad_clip is not None:
        TRAIN_CONFIG["grad_clip"] = grad_clip
    if weight_decay is not None:
        TRAIN_CONFIG["weight_decay"] = weight_decay


def build(seed=0, din=4, hidden=32, dout=2):
    rngs = nnx.Rngs(params=seed, dropout=seed + 1)
    model = Regressor(din, hidden, dout, rngs=rngs)
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    return model, optimizer


@nnx.jit
def train_step(model, optimizer, x, y):
    def loss_fn(model):
        pred = model(x)
        return jnp.mean((pred - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.tree.map(lambda g: jnp.clip(g, -TRAIN_CONFIG["grad_clip"], TRAIN_CONFIG["grad_clip"]), grads)  # expect: JAX101
    optimizer.update(model, grads)
    print("train_step loss", loss)  # expect: JAX106
    return loss


@nnx.jit
def train_step_clean(model, optimizer, x, y, clip):
    def loss_fn(model):
        return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    grads = jax.tree.map(lambda g: jnp.clip(g, -clip, clip), grads)
    optimizer.update(model, grads)
    print("compiling train_step_clean for batch", x.shape)
    jax.debug.print("loss {loss}", loss=loss)
    return loss


@nnx.jit
def masked_predict(model, x, mask_first):
    logits = model(x)
    if mask_first:  # expect: JAX103
        logits[:, 0] = -1e9  # expect: JAX104
    return logits


@nnx.jit
def masked_predict_fixed(model, x):
    logits = model(x)
    logits = logits.at[:, 0].set(-1e9)
    return logits


@nnx.jit
def head_forward(head, x):
    return head(x)


def make_data(n=64, din=4, dout=2):
    key = jax.random.key(42)
    x = jax.random.normal(key, (n, din))
    w = jax.random.normal(key, (din, dout))  # expect: JAX102
    return x, x @ w


def make_data_fixed(n=64, din=4, dout=2, seed=42):
    kx, kw, knoise = jax.random.split(jax.random.key(seed), 3)
    x = jax.random.normal(kx, (n, din))
    w = jax.random.normal(kw, (din, dout))
    noise = 0.01 * jax.random.normal(knoise, (n, dout))
    return x, x @ w + noise


def fit(steps=30):
    model, optimizer = build()
    x, y = make_data_fixed()
    losses = []
    table = np.zeros(steps)
    for step in range(steps):
        loss = train_step_clean(model, optimizer, x, y, 1.0)
        losses.append(loss)
        table[step] = float(loss)
        if step % LOG_EVERY == 0:
            print(f"step {step}: loss {float(loss):.4f}")
    return table


if __name__ == "__main__":
    configure(grad_clip=0.5)
    fit()
