"""PRNG key facts of issue 23: keys on paths apart, keys from loops over split keys, keys passed
unbatched to vmapped code, callables the module knows, flax modules of other modules."""

from __future__ import annotations

import ast
import textwrap

from jaxlint.project.incoming import Incoming
from jaxlint.semantic.model import Model, ModelOptions


def reuses(source: str, qualname: str = "f", incoming: Incoming | None = None) -> list[tuple[str, int]]:
    text = textwrap.dedent(source)
    model = Model(ast.parse(text), ModelOptions(), text, incoming or Incoming())
    scope = next(s for s in model.scopes if s.qualname == qualname)
    return [(u.name, u.node.lineno) for u in model.facts(scope).key_reuses]


def test_operands_of_or_are_paths_apart():
    source = """
        import jax
        def init(k):
            return jax.random.normal(k)
        def f(key, cache):
            return cache.get(key) or init(key) or jax.random.uniform(key)
    """
    assert reuses(source) == []


def test_a_use_after_the_operands_sees_both():
    source = """
        import jax
        def init(k):
            return jax.random.normal(k)
        def f(key, cache):
            x = cache or init(key)
            return x, jax.random.uniform(key)
    """
    assert reuses(source) == [("key", 7)]


def test_handler_runs_instead_of_the_body():
    source = """
        import jax
        def f(key):
            try:
                x = jax.random.normal(key)
            except TypeError:
                x = jax.random.uniform(key)
            return x
    """
    assert reuses(source) == []


def test_draw_after_try_sees_the_handler():
    source = """
        import jax
        def f(key):
            try:
                x = jax.random.normal(key)
            except TypeError:
                x = 0.0
            return x, jax.random.uniform(key)
    """
    assert reuses(source) == [("key", 8)]


def test_enumerated_split_keys_are_one_key_per_iteration():
    source = """
        import jax
        def f(key):
            for i, k in enumerate(jax.random.split(key, 3)):
                a = jax.random.normal(k)
                b = jax.random.normal(k)
    """
    assert reuses(source) == [("k", 6)]


def test_indexed_key_read_directly_is_not_one_key():
    source = """
        import jax
        def f(key, n):
            keys = jax.random.split(key, n)
            return [jax.random.normal(keys[i]) for i in range(n)]
    """
    assert reuses(source) == []


def test_key_passed_unbatched_to_a_vmapped_function():
    source = """
        import jax
        def g(k, x):
            return x + jax.random.normal(k)
        def f(key, xs):
            return jax.vmap(g, in_axes=(None, 0))(key, xs)
    """
    assert reuses(source, "g") == [("k", 4)]
    assert reuses(source.replace("in_axes=(None, 0)", "in_axes=(0, 0)"), "g") == []


def test_stored_partial_of_a_function_that_draws_nothing():
    source = """
        import functools
        import jax
        def scale(x, rng, factor):
            return x * factor
        class Layer:
            def __init__(self):
                self.fn = functools.partial(scale, factor=2.0)
            def f(self, x, rng):
                return self.fn(x, rng) + jax.random.normal(rng)
    """
    assert reuses(source, "Layer.f") == []


def test_flax_module_of_another_module_derives_keys():
    source = """
        import jax
        from models import MLP
        def f(rng, x):
            variables = MLP().init(rng, x)
            rng, sub = jax.random.split(rng)
            return variables, sub
    """
    assert reuses(source) == [("rng", 5)]
    flax_class = Incoming(module_classes=(("models.MLP", "flax.linen.Module"),))
    assert reuses(source, incoming=flax_class) == []
