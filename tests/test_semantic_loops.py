"""The model's loops (jaxlint/semantic/loops.py), on their own: what changes from one iteration to
the next, trip counts in traced code, jit-compiled callees and their static arguments, shapes that
follow the loop, and the fori_loop form."""

from __future__ import annotations

import ast

from tests.test_semantic_model import build, scope


def _calls(model, qualname: str, text: str) -> list[ast.Call]:
    return [c for c in scope(model, qualname).of_type(ast.Call) if ast.unparse(c.func) == text]


def test_varying_names_are_targets_what_follows_them_and_what_is_carried() -> None:
    model = build("""
        def f(xs, k):
            total = 0
            for i in range(10):
                j = i * 2
                total = total + 1
                const = k + 1
                xs.append(j)
            return total
        """)
    loop = scope(model, "f").of_type(ast.For)[0]
    assert model.loops.varying(loop) == {"i", "j", "total", "xs"}


def test_a_comparison_or_a_choice_between_constants_takes_few_values() -> None:
    model = build("""
        def f(x, g):
            for i in range(100):
                mode = "train" if i % 2 else "eval"
                g(x, mode, i > 3, i % 4, min(8, 100 - i), i * 2)
        """)
    loops = model.loops.around(_calls(model, "f", "g")[0])
    few = [model.loops.takes_few_values(a, loops) for a in _calls(model, "f", "g")[0].args[1:]]
    assert few == [True, True, True, False, False]


def test_a_chunk_size_takes_two_values() -> None:
    model = build("""
        def f(run, total, size):
            for start in range(0, total, size):
                run(min(size, total - start))
        """)
    call = _calls(model, "f", "run")[0]
    assert model.loops.takes_few_values(call.args[0], model.loops.around(call))


def test_a_loop_over_literal_settings_is_a_sweep() -> None:
    model = build("""
        import itertools
        SIZES = (16, 32)
        def f(g):
            for n in (1, 2, 3):
                g(n)
            for n, m in itertools.product(SIZES, [True, False]):
                g(n)
            for n in range(3):
                g(n)
        """)
    f = scope(model, "f")
    kept = [bool(model.loops.untraced_loops(c, f)) for c in _calls(model, "f", "g")]
    assert kept == [False, False, True]


def test_compiled_callees_and_their_static_parameters() -> None:
    model = build("""
        from functools import partial
        import jax

        @partial(jax.jit, static_argnums=1)
        def power(x, n):
            return x ** n

        def scale(x, factor):
            return x * factor

        scale_jit = jax.jit(scale, static_argnames="factor")

        def plain(x):
            return x

        def main(x):
            power(x, 2)
            scale_jit(x, factor=3)
            jax.jit(plain)(x)
            plain(x)
        """)
    main = scope(model, "main")
    found = {ast.unparse(c.func): model.loops.compiled(c, main) for c in main.of_type(ast.Call)}
    assert found["power"].static == {"n"} and found["power"].positional == ("x", "n")
    assert found["scale_jit"].static == {"factor"} and found["scale_jit"].name == "scale"
    assert found["jax.jit(plain)"].static == frozenset() and found["plain"] is None


def test_shapes_that_follow_the_loop() -> None:
    model = build("""
        import jax.numpy as jnp
        def f(x, n, k, g):
            acc = jnp.zeros(1)
            xs = []
            for i in range(n):
                xs.append(x[i])
                acc = jnp.concatenate([acc, x[i:i + 1]])
                g(x[:i], x[i], x[i:i + k], x[:k], jnp.zeros((i, 3)), jnp.stack(xs), acc,
                  jnp.pad(x[:i], (0, n - i)))
        """)
    call = _calls(model, "f", "g")[0]
    loops = model.loops.around(call)
    changes = [model.shapes.shape_change(a, scope(model, "f"), loops) is not None for a in call.args]
    assert changes == [True, False, False, False, True, True, True, False]


def test_a_list_grows_only_while_nothing_in_its_loop_empties_or_rebinds_it() -> None:
    model = build("""
        import collections
        import jax.numpy as jnp
        def f(xs, batches, g):
            a, b, c, d, e = [], [], [], [], collections.deque(maxlen=4)
            for x in xs:
                a.append(x)
                b.append(x)
                c.append(x)
                d.append(x)
                e.append(x)
                g(jnp.stack(a), jnp.stack(b), jnp.stack(c), jnp.stack(d), jnp.stack(e), a[-1])
                if len(b) == 4:
                    b = []
                c.clear()
                del d[:]
            for batch in batches:
                h = []
                for x in batch:
                    h.append(x)
                    g(jnp.stack(h))
        """)
    first, second = _calls(model, "f", "g")
    loops = model.loops.around(first)
    changes = [model.shapes.shape_change(a, scope(model, "f"), loops) is not None for a in first.args]
    assert changes == [True, False, False, False, False, False]  # a[-1]: an item of the growing list
    assert model.shapes.shape_change(second.args[0], scope(model, "f"), model.loops.around(second)) is not None


def test_the_assignments_that_reach_a_use_decide_its_shape() -> None:
    model = build("""
        import jax.numpy as jnp
        def f(sizes, x, g, m):
            for i, n in enumerate(sizes):
                y = jnp.zeros(n)
                y = jnp.pad(y, (0, m - n))
                z = jnp.zeros(3)
                if n > 2:
                    z = jnp.zeros(n)
                w = x[i:i + 4]
                end = w.shape[0] + i
                g(y, z, x[i:2 * i], x[i * m:(i + 1) * m], x[i:end])
        """)
    call = _calls(model, "f", "g")[0]
    loops = model.loops.around(call)
    changes = [model.shapes.shape_change(a, scope(model, "f"), loops) is not None for a in call.args]
    assert changes == [False, True, True, False, False]  # x[i:end]: `end - i` is a shape, not known to change


def test_trip_counts_in_traced_code() -> None:
    model = build("""
        from functools import partial
        import jax
        STEPS = 500

        @partial(jax.jit, static_argnums=1)
        def f(x, n):
            for _ in range(1000):
                x = x + 1
            for _ in range(STEPS):
                x = x + 1
            for _ in range(n):
                x = x + 1
            for _ in range(x.shape[0]):
                x = x + 1
            for _ in range(self_layers):
                x = x + 1
            return x
        """)
    f = scope(model, "f")
    trips = [model.loops.trip_count(loop, f) for loop in f.of_type(ast.For)]
    assert [t and t.count for t in trips[:2]] == [1000, 500]
    assert trips[2].static_param == "n" and "array's length" in trips[3].described and trips[4] is None


def test_the_fori_loop_form() -> None:
    model = build("""
        import jax
        @jax.jit
        def carried(x, v, xs):
            for i in range(100):
                t = xs[i] * 2.0
                x, v = x + v + t, v - x
            return x
        @jax.jit
        def sliced(x, xs):
            for i in range(100):
                x = x + xs[i:i + 2].sum()
            return x
        @jax.jit
        def index_after(x):
            for i in range(100):
                x = x + 1
            return x + i
        @jax.jit
        def temporary_after(x):
            for i in range(100):
                t = x * 2
                x = x + t
            return t
        """)
    forms = [model.loops.fori_form(scope(model, name).of_type(ast.For)[0], scope(model, name))
             for name in ("carried", "sliced", "index_after", "temporary_after")]
    assert forms == [["x", "v"], None, None, None]


def test_a_parameter_a_caller_varies_in_its_loop() -> None:
    model = build("""
        def step(x, n):
            return g(x, n)
        def train(x):
            for i in range(10):
                step(x, i)
        """)
    found = model.loops.from_callers_loop(_calls(model, "step", "g")[0].args[1], scope(model, "step"))
    assert found is not None and ast.unparse(found[0]) == "i"


def test_a_function_called_in_a_loop_through_another() -> None:
    model = build("""
        import jax
        def make():
            return jax.jit(lambda x: x)
        def epoch(x):
            return make()(x)
        def train(x):
            for _ in range(3):
                epoch(x)
        """)
    assert model.loops.called_in_loop(scope(model, "make")) is not None


def test_names_assigned_from_each_other_in_a_loop_end_the_search() -> None:
    """`part = fresh` and `fresh = np.array(part)` in one loop (found in big_vision): following the
    assignments comes back to where it started, which says nothing and must not recurse forever."""
    model = build("""
        import numpy as np
        def f(rows, g):
            a = 1
            for row in rows:
                part = row[..., 0]
                fresh = np.array(part)
                part = fresh
                b = a if row else 2
                a = b if row else 3
                g(part, a)
        """)
    call = _calls(model, "f", "g")[0]
    loops = model.loops.around(call)
    assert model.shapes.shape_change(call.args[0], scope(model, "f"), loops) is None
    assert model.loops.takes_few_values(call.args[1], loops) is True  # 1, 2 or 3


def test_items_of_a_sequence_may_repeat_counts_do_not() -> None:
    model = build("""
        def f(xs, flags, g):
            for i, (x, flag) in enumerate(zip(xs, flags)):
                g(i, flag, x)
            for j, flag in zip(range(9), flags):
                g(j, flag, j * 2)
        """)
    first, second = _calls(model, "f", "g")
    few = [model.loops.takes_few_values(a, model.loops.around(first)) for a in first.args]
    assert few == [False, True, True]  # the index counts; the items may repeat (bools, a few modes)
    few = [model.loops.takes_few_values(a, model.loops.around(second)) for a in second.args]
    assert few == [False, True, False]
