"""Unit tests of the semantic model on its own: imports, traced functions, static parameters,
abstract values and PRNG key tracking (docs/rules/index.md, "Where code counts as traced")."""

from __future__ import annotations

import ast
import textwrap

import pytest

from jaxlint.rules import rules
from jaxlint.semantic.imports import qualified_name
from jaxlint.semantic.model import Model, ModelOptions
from jaxlint.semantic.values import NOT_TRACED, Value

# -- helpers ---------------------------------------------------------------------------------


def build(source: str, **options) -> Model:
    text = textwrap.dedent(source)
    return Model(ast.parse(text), ModelOptions(**options), text)


def scope(model: Model, qualname: str):
    found = [s for s in model.scopes if s.qualname == qualname]
    assert len(found) == 1, f"{qualname}: {len(found)} scopes"
    return found[0]


def info(model: Model, qualname: str):
    return model.info(scope(model, qualname))


def final(model: Model, qualname: str, name: str) -> Value:
    """The value `name` holds at the end of the function `qualname`."""
    return model.facts(scope(model, qualname)).final_env[name]


def read(model: Model, qualname: str, name: str, nth: int = -1) -> Value:
    """The value of the nth load of `name` in the function (default: the last)."""
    s = scope(model, qualname)
    loads = [n for n in ast.walk(s.node) if isinstance(n, ast.Name) and n.id == name
             and isinstance(n.ctx, ast.Load)]
    return model.facts(s).value(loads[nth])


def reuses(source: str, qualname: str = "f") -> list[tuple[str, int, bool]]:
    model = build(source)
    return [(u.name, u.node.lineno, u.in_loop) for u in model.facts(scope(model, qualname)).key_reuses]


def surely_traced(value: Value) -> bool:
    return value.surely_traced_array


def is_static(value: Value) -> bool:
    return value.static and value.traced == NOT_TRACED


# -- imports and shadowing -------------------------------------------------------------------

IMPORTS = """
import jax
import jax.numpy as jnp
from jax import numpy as np2
from jax import jit, random as jr
import jax.random as jrandom
from jax.lax import cond
import numpy as np
from jax.experimental.pjit import pjit

def f():
    return EXPR
"""


@pytest.mark.parametrize("expr, expected", [
    ("jnp.zeros", "jax.numpy.zeros"),
    ("np2.ones", "jax.numpy.ones"),
    ("jit", "jax.jit"),
    ("jr.normal", "jax.random.normal"),
    ("jrandom.split", "jax.random.split"),
    ("cond", "jax.lax.cond"),
    ("jax.numpy.sum", "jax.numpy.sum"),
    ("np.sum", "numpy.sum"),
    ("jax.nn.relu", "jax.nn.relu"),
    ("len", "builtins.len"),
    ("pjit", "jax.jit"),
    ("jax.remat", "jax.checkpoint"),
    ("undefined_name.zeros", None),
])
def test_import_styles_resolve(expr, expected):
    model = build(IMPORTS.replace("EXPR", expr))
    s = scope(model, "f")
    ret = s.of_type(ast.Return)[0]
    assert qualified_name(ret.value, s) == expected


def _qualified_in(source: str, qualname: str) -> str | None:
    model = build(source)
    s = scope(model, qualname)
    call = s.of_type(ast.Call)[0]
    return qualified_name(call.func, s)


def test_parameter_named_jnp_shadows_the_module():
    assert _qualified_in("""
        import jax.numpy as jnp
        def f(jnp):
            return jnp.zeros(3)
        """, "f") is None


def test_local_named_jnp_shadows_the_module():
    assert _qualified_in("""
        import jax.numpy as jnp
        def f():
            jnp = make()
            return jnp.zeros(3)
        """, "f") is None


def test_enclosing_local_shadows_the_module_in_nested_function():
    assert _qualified_in("""
        import jax.numpy as jnp
        def outer():
            jnp = 1
            def inner():
                return jnp.zeros(1)
        """, "outer.inner") is None


def test_local_import_rebinds_the_name():
    assert _qualified_in("""
        import jax.numpy as jnp
        def f():
            import numpy as jnp
            return jnp.zeros(3)
        """, "f") == "numpy.zeros"


def test_class_attribute_does_not_shadow_module_inside_methods():
    assert _qualified_in("""
        import jax.numpy as jnp
        class C:
            jnp = 3
            def m(self):
                return jnp.zeros(1)
        """, "C.m") == "jax.numpy.zeros"


def test_global_declaration_reads_the_module_binding():
    assert _qualified_in("""
        import jax.numpy as jnp
        def f():
            global jnp
            return jnp.zeros(1)
        """, "f") == "jax.numpy.zeros"


def test_module_level_rebinding_makes_name_unknown():
    assert _qualified_in("""
        import jax.numpy as jnp
        jnp = None
        def f():
            return jnp.zeros(1)
        """, "f") is None


def test_shadowed_jit_name_does_not_trace():
    model = build("""
        from jax import jit
        def jit(f):
            return f
        @jit
        def f(x):
            return x
        """)
    assert not info(model, "f").traced


def test_jnp_parameter_in_traced_function_is_not_the_module():
    model = build("""
        import jax
        import jax.numpy as jnp
        @jax.jit
        def f(x, jnp):
            return jnp.zeros(3)
        """)
    s = scope(model, "f")
    call = s.of_type(ast.Call)[0]
    assert model.qualified(call.func, s) is None
    assert model.facts(s).value(call).staged_static is None


# -- traced forms: decorators and wrapping calls ----------------------------------------------

@pytest.mark.parametrize("decorator, transforms", [
    ("jax.jit", {"jit"}),
    ("jit", {"jit"}),
    ("jax.pmap", {"jit"}),
    ("jax.vmap", {"vmap"}),
    ("jax.checkpoint", {"checkpoint"}),
    ("jax.remat", {"checkpoint"}),
    ("eqx.filter_jit", {"jit"}),
    ("eqx.filter_vmap", {"vmap"}),
    ("nnx.jit", {"jit"}),
    ("nnx.vmap", {"vmap"}),
    ("nn.jit", {"jit"}),
    ("pjit", {"jit"}),
])
def test_decorators_trace(decorator, transforms):
    model = build(f"""
        import jax
        from jax import jit
        import equinox as eqx
        from flax import nnx
        import flax.linen as nn
        from jax.experimental.pjit import pjit
        @{decorator}
        def f(x):
            return x
        """)
    i = info(model, "f")
    assert i.traced and i.transforms == transforms
    # equinox's filtered transforms trace only arrays, and no call here says `x` is one
    assert ("x" in i.traced_params) is not decorator.startswith("eqx.filter_")
    assert i.reasons == [f"decorated with {model.qualified(ast.parse(decorator).body[0].value, model.module)}"]


@pytest.mark.parametrize("decorator, abstract, cached", [
    ("jax.jit", True, True),
    ("jax.vmap", True, False),
    ("jax.checkpoint", True, True),
])
def test_transform_properties(decorator, abstract, cached):
    model = build(f"""
        import jax
        @{decorator}
        def f(x):
            return x
        """)
    i = info(model, "f")
    assert (i.abstract, i.cached) == (abstract, cached)


def test_plain_function_is_not_traced():
    model = build("""
        import jax.numpy as jnp
        def f(x):
            return jnp.sum(x)
        """)
    i = info(model, "f")
    assert not i.traced and not i.traced_params
    assert final(model, "f", "x") == Value()  # unknown, not traced


def test_stacked_decorators_combine():
    model = build("""
        import jax
        @jax.jit
        @jax.vmap
        def f(x):
            return x
        """)
    i = info(model, "f")
    assert i.transforms == {"jit", "vmap"} and i.cached and i.abstract


@pytest.mark.parametrize("statics, expected_static", [
    ("static_argnums=1", {"n"}),
    ("static_argnums=(1,)", {"n"}),
    ("static_argnums=(-1,)", {"n"}),
    ("static_argnums=-2", {"x"}),
    ("static_argnums=(0, 1)", {"x", "n"}),
    ("static_argnums=5", set()),
    ("static_argnames='n'", {"n"}),
    ("static_argnames=('n',)", {"n"}),
    ("static_argnames=['n']", {"n"}),
])
def test_partial_jit_static_arguments(statics, expected_static):
    model = build(f"""
        import jax
        from functools import partial
        @partial(jax.jit, {statics})
        def f(x, n):
            return x
        """)
    i = info(model, "f")
    assert i.static_params == expected_static
    assert i.traced_params == {"x", "n"} - expected_static


def test_functools_partial_through_module_attribute():
    model = build("""
        import functools
        import jax
        @functools.partial(jax.jit, static_argnums=-1)
        def f(x, n):
            return x
        """)
    assert info(model, "f").static_params == {"n"}


def test_decorator_factory_form():
    model = build("""
        import jax
        @jax.jit(static_argnames="n")
        def f(x, n):
            return x
        """)
    i = info(model, "f")
    assert i.traced and i.static_params == {"n"} and i.traced_params == {"x"}


def test_wrapping_call_with_static_argnums():
    model = build("""
        import jax
        def f(x, n):
            return x
        g = jax.jit(f, static_argnums=1)
        """)
    i = info(model, "f")
    assert i.traced and i.reasons == ["wrapped by jax.jit"]
    assert i.static_params == {"n"} and i.traced_params == {"x"}


def test_wrapping_call_of_partial_jit_factory():
    model = build("""
        import jax
        from functools import partial
        def f(x, n):
            return x
        g = partial(jax.jit, static_argnames="n")(f)
        """)
    i = info(model, "f")
    assert i.traced and i.static_params == {"n"}


def test_jit_of_vmap_traces_with_both():
    model = build("""
        import jax
        def f(x):
            return x
        g = jax.jit(jax.vmap(f))
        """)
    i = info(model, "f")
    assert i.transforms == {"jit", "vmap"} and i.cached


def test_jit_of_grad_is_abstract():
    model = build("""
        import jax
        def f(x):
            return x
        g = jax.jit(jax.grad(f))
        """)
    i = info(model, "f")
    assert i.transforms == {"jit", "grad"} and i.abstract


def test_jit_of_partial_binds_leading_parameter():
    model = build("""
        import jax
        from functools import partial
        def f(a, x):
            return x
        g = jax.jit(partial(f, 1))
        """)
    i = info(model, "f")
    assert i.traced and i.traced_params == {"x"}


def test_jit_of_partial_keyword_is_static():
    model = build("""
        import jax
        from functools import partial
        def f(x, scale):
            return x
        g = jax.jit(partial(f, scale=2.0))
        """)
    i = info(model, "f")
    assert "scale" in i.static_params and "scale" not in i.traced_params


def test_jit_of_lambda_assigned_to_a_name():
    model = build("""
        import jax
        f = lambda x: x * 2
        g = jax.jit(f)
        """)
    assert info(model, "<lambda>").traced_params == {"x"}


def test_jit_of_bound_method_skips_self():
    model = build("""
        import jax
        class A:
            def m(self, x):
                return x
            def go(self, x):
                return jax.jit(self.m)(x)
        """)
    i = info(model, "A.m")
    assert i.traced and i.traced_params == {"x"}
    assert not info(model, "A.go").traced


def test_jit_decorated_method_does_not_trace_self():
    model = build("""
        import jax
        class A:
            @jax.jit
            def m(self, x):
                return x
        """)
    assert info(model, "A.m").traced_params == {"x"}


def test_extra_jit_decorators_option():
    source = """
        import mylib
        @mylib.compiled
        def f(x):
            return x
        """
    assert not info(build(source), "f").traced
    assert info(build(source, jit_decorators=frozenset({"mylib.compiled"})), "f").transforms == {"jit"}


def test_shard_map_traces():
    model = build("""
        from jax.experimental.shard_map import shard_map
        def f(x):
            return x
        g = shard_map(f, mesh=None, in_specs=None, out_specs=None)
        """)
    traced = info(model, "f")
    # Eagerly, shard_map's tracers carry concrete values: traced, but control flow works.
    assert traced.transforms == {"shard_map"} and not traced.abstract and not traced.cached


def test_shard_map_under_jit_is_abstract():
    model = build("""
        import jax
        def f(x):
            return x
        g = jax.jit(jax.shard_map(f, mesh=None, in_specs=None, out_specs=None))
        """)
    traced = info(model, "f")
    assert traced.transforms == {"shard_map", "jit"} and traced.abstract and traced.cached


# -- grad and vmap specifics ---------------------------------------------------------------------

def test_grad_alone_is_traced_but_not_abstract():
    model = build("""
        import jax
        def loss(w):
            return w
        g = jax.grad(loss)
        """)
    i = info(model, "loss")
    assert i.traced and i.transforms == {"grad"}
    assert not i.abstract and not i.cached
    assert "w" in i.traced_params


def test_value_and_grad_decorator_is_not_abstract():
    model = build("""
        import jax
        @jax.value_and_grad
        def loss(w):
            return w
        """)
    i = info(model, "loss")
    assert i.traced and not i.abstract


def test_vmap_in_axes_none_makes_parameter_static():
    model = build("""
        import jax
        def f(x, y):
            return x
        g = jax.vmap(f, in_axes=(0, None))
        """)
    i = info(model, "f")
    assert i.static_params == {"y"} and i.traced_params == {"x"}


@pytest.mark.parametrize("source", [
    "def f(x, y):\n    return x\ng = jax.jit(jax.vmap(f, in_axes=(0, None)))",
    "@jax.jit\n@partial(jax.vmap, in_axes=(0, None))\ndef f(x, y):\n    return x",
    "@partial(jax.vmap, in_axes=(0, None))\n@jax.jit\ndef f(x, y):\n    return x",
])
def test_unbatched_parameter_is_traced_by_jit_around_or_inside_vmap(source):
    # jax.jit(jax.vmap(f, in_axes=(0, None)))(x, 2): f receives `y` as a jit tracer.
    model = build("import jax\nfrom functools import partial\n" + source)
    i = info(model, "f")
    assert i.traced_params == {"x", "y"} and not i.static_params


def test_vmap_of_jit_with_static_argnums_keeps_static():
    model = build("""
        import jax
        def f(x, n):
            return x
        g = jax.vmap(jax.jit(f, static_argnums=1), in_axes=(0, None))
        """)
    i = info(model, "f")
    assert i.static_params == {"n"} and i.traced_params == {"x"}


def test_vmap_in_axes_none_after_partial_binding():
    model = build("""
        import jax
        from functools import partial
        def f(a, x, y):
            return x
        g = jax.vmap(partial(f, 1), in_axes=(0, None))
        """)
    i = info(model, "f")
    assert i.static_params == {"y"} and i.traced_params == {"x"}


def test_vmap_alone_does_not_cache():
    model = build("""
        import jax
        @jax.vmap
        def f(x):
            return x
        """)
    i = info(model, "f")
    assert i.abstract and not i.cached


# -- lax bodies --------------------------------------------------------------------------------

@pytest.mark.parametrize("call, bodies", [
    ("lax.fori_loop(0, 3, a, x)", ["a"]),
    ("lax.scan(a, x, x)", ["a"]),
    ("lax.while_loop(a, b, x)", ["a", "b"]),
    ("lax.cond(x > 0, a, b, x)", ["a", "b"]),
    ("cond(x > 0, a, b, x)", ["a", "b"]),
    ("lax.switch(0, [a, b], x)", ["a", "b"]),
    ("lax.map(a, x)", ["a"]),
    ("lax.associative_scan(a, x)", ["a"]),
    ("lax.scan(f=a, init=x, xs=x)", ["a"]),
    ("lax.cond(x > 0, true_fun=a, false_fun=b, operand=x)", ["a", "b"]),
])
def test_lax_bodies_are_traced(call, bodies):
    model = build(f"""
        from jax import lax
        from jax.lax import cond
        def a(c, *rest):
            return c
        def b(c, *rest):
            return c
        def untouched(c):
            return c
        def run(x):
            return {call}
        """)
    for name in bodies:
        i = info(model, name)
        assert i.transforms == {"lax"} and i.abstract, name
        assert i.cached is (name_of(call) != "map")  # lax.map wraps the body in a fresh closure
        assert "c" in i.traced_params
        assert i.reasons[0].startswith("body of jax.lax.")
    assert not info(model, "untouched").traced
    assert not info(model, "run").traced  # calling lax eagerly does not trace the caller


def name_of(call: str) -> str:
    return call.split("(")[0].split(".")[-1]


def test_fori_loop_index_is_traced():
    model = build("""
        import jax
        def body(i, carry):
            return carry
        jax.lax.fori_loop(0, 10, body, 0)
        """)
    assert info(model, "body").traced_params == {"i", "carry"}


def test_lax_body_defaulted_parameter_is_static():
    model = build("""
        import jax
        def body(i, c, scale=2.0):
            return c
        jax.lax.fori_loop(0, 3, body, 0.0)
        """)
    i = info(model, "body")
    assert i.traced_params == {"i", "c"} and i.static_params == {"scale"}


def test_lax_body_lambda_is_traced():
    model = build("""
        import jax
        def run(x):
            return jax.lax.map(lambda z: z * 2, x)
        """)
    assert info(model, "run.<lambda>").traced_params == {"z"}


def test_lax_body_partial_binds_config():
    model = build("""
        import jax
        from functools import partial
        def body(cfg, c, x):
            return c, x
        def run(x):
            return jax.lax.scan(partial(body, 3), x, x)
        """)
    assert info(model, "body").traced_params == {"c", "x"}


def test_zero_argument_cond_branches_are_traced():
    model = build("""
        import jax
        def run(p, a, b):
            return jax.lax.cond(p, lambda: a, lambda: b)
        """)
    lambdas = [s for s in model.functions() if s.qualname == "run.<lambda>"]
    assert len(lambdas) == 2 and all(model.info(s).traced for s in lambdas)


# -- nesting -------------------------------------------------------------------------------------

def test_nested_def_and_lambda_inherit_tracing():
    model = build("""
        import jax
        @jax.jit
        def outer(x):
            def nested(y):
                return y
            g = lambda q: q
            return x
        """)
    for name in ("outer.nested", "outer.<lambda>"):
        i = info(model, name)
        assert i.traced and i.cached and i.abstract
        assert "nested in traced outer" in i.reasons


def test_deeply_nested_def_inherits_tracing():
    model = build("""
        import jax
        @jax.jit
        def outer(x):
            def a():
                def b():
                    return 1
                return b
            return x
        """)
    assert info(model, "outer.a.b").traced


def test_nested_in_untraced_function_is_not_traced():
    model = build("""
        def outer(x):
            def nested(y):
                return y
            return nested(x)
        """)
    assert not info(model, "outer.nested").traced


# -- host callbacks ------------------------------------------------------------------------------

@pytest.mark.parametrize("call", [
    "jax.debug.callback(cb, x)",
    "jax.pure_callback(cb, x, x)",
    "jax.experimental.io_callback(cb, x, x)",
])
def test_host_callbacks_are_not_traced(call):
    model = build(f"""
        import jax
        import jax.experimental
        def cb(v):
            return v
        @jax.jit
        def f(x):
            {call}
            return x
        """)
    i = info(model, "cb")
    assert i.host and not i.traced and not i.transforms


def test_nested_lambda_callback_is_not_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            jax.debug.callback(lambda v: print(v), x)
            return x
        """)
    i = info(model, "f.<lambda>")
    assert i.host and not i.traced


def test_callback_defined_inside_traced_function_is_not_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            def show(v):
                def deeper(): pass
                print(v)
            jax.debug.callback(show, x)
            return x
        """)
    assert not info(model, "f.show").traced
    assert not info(model, "f.show.deeper").traced


# -- callees -------------------------------------------------------------------------------------

CALLEES = """
import jax

def helper(a, n):
    return a

def deeper(b):
    return b

def middle(a):
    return deeper(a)

def static_only(n):
    return n

def kw_only(*, v):
    return v

@jax.jit
def f(x):
    helper(x, 3)
    middle(x * 2)
    static_only(x.shape[0])
    kw_only(v=x)
    return x
"""


def test_callee_with_traced_argument_is_traced():
    model = build(CALLEES)
    i = info(model, "helper")
    assert i.traced and i.cached and i.abstract
    assert i.traced_params == {"a"}  # `n` receives a Python int
    assert any(r.startswith("called from traced f") for r in i.reasons)


def test_callee_is_traced_transitively():
    model = build(CALLEES)
    assert info(model, "middle").traced
    i = info(model, "deeper")
    assert i.traced and i.traced_params == {"b"}
    assert "called from traced middle with traced arguments" in i.reasons


def test_callee_with_only_static_arguments_runs_staged_with_static_parameters():
    # its code runs while `f` is traced (jnp there gives tracers), but nothing it is given is traced
    model = build(CALLEES)
    callee = info(model, "static_only")
    assert callee.traced and callee.cached
    assert not callee.traced_params and callee.given_static == {"n"}
    scope = next(s for s in model.functions() if getattr(s.node, "name", "") == "static_only")
    returned = scope.node.body[0].value
    assert model.facts(scope).value(returned).static


def test_callee_with_traced_keyword_argument():
    model = build(CALLEES)
    assert info(model, "kw_only").traced_params == {"v"}


def test_function_called_from_host_callback_is_not_traced():
    model = build("""
        import jax
        def helper(v):
            return v
        def cb(v):
            return helper(v)
        @jax.jit
        def f(x):
            jax.debug.callback(cb, x)
            return x
        """)
    assert not info(model, "cb").traced
    assert not info(model, "helper").traced


def test_callback_given_to_tree_map_with_traced_tree_is_traced():
    model = build("""
        import jax
        def scale(g):
            return g * 2
        @jax.jit
        def f(grads):
            return jax.tree.map(scale, grads)
        """)
    assert info(model, "f").traced_params == {"grads"}
    assert info(model, "scale").traced_params == {"g"}


def test_callee_of_untraced_caller_is_not_traced():
    model = build("""
        import jax.numpy as jnp
        def helper(a):
            return a
        def f(x):
            return helper(jnp.ones(3))
        """)
    assert not info(model, "helper").traced


def test_callee_parameter_annotated_str_never_traced():
    model = build("""
        import jax
        def helper(a, name: str):
            return a
        @jax.jit
        def f(x):
            return helper(x, x)
        """)
    assert info(model, "helper").traced_params == {"a"}


def test_callee_of_grad_only_function_is_not_abstract():
    model = build("""
        import jax
        def helper(a):
            return a
        def loss(w):
            return helper(w)
        g = jax.grad(loss)
        """)
    i = info(model, "helper")
    assert i.traced and not i.abstract


def test_callee_values_are_traced_inside():
    model = build("""
        import jax
        import jax.numpy as jnp
        def helper(a):
            s = jnp.sum(a)
            return s
        @jax.jit
        def f(x):
            return helper(x)
        """)
    assert surely_traced(final(model, "helper", "s"))
    assert surely_traced(read(model, "f", "x"))


def test_return_value_of_local_function_is_traced():
    model = build("""
        import jax
        import jax.numpy as jnp
        def helper(a):
            return jnp.sum(a)
        @jax.jit
        def f(x):
            y = helper(x)
            return y
        """)
    assert final(model, "f", "y").traced


# -- flax / equinox modules --------------------------------------------------------------------

def test_linen_compact_call_with_static_train_flag():
    model = build("""
        import flax.linen as nn
        class M(nn.Module):
            @nn.compact
            def __call__(self, x, train: bool):
                return x.reshape(-1)
            def helper(self, x):
                return x
        """)
    i = info(model, "M.__call__")
    assert i.traced and i.transforms == {"module"} and i.abstract and i.cached  # applied under jit
    assert i.static_params == {"train"} and i.traced_params == {"x"}
    assert not info(model, "M.helper").traced


def test_linen_compact_method_other_than_call():
    model = build("""
        from flax import linen as nn
        class M(nn.Module):
            @nn.compact
            def encode(self, x):
                return nn.Dense(3)(x)
        """)
    assert info(model, "M.encode").traced_params == {"x"}


def test_a_module_parameter_never_used_as_an_array_is_unknown():
    # flax hands `__call__` what its caller passes, as it is: a length or a shape stays a Python value
    model = build("""
        import flax.linen as nn
        class M(nn.Module):
            @nn.compact
            def __call__(self, x, length, shape):
                if length > len(shape):
                    return x
                return nn.Dense(3)(x)
        """)
    i = info(model, "M.__call__")
    assert i.traced_params == {"x"} and i.unproven == {"length", "shape"}


@pytest.mark.parametrize("header", [
    "from flax import nnx\nclass M(nnx.Module):",
    "import equinox as eqx\nclass M(eqx.Module):",
    "import flax.linen as nn\nclass Base(nn.Module):\n    pass\nclass M(Base):",
])
def test_module_call_is_traced_with_train_static(header):
    source = header + "\n    def __call__(self, x, train: bool = False):\n        return x.sum()\n"
    model = build(source)
    i = info(model, "M.__call__")
    assert i.traced and i.abstract
    assert i.traced_params == {"x"} and i.static_params == {"train"}


def test_plain_class_call_is_not_traced():
    model = build("""
        class M:
            def __call__(self, x):
                return x
        """)
    assert not info(model, "M.__call__").traced


# -- equinox filtering -----------------------------------------------------------------------

def test_filter_jit_python_defaults_and_annotations_are_static():
    model = build("""
        import equinox as eqx
        import jax.numpy as jnp
        @eqx.filter_jit
        def f(x, n=3, flag: bool = False, s=None, act: str = "relu"):
            return x
        f(jnp.ones(3), n=4, flag=True, s=2, act="gelu")
        """)
    i = info(model, "f")
    assert i.filtered
    assert i.static_params == {"n", "flag", "s", "act"}
    assert i.traced_params == {"x"}


@pytest.mark.parametrize("calls, n_static, n_traced", [
    ("f(jnp.ones(3), 3)", True, False),
    ("f(jnp.ones(3), n=-4); f(jnp.ones(2), 2.5)", True, False),
    ("f(jnp.ones(3), 3); f(jnp.ones(3), jnp.ones(3))", False, True),
    # what `*rest` holds is unknown, and so is what no call passes: neither static nor traced
    ("f(jnp.ones(3), *rest)", False, False),
    ("", False, False),
])
def test_filter_jit_parameter_passed_python_literals_is_static(calls, n_static, n_traced):
    model = build(f"""
        import equinox as eqx
        import jax.numpy as jnp
        @eqx.filter_jit
        def f(x, n):
            return x
        {calls}
        """)
    i = info(model, "f")
    assert ("n" in i.static_params) is n_static
    assert ("n" in i.traced_params) is n_traced
    assert ("x" in i.traced_params) is bool(calls)  # traced where a call passes an array


def test_plain_jit_parameter_passed_python_literal_is_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x, n):
            return x
        f(jnp.ones(3), 3)
        """)
    assert info(model, "f").traced_params == {"x", "n"}


def test_plain_jit_python_default_passed_is_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x, n=3):
            return x
        f(1, n=4)
        """)
    assert info(model, "f").traced_params == {"x", "n"}


# -- defaults never passed ------------------------------------------------------------------------

@pytest.mark.parametrize("calls, static, traced", [
    ("", {"k", "j"}, {"x"}),
    ("f(1)", {"k", "j"}, {"x"}),
    ("f(1, 2)", {"j"}, {"x", "k"}),
    ("f(1, j=5)", {"k"}, {"x", "j"}),
    ("f(1, 2, 3)", set(), {"x", "k", "j"}),
    ("f(*args)", set(), {"x", "k", "j"}),
    ("f(1, **kw)", set(), {"x", "k", "j"}),
])
def test_defaulted_parameter_static_unless_passed(calls, static, traced):
    model = build(f"""
        import jax
        @jax.jit
        def f(x, k=3, j=2):
            return x
        {calls}
        """)
    i = info(model, "f")
    assert i.static_params == static and i.traced_params == traced


@pytest.mark.parametrize("calls, n_static", [("g(1)", True), ("g(1, 2)", False)])
def test_defaulted_parameter_through_jit_alias(calls, n_static):
    model = build(f"""
        import jax
        def h(x, n=1):
            return x
        g = jax.jit(h)
        {calls}
        """)
    i = info(model, "h")
    assert ("n" in i.static_params) is n_static
    assert ("n" in i.traced_params) is not n_static


def test_defaulted_method_parameter_passed_positionally_via_attribute():
    model = build("""
        import jax
        class A:
            @jax.jit
            def m(self, x, n=1):
                return x
        def use(a):
            return a.m(1, 2)
        """)
    assert "n" in info(model, "A.m").traced_params


# -- abstract values ---------------------------------------------------------------------------

VALUES = """
import jax
import jax.numpy as jnp
from functools import partial

@partial(jax.jit, static_argnums=1)
def f(x, n, y):
    shape = x.shape
    ndim = x.ndim
    size = x.size
    dtype = x.dtype
    length = len(x)
    big = x.shape[0] > 2
    dim = x.shape[0] * 2
    tail = x.shape[1:]
    h, w = x.shape
    positive = jnp.sum(x) > 0
    arith = x * 2 + 1
    neg = -x
    elem = x[0]
    from_static = n * 2
    int_static = int(n)
    inst = isinstance(x, int)
    kind = type(x)
    none = y is None
    not_none = y is not None
    name = y == "relu"
    p, q = x, 3
    s1, s2 = jnp.split(x, 2)
    pair = (x, n)
    first = pair[0]
    second = pair[1]
    staged = jnp.zeros(n)
    largest = max(x.shape[0], 3)
    flt = float(x.shape[0])
    summed = jnp.sum(x)
    total = summed.sum()
    acc = 0
    acc += x
    return x
"""


@pytest.fixture(scope="module")
def values_model():
    return build(VALUES)


@pytest.mark.parametrize("name", [
    "shape", "ndim", "size", "dtype", "length", "big", "dim", "tail", "h", "w", "from_static", "int_static",
    "inst", "kind", "none", "not_none", "name", "q", "second", "largest", "flt",
])
def test_static_values(values_model, name):
    assert is_static(final(values_model, "f", name)), name


@pytest.mark.parametrize("name", [
    "positive", "arith", "neg", "elem", "p", "s1", "s2", "first", "staged", "summed", "total", "acc",
])
def test_traced_values(values_model, name):
    assert surely_traced(final(values_model, "f", name)), name


@pytest.mark.parametrize("name", ["shape", "ndim", "length", "big", "dim", "h"])
def test_shape_values_are_marked_shape(values_model, name):
    assert final(values_model, "f", name).shape


def test_parameters_bind_by_trace_info(values_model):
    assert surely_traced(final(values_model, "f", "x"))
    assert is_static(final(values_model, "f", "n"))


def test_staged_static_points_at_the_jnp_call(values_model):
    value = final(values_model, "f", "staged")
    assert isinstance(value.staged_static, ast.Call)
    assert ast.unparse(value.staged_static) == "jnp.zeros(n)"


def test_shape_tuple_is_a_tuple(values_model):
    assert final(values_model, "f", "shape").is_tuple
    assert final(values_model, "f", "tail").is_tuple
    assert not final(values_model, "f", "dim").is_tuple


def test_untraced_function_values_are_unknown():
    model = build("""
        import jax.numpy as jnp
        def f(x):
            y = jnp.sum(x) + 1
            return y
        """)
    value = final(model, "f", "y")
    assert value.traced == NOT_TRACED and not value.static
    assert value.jax  # a concrete JAX array


def test_branch_join_traced_in_one_arm_only_is_not_surely_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x, c: bool = False):
            if c:
                b = x
            else:
                b = 1
            both = x if c else x + 1
            return b
        """)
    assert final(model, "f", "b").traced == NOT_TRACED
    assert not final(model, "f", "b").static
    assert surely_traced(final(model, "f", "both"))


def test_branch_join_traced_in_both_arms():
    model = build("""
        import jax
        @jax.jit
        def f(x, c: bool = False):
            if c:
                b = x * 2
            else:
                b = x + 1
            return b
        """)
    assert surely_traced(final(model, "f", "b"))


def test_returning_arm_does_not_join():
    model = build("""
        import jax
        @jax.jit
        def f(x, c: bool = False):
            b = 1
            if c:
                return x
            else:
                b = x
            return b
        """)
    assert surely_traced(read(model, "f", "b"))


def test_loop_fixed_point_makes_accumulator_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            acc = 0
            for i in range(3):
                before = acc
                acc = acc + x
            return acc
        """)
    assert surely_traced(final(model, "f", "acc"))
    assert surely_traced(final(model, "f", "before"))  # seen on the second iteration
    assert is_static(final(model, "f", "i"))


def test_while_loop_counter_stays_static():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            i = 0
            while i < 3:
                i = i + 1
            return x
        """)
    assert is_static(final(model, "f", "i"))


def test_for_over_traced_array_gives_traced_elements():
    model = build("""
        import jax
        @jax.jit
        def f(x, n: int = 3):
            for j, v in enumerate(x):
                pass
            for p, q in zip(x, range(n)):
                pass
            return x
        """)
    assert is_static(final(model, "f", "j"))
    assert surely_traced(final(model, "f", "v"))
    assert surely_traced(final(model, "f", "p"))
    assert is_static(final(model, "f", "q"))


def test_comprehension_over_traced_values():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            doubled = [v * 2 for v in x]
            total = sum([x for _ in range(2)])
            counts = [i for i in range(3)]
            return doubled
        """)
    assert final(model, "f", "doubled").traced
    assert not final(model, "f", "doubled").surely_traced_array  # a list, not an array
    assert surely_traced(final(model, "f", "total"))
    assert final(model, "f", "counts").traced == NOT_TRACED


def test_comprehension_element_value_is_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            return [v * 2 for v in x]
        """)
    s = scope(model, "f")
    comp = s.of_type(ast.ListComp)[0]
    assert surely_traced(model.facts(s).value(comp.elt))


def test_closure_reads_enclosing_values():
    model = build("""
        import jax
        from functools import partial
        @partial(jax.jit, static_argnums=1)
        def f(x, n):
            m = n + 1
            y = x * 2
            def inner():
                return m, y
            return inner()
        """)
    assert is_static(read(model, "f.inner", "m"))
    assert surely_traced(read(model, "f.inner", "y"))


@pytest.mark.parametrize("expr", ["x.shape == (3,)", "x.ndim == 2", "x.shape[0] != n", "n == 3", "x.ndim in (1, 2)"])
def test_equality_of_static_values_is_static(expr):
    model = build(f"""
        import jax
        from functools import partial
        @partial(jax.jit, static_argnums=1)
        def f(x, n):
            r = {expr}
            return x
        """)
    assert is_static(final(model, "f", "r"))


def test_equality_of_traced_array_is_traced():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            r = x == 3
            return x
        """)
    assert surely_traced(final(model, "f", "r"))


def test_equality_of_unknown_values_is_unknown():
    model = build("""
        import jax
        @jax.jit
        def f(x, cfg):
            r = cfg == other
            return x
        """)
    value = final(model, "f", "r")
    assert not value.static and not value.traced


@pytest.mark.parametrize("last_case, traced", [("case _:", True), ("case other:", True), ("case 2:", False)])
def test_match_join(last_case, traced):
    model = build(f"""
        import jax
        @jax.jit
        def f(x, c: int = 1):
            match c:
                case 1:
                    m = x
                {last_case}
                    m = x + 1
            return m
        """)
    assert surely_traced(read(model, "f", "m")) is traced


def test_try_except_joins_handler():
    model = build("""
        import jax
        @jax.jit
        def f(x):
            try:
                t = x * 2
            except Exception:
                t = 0
            return t
        """)
    assert final(model, "f", "t").traced == NOT_TRACED


def test_walrus_binds_traced_value():
    model = build("""
        import jax
        import jax.numpy as jnp
        @jax.jit
        def f(x):
            if (w := jnp.sum(x)) > 0:
                pass
            return w
        """)
    assert surely_traced(final(model, "f", "w"))


def test_numpy_values_are_host_values():
    model = build("""
        import jax
        import numpy as np
        @jax.jit
        def f(x):
            a = np.zeros(3)
            return x
        """)
    value = final(model, "f", "a")
    assert value.numpy and not value.traced and not value.jax


@pytest.mark.parametrize("expr", ["x.T", "x.at[0].set(1)", "x[:, 0]", "x.reshape(-1)", "x.sum()"])
def test_array_methods_and_attributes_of_traced_are_traced(expr):
    model = build(f"""
        import jax
        @jax.jit
        def f(x):
            r = {expr}
            return r
        """)
    assert surely_traced(final(model, "f", "r"))


def test_closure_called_by_its_owner_still_reads_final_values():
    # The owner interprets `inner()` (for its return value) before its own values are final;
    # what the closure sees then must not be kept.
    model = build("""
        import jax
        from functools import partial
        @partial(jax.jit, static_argnums=1)
        def f(x, n):
            m = n + 1
            y = x * 2
            def inner():
                return m, y
            return inner()
        """)
    model.facts(scope(model, "f"))
    assert is_static(read(model, "f.inner", "m"))
    assert surely_traced(read(model, "f.inner", "y"))


def test_container_parameter_is_a_traced_tree():
    model = build("""
        import jax
        @jax.jit
        def f(params, x):
            return x
        """)
    value = final(model, "f", "params")
    assert value.traced and not value.surely_traced_array
    assert surely_traced(final(model, "f", "x"))


def test_unknown_call_on_traced_argument_is_uncertain():
    model = build("""
        import jax
        import somelib
        @jax.jit
        def f(x):
            y = somelib.thing(x)
            return y
        """)
    value = final(model, "f", "y")
    assert value.traced and value.uncertain and not value.surely_traced_array


def test_boolean_not_of_static_is_static():
    model = build("""
        import jax
        @jax.jit
        def f(x, flag: bool = False):
            a = not flag
            return x
        """)
    assert is_static(final(model, "f", "a"))


def test_grad_only_parameter_is_traced_value():
    model = build("""
        import jax
        import jax.numpy as jnp
        def loss(w):
            s = jnp.sum(w)
            return s
        g = jax.grad(loss)
        """)
    assert surely_traced(final(model, "loss", "s"))


# -- fields of classes ---------------------------------------------------------------------------


def field_value(model: Model, qualname: str, text: str) -> Value:
    """The value of the attribute expression `text` in the function itself (not a nested one)."""
    s = scope(model, qualname)
    found = [n for n in s.of_type(ast.Attribute) if ast.unparse(n) == text]
    return model.facts(s).value(found[-1])


FIELD_CLASSES = """
    import dataclasses
    from typing import Sequence
    import equinox as eqx
    import flax.linen as nn
    import flax.struct
    import jax
    from flax import nnx

    class Linen(nn.Module):
        features: Sequence[int]
        heads: int = 4
        kernel: jax.Array = None
        num_layers: object = 2

        def __call__(self, x):
            def body(c, y):
                return c + self.heads, y
            return self.features, self.heads, self.kernel, self.num_layers

    class Child(Linen):
        heads: jax.Array = None

        def __call__(self, x):
            return self.features, self.heads

    class Eqx(eqx.Module):
        w: jax.Array
        n: int
        k: int = eqx.field(static=True)

        def __call__(self, x):
            return self.w, self.n, self.k

        @jax.jit
        def jitted(self, x):
            return self.n, self.k

        @eqx.filter_jit
        def filtered(self, x):
            return self.n

    @flax.struct.dataclass
    class State:
        step: int
        size: int = flax.struct.field(pytree_node=False)

        def read(self):
            return self.step, self.size

    class Built(nnx.Module):
        scale = 2

        def __init__(self, n: int, m, k=3, rngs=None):
            self.n = n
            self.m = m
            self.k = k
            self.both = (n, k)
            self.count = 0
            self.scale2 = self.scale * 2

        def __call__(self, x):
            return self.n, self.m, self.k, self.both, self.count, self.scale

        def step(self, x):
            self.count = x.sum()
    """


def test_python_typed_fields_of_a_flax_module_are_static():
    model = build(FIELD_CLASSES)
    features = field_value(model, "Linen.__call__", "self.features")
    assert is_static(features) and features.shape and features.is_tuple
    assert is_static(field_value(model, "Linen.__call__", "self.heads"))
    assert is_static(field_value(model, "Linen.__call__.body", "self.heads"))  # read in a closure
    assert not field_value(model, "Linen.__call__", "self.kernel").static  # an array
    assert not field_value(model, "Linen.__call__", "self.num_layers").static  # never by its name
    assert not field_value(model, "Child.__call__", "self.heads").static  # redeclared as an array
    assert field_value(model, "Child.__call__", "self.features").is_tuple  # inherited


def test_equinox_fields_are_static_where_declared_or_filtered():
    model = build(FIELD_CLASSES)
    assert not field_value(model, "Eqx.__call__", "self.w").static
    assert is_static(field_value(model, "Eqx.__call__", "self.n"))
    assert is_static(field_value(model, "Eqx.filtered", "self.n"))
    assert not field_value(model, "Eqx.jitted", "self.n").static  # jax.jit traces the int leaf
    assert is_static(field_value(model, "Eqx.jitted", "self.k"))


def test_pytree_dataclass_fields_are_static_only_when_declared():
    model = build(FIELD_CLASSES)
    assert not field_value(model, "State.read", "self.step").static
    assert is_static(field_value(model, "State.read", "self.size"))


def test_python_numbers_stored_while_building_are_static():
    model = build(FIELD_CLASSES)
    assert is_static(field_value(model, "Built.__call__", "self.n"))  # an int parameter
    assert not field_value(model, "Built.__call__", "self.m").static  # unannotated, no default
    assert is_static(field_value(model, "Built.__call__", "self.k"))  # a literal default
    assert field_value(model, "Built.__call__", "self.both").is_tuple
    assert not field_value(model, "Built.__call__", "self.count").static  # changed by another method
    assert is_static(field_value(model, "Built.__call__", "self.scale"))  # a class attribute


def test_attributes_of_a_static_argument_are_static():
    model = build("""
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=1)
        def f(x, cfg):
            return cfg.hidden
        """)
    assert is_static(field_value(model, "f", "cfg.hidden"))


# -- PRNG keys -----------------------------------------------------------------------------------

def test_key_used_twice_is_reused():
    assert reuses("""
        import jax
        def f(key):
            a = jax.random.normal(key, (3,))
            b = jax.random.normal(key, (3,))
        """) == [("key", 5, False)]


def test_split_before_each_use_is_fine():
    assert reuses("""
        import jax
        def f(key):
            key, sub = jax.random.split(key)
            a = jax.random.normal(sub, (3,))
            key, sub = jax.random.split(key)
            b = jax.random.normal(sub, (3,))
        """) == []


def test_parent_key_used_after_split_is_reused():
    assert reuses("""
        import jax
        def f(key):
            k1, k2 = jax.random.split(key)
            a = jax.random.normal(key, (3,))
        """) == [("key", 5, False)]


def test_split_results_are_distinct_keys():
    model = build("""
        import jax
        def f(key):
            k1, k2 = jax.random.split(key)
            return k1
        """)
    k1, k2 = final(model, "f", "k1"), final(model, "f", "k2")
    assert k1.key is not None and k2.key is not None and k1.key != k2.key


@pytest.mark.parametrize("second, expected", [("2", []), ("1", [("key", 5, False)])])
def test_fold_in_with_same_constant_is_reuse(second, expected):
    assert reuses(f"""
        import jax
        def f(key):
            a = jax.random.fold_in(key, 1)
            b = jax.random.fold_in(key, {second})
        """) == expected


def test_fold_in_with_loop_index_is_fine():
    assert reuses("""
        import jax
        def f(key):
            for i in range(3):
                k = jax.random.fold_in(key, i)
                a = jax.random.normal(k)
        """) == []


def test_key_used_in_loop_is_reused():
    assert reuses("""
        import jax
        def f(key, xs):
            for x in xs:
                a = jax.random.normal(key, (3,))
        """) == [("key", 5, True)]


def test_key_split_in_loop_is_fine():
    assert reuses("""
        import jax
        def f(key, xs):
            for x in xs:
                key, sub = jax.random.split(key)
                a = jax.random.normal(sub, (3,))
        """) == []


def test_iterating_over_split_keys_is_fine():
    assert reuses("""
        import jax
        def f(key):
            for k in jax.random.split(key, 3):
                a = jax.random.normal(k)
        """) == []


def test_key_used_in_exclusive_branches_is_fine():
    assert reuses("""
        import jax
        def f(key, c):
            if c:
                a = jax.random.normal(key, (3,))
            else:
                a = jax.random.uniform(key, (3,))
        """) == []


def test_key_used_in_branch_then_after_is_reused():
    assert reuses("""
        import jax
        def f(key, c):
            if c:
                a = jax.random.normal(key, (3,))
            b = jax.random.uniform(key, (3,))
        """) == [("key", 6, False)]


def test_key_reuse_through_import_alias():
    assert reuses("""
        from jax import random as jr
        def f(rng):
            a = jr.normal(rng, (3,))
            b = jr.bernoulli(rng, 0.5)
        """) == [("rng", 5, False)]


def test_indexed_split_keys():
    assert reuses("""
        import jax
        def f(key):
            keys = jax.random.split(key, 3)
            a = jax.random.normal(keys[0])
            b = jax.random.normal(keys[1])
            c = jax.random.normal(keys[0])
        """) == [("keys[0]", 7, False)]


def test_rebinding_key_resets_consumption():
    assert reuses("""
        import jax
        def f(seed):
            key = jax.random.key(seed)
            a = jax.random.normal(key)
            key = jax.random.key(seed + 1)
            b = jax.random.normal(key)
        """) == []


def test_key_passed_to_key_data_is_not_consumed():
    assert reuses("""
        import jax
        def f(key):
            data = jax.random.key_data(key)
            a = jax.random.normal(key)
        """) == []


def test_key_used_in_while_loop_is_reused():
    assert reuses("""
        import jax
        def f(key, n):
            i = 0
            while i < n:
                a = jax.random.normal(key)
                i += 1
        """) == [("key", 6, True)]


def test_splitting_the_same_key_twice_is_reuse():
    assert reuses("""
        import jax
        def f(key):
            a, b = jax.random.split(key)
            c, d = jax.random.split(key)
        """) == [("key", 5, False)]


def test_a_split_bound_again_before_any_read_draws_nothing():
    # the first split's keys are overwritten unread: only the second one's draws are seen
    assert reuses("""
        import jax
        def f(key):
            a, b = jax.random.split(key)
            a, b = jax.random.split(key)
            return jax.random.normal(a), jax.random.normal(b)
        """) == []


def test_a_split_read_before_it_is_bound_again_is_a_draw():
    assert reuses("""
        import jax
        def f(key):
            a, b = jax.random.split(key)
            noise = jax.random.normal(a)
            a, b = jax.random.split(key)
            return noise, jax.random.normal(a)
        """) == [("key", 6, False)]


@pytest.mark.parametrize("body, expected", [
    # what a jax.random function draws from is a key, wherever it came from
    (["k1, k2 = make_pair(seed)", "return jax.random.normal(k1), jax.random.normal(k1)"], [("k1", 4, False)]),
    (["k, _ = pair", "return jax.random.normal(k) + jax.random.uniform(k)"], [("k", 4, False)]),
    (["k = make_key(seed)", "return jax.random.normal(k), jax.random.normal(k)"], [("k", 4, False)]),
    # bound anew in every iteration: a different value each time
    (["out = []", "for s in range(3):", "    k = make_key(s)", "    out.append(jax.random.normal(k))", "return out"], []),
])
def test_a_key_from_a_helper_or_a_tuple_is_tracked_once_drawn_from(body, expected):
    lines = "".join(f"    {line}\n" for line in body)
    assert reuses(f"import jax\ndef f(seed, pair):\n{lines}") == expected


def test_a_key_named_keyword_of_an_unknown_callee_is_not_a_draw_that_repeats():
    # `key=key` handed to attention code out of sight: the tensor of that name is no PRNG key
    model = build("""
        def forward(query, key, value, attend):
            def fallback():
                return attend(query=query, key=key, value=value)
            return fallback() + fallback()
        """)
    assert model.facts(scope(model, "forward.fallback")).key_reuses == []


def test_a_split_thrown_away_draws_nothing():
    assert reuses("""
        import jax
        def f(key):
            jax.random.split(key)
            return jax.random.normal(key)
        """) == []


@pytest.mark.parametrize("switch, expected", [
    (", enable_dropout=False", []),
    (", deterministic=True", []),
    ("", [("key", 6, False)]),
    (", deterministic=False", [("key", 6, False)]),
])
def test_an_apply_with_its_randomness_switched_off_draws_nothing(switch, expected):
    # the key handed to the module itself: drawn from unless the call switches dropout off
    assert reuses(f"""
        import flax.linen as nn
        import jax
        def f(model, params, x, key):
            a = model.apply(params, x, key{switch})
            return a, jax.random.normal(key)
        """) == expected


@pytest.mark.parametrize("comprehension, expected", [
    ("[jax.random.normal(key) for _ in range(3)]", [("key", 4, True)]),
    ("[jax.random.normal(k) for k in jax.random.split(key, 3)]", []),
])
def test_key_in_comprehension(comprehension, expected):
    assert reuses(f"""
        import jax
        def f(key):
            xs = {comprehension}
        """) == expected


def test_key_passed_twice_to_local_consumer_is_reused():
    assert reuses("""
        import jax
        def sample(key):
            return jax.random.normal(key)
        def f(key):
            a = sample(key)
            b = sample(key)
        """) == [("key", 7, False)]


def test_key_in_alternatives_of_where_is_fine():
    assert reuses("""
        import jax
        import jax.numpy as jnp
        def f(key, c):
            return jnp.where(c, jax.random.normal(key), jax.random.uniform(key))
        """) == []


def test_key_in_returning_branch_then_after_is_fine():
    assert reuses("""
        import jax
        def f(key, c):
            if c:
                return jax.random.normal(key)
            return jax.random.uniform(key)
        """) == []


def test_key_loop_with_break_runs_once():
    assert reuses("""
        import jax
        def f(key, xs):
            for x in xs:
                a = jax.random.normal(key)
                break
        """) == []


def test_key_passed_by_keyword_is_reused():
    assert reuses("""
        import jax
        def f(key):
            a = jax.random.normal(key=key, shape=(3,))
            b = jax.random.normal(key=key, shape=(3,))
        """) == [("key", 5, False)]


def test_module_level_key_reused_inside_function():
    assert reuses("""
        import jax
        KEY = jax.random.key(0)
        def f():
            a = jax.random.normal(KEY)
            b = jax.random.normal(KEY)
        """) == [("KEY", 6, False)]


def test_split_subkey_used_twice_is_reused():
    assert reuses("""
        import jax
        def f(rng, x):
            rng, dropout_rng = jax.random.split(rng)
            y = jax.random.bernoulli(dropout_rng, 0.5, x.shape)
            z = jax.random.bernoulli(dropout_rng, 0.5, x.shape)
        """) == [("dropout_rng", 6, False)]


def test_key_reuse_inside_jitted_function():
    assert reuses("""
        import jax
        @jax.jit
        def f(x, key):
            a = jax.random.normal(key, x.shape)
            return x + jax.random.uniform(key, x.shape)
        """) == [("key", 6, False)]


# -- shortcuts that skip work must not change what is found -------------------------------------


def test_module_without_key_sources_tracks_no_keys():
    model = build("""
        import jax.numpy as jnp
        # a random remark in a comment is not a key source
        def f(key, table):
            return table[key] + table[key]
        """)
    assert not model.keys.may_hold_keys()
    assert model.keys.random_key_args(scope(model, "f")) == frozenset()


def test_key_named_keyword_is_a_key_source_without_jax_random():
    source = """
        def f(model, params, x, rng):
            a = model.apply(params, x, rng=rng)
            b = model.apply(params, x, rng=rng)
            return a, b
        """
    assert build(source).keys.may_hold_keys()
    assert reuses(source) == [("rng", 4, False)]


def test_key_gate_follows_configured_key_names():
    source = """
        def f(model, x, noise_seed):
            return model(x, seed=noise_seed), model(x, seed=noise_seed)
        """
    assert not build(source).keys.may_hold_keys()
    # both the keyword and the name passed must mark a key (`attention(key=k)` passes a tensor)
    assert not build(source, key_names=("[s]eed",)).keys.may_hold_keys()
    assert build(source, key_names=("[s]eed", "*_seed")).keys.may_hold_keys()


def test_result_of_a_jitted_function_of_this_module_is_checked_in_untraced_code():
    model = build("""
        import jax
        import jax.numpy as jnp
        @jax.jit
        def g(x):
            return x * 2
        def f():
            y = g(jnp.ones(3))
            y[0] = 1.0
            table = {}
            table[0] = y
        """)
    findings = [r for rule in rules() if rule.code == "JAX104" for r in rule.check_module().check(model)]
    assert [r.node.lineno for r in findings] == [9]


def test_release_leaves_no_reference_cycles():
    import gc

    model = build("""
        import jax
        @jax.jit
        def f(x):
            def g(y):
                return y + 1
            return g(x) if x.shape else x
        """)
    for rule in rules():
        list(rule.check_module().check(model))
    model.release()
    gc.collect()
    gc.disable()
    try:
        del model
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_default_naming_an_outer_value_is_not_read_in_the_method():
    # the default `size=size` is evaluated where the class is made: reading it as the
    # method's own parameter recursed without end
    model = build("""
        import jax.numpy as jnp
        def make(size):
            class Grid:
                def __init__(self, size=size, cells=cells):
                    self.size = size
                    self.cells = cells
                def zeros(self):
                    return jnp.zeros(jnp.array(self.size))
            return Grid
        """)
    for rule in rules():
        list(rule.check_module().check(model))


def test_a_function_mapped_over_trees_from_its_own_body_is_not_interpreted_again():
    model = build("""
        import jax
        def freeze(tree):
            if isinstance(tree, dict):
                return jax.tree.map(freeze, tree)
            return tree
        @jax.jit
        def f(x):
            print(freeze({"a": x}))
            return x
        """)
    for rule in rules():
        list(rule.check_module().check(model))
