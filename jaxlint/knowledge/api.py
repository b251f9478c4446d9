"""What JAX's functions, methods and attributes (and those of its family: flax, equinox, optax)
do with what they are given and what they give back: which return static values or pytrees,
which draw from, keep or derive PRNG keys, which annotations name arrays. Plain tables over
qualified names (`jax.random.split`) or attribute names (`shape`), and small functions over them."""

from __future__ import annotations

import ast
import re

from jaxlint.written import unparsed

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
# Attributes only an array has (lists and dicts have `copy`, lists `sort`): a value read through
# one is an array.
ARRAY_ONLY_ATTRIBUTES = (ARRAY_METHODS - {"copy", "sort", "__getitem__"}) | SHAPE_ATTRS | STATIC_ATTRS | ARRAY_ATTRS \
    | {"at"}
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
# NumPy and jax.numpy functions that give an array whatever they are given (a 0-d one for a scalar):
# an array cannot be hashed, nor a container above, so neither can be a static argument (checked on
# JAX 0.10.2 and NumPy 2.4: `hash()` raises TypeError, a static argument ValueError).
ARRAY_MAKERS = frozenset(f"{module}.{name}" for module in ("numpy", "jax.numpy") for name in (
    "array", "asarray", "zeros", "ones", "empty", "full", "arange", "linspace", "eye", "identity", "zeros_like",
    "ones_like", "empty_like", "full_like", "stack", "concatenate"))
# Calls whose result cannot be hashed, whatever they are given, and what it is.
UNHASHABLE_RESULTS = {**{name: f"a {kind}" for name, kind in CONTAINER_MAKERS.items()}, "builtins.sorted": "a list",
                      **dict.fromkeys(sorted(ARRAY_MAKERS), "an array")}
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
    text = unparsed(annotation).strip("'\"")
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
    if isinstance(annotation, ast.Subscript) and (unparsed(annotation.value).rsplit(".", 1)[-1]) in ("Union", "Optional"):
        parts = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        return [p for part in parts for p in _union_members(part)] + ([ast.Constant(None)] if len(parts) == 1 else [])
    return [annotation]


def is_container_param(name: str, annotation: ast.AST | None) -> bool:
    """A traced parameter that is probably a pytree container (its truthiness does not raise)."""
    if annotation is not None:
        return not is_array_annotation(annotation) and unparsed(annotation) not in SCALAR_ANNOTATIONS
    return bool(CONTAINER_NAME.search(name))


_CHECKER = re.compile(r"^_*(is|has|check|assert|validate|ensure|verify|print|log|debug|warn)(_|$|[A-Z])")


# Abstract evaluation: the function is traced for shapes and dtypes only, no number is drawn.
ABSTRACT_EVALUATION = frozenset(("jax.eval_shape", "jax.make_jaxpr", "equinox.filter_eval_shape",
                                 "equinox.filter_make_jaxpr", "flax.nnx.eval_shape"))
# Methods of a jitted function that trace or lower it without running it (`jax.jit(f).lower(key, x)`).
# Calls that run the callable they are handed before they return, and keep no reference to it.
RUN_AT_ONCE = frozenset(("timeit.timeit", "timeit.repeat"))
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
# `functools.partial(f, rng=key)` binds the key for later calls, which draw from it then: a record.
RECORD_FUNCTIONS = frozenset(("dataclasses.replace", "functools.partial"))
# Decorators and bases that make a class a record: its constructor stores its arguments.
RECORD_CLASS_MAKERS = frozenset(("dataclasses.dataclass", "flax.struct.dataclass", "chex.dataclass",
                                 "typing.NamedTuple", "collections.namedtuple", "flax.struct.PyTreeNode"))
# Methods of a flax module that derive their keys with `fold_in` (JAX's own key-reuse checker
# accepts `model.init(rng, x)` followed by `jax.random.split(rng)`).
FLAX_KEY_DERIVING_METHODS = frozenset(("init", "apply", "init_with_output"))
# Keywords of a flax `apply` that switch its randomness off (dropout and the like), with the value
# that does: flax's own modules (`nn.Dropout(deterministic=...)`) and the conventions of model code.
# `init` draws its parameters whatever they say.
NO_DRAW_SWITCHES = {"deterministic": True, "train": False, "training": False, "is_training": False,
                    "enable_dropout": False, "use_dropout": False, "dropout": False}


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


# Libraries whose classes are layers: an instance called on arrays (`nn.Dense(4)(x)`) returns an array.
LAYER_LIBRARIES = ("flax.linen.", "flax.nnx.", "equinox.nn.", "haiku.")
