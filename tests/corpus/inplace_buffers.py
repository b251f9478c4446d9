"""Replay buffers and running statistics: host NumPy vs device JAX arrays."""
import collections

import jax
import jax.numpy as jnp
import numpy as np


class NumpyReplay:
    def __init__(self, capacity, obs_dim):
        self.obs = np.zeros((capacity, obs_dim), dtype=np.float32)
        self.rew = np.zeros(capacity, dtype=np.float32)
        self.capacity = capacity
        self.ptr = 0
        self.recent = collections.deque(maxlen=4)

    def add(self, obs, rew):
        i = self.ptr % self.capacity
        self.obs[i] = np.asarray(obs)
        self.rew[i] += float(rew)
        self.recent.append(i)
        self.ptr += 1

    def sample(self, rng, n):
        idx = rng.integers(0, min(self.ptr, self.capacity), size=n)
        return jnp.asarray(self.obs[idx]), jnp.asarray(self.rew[idx])


def init_device_buffer(capacity, obs_dim):
    return {"obs": jnp.zeros((capacity, obs_dim)), "rew": jnp.zeros(capacity), "ptr": jnp.zeros((), jnp.int32)}


@jax.jit
def push(buf, obs, rew):
    i = buf["ptr"] % buf["obs"].shape[0]
    obs_buf = buf["obs"]
    obs_buf[i] = obs  # expect: JAX104
    return {"obs": obs_buf, "rew": buf["rew"].at[i].set(rew), "ptr": buf["ptr"] + 1}


@jax.jit
def push_fixed(buf, obs, rew):
    i = buf["ptr"] % buf["obs"].shape[0]
    return {
        "obs": buf["obs"].at[i].set(obs),
        "rew": buf["rew"].at[i].set(rew),
        "ptr": buf["ptr"] + 1,
    }


@jax.jit
def ring_write(ring, idx, item):
    ring[idx % ring.shape[0]] = item  # expect: JAX104
    return ring


def write_reward(state, i, reward):
    state["rew"][i] = reward  # expect: JAX104
    return state


def write_reward_fixed(state, i, reward):
    state = dict(state)
    state["rew"] = state["rew"].at[i].set(reward)
    return state


def occupancy_grid(points, size=4):
    grid = jnp.zeros((size, size))
    for x, y in np.asarray(points, dtype=np.int32):
        grid[x][y] = 1.0  # expect: JAX104
    return grid


def occupancy_grid_numpy(points, size=4):
    grid = np.zeros((size, size))
    for x, y in np.asarray(points, dtype=np.int32):
        grid[x][y] = 1.0
    return jnp.asarray(grid)


def occupancy_grid_rebound(points, size=4):
    grid = jnp.zeros((size, size))
    grid = np.array(grid)
    for x, y in np.asarray(points, dtype=np.int32):
        grid[x, y] = 1.0
    return jnp.asarray(grid)


def attention_weights(scores, decay=0.9):
    weights = jax.nn.softmax(scores, axis=-1)
    weights[:, 0] *= decay  # expect: JAX104
    return weights


def attention_weights_fixed(scores, decay=0.9):
    weights = jax.nn.softmax(scores, axis=-1)
    return weights.at[:, 0].multiply(decay)


def running_total(x):
    cs = jax.lax.cumsum(x)
    cs[-1] -= x[0]  # expect: JAX104
    return cs


def patch_first(x):
    y = x.at[0].set(1.0)
    y[1] = 2.0  # expect: JAX104
    return y


def patch_first_fixed(x):
    return x.at[0].set(1.0).at[1].set(2.0)


def host_copy_edit(x):
    host = np.array(jax.device_get(x))
    host[0] = -1.0
    layers = [jnp.ones(2), jnp.ones(2)]
    layers[0] = jnp.zeros(2)
    stats = {"mean": jnp.mean(x)}
    stats["mean"] = stats["mean"] * 2
    return host, layers, stats


if __name__ == "__main__":
    rb = NumpyReplay(8, 2)
    rb.add([1.0, 2.0], 1.0)
    print(rb.sample(np.random.default_rng(0), 2))
