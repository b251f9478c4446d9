"""The model's table of NumPy functions that fail on tracers (knowledge/numpy_functions.py), checked
against the installed NumPy and JAX: each raises TracerArrayConversionError under jit, and each that
the fix maps to `jax.numpy` exists there and takes the tracer."""

from __future__ import annotations

import functools
import warnings

import pytest

from jaxlint.knowledge.numpy_functions import CONVERTING, WITH_JNP

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")
jnp = jax.numpy


def _function(module, dotted: str):
    return functools.reduce(getattr, dotted.split("."), module)


def _call(function, x):
    arity = getattr(function, "nin", 1)
    return function(*([x] * (arity if isinstance(arity, int) else 1)))


def test_numpy_fails_on_tracers_and_jax_numpy_does_not() -> None:
    wrong = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for qualified in sorted(CONVERTING):
            name = qualified.removeprefix("numpy.")
            x = jnp.eye(3) + 1.0 if name.startswith("linalg.") else jnp.arange(1.0, 4.0)
            numpy_function = _function(np, name)
            try:
                jax.jit(lambda a, f=numpy_function: _call(f, a))(x)
                wrong.append(f"np.{name} works on a tracer")
            except jax.errors.TracerArrayConversionError:
                pass
            if qualified in WITH_JNP:
                jax_function = _function(jnp, name)
                try:
                    jax.jit(lambda a, f=jax_function, g=numpy_function: f(*([a] * (g.nin if isinstance(getattr(g, "nin", None), int) else 1))))(x)
                except Exception as exc:  # noqa: BLE001 - any failure is a wrong entry
                    wrong.append(f"jnp.{name}: {type(exc).__name__}")
    assert not wrong, wrong[:10]
