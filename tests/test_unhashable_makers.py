"""The model's table of calls whose result cannot be hashed (knowledge/api.py: UNHASHABLE_RESULTS,
from ARRAY_MAKERS and CONTAINER_MAKERS), checked against the installed NumPy and JAX: each gives an
unhashable value of the kind the table names, and a jit-compiled function given one as a static
argument raises the ValueError JAX203 reports."""

from __future__ import annotations

import builtins
import collections
import functools

import pytest

from jaxlint.knowledge.api import UNHASHABLE_RESULTS

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")

_MODULES = {"builtins": builtins, "collections": collections, "numpy": np, "jax.numpy": jax.numpy}
# Arguments each maker takes; `None` stands for an array of the maker's own module.
_ARGUMENTS = {
    "array": ([1, 2],), "asarray": (3,), "zeros": (2,), "ones": (2,), "empty": (2,), "full": (2, 1.0),
    "arange": (3,), "linspace": (0.0, 1.0, 3), "eye": (2,), "identity": (2,), "zeros_like": (3.0,),
    "ones_like": (3.0,), "empty_like": (3.0,), "full_like": (3.0, 1.0), "stack": ([None, None],),
    "concatenate": ([None, None],), "sorted": ((2, 1),),
}
_KINDS = {"a list": list, "a dict": dict, "a set": set}


def _made(qualified: str):
    module_name, name = qualified.rsplit(".", 1)
    module = _MODULES[module_name]
    arguments = [[module.ones(1) if a is None else a for a in arg] if isinstance(arg, list) else arg
                 for arg in _ARGUMENTS.get(name, ())]
    return getattr(module, name)(*arguments)


def _unhashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return True
    return False


@pytest.mark.parametrize("qualified", sorted(UNHASHABLE_RESULTS))
def test_every_maker_gives_an_unhashable_value_of_its_kind(qualified: str) -> None:
    value = _made(qualified)
    assert _unhashable(value)
    kind = UNHASHABLE_RESULTS[qualified]
    if kind == "an array":
        assert isinstance(value, (np.ndarray, jax.Array))
    elif qualified != "collections.deque":  # a deque is a sequence, named a list
        assert isinstance(value, _KINDS[kind])


def test_an_array_as_a_static_argument_raises_value_error() -> None:
    @functools.partial(jax.jit, static_argnums=1)
    def scaled(x, k):
        return x * 2

    with pytest.raises(ValueError, match="Non-hashable static arguments"):
        scaled(jax.numpy.ones(2), _made("numpy.arange"))
