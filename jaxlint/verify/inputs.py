"""Inputs built from a function's annotations, when the examples file has none for it.

`float` → 1.5, `int` → 2, `bool` → True, `jax.Array`/`jnp.ndarray`/`np.ndarray` → a small float32
array (a PRNG key when the parameter is named like one), jaxtyping `Float[Array, "3 4"]` → that
shape and dtype, named dimensions → sizes 3, 4, 5... (the same name, the same size).
"""

from __future__ import annotations

import contextlib
import fnmatch
import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

_DEFAULT_SHAPE = (4,)
_KEY_NAMES = ("key", "rng", "prng_key", "*_key", "*_rng", "rng_key")
_ARRAY_NAMES = {"Array", "jax.Array", "jnp.ndarray", "jax.numpy.ndarray", "np.ndarray", "numpy.ndarray",
                "ArrayLike", "jax.typing.ArrayLike", "ndarray"}


class NoInputs(Exception):
    """The annotations do not say how to build an input (the message says which parameter)."""


def from_annotations(function: Callable[..., Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """Positional and keyword arguments for every parameter without a default."""
    signature = _signature(inspect.unwrap(function))
    sizes: dict[str, int] = {}
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    for parameter in signature.parameters.values():
        if parameter.default is not inspect.Parameter.empty or parameter.kind in (
                inspect.Parameter.VAR_POSITIONAL, inspect.Parameter.VAR_KEYWORD):
            continue
        value = _value(parameter.name, parameter.annotation, sizes)
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = value
        else:
            args.append(value)
    return tuple(args), kwargs


def _signature(function: Callable[..., Any]) -> inspect.Signature:
    try:
        return inspect.signature(function, eval_str=True)
    except Exception:  # noqa: BLE001 - annotations naming what only exists for type checkers
        return inspect.signature(function)


def _value(name: str, annotation: Any, sizes: dict[str, int]) -> Any:
    if annotation is inspect.Parameter.empty:
        raise NoInputs(f"parameter `{name}` has no annotation")
    if hasattr(annotation, "dim_str") and hasattr(annotation, "dtypes"):
        return _jaxtyping(name, annotation, sizes)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):  # Optional[...], PRNGKeyArray
        for arm in typing.get_args(annotation):
            if arm is not type(None):
                with contextlib.suppress(NoInputs):
                    return _value(name, arm, sizes)
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", repr(annotation))
    if annotation is float or text == "float":
        return 1.5
    if annotation is bool or text == "bool":
        return True
    if annotation is int or text == "int":
        return 2  # a valid index into every built dimension
    if _is_array_type(annotation, text):
        if _key_named(name):
            return _key()
        array = _array(_DEFAULT_SHAPE, jnp.float32)
        return np.asarray(array) if annotation is np.ndarray or text in ("np.ndarray", "numpy.ndarray") else array
    if "PRNGKey" in text or "Key[" in text:
        return _key()
    raise NoInputs(f"cannot build `{name}: {text}` from its annotation")


def _is_array_type(annotation: Any, text: str) -> bool:
    if isinstance(annotation, type) and issubclass(annotation, (jax.Array, np.ndarray)):
        return True
    if annotation is getattr(jax.typing, "ArrayLike", None):
        return True
    return text in _ARRAY_NAMES


def _jaxtyping(name: str, annotation: Any, sizes: dict[str, int]) -> Any:
    dtypes = tuple(annotation.dtypes)
    if "prng_key" in dtypes:
        return _key()
    shape: list[int] = []
    for dim in annotation.dim_str.split():
        dim = dim.lstrip("#")
        if dim.isdigit():
            shape.append(int(dim))
        elif dim.startswith(("*", "...")) or dim == "_":
            continue  # variadic or anonymous: no dimensions
        else:
            sizes.setdefault(dim, 3 + len(sizes))
            shape.append(sizes[dim])
    if any(d.startswith("float") for d in dtypes):
        return _array(tuple(shape), jnp.float32)
    if "bool" in dtypes:
        return _array(tuple(shape), jnp.float32) > 0
    if any(d.startswith(("int", "uint")) for d in dtypes):
        return jnp.arange(int(np.prod(shape)), dtype=jnp.int32).reshape(shape)
    if _key_named(name):
        return _key()
    return _array(tuple(shape), jnp.float32)


def _array(shape: tuple[int, ...], dtype: Any) -> jax.Array:
    """Values of both signs, none zero, all distinct: conditions on them are not trivially true."""
    size = int(np.prod(shape)) if shape else 1
    values = np.arange(size) * 0.75 - 0.6 if size > 1 else np.array([1.5])
    return jnp.asarray(values.reshape(shape), dtype=dtype)


def _key() -> jax.Array:
    return jax.random.PRNGKey(0)


def _key_named(name: str) -> bool:
    return any(fnmatch.fnmatchcase(name, pattern) for pattern in _KEY_NAMES)
