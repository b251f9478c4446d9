"""Equinox MLP regression with filter_jit / filter_value_and_grad."""
import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np


class MLP(eqx.Module):
    layers: list
    in_size: int = eqx.field(static=True)
    activation: str = eqx.field(static=True)

    def __init__(self, in_size, width, out_size, *, key, activation="tanh"):
        k1, k2, k3 = jr.split(key, 3)
        self.layers = [
            eqx.nn.Linear(in_size, width, key=k1),
            eqx.nn.Linear(width, width, key=k2),
            eqx.nn.Linear(width, out_size, key=k3),
        ]
        self.in_size = in_size
        self.activation = activation

    def __call__(self, x):
        if x.shape[-1] != self.in_size:
            raise ValueError(f"expected {self.in_size} features, got {x.shape}")
        act = jnp.tanh if self.activation == "tanh" else jax.nn.relu
        for layer in self.layers[:-1]:
            x = act(layer(x))
        return self.layers[-1](x)


class VerboseMLP(eqx.Module):
    inner: MLP

    def __call__(self, x):
        h = self.inner(x)
        print(f"activations: {h}")  # expect: JAX106
        return h


def build_ensemble(key, n_members=2):
    keys = jr.split(key, n_members)
    first = MLP(2, 16, 1, key=keys[0])
    second = MLP(2, 16, 1, key=keys[0])  # expect: JAX102
    return [first, second]


def build_ensemble_fixed(key, n_members=2):
    keys = jr.split(key, n_members)
    return [MLP(2, 16, 1, key=k) for k in keys]


@eqx.filter_jit
def loss_fn(model, x, y, inference: bool = False, scale=1.0):
    pred = jax.vmap(model)(x)
    if inference:
        pred = jax.lax.stop_gradient(pred)
    if scale != 1.0:
        pred = pred * scale
    return jnp.mean((pred - y) ** 2)


@eqx.filter_jit
def checked_loss(model, x, y):
    pred = jax.vmap(model)(x)
    loss = jnp.mean((pred - y) ** 2)
    if jnp.any(jnp.isnan(pred)):  # expect: JAX103
        raise FloatingPointError("nan in predictions")
    return loss


@eqx.filter_jit
def report_loss(model, x, y):
    loss = jnp.mean((jax.vmap(model)(x) - y) ** 2)
    print(f"loss = {loss:.4f}")  # expect: JAX106
    return loss


@eqx.filter_jit
def augment(x, key, noise_scale=0.1):
    noise = noise_scale * jr.normal(key, x.shape)
    noise[:, -1] = 0.0  # expect: JAX104
    return x + noise


@eqx.filter_jit
def augment_fixed(x, key, noise_scale=0.1):
    noise = noise_scale * jr.normal(key, x.shape)
    noise = noise.at[:, -1].set(0.0)
    return x + noise


def make_trainer(learning_rate=0.05):
    lr = learning_rate

    @eqx.filter_jit
    def step(model, x, y):
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
        model = jax.tree.map(lambda p, g: p - lr * g, model, grads)  # expect: JAX101
        return model, loss

    def decay(factor=0.5):
        nonlocal lr
        lr = lr * factor

    return step, decay


def make_trainer_fixed():
    @eqx.filter_jit
    def step(model, x, y, lr):
        loss, grads = eqx.filter_value_and_grad(loss_fn)(model, x, y)
        params, static = eqx.partition(model, eqx.is_array)
        gparams, _ = eqx.partition(grads, eqx.is_array)
        params = jax.tree.map(lambda p, g: p - lr * g, params, gparams)
        return eqx.combine(params, static), loss

    return step


def dataset(key, n=128):
    kx, knoise = jr.split(key)
    x = jr.uniform(kx, (n, 2), minval=-1.0, maxval=1.0)
    y = jnp.sin(3 * x[:, :1]) + 0.05 * jr.normal(knoise, (n, 1))
    return x, y


def fit(steps=20, seed=0):
    key = jr.key(seed)
    key, model_key, data_key = jr.split(key, 3)
    model = MLP(2, 16, 1, key=model_key)
    x, y = dataset(data_key)
    step = make_trainer_fixed()
    losses = np.empty(steps)
    for i in range(steps):
        key, aug_key = jr.split(key)
        xa = augment_fixed(x, aug_key, noise_scale=0.05)
        model, loss = step(model, xa, y, 0.05)
        losses[i] = loss
    final = loss_fn(model, x, y, inference=True, scale=1.0)
    return model, losses, final


if __name__ == "__main__":
    _, losses, final = fit()
    print(losses[-1], final)
