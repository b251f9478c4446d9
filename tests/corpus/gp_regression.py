"""Exact Gaussian-process regression with an RBF kernel."""
import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
from jax import random as jr

HYPERS = {"lengthscale": 1.0, "variance": 1.0, "noise": 0.1}
JITTER = 1e-6


def rbf(x1, x2, lengthscale=1.0, variance=1.0):
    if x1.ndim == 1:
        x1 = x1[:, None]
    if x2.ndim == 1:
        x2 = x2[:, None]
    sq = jnp.sum((x1[:, None, :] - x2[None, :, :]) ** 2, axis=-1)
    return variance * jnp.exp(-0.5 * sq / lengthscale ** 2)


def gram(X, lengthscale, variance, noise):
    n = X.shape[0]
    K = rbf(X, X, lengthscale, variance)
    K[jnp.diag_indices(n)] += noise  # expect: JAX104
    return K


def gram_fixed(X, lengthscale, variance, noise):
    n = X.shape[0]
    K = rbf(X, X, lengthscale, variance)
    return K.at[jnp.diag_indices(n)].add(noise)


@jax.jit
def log_marginal_likelihood(X, y, lengthscale, variance, noise):
    n = X.shape[0]
    K = rbf(X, X, lengthscale, variance) + (noise + JITTER) * jnp.eye(n)
    L = jnp.linalg.cholesky(K)
    alpha = jsl.cho_solve((L, True), y)
    lml = -0.5 * y @ alpha - jnp.sum(jnp.log(jnp.diag(L))) - 0.5 * n * jnp.log(2 * jnp.pi)
    print("log marginal likelihood:", lml)  # expect: JAX106
    return lml


@jax.jit
def log_marginal_likelihood_quiet(X, y, lengthscale, variance, noise):
    n = X.shape[0]
    K = rbf(X, X, lengthscale, variance) + (noise + JITTER) * jnp.eye(n)
    L = jnp.linalg.cholesky(K)
    alpha = jsl.cho_solve((L, True), y)
    print("tracing lml for", n, "points")
    return -0.5 * y @ alpha - jnp.sum(jnp.log(jnp.diag(L))) - 0.5 * n * jnp.log(2 * jnp.pi)


@jax.jit
def checked_cholesky(K):
    if K.shape[0] != K.shape[1]:
        raise ValueError("K must be square")
    L = jnp.linalg.cholesky(K)
    if not jnp.all(jnp.isfinite(L)):  # expect: JAX103
        L = jnp.linalg.cholesky(K + 1e-3 * jnp.eye(K.shape[0]))
    return L


@jax.jit
def checked_cholesky_fixed(K):
    L = jnp.linalg.cholesky(K)
    L_retry = jnp.linalg.cholesky(K + 1e-3 * jnp.eye(K.shape[0]))
    return jnp.where(jnp.all(jnp.isfinite(L)), L, L_retry)


@jax.jit
def predict(X, y, X_star):
    K = rbf(X, X, HYPERS["lengthscale"], HYPERS["variance"])  # expect: JAX101
    K = K + HYPERS["noise"] * jnp.eye(X.shape[0])
    K_s = rbf(X, X_star, HYPERS["lengthscale"], HYPERS["variance"])
    L = jnp.linalg.cholesky(K)
    alpha = jsl.cho_solve((L, True), y)
    mu = K_s.T @ alpha
    v = jsl.solve_triangular(L, K_s, lower=True)
    cov = rbf(X_star, X_star, HYPERS["lengthscale"], HYPERS["variance"]) - v.T @ v
    return mu, cov


@jax.jit
def predict_fixed(X, y, X_star, hypers):
    ls, var, noise = hypers["lengthscale"], hypers["variance"], hypers["noise"]
    K = rbf(X, X, ls, var) + noise * jnp.eye(X.shape[0])
    K_s = rbf(X, X_star, ls, var)
    L = jnp.linalg.cholesky(K)
    mu = K_s.T @ jsl.cho_solve((L, True), y)
    v = jsl.solve_triangular(L, K_s, lower=True)
    return mu, rbf(X_star, X_star, ls, var) - v.T @ v


@jax.jit
def add_jitter(K):
    return K + JITTER * jnp.eye(jnp.asarray(K.shape[0]))  # expect: JAX105


def neg_lml_penalized(log_ls, X, y):
    ls = jnp.exp(log_ls)
    K = rbf(X, X, ls, 1.0) + 0.1 * jnp.eye(X.shape[0])
    L = jnp.linalg.cholesky(K)
    alpha = jsl.cho_solve((L, True), y)
    nll = 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(L)))
    if log_ls > 3.0:
        nll = nll + (log_ls - 3.0) ** 2
    return nll


def fit_lengthscale(X, y, steps=20, lr=0.05):
    log_ls = 0.0
    grad_fn = jax.grad(neg_lml_penalized)
    for _ in range(steps):
        log_ls = log_ls - lr * grad_fn(log_ls, X, y)
    HYPERS.update(lengthscale=float(jnp.exp(log_ls)))
    return HYPERS


def largest_dim(X):
    return int(jnp.max(X.shape))  # expect: JAX105


def posterior_samples(key, mu, cov):
    first = jr.multivariate_normal(key, mu, cov + JITTER * jnp.eye(mu.shape[0]))
    second = jr.multivariate_normal(key, mu, cov + JITTER * jnp.eye(mu.shape[0]))  # expect: JAX102
    return jnp.stack([first, second])


def posterior_samples_fixed(key, mu, cov, num_samples=2):
    keys = jr.split(key, num_samples)
    chol_cov = cov + JITTER * jnp.eye(mu.shape[0])
    return jax.vmap(lambda k: jr.multivariate_normal(k, mu, chol_cov))(keys)


def toy_data(key, n=20):
    kx, ke = jr.split(key)
    X = jnp.sort(jr.uniform(kx, (n,), minval=-3.0, maxval=3.0))
    y = jnp.sin(X) + 0.1 * jr.normal(ke, (n,))
    return X, y


if __name__ == "__main__":
    X, y = toy_data(jr.key(0))
    fit_lengthscale(X, y)
    mu, cov = predict_fixed(X, y, jnp.linspace(-3, 3, 5), HYPERS)
    print(mu)
