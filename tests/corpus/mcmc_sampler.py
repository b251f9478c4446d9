"""Random-walk Metropolis and a tiny HMC for a 2-D Gaussian target."""
from functools import partial

import jax
import jax.numpy as jnp
import jax.random as jr
from jax.lax import cond

TARGET_MEAN = jnp.array([1.0, -1.0])


def log_prob(x):
    return -0.5 * jnp.sum((x - TARGET_MEAN) ** 2)


@jax.jit
def mh_step(key, x, step_size):
    proposal = x + step_size * jr.normal(key, x.shape)
    log_u = jnp.log(jr.uniform(key))  # expect: JAX102
    accept = log_u < log_prob(proposal) - log_prob(x)
    return jnp.where(accept, proposal, x), accept


@jax.jit
def mh_step_fixed(key, x, step_size):
    prop_key, accept_key = jr.split(key)
    proposal = x + step_size * jr.normal(prop_key, x.shape)
    log_u = jnp.log(jr.uniform(accept_key))
    accept = log_u < log_prob(proposal) - log_prob(x)
    return jnp.where(accept, proposal, x), accept


@jax.jit
def mh_step_branchy(key, x, step_size):
    prop_key, accept_key = jr.split(key)
    proposal = x + step_size * jr.normal(prop_key, x.shape)
    if jnp.log(jr.uniform(accept_key)) < log_prob(proposal) - log_prob(x):  # expect: JAX103
        x = proposal
    return x


@jax.jit
def mh_step_cond(key, x, step_size):
    prop_key, accept_key = jr.split(key)
    proposal = x + step_size * jr.normal(prop_key, x.shape)
    accept = jnp.log(jr.uniform(accept_key)) < log_prob(proposal) - log_prob(x)
    return cond(accept, lambda: proposal, lambda: x)


def run_chain(key, x0, n_steps=20, step_size=0.5):
    samples = []
    x = x0
    for _ in range(n_steps):
        key, sub = jr.split(key)
        x, _ = mh_step_fixed(sub, x, step_size)
        samples.append(x)
    return jnp.stack(samples)


def run_chain_foldin(key, x0, n_steps=20, step_size=0.5):
    x = x0
    samples = []
    for i in range(n_steps):
        x, _ = mh_step_fixed(jr.fold_in(key, i), x, step_size)
        samples.append(x)
    return jnp.stack(samples)


def run_until_accepted(key, x0, n_accept=3, step_size=0.5, max_tries=50):
    x, accepted, tries = x0, 0, 0
    while accepted < n_accept and tries < max_tries:
        sub = jr.split(key)[0]  # expect: JAX102
        x, acc = mh_step_fixed(sub, x, step_size)
        accepted += int(acc)
        tries += 1
    return x, accepted


def run_until_accepted_fixed(key, x0, n_accept=3, step_size=0.5, max_tries=50):
    x, accepted, tries = x0, 0, 0
    while accepted < n_accept and tries < max_tries:
        key, sub = jr.split(key)
        x, acc = mh_step_fixed(sub, x, step_size)
        accepted += int(acc)
        tries += 1
    return x, accepted


def init_chains(key, n_chains, dim=2):
    chain_keys = jr.split(key, n_chains)
    init = jr.normal(key, (n_chains, dim))  # expect: JAX102
    return chain_keys, init


def init_chains_fixed(key, n_chains, dim=2):
    key, init_key = jr.split(key)
    chain_keys = jr.split(key, n_chains)
    return chain_keys, jr.normal(init_key, (n_chains, dim))


def parallel_chains(key, n_chains=4):
    chain_keys, init = init_chains_fixed(key, n_chains)
    return jax.vmap(run_chain_scan, in_axes=(0, 0, None))(chain_keys, init, 10)


@partial(jax.jit, static_argnums=2)
def run_chain_scan(key, x0, n_steps):
    def body(x, k):
        x, acc = mh_step_fixed(k, x, 0.5)
        return x, acc

    x, accs = jax.lax.scan(body, x0, jr.split(key, n_steps))
    rate = accs.mean()
    print("acceptance rate", rate)  # expect: JAX106
    return x


def leapfrog(q, p, step_size, n_leapfrog):
    grad = jax.grad(log_prob)
    p = p + 0.5 * step_size * grad(q)
    for _ in range(n_leapfrog - 1):
        q = q + step_size * p
        p = p + step_size * grad(q)
    q = q + step_size * p
    p = p + 0.5 * step_size * grad(q)
    return q, p


@partial(jax.jit, static_argnames=("n_leapfrog",))
def hmc_step(rng_key, q, step_size, n_leapfrog=5):
    p0 = jr.normal(rng_key, q.shape)
    q1, p1 = leapfrog(q, p0, step_size, n_leapfrog)
    log_accept = log_prob(q1) - 0.5 * p1 @ p1 - (log_prob(q) - 0.5 * p0 @ p0)
    u = jr.uniform(rng_key)  # expect: JAX102
    return jnp.where(jnp.log(u) < log_accept, q1, q)


@partial(jax.jit, static_argnames=("n_leapfrog",))
def hmc_step_fixed(rng_key, q, step_size, n_leapfrog=5):
    momentum_key, accept_key = jr.split(rng_key)
    p0 = jr.normal(momentum_key, q.shape)
    q1, p1 = leapfrog(q, p0, step_size, n_leapfrog)
    log_accept = log_prob(q1) - 0.5 * p1 @ p1 - (log_prob(q) - 0.5 * p0 @ p0)
    return jnp.where(jnp.log(jr.uniform(accept_key)) < log_accept, q1, q)


def proposal_kind(key, x, kind="gaussian"):
    if kind == "gaussian":
        return x + jr.normal(key, x.shape)
    return x + jr.uniform(key, x.shape, minval=-1.0, maxval=1.0)


if __name__ == "__main__":
    print(run_chain(jr.key(0), jnp.zeros(2)).mean(0))
