"""Fixed-step ODE integrators for a damped oscillator."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax

DT = 0.01
DAMPING = 0.1


def oscillator(t, y, omega=2.0):
    pos, vel = y[0], y[1]
    return jnp.stack([vel, -omega ** 2 * pos - DAMPING * vel])  # expect: JAX101


def set_damping(value):
    global DAMPING
    DAMPING = value


def rk4_step(f, t, y, dt):
    k1 = f(t, y)
    k2 = f(t + dt / 2, y + dt / 2 * k1)
    k3 = f(t + dt / 2, y + dt / 2 * k2)
    k4 = f(t + dt, y + dt * k3)
    return y + dt / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


@partial(jax.jit, static_argnames=("n_steps",))
def integrate(y0, n_steps):
    def body(i, y):
        return rk4_step(oscillator, i * DT, y, DT)

    return lax.fori_loop(0, n_steps, body, y0)


@partial(jax.jit, static_argnames=("n_steps",))
def integrate_damped(y0, damping, n_steps):
    def f(t, y):
        return jnp.stack([y[1], -4.0 * y[0] - damping * y[1]])

    return lax.fori_loop(0, n_steps, lambda i, y: rk4_step(f, i * DT, y, DT), y0)


@partial(jax.jit, static_argnums=(1,))
def trajectory(y0, n_steps):
    ts = jnp.linspace(0.0, n_steps * DT, jnp.asarray(n_steps))  # expect: JAX105
    ys = jnp.zeros((n_steps, y0.shape[0]))
    return ts, ys


@partial(jax.jit, static_argnums=(1,))
def trajectory_fixed(y0, n_steps):
    ts = jnp.linspace(0.0, n_steps * DT, n_steps)

    def body(y, t):
        y = rk4_step(lambda t, y: jnp.stack([y[1], -4.0 * y[0]]), t, y, DT)
        return y, y

    _, ys = lax.scan(body, y0, ts)
    return ts, ys


def trajectory_python(y0, n_steps=10):
    ys = jnp.zeros((n_steps, 2))
    y = y0
    for i in range(n_steps):
        y = rk4_step(oscillator, i * DT, y, DT)
        ys[i, :] = y  # expect: JAX104
    return ys


def trajectory_numpy(y0, n_steps=10):
    ys = np.zeros((n_steps, 2))
    y = y0
    for i in range(n_steps):
        y = rk4_step(oscillator, i * DT, y, DT)
        ys[i, :] = np.asarray(y)
    return ys


@jax.jit
def adaptive_step(y, dt):
    big = rk4_step(oscillator, 0.0, y, dt)
    half = rk4_step(oscillator, 0.0, rk4_step(oscillator, 0.0, y, dt / 2), dt / 2)
    err = jnp.max(jnp.abs(big - half))
    while err > 1e-6:  # expect: JAX103
        dt = dt / 2
        big = rk4_step(oscillator, 0.0, y, dt)
        half = rk4_step(oscillator, 0.0, rk4_step(oscillator, 0.0, y, dt / 2), dt / 2)
        err = jnp.max(jnp.abs(big - half))
    return half, dt


@jax.jit
def adaptive_step_fixed(y, dt):
    def err_for(dt):
        big = rk4_step(oscillator, 0.0, y, dt)
        half = rk4_step(oscillator, 0.0, rk4_step(oscillator, 0.0, y, dt / 2), dt / 2)
        return jnp.max(jnp.abs(big - half)), half

    def cond_fun(state):
        dt, err, _ = state
        return (err > 1e-6) & (dt > 1e-8)

    def body_fun(state):
        dt, _, _ = state
        dt = dt / 2
        err, half = err_for(dt)
        return dt, err, half

    err, half = err_for(dt)
    dt, err, half = lax.while_loop(cond_fun, body_fun, (dt, err, half))
    return half, dt


@jax.jit
def energy_report(y):
    energy = 0.5 * y[1] ** 2 + 2.0 * y[0] ** 2
    print("energy:", energy, "for state of shape", y.shape)  # expect: JAX106
    return energy


if __name__ == "__main__":
    print(integrate(jnp.array([1.0, 0.0]), n_steps=100))
