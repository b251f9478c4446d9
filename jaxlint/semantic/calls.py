"""The value of a call, for the interpreter: by the qualified name of what is called, from the facts of
jaxlint.knowledge.api, and from the values of its arguments."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import (
    ARITH_BUILTINS,
    ARRAY_METHODS,
    AT_METHODS,
    JAX_ARRAY_MODULES,
    JNP_STATIC_FUNCS,
    KEY_MAKERS,
    LAYER_LIBRARIES,
    PYTREE_RESULTS,
    STATIC_BUILTINS,
    STATIC_JAX_FUNCS,
)
from jaxlint.knowledge.numpy_functions import DELEGATING
from jaxlint.knowledge.transforms import TRANSFORMS
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.values import (
    MAYBE_TRACED,
    NOT_TRACED,
    STATIC,
    TRACED,
    TRACED_ARRAY,
    TRACED_TREE,
    UNKNOWN,
    Value,
    combine,
)

if TYPE_CHECKING:
    from jaxlint.semantic.interpret import Interpreter

def flax_rng_arguments(call: ast.Call) -> list[ast.expr]:
    """What a flax `init`/`apply` takes as its PRNG keys: `init(rng, ...)`, `rngs=rng`,
    `rngs={"dropout": rng}`; the other arguments go to the module's own method."""
    exprs = call.args[:1] if last_name(call.func) in ("init", "init_with_output") else []
    for keyword in call.keywords:
        if keyword.arg == "rngs":
            exprs += keyword.value.values if isinstance(keyword.value, ast.Dict) else [keyword.value]
    return exprs


_FLAX_OPTIONS = frozenset(("rngs", "method", "mutable", "capture_intermediates"))


def flax_module_arguments(call: ast.Call) -> list[ast.expr]:
    """What a flax `init(rng, *args)`/`apply(variables, *args)` hands on to the module's method."""
    return call.args[1:] + [k.value for k in call.keywords if k.arg not in _FLAX_OPTIONS]


def call_value(interp: Interpreter, node: ast.Call, qualified: str | None, func: Value, args: list[Value],
               kwargs: dict[str, Value]) -> Value:
    inputs = args + list(kwargs.values())
    traced_input = any(v.traced for v in inputs)
    if qualified is None:
        if isinstance(node.func, ast.Attribute):
            return _method_value(interp, node, inputs)
        if func.returns_arrays:
            return _transformed_result(interp, func, traced_input)
        local = interp.model.local_return_value(node, interp.scope, traced_input)
        if local is not None:
            if local.static and not local.traced:
                return local  # what it returns is static whatever it is given
            return MAYBE_TRACED if traced_input and not local.traced else local
        return MAYBE_TRACED if traced_input else UNKNOWN
    returns_key, static_returns = interp.model.ask.returns(qualified)  # of another analysed module's function
    if returns_key:  # a key maker
        return Value(key=("call", id(node)), jax=True, traced=TRACED_ARRAY if traced_input or interp.staging else NOT_TRACED)
    if static_returns:  # `tokens, t = other.encode(x)`: `t` a shape
        rest = MAYBE_TRACED if traced_input else UNKNOWN
        return Value(elts=tuple(STATIC if kind == "s" else rest for kind in static_returns), is_tuple=True)
    if qualified.startswith("builtins."):
        return _builtin_value(qualified[9:], args, inputs)
    if qualified.startswith(JAX_ARRAY_MODULES):
        return _jax_value(interp, node, qualified, inputs, traced_input)
    if qualified.startswith("numpy."):
        if qualified in DELEGATING and args and args[0].surely_traced_array:
            return TRACED  # `np.sum(t)` is `t.sum()`: a tracer
        if traced_input:
            return UNKNOWN
        return Value(numpy=True, static=all(v.static for v in inputs), shape=any(v.shape for v in inputs))
    if qualified.startswith("math."):
        return combine(inputs) if inputs else STATIC
    if qualified in TRANSFORMS:
        return Value(returns_arrays=True, returns_of=_wrapped_functions(interp, node))
    if qualified.startswith(LAYER_LIBRARIES) and qualified.rsplit(".", 1)[1][:1].isupper():
        return Value(returns_arrays=True)  # a layer (`nn.Dense(4)`): calling it on arrays gives an array
    if qualified == "jax.block_until_ready" and args:
        return args[0]
    if qualified == "jax.device_put" and args:  # a pytree in, the same pytree out
        return _same_structure(args[0], bool(args[0].traced))
    if func.returns_arrays:
        return _transformed_result(interp, func, traced_input)
    if qualified == "jax.tree.map" and node.args and _maps_to_static(interp, node.args[0]):
        return STATIC  # jax.tree.map(lambda x: x.shape, tree): a tree of shapes
    return MAYBE_TRACED if traced_input else UNKNOWN


def _maps_to_static(interp: Interpreter, callback: ast.expr) -> bool:
    """A function of this module, mapped over trees, that returns only static values."""
    model = interp.model
    refs = model.function_refs(callback, interp.scope)
    if len(refs) != 1:
        return False
    values = model.returned_values(refs[0][0])
    return bool(values) and all(v.static and not v.traced for v in values)


def _transformed_result(interp: Interpreter, func: Value, traced_input: bool) -> Value:
    """A call of a jit/vmap/grad-transformed callable: a pytree of JAX arrays (a dict of metrics, a
    tuple), one array only where every function it returns the results of returns one."""
    traced = traced_input and interp.staging
    if interp.model.returns_one_array(func.returns_of):
        return Value(jax=True, traced=TRACED_ARRAY if traced else NOT_TRACED)
    return Value(traced=TRACED_TREE if traced else NOT_TRACED)


def _wrapped_functions(interp: Interpreter, node: ast.Call) -> tuple:
    """The functions whose results `jax.jit(f)`, `jax.vmap(jax.jit(f))` return as they are; none for
    differentiation (`jax.grad(f)` returns gradients shaped like the argument)."""
    wrapped: ast.AST = node
    while isinstance(wrapped, ast.Call) and wrapped.args:
        transform = TRANSFORMS.get(interp.model.qualified(wrapped.func, interp.scope) or "")
        if transform is None:
            break
        if transform.kind == "grad":
            return ()
        wrapped = wrapped.args[0]
    return tuple(target for target, _ in interp.model.function_refs(wrapped, interp.scope))


def _builtin_value(name: str, args: list[Value], inputs: list[Value]) -> Value:
    if name == "len":
        return Value(static=True, shape=True)
    if name in ("tuple", "list") and args and args[0].shape and args[0].static:
        return Value(static=True, shape=True, is_tuple=True)
    if name in STATIC_BUILTINS:
        return STATIC
    if name in ARITH_BUILTINS:
        return combine(inputs) if inputs else UNKNOWN
    return MAYBE_TRACED if any(v.traced for v in inputs) else UNKNOWN


_AXIS_SUMS = frozenset(("jax.lax.psum", "jax.lax.pmean"))


def _jax_value(interp: Interpreter, node: ast.Call, qualified: str, inputs: list[Value], traced_input: bool) -> Value:
    short = qualified.rsplit(".", 1)[1]
    if (qualified.startswith("jax.numpy.") and short in JNP_STATIC_FUNCS) or qualified in STATIC_JAX_FUNCS:
        return Value(static=True, shape=short in ("shape", "ndim", "size"), is_tuple=short == "shape")
    if qualified in _AXIS_SUMS and not traced_input and inputs and inputs[0].static:
        return STATIC  # `lax.psum(1, "i")`, the axis size: JAX gives a Python number, concrete under jit
    traced = traced_input or interp.staging
    if qualified in PYTREE_RESULTS:
        return _pytree_result(node, qualified, traced, interp)
    result = Value(traced=TRACED_ARRAY if traced else NOT_TRACED, jax=True)
    if qualified in KEY_MAKERS:
        return Value(key=("call", id(node)), jax=True, traced=result.traced)
    staged = next((v.staged_static for v in inputs if v.staged_static is not None), None)
    if staged is None and interp.staging and inputs and all(v.static and not v.traced for v in inputs):
        staged = node  # jnp turned static values into a tracer here
    if staged is not None:
        return Value(traced=result.traced, jax=True, staged_static=staged)
    return result


def _pytree_result(node: ast.Call, qualified: str, traced: bool, interp: Interpreter) -> Value:
    """What a JAX function that returns a pytree gives: the structure of the carry or operand it
    keeps (`fori_loop`, `while_loop`, `stop_gradient`, collectives), the carry and the stacked
    outputs of `scan`, a list of arrays (`jnp.split`), else a pytree of unknown structure (the
    branches of `cond` may return a dict)."""
    kept = PYTREE_RESULTS[qualified]
    if kept == "list":  # its elements are arrays (traced ones where it is)
        return Value(jax=True, is_tuple=True, traced=TRACED_ARRAY if traced else NOT_TRACED)
    if kept is None:
        return Value(traced=TRACED_TREE if traced else NOT_TRACED)
    position, keyword = kept
    argument = node.args[position] if len(node.args) > position else next(
        (k.value for k in node.keywords if k.arg == keyword), None)
    carry = _same_structure(interp.facts.value(argument), traced) if argument is not None else Value(
        traced=TRACED_TREE if traced else NOT_TRACED)
    if qualified == "jax.lax.scan":
        return Value(is_tuple=True, elts=(carry, Value(traced=TRACED_TREE if traced else NOT_TRACED)),
                     traced=TRACED_TREE if traced else NOT_TRACED)
    return carry


def _same_structure(value: Value, traced: bool) -> Value:
    """A pytree with the structure of `value` whose leaves are JAX arrays: tuples keep their
    elements, Python numbers and arrays become JAX arrays, anything else stays a pytree."""
    if value.elts is not None:
        return Value(is_tuple=True, elts=tuple(_same_structure(e, traced) for e in value.elts),
                     traced=TRACED_TREE if traced else NOT_TRACED)
    if value.jax or value.numpy or (value.static and not value.is_tuple):
        return Value(jax=True, traced=TRACED_ARRAY if traced else NOT_TRACED)
    return Value(traced=TRACED_TREE if traced else NOT_TRACED)


def _method_value(interp: Interpreter, node: ast.Call, inputs: list[Value]) -> Value:
    func = node.func
    assert isinstance(func, ast.Attribute)
    receiver = interp.facts.value(func.value)
    attr = func.attr
    if isinstance(func.value, ast.Subscript) and isinstance(func.value.value, ast.Attribute) \
            and func.value.value.attr == "at" and attr in AT_METHODS:
        base = interp.facts.value(func.value.value.value)
        index = interp.facts.value(func.value.slice)
        traced = base.traced or index.traced or any(v.traced for v in inputs) or interp.staging
        # an update of a staged static array with static values is still a shape computation
        staged = combine([base, index, *inputs]).staged_static
        return Value(jax=True, traced=TRACED_ARRAY if traced else NOT_TRACED, staged_static=staged)
    if attr == "copy" and not receiver.jax:
        return replace(receiver, key=None)  # a list's or dict's copy is a list or dict: whatever it copies
    if attr in ARRAY_METHODS and (receiver.traced or receiver.jax):
        # Only arrays have these methods, so a maybe-traced receiver is surely a traced array.
        traced = receiver.traced or any(v.traced for v in inputs) or interp.staging
        return Value(traced=TRACED_ARRAY if traced else NOT_TRACED, jax=True, staged_static=receiver.staged_static)
    if attr in ARRAY_METHODS and receiver.numpy:
        return Value(numpy=True, static=receiver.static)
    if attr in ("item", "tolist", "__index__", "__int__"):
        return STATIC if not receiver.traced else UNKNOWN
    if receiver.traced or any(v.traced for v in inputs):
        return MAYBE_TRACED
    return UNKNOWN
