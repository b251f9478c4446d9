"""Host-side batching plus on-device augmentation for an image classifier."""
import math

import jax
import jax.numpy as jnp
import numpy as np
from jax import random

IMAGE_SIZE = 8
CHANNELS = 3
MEAN_STD = [0.0, 1.0]


def synthetic_dataset(n=32, seed=0):
    rng = np.random.default_rng(seed)
    images = rng.integers(0, 256, size=(n, IMAGE_SIZE, IMAGE_SIZE, CHANNELS)).astype(np.float32)
    labels = rng.integers(0, 10, size=(n,))
    images[:, 0, 0, :] = 0.0
    return {"image": images, "label": labels, "meta": ["synthetic"] * n}


def host_batches(data, batch_size, seed=0):
    random = np.random.default_rng(seed)
    order = random.permutation(len(data["label"]))
    flips = random.permutation(len(data["label"])) % 2
    batches = []
    for start in range(0, len(order) - batch_size + 1, batch_size):
        idx = order[start:start + batch_size]
        batch = {k: v[idx] for k, v in data.items() if k != "meta"}
        batch["flip"] = flips[idx]
        batches.append(batch)
    del batches[-1:]
    return batches


def compute_stats(data):
    images = data["image"]
    MEAN_STD[:] = [float(images.mean()), float(images.std())]
    return MEAN_STD


@jax.jit
def normalize(images):
    mean, std = MEAN_STD  # expect: JAX101
    return (images - mean) / std


@jax.jit
def normalize_fixed(images, mean, std):
    return (images - mean) / std


def to_device(batch):
    batch = dict(batch)
    del batch["flip"]
    images = jnp.asarray(batch["image"])
    images[..., :CHANNELS] /= 255.0  # expect: JAX104
    batch["image"] = images
    return batch


def to_device_fixed(batch):
    batch = dict(batch)
    del batch["flip"]
    images = np.asarray(batch["image"], dtype=np.float32).copy()
    images[..., :CHANNELS] /= 255.0
    batch["image"] = jnp.asarray(images)
    batch["label"] = jnp.asarray(batch["label"])
    return batch


def drop_alpha(images):
    images = jnp.asarray(images)
    del images[..., -1]  # expect: JAX104
    return images


def pixels_per_image(images):
    return jnp.prod(images.shape[1:])  # expect: JAX105


def pixels_per_image_fixed(images):
    return math.prod(images.shape[1:])


@jax.jit
def random_flip(key, images):
    flip = random.bernoulli(key, 0.5, (images.shape[0],))
    shift = random.randint(key, (), 0, 2)  # expect: JAX102
    out = jnp.where(flip[:, None, None, None], images[:, :, ::-1], images)
    return jnp.roll(out, shift, axis=1)


@jax.jit
def random_flip_fixed(key, images):
    flip_key, shift_key = random.split(key)
    flip = random.bernoulli(flip_key, 0.5, (images.shape[0],))
    shift = random.randint(shift_key, (), 0, 2)
    out = jnp.where(flip[:, None, None, None], images[:, :, ::-1], images)
    return jnp.roll(out, shift, axis=1)


@jax.jit
def augment(key, images):
    print("augmenting batch", images)  # expect: JAX106
    noise = 0.01 * random.normal(key, images.shape)
    return images + noise


@jax.jit
def augment_quiet(key, images):
    print("augment traced for", images.shape, images.dtype, "size", images.size)
    noise = 0.01 * random.normal(key, images.shape)
    return images + noise


@jax.jit
def crop(images, size=IMAGE_SIZE - 2):
    if images.shape[1] < size:
        raise ValueError("image too small")
    return images[:, :size, :size]


def epoch_iterator(data, key, batch_size=8):
    stats = compute_stats(data)
    for step, batch in enumerate(host_batches(data, batch_size, seed=step_seed(key))):
        batch = to_device_fixed(batch)
        step_key = random.fold_in(key, step)
        images = augment_quiet(step_key, batch["image"])
        images = normalize_fixed(images, *stats)
        yield crop(images), batch["label"]


def step_seed(key):
    return int(random.randint(key, (), 0, 2 ** 16))


if __name__ == "__main__":
    data = synthetic_dataset()
    for images, labels in epoch_iterator(data, random.key(0)):
        print(images.shape, labels.shape)
