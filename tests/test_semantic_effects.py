"""Unit tests of the model parts the sharp-bit rules stand on: what a function changes outside
itself (semantic/side_effects.py), code a tracer never reaches (semantic/concrete_guards.py), what
grad differentiates (semantic/differentiation.py), and
the values of tuples joined by `+`, of `lax.psum` of a Python number, and of a lax body's default
that every reference binds."""

from __future__ import annotations

import ast

from jaxlint.knowledge.api import is_array_annotation
from jaxlint.semantic.concrete_guards import concrete_only
from jaxlint.semantic.differentiation import differentiated_facts, differentiated_params
from jaxlint.semantic.narrowing import dead_under_tracing
from jaxlint.semantic.side_effects import outside_effects
from tests.test_semantic_model import build, read, scope


def effects(source: str, qualname: str) -> list[tuple[str, str, bool]]:
    """(what changes, the verb, whether it is `self`'s) for each change, in source order."""
    model = build(source)
    found = sorted(outside_effects(model, scope(model, qualname)), key=lambda e: (e.node.lineno, e.node.col_offset))
    return [(e.target, e.action.split(" ")[0], e.owner is None) for e in found]


def test_global_and_nonlocal_rebinding_are_changes_outside():
    found = effects("""
        COUNT = 0
        def make():
            total = 0
            def add(x):
                global COUNT
                nonlocal total
                COUNT += 1
                total = total + x
                local = x
                return local
            return add
    """, "make.add")
    assert found == [("COUNT", "rebinds", False), ("total", "rebinds", False)]


def test_only_known_containers_are_mutated():
    found = effects("""
        import collections
        import optax
        LOG = []
        SEEN = set()
        CACHE = collections.defaultdict(list)
        tx = optax.adam(1e-3)
        def step(x, grads, state):
            LOG.append(x)
            SEEN.add(1)
            CACHE["k"] = x
            del CACHE["old"]
            tx.update(grads, state)      # an optax transformation: a pure method
            LOG.update(x)                # a list has no `update`: not a change this model knows
            return x
    """, "step")
    assert found == [("LOG", "calls", False), ("SEEN", "calls", False), ("CACHE", "stores", False),
                     ("CACHE", "deletes", False)]


def test_attributes_of_self_and_of_outside_objects():
    found = effects("""
        class Stats:
            pass
        stats = Stats()
        class Tracker:
            def __init__(self):
                self.history = []
                self.calls = 0
            def step(self, x):
                self.calls += 1
                self.history.append(x)
                stats.last = x
                other = Stats()
                other.value = x              # made here: not outside
                return x
    """, "Tracker.step")
    assert found == [("self.calls", "sets", True), ("self.history", "calls", True), ("stats.last", "sets", False)]


def _node_at(model, qualname: str, text: str) -> ast.AST:
    function = scope(model, qualname)
    return next(n for n in ast.walk(function.node) if isinstance(n, ast.Call) and ast.unparse(n) == text)


def test_guards_that_keep_tracers_out():
    model = build("""
        import jax
        def early_exit(x):
            if isinstance(x, jax.core.Tracer):
                return x
            return float(x)
        def concrete_branch(x):
            if not isinstance(x, jax.core.Tracer):
                return int(x)
            return x
        def caught(n):
            try:
                return int(n)
            except jax.errors.ConcretizationTypeError:
                return None
        def tracer_branch(x):
            if isinstance(x, jax.core.Tracer):
                return int(x)
            return x
        def unrelated(x):
            if x is None:
                return 0
            return float(x)
    """)
    for qualname, call, expected in [("early_exit", "float(x)", True), ("concrete_branch", "int(x)", True),
                                     ("caught", "int(n)", True), ("tracer_branch", "int(x)", False),
                                     ("unrelated", "float(x)", False)]:
        assert concrete_only(model, scope(model, qualname), _node_at(model, qualname, call)) is expected, qualname


def test_tuples_joined_by_plus_stay_tuples():
    model = build("""
        import jax
        @jax.jit
        def f(x, n):
            shape = ()
            shape += (n,)
            both = shape + x.shape
            return both
    """)
    value = read(model, "f", "both")
    assert value.is_tuple and not value.surely_traced_array


def test_axis_sum_of_a_python_number_is_concrete():
    model = build("""
        import jax
        def per_device(x):
            devices = jax.lax.psum(1, "i")
            total = jax.lax.psum(x, "i")
            return devices, total
        jax.vmap(per_device, axis_name="i")
    """)
    assert read(model, "per_device", "devices").static
    assert read(model, "per_device", "total").traced


def test_lax_body_default_bound_by_every_reference_is_never_traced():
    source = """
        import jax
        from functools import partial
        def body(i, x, limit=None):
            if limit is None:
                limit = int(x.max())
            return x + limit
        def run(x):
            first = body(0, x)
            step = partial(body, limit=3.0)
            return jax.lax.fori_loop(0, 3, step, first)
    """
    model = build(source)
    assert dead_under_tracing(model, scope(model, "body"), _node_at(model, "body", "int(x.max())"))
    direct = build(source.replace("step = partial(body, limit=3.0)", "step = body"))
    assert not dead_under_tracing(direct, scope(direct, "body"), _node_at(direct, "body", "int(x.max())"))


def test_grad_differentiates_its_argnums_only() -> None:
    model = build("""
        import jax
        from functools import partial
        def loss(w, scale):
            l = (w ** 2).sum()
            kept = jax.lax.stop_gradient(l)
            return l * scale + kept
        grad_loss = jax.grad(loss)
        @partial(jax.grad, argnums=(0, 1))
        def both(w, b):
            return w.sum() * b
        def unknown(w, b):
            return w.sum() * b
        some = jax.grad(unknown, argnums=pick())
    """)
    assert differentiated_params(model, scope(model, "loss")) == {"w"}
    assert differentiated_params(model, scope(model, "both")) == {"w", "b"}
    assert differentiated_params(model, scope(model, "unknown")) is None  # argnums not a literal
    facts = differentiated_facts(model, scope(model, "loss"), {"w"})
    values = {ast.unparse(n): facts.value(n) for n in ast.walk(scope(model, "loss").node) if isinstance(n, ast.Name)}
    assert values["l"].surely_traced_array and not values["scale"].traced and not values["kept"].traced


def test_a_list_repeated_is_a_list_and_a_union_with_a_list_is_no_array() -> None:
    model = build("""
        import jax.numpy as jnp
        def f(n):
            outputs = [jnp.asarray(0.0)] * n
            scaled = jnp.ones(3) * n
            return outputs, scaled
    """)
    assert read(model, "f", "outputs").is_tuple and not read(model, "f", "outputs").jax
    assert read(model, "f", "scaled").jax
    annotations = {text: is_array_annotation(ast.parse(text, mode="eval").body) for text in (
        "jax.Array", "jax.Array | None", "Optional[jax.Array]", "jax.Array | list[jax.Array]",
        "Union[jax.Array, Sequence[jax.Array]]", "'Float[Array, 3] | List[Float[Array, 3]]'")}
    assert annotations == {"jax.Array": True, "jax.Array | None": True, "Optional[jax.Array]": True,
                           "jax.Array | list[jax.Array]": False, "Union[jax.Array, Sequence[jax.Array]]": False,
                           "'Float[Array, 3] | List[Float[Array, 3]]'": False}
