"""Tiny policy-gradient agent on a 1-D point-mass environment."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import jit, random as jr

N_ACTIONS = 3
OBS_DIM = 2
GAMMA = 0.99
EPSILON = 0.5


def init_policy(key):
    kw, kb = jr.split(key)
    return {"w": 0.1 * jr.normal(kw, (OBS_DIM, N_ACTIONS)), "b": 0.01 * jr.normal(kb, (N_ACTIONS,))}


def policy_logits(params, obs):
    return obs @ params["w"] + params["b"]


@jit
def env_step(state, action):
    pos, vel = state[0], state[1]
    vel = vel + 0.1 * (action - 1)
    pos = pos + vel
    reward = -jnp.abs(pos)
    if jnp.abs(pos) > 1.0:  # expect: JAX103
        pos, vel = 0.0, 0.0
    return jnp.stack([pos, vel]), reward


@jit
def env_step_fixed(state, action):
    pos, vel = state[0], state[1]
    vel = vel + 0.1 * (action - 1)
    pos = pos + vel
    reward = -jnp.abs(pos)
    done = jnp.abs(pos) > 1.0
    new_state = jnp.where(done, jnp.zeros(2), jnp.stack([pos, vel]))
    return new_state, reward


@partial(jit, static_argnames="greedy")
def act(params, obs, key, greedy=False):
    logits = policy_logits(params, obs)
    if greedy:
        return jnp.argmax(logits)
    return jr.categorical(key, logits)


@jit
def act_epsilon(params, obs, rng):
    explore = jr.uniform(rng) < EPSILON  # expect: JAX101
    random_action = jr.randint(rng, (), 0, N_ACTIONS)  # expect: JAX102
    return jnp.where(explore, random_action, jnp.argmax(policy_logits(params, obs)))


@jit
def act_epsilon_fixed(params, obs, rng, epsilon):
    explore_rng, action_rng = jr.split(rng)
    explore = jr.uniform(explore_rng) < epsilon
    random_action = jr.randint(action_rng, (), 0, N_ACTIONS)
    return jnp.where(explore, random_action, jnp.argmax(policy_logits(params, obs)))


def pick_action(params, obs, key, explore):
    if explore:
        action = jr.randint(key, (), 0, N_ACTIONS)
    else:
        action = jr.categorical(key, policy_logits(params, obs))
    return action


def initial_state(key, randomize=True):
    if not randomize:
        return jnp.zeros(OBS_DIM)
    return jr.uniform(key, (OBS_DIM,), minval=-0.5, maxval=0.5)


def rollout(params, key, horizon=16):
    key, reset_key = jr.split(key)
    state = initial_state(reset_key)
    rewards = np.zeros(horizon, dtype=np.float32)
    actions = []
    for t in range(horizon):
        key, act_key = jr.split(key)
        action = act(params, state, act_key)
        state, reward = env_step_fixed(state, action)
        rewards[t] = reward
        actions.append(int(action))
    return rewards, actions


def rollout_buggy(params, key, horizon=16):
    state = initial_state(key)
    rewards = []
    for t in range(horizon):
        action = act(params, state, key)  # expect: JAX102
        state, reward = env_step_fixed(state, action)
        rewards.append(reward)
    return jnp.stack(rewards)


def discounted_returns(rewards, gamma=GAMMA):
    returns = jnp.zeros_like(rewards)
    running = 0.0
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * running
        returns[t] = running  # expect: JAX104
    return returns


def discounted_returns_numpy(rewards, gamma=GAMMA):
    rewards = np.asarray(rewards)
    returns = np.zeros_like(rewards)
    running = 0.0
    for t in reversed(range(rewards.shape[0])):
        running = rewards[t] + gamma * running
        returns[t] = running
    return jnp.asarray(returns)


def discounted_returns_scan(rewards, gamma=GAMMA):
    def body(running, r):
        running = r + gamma * running
        return running, running

    _, out = jax.lax.scan(body, 0.0, rewards[::-1])
    return out[::-1]


def clipped_advantage(ret, baseline):
    adv = ret - baseline
    if adv > 0:  # expect: JAX103
        return jnp.minimum(adv, 1.0)
    return jnp.maximum(adv, -1.0)


batched_advantage = jax.vmap(clipped_advantage, in_axes=(0, None))


def scaled_advantage(ret, baseline, mode):
    adv = ret - baseline
    if mode == "normalize":
        return adv / (jnp.abs(adv) + 1e-8)
    return adv


batched_scaled = jax.vmap(scaled_advantage, in_axes=(0, None, None))


@jit
def reinforce_loss(params, obs, actions, returns):
    logp = jax.nn.log_softmax(policy_logits(params, obs))
    chosen = jnp.take_along_axis(logp, actions[:, None], axis=1)[:, 0]
    adv = returns - returns.mean()
    print("advantages", adv)  # expect: JAX106
    return -jnp.mean(chosen * adv)


def decay_epsilon(rate=0.9):
    global EPSILON
    EPSILON = max(0.05, EPSILON * rate)


def train(seed=0, iterations=2):
    key = jr.key(seed)
    key, init_key = jr.split(key)
    params = init_policy(init_key)
    grad_fn = jax.grad(lambda p, o, a, r: -jnp.mean(
        jnp.take_along_axis(jax.nn.log_softmax(policy_logits(p, o)), a[:, None], 1)[:, 0] * r))
    for it in range(iterations):
        key, roll_key = jr.split(key)
        rewards, actions = rollout(params, roll_key)
        returns = discounted_returns_scan(jnp.asarray(rewards))
        obs = jnp.zeros((len(actions), OBS_DIM))
        grads = grad_fn(params, obs, jnp.asarray(actions), returns)
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
        decay_epsilon()
    return params


if __name__ == "__main__":
    print(train())
