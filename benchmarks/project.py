"""A synthetic multi-module JAX project for the benchmark: a `src/` layout where jitted training
steps call models that call layers in other modules (absolute, relative and aliased imports, a
package `__init__` re-exporting names), as real projects are laid out. Deterministic: the same
files every time, so that timings compare across runs."""

from __future__ import annotations

from pathlib import Path

LAYER_MODULES = 60
MODEL_MODULES = 40
TRAIN_MODULES = 20
HELPERS_PER_LAYER = 8

_LAYER_HELPER = '''

def {name}(x, scale, depth=2):
    """Helper {index}: a few array operations, Python control flow on static values only."""
    for _ in range(depth):
        x = jnp.tanh(x * scale) + 0.1 * x
    if x.ndim > 1:
        x = x.reshape(x.shape[0], -1)
    total = jnp.sum(x ** 2)
    return x / jnp.sqrt(total + 1e-6)
'''

_MODEL = '''"""Model {index}: layers from other modules, composed."""

import jax.numpy as jnp

from app import layers
from app.layers.layer_{first} import helper_{first}_0
from ..layers import layer_{second} as second


def forward_{index}(params, x):
    h = helper_{first}_0(x @ params["w"], 2.0)
    h = second.helper_{second}_1(h, 0.5, depth=3)
    h = layers.helper_{third}_2(h, 1.5)
    return jnp.mean(h)


def loss_{index}(params, x, y):
    return jnp.mean((forward_{index}(params, x) - y) ** 2)
'''

_TRAIN = '''"""Training step {index}: jitted, calling the models."""

from functools import partial

import jax
import jax.numpy as jnp

from app.models import model_{first}, model_{second}


@partial(jax.jit, static_argnames=("steps",))
def train_step_{index}(params, x, y, steps=1):
    for _ in range(steps):
        grads = jax.grad(model_{first}.loss_{first})(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
    return params, model_{second}.forward_{second}(params, x)


def run_{index}(params, data):
    for x, y in data:
        params, _ = train_step_{index}(params, x, y)
    return params
'''


def write_project(root: Path) -> Path:
    """The project's files under `root` (made once; its folder is returned)."""
    project = root / "project"
    marker = project / "generated.txt"
    shape = f"{LAYER_MODULES} {MODEL_MODULES} {TRAIN_MODULES} {HELPERS_PER_LAYER}"
    if marker.is_file() and marker.read_text() == shape:
        return project
    package = project / "src" / "app"
    for folder in ("layers", "models", "train"):
        (package / folder).mkdir(parents=True, exist_ok=True)
    (project / "pyproject.toml").write_text('[tool.jaxlint]\nsrc = ["src"]\nrespect-gitignore = false\n')
    (package / "__init__.py").write_text('"""The synthetic application."""\n')
    reexports = "".join(f"from .layer_{i} import helper_{i}_2\n" for i in range(LAYER_MODULES))
    (package / "layers" / "__init__.py").write_text(f'"""Layers, re-exported."""\n\n{reexports}')
    for i in range(LAYER_MODULES):
        helpers = "".join(_LAYER_HELPER.format(name=f"helper_{i}_{k}", index=k) for k in range(HELPERS_PER_LAYER))
        (package / "layers" / f"layer_{i}.py").write_text(f'"""Layer module {i}."""\n\nimport jax.numpy as jnp\n{helpers}')
    (package / "models" / "__init__.py").write_text('"""Models."""\n')
    for i in range(MODEL_MODULES):
        (package / "models" / f"model_{i}.py").write_text(_MODEL.format(
            index=i, first=i % LAYER_MODULES, second=(3 * i + 1) % LAYER_MODULES, third=(7 * i + 2) % LAYER_MODULES))
    (package / "train" / "__init__.py").write_text('"""Training."""\n')
    for i in range(TRAIN_MODULES):
        (package / "train" / f"train_{i}.py").write_text(_TRAIN.format(
            index=i, first=i % MODEL_MODULES, second=(5 * i + 3) % MODEL_MODULES))
    marker.write_text(shape)
    return project
