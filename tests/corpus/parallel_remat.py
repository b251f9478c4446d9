"""Data-parallel training with pmap, shard_map and rematerialised layers."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def mlp_layer(w, x):
    return jnp.tanh(x @ w)


@jax.checkpoint
def remat_layer(w, x):
    h = jnp.tanh(x @ w)
    print("remat activations", h)  # expect: JAX106
    return h


@partial(jax.checkpoint, static_argnums=(2,))
def remat_stack(w, x, depth):
    if depth > 1:
        print("building a stack of depth", depth)
    for _ in range(depth):
        x = jnp.tanh(x @ w)
    return x


def loss(w, x, depth=3):
    return jnp.mean(remat_stack(w, x, depth) ** 2)


@partial(jax.pmap, axis_name="batch")
def pmap_step(w, x):
    l, g = jax.value_and_grad(loss)(w, x)
    g = jax.lax.pmean(g, "batch")
    if l > 1.0:  # expect: JAX103
        g = g * 0.1
    return w - 0.1 * g, l


@partial(jax.pmap, axis_name="batch")
def pmap_step_fixed(w, x):
    l, g = jax.value_and_grad(loss)(w, x)
    g = jax.lax.pmean(g, "batch")
    g = jnp.where(l > 1.0, g * 0.1, g)
    return w - 0.1 * g, jax.lax.pmean(l, "batch")


@partial(jax.pmap, axis_name="batch", static_broadcasted_argnums=(2,))
def pmap_eval(w, x, reduction):
    per_example = jnp.sum((x @ w) ** 2, axis=-1)
    if reduction == "sum":
        return jax.lax.psum(per_example.sum(), "batch")
    return jax.lax.pmean(per_example.mean(), "batch")


def make_mesh():
    return Mesh(np.array(jax.devices()[:1]), ("data",))


@jax.jit
def sharded_norm(x):
    mesh = make_mesh()

    def local(xs):
        total = jax.lax.psum(jnp.sum(xs ** 2), "data")
        print("local shard", xs)  # expect: JAX106
        return xs / jnp.sqrt(total)

    return jax.shard_map(local, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(x)


@jax.jit
def sharded_norm_fixed(x):
    mesh = make_mesh()

    def local(xs):
        total = jax.lax.psum(jnp.sum(xs ** 2), "data")
        print("local shard shape", xs.shape)
        return xs / jnp.sqrt(total)

    return jax.shard_map(local, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(x)


def sharded_norm_eager(x, mesh):
    def local(xs):
        total = jax.lax.psum(jnp.sum(xs ** 2), "data")
        print("eager shard", xs)
        return xs / jnp.sqrt(total)

    return jax.shard_map(local, mesh=mesh, in_specs=P("data"), out_specs=P("data"))(x)


def replicate(tree, n_devices):
    return jax.tree.map(lambda a: jnp.broadcast_to(a, (n_devices,) + a.shape), tree)


def shard_batch(x, n_devices):
    per_device = x.shape[0] // n_devices
    buf = jnp.asarray(x[: per_device * n_devices])
    buf[0] = 0.0  # expect: JAX104
    return buf.reshape(n_devices, per_device, *x.shape[1:])


def shard_batch_fixed(x, n_devices):
    per_device = x.shape[0] // n_devices
    return jnp.asarray(x[: per_device * n_devices]).reshape(n_devices, per_device, *x.shape[1:])


def train(steps=2):
    n = jax.local_device_count()
    w = replicate(jnp.eye(4) * 0.5, n)
    x = shard_batch_fixed(np.ones((8, 4), np.float32), n)
    for _ in range(steps):
        w, l = pmap_step_fixed(w, x)
    return w, pmap_eval(w, x, "sum")


if __name__ == "__main__":
    print(train()[1])
