"""DDPM-style forward process, denoiser stub and ancestral sampler."""
import dataclasses
import math
from functools import partial

import jax
import jax.numpy as jnp
import jax.random as jr

NUM_TIMESTEPS = 50
BETAS = jnp.linspace(1e-4, 0.02, NUM_TIMESTEPS)
ALPHAS = 1.0 - BETAS
ALPHAS_CUMPROD = jnp.cumprod(ALPHAS)


@dataclasses.dataclass
class SamplerConfig:
    guidance: float = 3.0
    clip_denoised: bool = True


SAMPLER_CFG = SamplerConfig()


def timestep_embedding(t, dim):
    half = dim // 2
    freqs = jnp.exp(-jnp.log(10000.0) * jnp.arange(half) / half)
    args = t[:, None].astype(jnp.float32) * freqs[None]
    return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


@partial(jax.jit, static_argnums=1)
def timestep_embedding_jit(t, dim):
    half = jnp.floor_divide(dim, 2)  # expect: JAX105
    freqs = jnp.exp(-math.log(10000.0) * jnp.arange(half) / half)
    args = t[:, None].astype(jnp.float32) * freqs[None]
    return jnp.concatenate([jnp.sin(args), jnp.cos(args)], axis=-1)


def init_denoiser(key, dim, emb_dim=8):
    k1, k2 = jr.split(key)
    return {"w_x": 0.1 * jr.normal(k1, (dim, dim)), "w_t": 0.1 * jr.normal(k2, (emb_dim, dim))}


def denoiser(params, x, t, emb_dim=8):
    emb = timestep_embedding(t, emb_dim)
    return jnp.tanh(x @ params["w_x"] + emb @ params["w_t"])


@jax.jit
def q_sample(x0, t, noise):
    a = ALPHAS_CUMPROD[t][:, None]
    return jnp.sqrt(a) * x0 + jnp.sqrt(1.0 - a) * noise


def diffusion_loss(params, x0, key):
    t = jr.randint(key, (x0.shape[0],), 0, NUM_TIMESTEPS)
    noise = jr.normal(key, x0.shape)  # expect: JAX102
    xt = q_sample(x0, t, noise)
    return jnp.mean((denoiser(params, xt, t) - noise) ** 2)


def diffusion_loss_fixed(params, x0, key):
    t_key, noise_key = jr.split(key)
    t = jr.randint(t_key, (x0.shape[0],), 0, NUM_TIMESTEPS)
    noise = jr.normal(noise_key, x0.shape)
    xt = q_sample(x0, t, noise)
    return jnp.mean((denoiser(params, xt, t) - noise) ** 2)


@jax.jit
def guided_eps(params, x, t, cond_shift):
    eps_uncond = denoiser(params, x, t)
    eps_cond = denoiser(params, x + cond_shift, t)
    return eps_uncond + SAMPLER_CFG.guidance * (eps_cond - eps_uncond)  # expect: JAX101


@jax.jit
def guided_eps_fixed(params, x, t, cond_shift, guidance):
    eps_uncond = denoiser(params, x, t)
    eps_cond = denoiser(params, x + cond_shift, t)
    return eps_uncond + guidance * (eps_cond - eps_uncond)


@jax.jit
def p_sample(params, x, key, t):
    t_vec = jnp.full((x.shape[0],), t)
    eps = denoiser(params, x, t_vec)
    coef = BETAS[t] / jnp.sqrt(1.0 - ALPHAS_CUMPROD[t])
    mean = (x - coef * eps) / jnp.sqrt(ALPHAS[t])
    if t == 0:  # expect: JAX103
        return mean
    return mean + jnp.sqrt(BETAS[t]) * jr.normal(key, x.shape)


@partial(jax.jit, static_argnames=("t",))
def p_sample_static(params, x, key, t):
    t_vec = jnp.full((x.shape[0],), t)
    eps = denoiser(params, x, t_vec)
    coef = BETAS[t] / jnp.sqrt(1.0 - ALPHAS_CUMPROD[t])
    mean = (x - coef * eps) / jnp.sqrt(ALPHAS[t])
    if t == 0:
        return mean
    return mean + jnp.sqrt(BETAS[t]) * jr.normal(key, x.shape)


@jax.jit
def p_sample_where(params, x, key, t):
    t_vec = jnp.full((x.shape[0],), t)
    eps = denoiser(params, x, t_vec)
    coef = BETAS[t] / jnp.sqrt(1.0 - ALPHAS_CUMPROD[t])
    mean = (x - coef * eps) / jnp.sqrt(ALPHAS[t])
    noise = jnp.sqrt(BETAS[t]) * jr.normal(key, x.shape)
    print(f"p_sample_where traced for x of shape {x.shape}")
    return jnp.where(t == 0, mean, mean + noise)


@partial(jax.jit, static_argnums=(2, 3))
def sample_loop(params, key, shape, num_steps):
    key, init_key = jr.split(key)
    x = jr.normal(init_key, shape)
    for i in reversed(range(num_steps)):
        x = p_sample_where(params, x, jr.fold_in(key, i), i)
        print(f"step {i}: mean {x.mean()}")  # expect: JAX106
    return x


def sample_scan(params, key, shape, num_steps=NUM_TIMESTEPS):
    key, init_key = jr.split(key)
    x = jr.normal(init_key, shape)

    def body(x, t):
        step_key = jr.fold_in(key, t)
        x = p_sample_where(params, x, step_key, t)
        if SAMPLER_CFG.clip_denoised:
            x = jnp.clip(x, -3.0, 3.0)
        return x, None

    x, _ = jax.lax.scan(body, x, jnp.arange(num_steps)[::-1])
    return x


def sample_python_loop(params, key, shape, num_steps=10):
    key, init_key = jr.split(key)
    x = jr.normal(init_key, shape)
    for t in reversed(range(num_steps)):
        key, step_key = jr.split(key)
        x = p_sample_static(params, x, step_key, t=t)
    return x


def set_guidance(value):
    SAMPLER_CFG.guidance = value


if __name__ == "__main__":
    params = init_denoiser(jr.key(0), 4)
    print(sample_scan(params, jr.key(1), (2, 4)).shape)
