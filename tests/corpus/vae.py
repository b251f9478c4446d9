"""Variational autoencoder on 8x8 'images' with flax.linen."""
import math

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import random

IMG_SHAPE = (8, 8)
LATENTS = 4


class Encoder(nn.Module):
    latents: int = LATENTS

    @nn.compact
    def __call__(self, x):
        x = x.reshape((x.shape[0], math.prod(x.shape[1:])))
        x = nn.relu(nn.Dense(32)(x))
        mean = nn.Dense(self.latents)(x)
        logvar = nn.Dense(self.latents)(x)
        return mean, logvar


class Decoder(nn.Module):
    out_shape: tuple = IMG_SHAPE

    @nn.compact
    def __call__(self, z):
        z = nn.relu(nn.Dense(32)(z))
        z = nn.Dense(math.prod(self.out_shape))(z)
        return z.reshape((z.shape[0],) + tuple(self.out_shape))


class FlatDecoder(nn.Module):
    @nn.compact
    def __call__(self, z, template):
        z = nn.Dense(template.shape[1] * template.shape[2])(z)
        flat = template.reshape(template.shape[0], jnp.prod(jnp.asarray(template.shape[1:])))  # expect: JAX105
        return z + flat


def reparameterize(rng, mean, logvar):
    std = jnp.exp(0.5 * logvar)
    eps = random.normal(rng, logvar.shape)
    return mean + eps * std


class VAE(nn.Module):
    latents: int = LATENTS

    def setup(self):
        self.encoder = Encoder(self.latents)
        self.decoder = Decoder()

    def __call__(self, x, z_rng):
        mean, logvar = self.encoder(x)
        z = reparameterize(z_rng, mean, logvar)
        return self.decoder(z), mean, logvar

    def generate(self, z):
        return nn.sigmoid(self.decoder(z))


def kl_divergence(mean, logvar):
    return -0.5 * jnp.sum(1 + logvar - jnp.square(mean) - jnp.exp(logvar), axis=-1)


def bernoulli_nll(logits, x):
    return -jnp.sum(x * jax.nn.log_sigmoid(logits) + (1 - x) * jax.nn.log_sigmoid(-logits), axis=(1, 2))


def gaussian_nll(x, mean):
    d = x.shape[-1] * x.shape[-2]
    return 0.5 * jnp.sum((x - mean) ** 2, axis=(1, 2)) + 0.5 * d * jnp.log(2 * jnp.pi)


TX = optax.adam(1e-3)


@jax.jit
def train_step(params, opt_state, batch, z_rng):
    def loss_fn(params):
        recon, mean, logvar = VAE().apply({"params": params}, batch, z_rng)
        kl = kl_divergence(mean, logvar).mean()
        assert kl >= 0, "KL must be non-negative"  # expect: JAX103
        return bernoulli_nll(recon, batch).mean() + kl

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = TX.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


@jax.jit
def train_step_fixed(params, opt_state, batch, z_rng):
    def loss_fn(params):
        recon, mean, logvar = VAE().apply({"params": params}, batch, z_rng)
        kl = kl_divergence(mean, logvar).mean()
        return bernoulli_nll(recon, batch).mean() + kl

    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = TX.update(grads, opt_state)
    return optax.apply_updates(params, updates), opt_state, loss


@jax.jit
def eval_step(params, batch, z_rng):
    recon, mean, logvar = VAE().apply({"params": params}, batch, z_rng)
    kl = kl_divergence(mean, logvar).mean()
    print("eval kl", kl.mean())  # expect: JAX106
    return bernoulli_nll(recon, batch).mean() + kl


@jax.jit
def eval_step_quiet(params, batch, z_rng):
    recon, mean, logvar = VAE().apply({"params": params}, batch, z_rng)
    kl = kl_divergence(mean, logvar).mean()
    jax.debug.callback(lambda v: print("eval kl", float(v)), kl)
    return bernoulli_nll(recon, batch).mean() + kl


@jax.jit
def reconstruct(params, batch, z_rng):
    recon, _, _ = VAE().apply({"params": params}, batch, z_rng)
    return nn.sigmoid(recon)


def comparison_grid(params, batch, z_rng, n=4):
    recon = reconstruct(params, batch[:n], z_rng)
    recon[0] = batch[0]  # expect: JAX104
    return jnp.concatenate([batch[:n], recon], axis=0)


def comparison_grid_numpy(params, batch, z_rng, n=4):
    recon = np.array(reconstruct(params, batch[:n], z_rng))
    recon[0] = np.asarray(batch[0])
    grid = np.concatenate([np.asarray(batch[:n]), recon], axis=0)
    grid[:, 0, :] = 1.0
    return grid


def make_state(rng):
    params = VAE().init(rng, jnp.ones((1,) + IMG_SHAPE), random.key(0))["params"]
    return params, TX.init(params)


def fake_images(key, n=16):
    return (random.uniform(key, (n,) + IMG_SHAPE) > 0.5).astype(jnp.float32)


def train(seed=0, steps=3):
    rng = random.key(seed)
    rng, init_rng, data_rng = random.split(rng, 3)
    params, opt_state = make_state(init_rng)
    batch = fake_images(data_rng)
    losses = []
    for _ in range(steps):
        rng, z_rng, eval_rng = random.split(rng, 3)
        params, opt_state, loss = train_step_fixed(params, opt_state, batch, z_rng)
        losses.append(float(eval_step_quiet(params, batch, eval_rng)))
    return params, losses


def evaluate_twice(params, batch, rng):
    rng, z_rng = random.split(rng)
    loss = eval_step_quiet(params, batch, z_rng)
    val_loss = eval_step_quiet(params, batch[::-1], z_rng)  # expect: JAX102
    return loss, val_loss, rng


if __name__ == "__main__":
    print(train()[1])
