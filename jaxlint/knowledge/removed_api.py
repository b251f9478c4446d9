"""Names removed from JAX, and what replaces them: the one table JAX301 (the tree functions) and
JAX303 (the rest) read. Every entry was checked on JAX 0.10.2: the name is gone (an import of it
raises ImportError, a use AttributeError) and its replacement, where one is given, exists and takes
the same arguments, so that renaming is the whole fix."""

from __future__ import annotations

from typing import NamedTuple


class Removal(NamedTuple):
    code: str  # the rule that reports it
    replacement: str | None  # the qualified name that takes its place, same arguments; None: no 1:1 one
    advice: str = ""  # what to do instead, when there is no 1:1 replacement (or more to say)
    removed_in: str = ""  # the JAX release that removed it (REMOVED_IN)


_TREE = "JAX301"
_API = "JAX303"

REMOVED: dict[str, Removal] = {
    "jax.tree_map": Removal(_TREE, "jax.tree.map"),
    "jax.tree_multimap": Removal(_TREE, "jax.tree.map"),
    "jax.tree_util.tree_multimap": Removal(_TREE, "jax.tree.map"),
    "jax.tree_leaves": Removal(_TREE, "jax.tree.leaves"),
    "jax.tree_flatten": Removal(_TREE, "jax.tree.flatten"),
    "jax.tree_unflatten": Removal(_TREE, "jax.tree.unflatten"),
    "jax.tree_structure": Removal(_TREE, "jax.tree.structure"),
    "jax.tree_transpose": Removal(_TREE, "jax.tree.transpose"),
    "jax.xla_computation": Removal(_API, None, "use `jax.jit(f).lower(*args).compiler_ir()`"),
    "jax.lax.tie_in": Removal(_API, None, "drop it: `tie_in(x, y)` is `y`"),
    "jax.numpy.DeviceArray": Removal(_API, "jax.Array"),
    "jax.interpreters.xla.DeviceArray": Removal(_API, "jax.Array"),
    "jax.random.KeyArray": Removal(_API, "jax.Array"),
    "jax.random.PRNGKeyArray": Removal(_API, "jax.Array"),
    "jax.experimental.maps": Removal(_API, None, "`xmap` is gone: use `jax.shard_map` or `jax.vmap` with named axes"),
    "jax.abstract_arrays": Removal(_API, None, "import `ShapedArray` from `jax.core`"),
    "jax.config.FLAGS": Removal(_API, None, "read an option as `jax.config.<option>` or `jax.config.read(...)`"),
    "jax.config.config": Removal(_API, "jax.config"),
    "jax.experimental.enable_x64": Removal(_API, "jax.enable_x64"),
    "jax.experimental.host_callback": Removal(_API, None, "use `jax.debug.callback`, `jax.pure_callback` or "
                                                          "`jax.experimental.io_callback`"),
    "jax.numpy.round_": Removal(_API, "jax.numpy.round"),
    "jax.numpy.product": Removal(_API, "jax.numpy.prod"),
    "jax.numpy.cumproduct": Removal(_API, "jax.numpy.cumprod"),
    "jax.numpy.alltrue": Removal(_API, "jax.numpy.all"),
    "jax.numpy.sometrue": Removal(_API, "jax.numpy.any"),
    "jax.numpy.row_stack": Removal(_API, "jax.numpy.vstack"),
    "jax.numpy.trapz": Removal(_API, "jax.numpy.trapezoid"),
    "jax.numpy.in1d": Removal(_API, None, "use `jnp.isin` (it keeps the input's shape: ravel it for `in1d`'s)"),
    "jax.numpy.NINF": Removal(_API, None, "use `-jnp.inf`"),
    "jax.ops.index_update": Removal(_API, None, "use `x.at[idx].set(y)`"),
    "jax.ops.index_add": Removal(_API, None, "use `x.at[idx].add(y)`"),
    "jax.ops.index": Removal(_API, None, "index with `x.at[...]`"),
    "jax.lib.xla_bridge": Removal(_API, None, "use `jax.devices()`, `jax.default_backend()`"),
    "jax.device_put_sharded": Removal(_API, None, "use `jax.device_put` with a `NamedSharding`"),
    "jax.device_put_replicated": Removal(_API, None, "use `jax.device_put` with a replicated `NamedSharding`"),
    "jax.partial": Removal(_API, "functools.partial"),  # an accidental export of functools.partial
}
# The JAX release that removed each name, from JAX's changelog, checked against its tagged sources
# (the name gone from the module, or only in its table of removed names that raise).
REMOVED_IN = {
    **dict.fromkeys(("jax.tree_map", "jax.tree_leaves", "jax.tree_flatten", "jax.tree_unflatten", "jax.tree_structure",
                     "jax.tree_transpose"), "0.6.0"),
    "jax.tree_multimap": "0.3.16", "jax.tree_util.tree_multimap": "0.3.16", "jax.xla_computation": "0.4.34",
    "jax.lax.tie_in": "0.4.29", "jax.numpy.DeviceArray": "0.4.14", "jax.interpreters.xla.DeviceArray": "0.4.11",
    "jax.random.KeyArray": "0.4.24", "jax.random.PRNGKeyArray": "0.4.24", "jax.experimental.maps": "0.4.31",
    "jax.abstract_arrays": "0.4.17", "jax.config.FLAGS": "0.4.20", "jax.config.config": "0.4.25",
    "jax.experimental.enable_x64": "0.9.0", "jax.experimental.host_callback": "0.8.0", "jax.numpy.round_": "0.4.38",
    **dict.fromkeys(("jax.numpy.product", "jax.numpy.cumproduct", "jax.numpy.alltrue", "jax.numpy.sometrue"), "0.4.16"),
    **dict.fromkeys(("jax.numpy.row_stack", "jax.numpy.trapz", "jax.numpy.in1d", "jax.numpy.NINF"), "0.4.24"),
    **dict.fromkeys(("jax.ops.index_update", "jax.ops.index_add", "jax.ops.index"), "0.3.2"),
    "jax.lib.xla_bridge": "0.9.0", "jax.device_put_sharded": "0.10.0", "jax.device_put_replicated": "0.10.0",
    "jax.partial": "0.2.21",
}
REMOVED = {name: entry._replace(removed_in=REMOVED_IN[name]) for name, entry in REMOVED.items()}
# When a replacement above appeared in JAX: a project that allows an older JAX cannot simply rename.
ADDED_IN = {**dict.fromkeys((f"jax.tree.{name}" for name in ("map", "leaves", "flatten", "unflatten", "structure",
                                                              "transpose")), "0.4.25"),
            "jax.enable_x64": "0.8.0", "jax.numpy.trapezoid": "0.4.15", "jax.Array": "0.3.18"}
# The last component of every name above: an attribute named otherwise is none of them.
LAST_NAMES = frozenset(name.rsplit(".", 1)[1] for name in REMOVED)


def removal(qualified: str | None) -> tuple[str, Removal] | None:
    """The removed name `qualified` is, or is inside (`jax.experimental.maps.xmap`), with its entry."""
    while qualified and "." in qualified:
        found = REMOVED.get(qualified)
        if found is not None:
            return qualified, found
        qualified = qualified.rpartition(".")[0]
    return None
