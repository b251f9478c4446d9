"""Numerical kernels written with lax control-flow primitives."""
import jax
import jax.numpy as jnp
from jax import lax
from jax.lax import cond, fori_loop

DECAY = 0.9
TOL = 1e-6


# ---------------------------------------------------------------- scan bodies

def ema_body(avg, x):
    new = DECAY * avg + (1.0 - DECAY) * x  # expect: JAX101
    return new, new


def exponential_moving_average(xs):
    _, out = lax.scan(ema_body, xs[0], xs)
    return out


def set_decay(value):
    global DECAY
    DECAY = value


def ema_with_decay(xs, decay):
    def body(avg, x):
        new = decay * avg + (1.0 - decay) * x
        return new, new

    _, out = lax.scan(body, xs[0], xs)
    return out


def reset_accumulator(xs, limit):
    def body(total, x):
        total = total + x
        if total > limit:  # expect: JAX103
            total = jnp.zeros_like(total)
        return total, total

    return lax.scan(body, jnp.zeros(()), xs)[1]


def reset_accumulator_fixed(xs, limit):
    def body(total, x):
        total = total + x
        total = jnp.where(total > limit, 0.0, total)
        return total, total

    return lax.scan(body, jnp.zeros(()), xs)[1]


def flatten_frames(frames):
    def body(carry, frame):
        feat = frame.reshape(jnp.array(frame.shape).prod())  # expect: JAX105
        return carry + feat.sum(), feat

    return lax.scan(body, 0.0, frames)


def flatten_frames_fixed(frames):
    def body(carry, frame):
        if frame.ndim > 1:
            frame = frame.reshape(-1)
        print("scan body traced with frame shape", frame.shape)
        return carry + frame.sum(), frame

    return lax.scan(body, 0.0, frames)


def random_walk(key, n_steps):
    def body(pos, _):
        step = jax.random.normal(key, pos.shape)  # expect: JAX102
        pos = pos + step
        return pos, pos

    return lax.scan(body, jnp.zeros(2), None, length=n_steps)[1]


def random_walk_fixed(key, n_steps):
    def body(carry, _):
        pos, key = carry
        key, sub = jax.random.split(key)
        pos = pos + jax.random.normal(sub, pos.shape)
        return (pos, key), pos

    return lax.scan(body, (jnp.zeros(2), key), None, length=n_steps)[1]


# ---------------------------------------------------------- fori / while loops

def cumulative_table(n, scale):
    def body(i, buf):
        buf[i] = scale * i  # expect: JAX104
        return buf

    return fori_loop(0, n, body, jnp.zeros(n))


def cumulative_table_fixed(n, scale):
    def body(i, buf):
        return buf.at[i].set(scale * i)

    return fori_loop(0, n, body, jnp.zeros(n))


def noisy_power_iteration(mat, key, iters=5):
    def body(i, v):
        v = mat @ v
        v = v / jnp.linalg.norm(v)
        print("iteration", i, "vector", v)  # expect: JAX106
        return v

    return fori_loop(0, iters, body, jnp.ones(mat.shape[0]))


def power_iteration(mat, key, iters=5):
    def body(i, v):
        noise = 1e-3 * jax.random.normal(jax.random.fold_in(key, i), v.shape)
        v = mat @ v + noise
        jax.debug.print("iteration {i}: norm {n}", i=i, n=jnp.linalg.norm(v))
        return v / jnp.linalg.norm(v)

    return fori_loop(0, iters, body, jnp.ones(mat.shape[0]))


def dithered_sum(key, xs):
    def body(i, acc):
        return acc + xs[i] + 0.01 * jax.random.uniform(key)  # expect: JAX102

    return fori_loop(0, xs.shape[0], body, 0.0)


def newton_sqrt(a, max_iter=50):
    def cond_fun(state):
        i, x = state
        return (i < max_iter) and (jnp.abs(x * x - a) > TOL)  # expect: JAX103

    def body_fun(state):
        i, x = state
        return i + 1, 0.5 * (x + a / x)

    return lax.while_loop(cond_fun, body_fun, (0, a))[1]


def newton_sqrt_fixed(a, max_iter=50):
    def cond_fun(state):
        i, x = state
        return jnp.logical_and(i < max_iter, jnp.abs(x * x - a) > TOL)

    def body_fun(state):
        i, x = state
        return i + 1, 0.5 * (x + a / x)

    return lax.while_loop(cond_fun, body_fun, (0, a))[1]


# ------------------------------------------------------------- cond / switch

def safe_log(x):
    return cond(jnp.all(x > 0), jnp.log, lambda v: jnp.full_like(v, -jnp.inf), x)


def piecewise(x, mode):
    def low(v):
        return v * 0.5

    def mid(v):
        if v.ndim == 0:
            return v
        return v.mean() * jnp.ones_like(v)

    def high(v):
        if jnp.max(v) > 10.0:  # expect: JAX103
            return jnp.clip(v, 0.0, 10.0)
        return v

    return lax.switch(mode, [low, mid, high], x)


def piecewise_fixed(x, mode):
    branches = [lambda v: v * 0.5, lambda v: v.mean() * jnp.ones_like(v), lambda v: jnp.clip(v, 0.0, 10.0)]
    return lax.switch(mode, branches, x)


def batched_norms(xs):
    def norm(row):
        if isinstance(row, tuple):
            row = jnp.stack(row)
        return jnp.sqrt(jnp.sum(row ** 2)) / jnp.sqrt(row.shape[-1])

    return lax.map(norm, xs)


if __name__ == "__main__":
    xs = jnp.linspace(0.0, 1.0, 8)
    print(exponential_moving_average(xs))
    print(newton_sqrt_fixed(2.0))
    print(random_walk_fixed(jax.random.key(0), 4))
