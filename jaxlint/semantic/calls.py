"""What calls and attributes return, by the qualified name of what is called (data + small helpers)."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from typing import TYPE_CHECKING

from jaxlint.semantic.imports import last_name
from jaxlint.semantic.transforms import TRANSFORMS
from jaxlint.semantic.values import (
    MAYBE_TRACED,
    NOT_TRACED,
    STATIC,
    TRACED_ARRAY,
    TRACED_TREE,
    UNKNOWN,
    Value,
    combine,
)

if TYPE_CHECKING:
    from jaxlint.semantic.interpret import Interpreter

# Calls whose array arguments are alternatives: only one of them ends up in the result.
SELECTORS = frozenset(("jax.numpy.where", "jax.lax.select", "jax.lax.select_n", "jax.lax.cond", "jax.lax.switch"))
# Attributes of a pytree that name static metadata (`arr.n_batch`, `cfg.num_heads`), not leaves.
METADATA_ATTR = re.compile(r"^(n|num)_|_(size|sizes|dim|dims|shape|axis|axes|len|count|name|names)$|^(name|mode)$")
CONTAINER_NAME = re.compile(
    r"^(params|state|batch|grads|cache|variables|tree|pytree|carry|data|config|cfg|kwargs|args|aux|model|"
    r"inputs|outputs|collections|rngs|opt_state|metrics|stats|xs|ys)$|_(state|params|tree|dict|batch|cache)$")
SHAPE_ATTRS = frozenset(("shape", "ndim", "size"))
STATIC_ATTRS = frozenset(("dtype", "weak_type", "sharding", "aval", "itemsize", "nbytes", "__class__"))
ARRAY_ATTRS = frozenset(("T", "mT", "real", "imag", "flat"))
ARRAY_METHODS = frozenset((
    "sum", "mean", "max", "min", "prod", "std", "var", "any", "all", "argmax", "argmin", "cumsum", "cumprod",
    "reshape", "astype", "transpose", "squeeze", "ravel", "flatten", "dot", "clip", "round", "conj", "swapaxes",
    "take", "repeat", "sort", "argsort", "copy", "view", "__getitem__", "nonzero", "diagonal", "trace",
))
AT_METHODS = frozenset(("set", "add", "subtract", "multiply", "divide", "power", "min", "max", "apply", "get"))

JAX_ARRAY_MODULES = ("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.", "jax.image.", "jax.random.", "jax.ops.")
JNP_STATIC_FUNCS = frozenset((
    "shape", "ndim", "size", "result_type", "dtype", "issubdtype", "promote_types", "finfo", "iinfo",
    "can_cast", "isdtype", "iscomplexobj", "isrealobj", "isscalar", "broadcast_shapes",
))
# JAX functions whose result is not one array: the argument (position, keyword) whose structure
# the result keeps, "list" for a list of arrays, None for a pytree of unknown structure.
PYTREE_RESULTS: dict[str, tuple[int, str] | str | None] = {
    "jax.lax.fori_loop": (3, "init_val"), "jax.lax.while_loop": (2, "init_val"), "jax.lax.scan": (1, "init"),
    **dict.fromkeys(("jax.lax.stop_gradient", "jax.lax.optimization_barrier", "jax.lax.psum", "jax.lax.pmean",
                     "jax.lax.pmax", "jax.lax.pmin", "jax.lax.ppermute", "jax.lax.all_gather"), (0, "x")),
    **dict.fromkeys(("jax.lax.cond", "jax.lax.switch", "jax.lax.map", "jax.lax.associative_scan",
                     "jax.lax.custom_root", "jax.lax.custom_linear_solve", "jax.lax.reduce"), None),
    **dict.fromkeys(("jax.numpy.split", "jax.numpy.array_split", "jax.numpy.hsplit", "jax.numpy.vsplit",
                     "jax.numpy.dsplit", "jax.numpy.meshgrid", "jax.numpy.broadcast_arrays"), "list"),
}
# Calls that make a Python container, never a JAX array, and the kind of container.
CONTAINER_MAKERS = {
    "builtins.list": "list", "builtins.dict": "dict", "builtins.set": "set", "collections.defaultdict": "dict",
    "collections.OrderedDict": "dict", "collections.Counter": "dict", "collections.deque": "list",
}
# JAX functions of shapes and settings that give Python values, concrete under jit (checked on JAX 0.10.2).
STATIC_JAX_FUNCS = frozenset((
    "jax.lax.axis_size", "jax.lax.broadcast_shapes", "jax.numpy.ndim", "jax.lax.conv_dimension_numbers",
    "jax.lax.padtype_to_pads", "jax.lax.conv_general_shape_tuple", "jax.lax.conv_shape_tuple",
    "jax.lax.conv_transpose_shape_tuple", "jax.lax.reduce_window_shape_tuple",
))
KEY_MAKERS = frozenset((
    "jax.random.key", "jax.random.PRNGKey", "jax.random.split", "jax.random.fold_in", "jax.random.clone",
    "jax.random.wrap_key_data",
))
KEY_NEUTRAL = frozenset(("jax.random.key_data", "jax.random.key_impl", "jax.random.clone", "jax.random.wrap_key_data",
                         "jax.random.key", "jax.random.PRNGKey"))
STATIC_BUILTINS = frozenset((
    "isinstance", "issubclass", "type", "hasattr", "callable", "id", "repr", "str", "getattr", "hash",
    "int", "float", "bool", "complex", "range", "format", "chr", "ord",
))
ARITH_BUILTINS = frozenset(("abs", "max", "min", "sum", "round", "pow", "divmod"))
ARRAY_ANNOTATIONS = frozenset((
    "jax.Array", "Array", "jnp.ndarray", "jax.numpy.ndarray", "jnp.array", "chex.Array", "jax.typing.ArrayLike",
    "ArrayLike", "float", "complex", "jnp.float32", "Float", "PRNGKeyArray",
))
# Python scalars passed to a transform become array tracers: never a container.
SCALAR_ANNOTATIONS = frozenset(("bool", "int", "float", "complex"))
JAXTYPING = ("Float[", "Int[", "Bool[", "Shaped[", "Num[", "Real[", "Inexact[", "Integer[", "Complex[",
             "UInt[", "Key[", "PRNGKeyArray[")


def is_array_annotation(annotation: ast.AST | None) -> bool:
    """An array type; a union only when every member is one (or None): `Array | list[Array]` may be a list."""
    if annotation is None:
        return False
    members = _union_members(annotation)
    if len(members) > 1:
        kinds = [m for m in members if not (isinstance(m, ast.Constant) and m.value is None)]
        return bool(kinds) and all(is_array_annotation(m) for m in kinds)
    text = ast.unparse(annotation).strip("'\"")
    return text in ARRAY_ANNOTATIONS or text.startswith(JAXTYPING)


def _union_members(annotation: ast.AST) -> list[ast.AST]:
    """`A | B`, `Union[A, B]`, `Optional[A]` and their quoted forms: the members; else the annotation."""
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            annotation = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return [annotation]
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return [*_union_members(annotation.left), *_union_members(annotation.right)]
    if isinstance(annotation, ast.Subscript) and (ast.unparse(annotation.value).rsplit(".", 1)[-1]) in ("Union", "Optional"):
        parts = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        return [p for part in parts for p in _union_members(part)] + ([ast.Constant(None)] if len(parts) == 1 else [])
    return [annotation]


def is_container_param(name: str, annotation: ast.AST | None) -> bool:
    """A traced parameter that is probably a pytree container (its truthiness does not raise)."""
    if annotation is not None:
        return not is_array_annotation(annotation) and ast.unparse(annotation) not in SCALAR_ANNOTATIONS
    return bool(CONTAINER_NAME.search(name))


_CHECKER = re.compile(r"^_*(is|has|check|assert|validate|ensure|verify|print|log|debug|warn)(_|$|[A-Z])")


# Abstract evaluation: the function is traced for shapes and dtypes only, no number is drawn.
ABSTRACT_EVALUATION = frozenset(("jax.eval_shape", "jax.make_jaxpr", "equinox.filter_eval_shape",
                                 "equinox.filter_make_jaxpr", "flax.nnx.eval_shape"))
# Methods of a jitted function that trace or lower it without running it (`jax.jit(f).lower(key, x)`).
STAGING_METHODS = frozenset(("lower", "trace", "eval_shape"))
# Calls that keep a value in a container (`seq.append((key, s))`: logs, replays) or in a record
# (`state.replace(rng=rng)`): the key is not drawn from. A record is state that is read back to
# draw from, so storing a key already consumed there is a reuse.
KEEPING_METHODS = frozenset(("append", "appendleft", "extend", "insert", "add", "put", "put_nowait", "setdefault"))
# `jaxlint.verify.example(f, key)` keeps its arguments as an input set: verify hands each set's
# keys to the function afresh, so one key in several examples is no reuse.
KEEPING_FUNCTIONS = frozenset(("builtins.dict", "builtins.list", "builtins.tuple", "jaxlint.verify.example",
                               "jaxlint.verify.examples.example"))
RECORD_METHODS = frozenset(("replace", "_replace"))
RECORD_FUNCTIONS = frozenset(("dataclasses.replace",))
# Decorators and bases that make a class a record: its constructor stores its arguments.
RECORD_CLASS_MAKERS = frozenset(("dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass",
                                 "typing.NamedTuple", "collections.namedtuple", "flax.struct.PyTreeNode"))
# Methods of a flax module that derive their keys with `fold_in` (JAX's own key-reuse checker
# accepts `model.init(rng, x)` followed by `jax.random.split(rng)`).
FLAX_KEY_DERIVING_METHODS = frozenset(("init", "apply", "init_with_output"))


def key_use(qualified: str | None, callee: str | None = None) -> str:
    """How a call treats PRNG keys passed to it: consume | sampler | fold | ignore (and, from the
    model: keep | store | derive).
    `callee` is the last name of what is called (`is_prng_key`), for checks that only look."""
    if callee is not None and _CHECKER.match(callee):
        return "ignore"
    if qualified in ABSTRACT_EVALUATION:
        return "ignore"
    if qualified is None:
        return "consume"
    if qualified == "jax.random.fold_in":
        return "fold"
    if qualified in KEY_NEUTRAL:
        return "ignore"
    if qualified.startswith("jax.random."):
        return "sampler"
    if qualified.startswith(("builtins.", "jax.numpy.", "jax.lax.", "jax.debug.", "numpy.", "jax.tree", "typing.",
                             "jax.device_", "jax.block_until_ready", "logging.", "absl.logging.",
                             "jax.experimental.checkify")):
        return "ignore"
    return "consume"


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


# Libraries whose classes are layers: an instance called on arrays (`nn.Dense(4)(x)`) returns an array.
_LAYER_LIBRARIES = ("flax.linen.", "flax.nnx.", "equinox.nn.", "haiku.")


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
    external = interp.model.incoming.function(qualified)
    if external is not None and external.returns_key:  # a key maker of another analysed module
        return Value(key=("call", id(node)), jax=True, traced=TRACED_ARRAY if traced_input or interp.staging else NOT_TRACED)
    if external is not None and external.static_returns:  # `tokens, t = other.encode(x)`: `t` a shape
        rest = MAYBE_TRACED if traced_input else UNKNOWN
        return Value(elts=tuple(STATIC if kind == "s" else rest for kind in external.static_returns), is_tuple=True)
    if qualified.startswith("builtins."):
        return _builtin_value(qualified[9:], args, inputs)
    if qualified.startswith(JAX_ARRAY_MODULES):
        return _jax_value(interp, node, qualified, inputs, traced_input)
    if qualified.startswith("numpy."):
        if traced_input:
            return UNKNOWN
        return Value(numpy=True, static=all(v.static for v in inputs), shape=any(v.shape for v in inputs))
    if qualified.startswith("math."):
        return combine(inputs) if inputs else STATIC
    if qualified in TRANSFORMS:
        return Value(returns_arrays=True, returns_of=_wrapped_functions(interp, node))
    if qualified.startswith(_LAYER_LIBRARIES) and qualified.rsplit(".", 1)[1][:1].isupper():
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
