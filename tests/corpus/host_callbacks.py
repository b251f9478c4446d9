"""Logging and host interaction from inside compiled code."""
import sys

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental import io_callback

SEEN = []


def _log_host(step, loss):
    if loss > 10.0:
        print(f"[host] step {int(step)}: loss {float(loss):.3f} is large")
    else:
        print("[host] step", step, "loss", loss)
    arr = np.array(loss).reshape(1)
    arr[0] = round(float(arr[0]), 3)
    SEEN.append(arr[0])


def _np_median(x):
    out = np.asarray(x).copy()
    out[np.isnan(out)] = 0.0
    if out.size == 0:
        return np.zeros((), out.dtype)
    return np.median(out).astype(out.dtype)


@jax.jit
def train_metric(step, params, x):
    loss = jnp.mean((x @ params) ** 2)
    jax.debug.callback(_log_host, step, loss)
    return loss


@jax.jit
def train_metric_print(step, params, x):
    loss = jnp.mean((x @ params) ** 2)
    print("step", step, "loss", loss)  # expect: JAX106
    return loss


@jax.jit
def robust_center(x):
    med = jax.pure_callback(_np_median, jax.ShapeDtypeStruct((), x.dtype), x)
    return x - med


@jax.jit
def record_io(x):
    def _record(v):
        print("recording", v)
        if v.sum() > 0:
            SEEN.append(v.copy())
        return np.int32(len(SEEN))

    count = io_callback(_record, jax.ShapeDtypeStruct((), jnp.int32), x, ordered=True)
    return x * 2, count


@jax.jit
def debug_stats(x):
    jax.debug.print("mean={m:.3f} max={M}", m=x.mean(), M=x.max())
    print("debug_stats compiled for", x.shape, x.dtype, "on", sys.platform)
    return x / (x.std() + 1e-6)


@jax.jit
def debug_stats_buggy(x):
    print("mean", x.mean(), "max", x.max(), file=sys.stderr)  # expect: JAX106
    return x / (x.std() + 1e-6)


@jax.jit
def grad_report(params, x):
    loss_fn = lambda p: jnp.sum(jnp.tanh(x @ p))
    g = jax.grad(loss_fn)(params)
    print(f"grad norm: {jnp.linalg.norm(g)}")  # expect: JAX106
    return g


def nan_guard(x):
    def check(v):
        if np.isnan(v).any():
            raise FloatingPointError("nan detected")

    jax.debug.callback(check, x)
    return jnp.nan_to_num(x)


nan_guard_jit = jax.jit(nan_guard)


def loop_with_host_logging(params, x, steps=3):
    for step in range(steps):
        loss = train_metric(step, params, x)
        print(f"step {step}: {float(loss):.4f}")
        if loss > 100:
            break
    return loss


if __name__ == "__main__":
    p = jnp.ones((3,))
    loop_with_host_logging(p, jnp.ones((2, 3)))
