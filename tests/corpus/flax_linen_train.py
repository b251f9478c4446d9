"""Flax linen MLP classifier trained with optax (TrainState style)."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
import flax.linen as nn
from flax.training import train_state

NUM_CLASSES = 10
LABEL_SMOOTHING = 0.0


class MLP(nn.Module):
    hidden: int = 64
    num_classes: int = NUM_CLASSES
    dropout_rate: float = 0.1
    activation: str = "relu"

    @nn.compact
    def __call__(self, x, train: bool = False):
        if x.ndim > 2:
            x = x.reshape((x.shape[0], -1))
        x = nn.Dense(self.hidden)(x)
        if self.activation == "relu":
            x = nn.relu(x)
        else:
            x = nn.gelu(x)
        x = nn.Dropout(self.dropout_rate, deterministic=not train)(x)
        return nn.Dense(self.num_classes)(x)


class DebugHead(nn.Module):
    features: int = NUM_CLASSES

    @nn.compact
    def __call__(self, x):
        logits = nn.Dense(self.features)(x)
        print("head logits:", logits)  # expect: JAX106
        print("head input shape", x.shape, "features", self.features)
        return logits


def set_label_smoothing(value):
    global LABEL_SMOOTHING
    LABEL_SMOOTHING = value


def create_state(rng, model, learning_rate, input_shape):
    params = model.init(rng, jnp.ones(input_shape))["params"]
    tx = optax.adamw(learning_rate)
    return train_state.TrainState.create(apply_fn=model.apply, params=params, tx=tx)


@partial(jax.jit, static_argnames=("num_classes",))
def train_step(state, batch, dropout_rng, num_classes=NUM_CLASSES):
    def loss_fn(params):
        logits = state.apply_fn(
            {"params": params}, batch["image"], train=True, rngs={"dropout": dropout_rng}
        )
        labels = optax.smooth_labels(
            jax.nn.one_hot(batch["label"], num_classes), LABEL_SMOOTHING  # expect: JAX101
        )
        return optax.softmax_cross_entropy(logits, labels).mean(), logits

    (loss, logits), grads = jax.value_and_grad(loss_fn, has_aux=True)(state.params)
    state = state.apply_gradients(grads=grads)
    if num_classes > 2:
        acc = jnp.mean(jnp.argmax(logits, -1) == batch["label"])
    else:
        acc = jnp.mean((logits[:, 0] > 0) == batch["label"])
    return state, {"loss": loss, "accuracy": acc}


@jax.jit
def eval_step(state, batch):
    logits = state.apply_fn({"params": state.params}, batch["image"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
    if jnp.isnan(loss):  # expect: JAX103
        loss = jnp.zeros_like(loss)
    return loss


@jax.jit
def safe_eval_step(state, batch):
    logits = state.apply_fn({"params": state.params}, batch["image"])
    loss = optax.softmax_cross_entropy_with_integer_labels(logits, batch["label"]).mean()
    return jnp.where(jnp.isnan(loss), 0.0, loss)


@jax.jit
def debug_head_apply(params, x):
    return DebugHead().apply({"params": params}, x)


def make_batch(rng, batch_size=8, dim=16):
    k_img, k_lbl = jax.random.split(rng)
    image = jax.random.normal(k_img, (batch_size, dim))
    label = jax.random.randint(k_lbl, (batch_size,), 0, NUM_CLASSES)
    return {"image": image, "label": label}


def train(seed=0, epochs=3, learning_rate=1e-3):
    rng = jax.random.key(seed)
    rng, init_rng, data_rng = jax.random.split(rng, 3)
    model = MLP()
    state = create_state(init_rng, model, learning_rate, (1, 16))
    history = np.zeros(epochs)
    metrics_log = {}
    for epoch in range(epochs):
        rng, dropout_rng, batch_rng = jax.random.split(rng, 3)
        batch = make_batch(batch_rng)
        state, metrics = train_step(state, batch, dropout_rng)
        history[epoch] = float(metrics["loss"])
        metrics_log[epoch] = metrics
    return state, history, metrics_log


def train_quick(seed=0, learning_rate=1e-3):
    rng = jax.random.key(seed)
    init_rng, dropout_rng = jax.random.split(rng)
    state = create_state(init_rng, MLP(), learning_rate, (1, 16))
    batch = make_batch(rng)  # expect: JAX102
    return train_step(state, batch, dropout_rng)


if __name__ == "__main__":
    state, history, _ = train()
    print("loss history", history)
    set_label_smoothing(0.1)
    state, history, _ = train()
    print("loss history (smoothed)", history)
