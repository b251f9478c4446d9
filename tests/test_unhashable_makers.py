"""The model's tables of calls whose result cannot be hashed (knowledge/api.py: ARRAY_MAKERS,
CONTAINER_MAKERS), checked against the installed NumPy and JAX: each gives an unhashable value,
and a jit-compiled function given it as a static argument raises the ValueError JAX203 reports."""

from __future__ import annotations

import builtins
import collections
import functools

import pytest

from jaxlint.knowledge.api import ARRAY_MAKERS, CONTAINER_MAKERS

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")

# Arguments each maker takes; `None` stands for an array of the maker's own module.
_ARGUMENTS = {
    "array": ([1, 2],), "asarray": (3,), "zeros": (2,), "ones": (2,), "empty": (2,), "full": (2, 1.0),
    "arange": (3,), "linspace": (0.0, 1.0, 3), "eye": (2,), "identity": (2,), "zeros_like": (3.0,),
    "ones_like": (3.0,), "empty_like": (3.0,), "full_like": (3.0, 1.0), "stack": ([None, None],),
    "concatenate": ([None, None],),
}


def _made(qualified: str):
    module_name, name = qualified.rsplit(".", 1)
    module = {"numpy": np, "jax.numpy": jax.numpy}[module_name]
    arguments = [[module.ones(1) if a is None else a for a in arg] if isinstance(arg, list) else arg
                 for arg in _ARGUMENTS[name]]
    return getattr(module, name)(*arguments)


def _unhashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return True
    return False


def test_every_array_maker_gives_an_unhashable_array() -> None:
    hashable = [q for q in sorted(ARRAY_MAKERS) if not _unhashable(_made(q))]
    assert not hashable, f"hashable results: {hashable}"


def test_every_container_maker_gives_an_unhashable_container() -> None:
    modules = {"builtins": builtins, "collections": collections}
    made = {q: getattr(modules[q.rsplit(".", 1)[0]], q.rsplit(".", 1)[1])() for q in CONTAINER_MAKERS}
    hashable = [q for q, value in sorted(made.items()) if not _unhashable(value)]
    assert not hashable, f"hashable results: {hashable}"


def test_an_array_as_a_static_argument_raises_value_error() -> None:
    @functools.partial(jax.jit, static_argnums=1)
    def scaled(x, k):
        return x * 2

    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        scaled(jax.numpy.ones(2), _made("numpy.arange"))
