"""The parameters of module methods settled from their call sites (semantic/module_arguments.py),
the summary that carries other modules' calls, and tracer tests (semantic/concrete_guards.py)."""

from __future__ import annotations

import ast
import textwrap

from jaxlint.project.incoming import Incoming
from jaxlint.project.summarise import summarise
from jaxlint.project.summary import decode, encode
from jaxlint.semantic.concrete_guards import tracer_test
from jaxlint.semantic.model import Model, ModelOptions


def build(source: str, incoming: Incoming | None = None, **options) -> Model:
    text = textwrap.dedent(source)
    return Model(ast.parse(text), ModelOptions(**options), text, incoming or Incoming())


def info(model: Model, qualname: str):
    [found] = [s for s in model.scopes if s.qualname == qualname]
    return model.info(found)


LAYER = """
import flax.linen as nn

class Attn(nn.Module):
    @nn.compact
    def __call__(self, x, seq_len):
        if seq_len > 2:
            x = x[:, :2]
        return x
"""


def test_another_modules_static_calls_make_a_parameter_static() -> None:
    told = Incoming(module_calls=(("Attn", (("__call__", "ts", ()), ("__call__", "t", (("seq_len", "s"),)))),))
    model = build(LAYER, told)
    assert "seq_len" in info(model, "Attn.__call__").static_params
    assert "x" in info(model, "Attn.__call__").traced_params


def test_one_traced_value_keeps_it_traced_and_unknown_ones_are_no_evidence() -> None:
    traced = Incoming(module_calls=(("Attn", (("__call__", "ts", ()), ("__call__", "tt", ()))),))
    assert "seq_len" in info(build(LAYER, traced), "Attn.__call__").traced_params
    # an unknown value is no evidence either way: `seq_len`, never used as an array, stays unknown
    unknown = info(build(LAYER, Incoming(module_calls=(("Attn", (("__call__", "tu", ()),)),))), "Attn.__call__")
    assert "seq_len" not in unknown.traced_params and "seq_len" not in unknown.static_params


def test_the_caller_summarises_its_calls_of_imported_classes() -> None:
    caller = build("""
        import flax.linen as nn
        from pkg.layers import Attn

        class Model(nn.Module):
            def setup(self):
                self.attn = Attn()

            def __call__(self, x):
                n = x.shape[-2]
                return self.attn(x, n) + Attn().apply({}, x, seq_len=3)
    """, module_name="pkg.model", package="pkg")
    summary = summarise(caller)
    [(target, sites)] = summary.instance_calls
    assert target == "pkg.layers.Attn"
    assert sorted(sites) == [("__call__", "t", (("seq_len", "s"),)), ("__call__", "ts", ())]
    assert decode(encode(summary)) == summary


def test_tracer_tests() -> None:
    model = build("""
        import jax

        def _is_tracer(v):
            return isinstance(v, jax.core.Tracer)

        def concrete(v):
            return not _is_tracer(v)
    """)
    module = model.module

    def said(text: str):
        return tracer_test(model, module, ast.parse(text, mode="eval").body)

    assert said("_is_tracer(n)") is True
    assert said("concrete(n)") is False
    assert said("isinstance(n, (int, float))") is False
    assert said("type(n) in (int, float)") is False
    assert said("type(n) is not int") is True
    assert said("n > 0") is None
