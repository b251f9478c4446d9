"""The model's table of where JAX functions take a dtype (knowledge/dtype_arguments.py), checked
against the installed JAX: each entry names a parameter JAX has at that position (or keyword only),
and a float64 asked there comes out as float32 when x64 is off, as JAX207 says."""

from __future__ import annotations

import importlib
import inspect
import warnings

import pytest

from jaxlint.knowledge.dtype_arguments import ARRAY_METHOD_SLOTS, DTYPE_SLOTS, DtypeSlot

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")


def _slot_of(function, keyword: str) -> DtypeSlot | None:
    parameters = list(inspect.signature(function).parameters.values())
    for index, parameter in enumerate(parameters):
        if parameter.name == keyword:
            positional = parameter.kind in (parameter.POSITIONAL_ONLY, parameter.POSITIONAL_OR_KEYWORD)
            return DtypeSlot(keyword, index if positional else None)
    return None


def test_every_function_takes_the_dtype_where_the_table_says() -> None:
    wrong = []
    for qualified, slot in DTYPE_SLOTS.items():
        module, _, name = qualified.rpartition(".")
        function = getattr(importlib.import_module(module), name)
        if _slot_of(function, slot.keyword) != slot:
            wrong.append(f"{qualified}: {_slot_of(function, slot.keyword)}, not {slot}")
    assert not wrong, wrong[:10]


def test_every_array_method_takes_the_dtype_where_the_table_says() -> None:
    array = jnp.ones(2)
    wrong = [f"{name}: {_slot_of(getattr(array, name), slot.keyword)}" for name, slot in ARRAY_METHOD_SLOTS.items()
             if _slot_of(getattr(array, name), slot.keyword) != slot]
    assert not wrong


@pytest.mark.skipif(jax.config.jax_enable_x64, reason="x64 is on in this process")
@pytest.mark.parametrize("make", [
    lambda: jnp.zeros(2, jnp.float64), lambda: jnp.arange(3, dtype="float64"), lambda: jnp.ones(2).astype(jnp.float64),
    lambda: jnp.sum(jnp.ones(2), dtype=jnp.float64), lambda: jax.random.uniform(jax.random.key(0), (2,), jnp.float64),
    lambda: jax.lax.convert_element_type(jnp.ones(2), jnp.float64), lambda: jnp.float64(1.0),
    lambda: jax.nn.initializers.normal(dtype=jnp.float64)(jax.random.key(0), (2,)),
])
def test_a_float64_asked_there_is_made_float32_with_a_warning(make) -> None:
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        assert make().dtype == jnp.float32
    assert any("truncated to dtype float32" in str(w.message) for w in warned)


def test_what_keeps_float64_is_not_listed() -> None:
    assert jax.ShapeDtypeStruct((2,), jnp.float64).dtype == jnp.float64
    assert not {"jax.ShapeDtypeStruct", "jax.numpy.finfo", "jax.numpy.isdtype", "jax.dtypes.canonicalize_dtype"} & set(
        DTYPE_SLOTS)
