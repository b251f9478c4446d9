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

# The rest: every public name of JAX's main modules (jax, jax.numpy, jax.lax, jax.random, jax.nn,
# jax.tree_util, jax.core, jax.interpreters.*, jax.lib, jax.scipy..., the top of jax.experimental)
# that a release from 0.2.0 on had and JAX 0.10.2 lacks, and the public modules that are gone
# (`jax.util`), found by comparing the releases' sources (benchmarks/removed_api_table.py, which
# rewrites this block). A replacement is given where the newest release has a public name for the
# same definition that `import jax` reaches; else the advice is JAX's own deprecation message where
# it names what to use. The entries above take precedence.
# BEGIN GENERATED by benchmarks/removed_api_table.py: do not edit by hand
_GENERATED = {
    "jax.ArrayRef": Removal(_API, 'jax.Ref', '', '0.9.0'),
    "jax.Compiled": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.3'),
    "jax.Lowered": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.3'),
    "jax.ShapedArray": Removal(_API, None, 'use `jax.core.ShapedArray`', '0.4.14'),
    "jax.ad_checkpoint.checkpoint": Removal(_API, 'jax.checkpoint', '', '0.10.0'),
    "jax.ad_checkpoint.remat": Removal(_API, 'jax.checkpoint', '', '0.10.0'),
    "jax.ad_util": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.14'),
    "jax.api": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.21'),
    "jax.api_util.api_hook": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.apply_flat_fun": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.apply_flat_fun_nokwargs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.argnames_partial": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.argnames_partial_except": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.argnums_partial_except": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.flatten_fun_nokwargs2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.flattened_fun_in_tree": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.get_doc": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.5'),
    "jax.api_util.get_module": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.5'),
    "jax.api_util.get_name": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.5'),
    "jax.api_util.map": Removal(_API, 'jax.api_util.safe_map', '', '0.2.21'),
    "jax.api_util.wrap_hashably": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.api_util.wraps": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.5'),
    "jax.argnums_partial": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.array_ref": Removal(_API, 'jax.new_ref', '', '0.9.0'),
    "jax.clear_backends": Removal(
        _API, None,
        'use `jax.extend.backend.clear_backends` (after `import jax.extend.backend`)',
        '0.4.36'),
    "jax.core.AbstractBInt": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.22'),
    "jax.core.AbstractToken": Removal(
        _API, None,
        'use `jax.extend.core.AbstractToken` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.AbstractUnit": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.10'),
    "jax.core.AvalMapHandlerPair": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.AxisEnvFrame": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.AxisName": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.core.AxisPrimitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.AxisSize": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.AxisSubst": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.Bot": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.core.ClosedCallPrimitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.ClosedJaxpr": Removal(
        _API, None,
        'use `jax.extend.core.ClosedJaxpr` (after `import jax.extend.core`)',
        '0.6.0'),
    "jax.core.ConcreteArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.ConcretizationTypeError": Removal(_API, 'jax.errors.ConcretizationTypeError', '', '0.7.0'),
    "jax.core.CustomPpEqnRule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.DArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.DArrayDimHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.DBIdx": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.DConcreteArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.DShapedArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.core.DebugState": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.core.DimSize": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.core.DimensionHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.DuplicateAxisNameError": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.EvalTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.InDBIdx": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.InputType": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.Jaxpr": Removal(_API, None, 'use `jax.extend.core.Jaxpr` (after `import jax.extend.core`)', '0.6.0'),
    "jax.core.JaxprDebugInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.1'),
    "jax.core.JaxprEqn": Removal(
        _API, None,
        'use `jax.extend.core.JaxprEqn` (after `import jax.extend.core`)',
        '0.6.0'),
    "jax.core.Literal": Removal(_API, None, 'use `jax.extend.core.Literal` (after `import jax.extend.core`)', '0.6.0'),
    "jax.core.MainTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.MapPrimitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.NameGatheringSubst": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.NamedShape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.OpaqueTraceState": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.OutDBIdx": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.Primitive": Removal(
        _API, None,
        'use `jax.extend.core.Primitive` (after `import jax.extend.core`)',
        '0.6.0'),
    "jax.core.Shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.core.Sublevel": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.TRACER_LEAK_DEBUGGER_WARNING": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.ThreadLocalState": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.Token": Removal(_API, None, 'use `jax.extend.core.Token` (after `import jax.extend.core`)', '0.6.0'),
    "jax.core.TraceStack": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.TraceState": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.TraceTag": Removal(
        _API, None,
        'use `jax.extend.core.TraceTag` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.TracerArrayConversionError": Removal(_API, 'jax.errors.TracerArrayConversionError', '', '0.4.24'),
    "jax.core.TracerIntegerConversionError": Removal(_API, 'jax.errors.TracerIntegerConversionError', '', '0.4.24'),
    "jax.core.UnexpectedTracerError": Removal(_API, 'jax.errors.UnexpectedTracerError', '', '0.4.24'),
    "jax.core.Unit": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.10'),
    "jax.core.UnitVar": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.UnshapedArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.core.Var": Removal(_API, None, 'use `jax.extend.core.Var` (after `import jax.extend.core`)', '0.6.0'),
    "jax.core.abstract_unit": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.apply_todos": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.as_hashable_function": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.as_named_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.aval_method": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.core.aval_property": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.core.axis_frame": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.core.axis_substitution_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.core.bint": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.core.bot": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.core.call_bind": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.24'),
    "jax.core.call_bind_with_continuation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.call_impl": Removal(
        _API, None,
        'use `jax.extend.core.call_impl` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.call_p": Removal(
        _API, None,
        'use `jax.extend.core.primitives.call_p` (after `import jax.extend.core.primitives`)',
        '0.7.0'),
    "jax.core.canonicalize_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.canonicalize_named_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.core.canonicalize_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.check_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.14'),
    "jax.core.check_eqn": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.38'),
    "jax.core.check_leaks": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.9'),
    "jax.core.check_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.14'),
    "jax.core.check_type": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.38'),
    "jax.core.check_valid_jaxtype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.38'),
    "jax.core.checking_leaks": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.core.closed_call_p": Removal(
        _API, None,
        'use `jax.extend.core.primitives.closed_call_p` (after `import jax.extend.core.primitives`)',
        '0.7.0'),
    "jax.core.concrete_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.convert_element_type_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.core.cur_sublevel": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.debug_state": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.core.dedup_referents": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.definitely_equal": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.diff_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.diff_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.dilate_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.dilate_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.dimension_as_value": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.divide_shape_sizes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.do_subst_axis_names_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.dropvar": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.core.escaped_tracer_error": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.eval_jaxpr_eqn": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.extend_axis_env": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.extend_axis_env_nd": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.extract_call_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.full_lower": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.get_aval": Removal(_API, None, 'use `jax.typeof`', '0.10.0'),
    "jax.core.get_referent": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.get_type": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.core.greater_equal_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.greater_equal_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.has_opaque_dtype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.core.initial_to_final_param_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.is_empty_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.is_opaque_dtype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.core.is_special_dim_size": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.jaxpr_as_fun": Removal(
        _API, None,
        'use `jax.extend.core.jaxpr_as_fun` (after `import jax.extend.core`)',
        '0.6.0'),
    "jax.core.jaxpr_uses_outfeed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.join_effects": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.join_named_shapes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.lattice_join": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.leaked_tracer_error": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.map_bind": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.map_bind_with_continuation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.mapped_aval": Removal(
        _API, None,
        'use `jax.extend.core.mapped_aval` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.maybe_find_leaked_tracers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.maybe_new_sublevel": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.14'),
    "jax.core.named_call_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.25'),
    "jax.core.namedtuple": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.new_base_main": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.new_main": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.new_sublevel": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.non_negative_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.38'),
    "jax.core.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.core.opaque_dtypes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.11'),
    "jax.core.ordered_effects": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.outfeed_primitives": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.partial": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.pp_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_eqn": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_eqn_compact": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.0'),
    "jax.core.pp_eqn_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_eqns": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_jaxpr_eqn_range": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_jaxpr_skeleton": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_jaxprs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_kv_pair": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_kv_pairs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_var": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.pp_vars": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.core.primitive_uses_outfeed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.process_env_traces": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.27'),
    "jax.core.process_env_traces_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.process_env_traces_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.raise_as_much_as_possible": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.raise_concretization_error": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.core.raise_to_shaped": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.raise_to_shaped_mappings": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.ref": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.reset_trace_state": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.safe_map": Removal(_API, 'jax.api_util.safe_map', '', '0.4.24'),
    "jax.core.safe_zip": Removal(
        _API, None,
        'use `jax.experimental.ode.zip` (after `import jax.experimental.ode`)',
        '0.4.24'),
    "jax.core.same_referent": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.same_shape_sizes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.set_current_trace": Removal(
        _API, None,
        'use `jax.extend.core.set_current_trace` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.skip_checks": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.core.skipping_checks": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.core.stash_axis_env": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.str_eqn_compact": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.stride_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.stride_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.subjaxprs": Removal(
        _API, None,
        'use `jax.extend.core.subjaxprs` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.subst_axis_names": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.subst_axis_names_eqn": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.subst_axis_names_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.subst_axis_names_var": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.substitute_vars_in_output_ty": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.sum_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.sum_shapes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.symbolic_equal_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.core.symbolic_equal_one_of_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.symbolic_equal_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.core.take_current_trace": Removal(
        _API, None,
        'use `jax.extend.core.take_current_trace` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.thread_local_state": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.token": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.27'),
    "jax.core.total_ordering": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.trace_state_clean": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.core.traverse_jaxpr_params": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.core.tuple_delete": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.tuple_insert": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.core.typecheck": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.core.typecheck_assert": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.27'),
    "jax.core.typecompat": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.typematch": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.core.unit": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.unitvar": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.core.unmapped_aval": Removal(
        _API, None,
        'use `jax.extend.core.unmapped_aval` (after `import jax.extend.core`)',
        '0.10.0'),
    "jax.core.unsafe_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.unsafe_zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.core.used_axis_names": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.core.used_axis_names_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.core.zeros_like_float0": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.20'),
    "jax.core.zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.curry": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.custom_derivatives.CustomJVPCallPrimitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.CustomVJPCallPrimitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.Residuals": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.abstractify": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.ad": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.batching": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.custom_jvp_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.4'),
    "jax.custom_derivatives.custom_jvp_call_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.4'),
    "jax.custom_derivatives.custom_jvp_call_jaxpr_p": Removal(
        _API, None,
        'use `jax.extend.core.primitives.custom_jvp_call_p`',
        '0.8.0'),
    "jax.custom_derivatives.custom_vjp_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.4'),
    "jax.custom_derivatives.custom_vjp_call_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.4'),
    "jax.custom_derivatives.custom_vjp_call_jaxpr_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.1'),
    "jax.custom_derivatives.linear_call_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.map": Removal(_API, 'jax.api_util.safe_map', '', '0.2.13'),
    "jax.custom_derivatives.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.custom_derivatives.partition_list": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.xla": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.custom_derivatives.zip": Removal(
        _API, None,
        'use `jax.experimental.ode.zip` (after `import jax.experimental.ode`)',
        '0.2.13'),
    "jax.custom_ivjp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.6'),
    "jax.custom_transforms": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.custom_transpose": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.10.0'),
    "jax.defjvp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.defjvp_all": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.defvjp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.defvjp_all": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.dlpack.SUPPORTED_DTYPES": Removal(_API, None, 'use `jax.dlpack.is_supported_dtype()`', '0.8.0'),
    "jax.dlpack.to_dlpack": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.dtypes.FLAGS": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.bool_": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.can_cast": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.coerce_to_array": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.complex_": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.dtype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.dtype_real": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.float_": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.int_": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.is_python_scalar": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.is_weakly_typed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.issubsctype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.promote_types": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.dtypes.python_scalar_dtypes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.enable_custom_vjp_by_custom_transpose": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.enable_key_reuse_checks": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.26'),
    "jax.errors.SimplifiedTraceback": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.0'),
    "jax.experimental.MutableArray": Removal(_API, 'jax.Ref', '', '0.9.0'),
    "jax.experimental.PartitionSpec": Removal(_API, None, 'use `jax.sharding.PartitionSpec`', '0.4.11'),
    "jax.experimental.ann": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.2'),
    "jax.experimental.array_api": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.5.0'),
    "jax.experimental.attrs": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.7.0'),
    "jax.experimental.callback": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.4.2'),
    "jax.experimental.custom_dce": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.10.0'),
    "jax.experimental.disable_x64": Removal(_API, None, 'use `jax.enable_x64(False)`', '0.9.0'),
    "jax.experimental.djax": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.6'),
    "jax.experimental.doubledouble": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.13'),
    "jax.experimental.export": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.4.36'),
    "jax.experimental.gda_serialization": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.4.11'),
    "jax.experimental.general_map": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.7'),
    "jax.experimental.global_device_array": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.4.7'),
    "jax.experimental.loops": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.16'),
    "jax.experimental.mutable_array": Removal(_API, None, 'use `jax.new_ref`', '0.9.0'),
    "jax.experimental.optimizers": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.16'),
    "jax.experimental.optix": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.7'),
    "jax.experimental.saved_input_vjp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.experimental.shard": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.7.0'),
    "jax.experimental.sharded_jit": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.16'),
    "jax.experimental.si_vjp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.experimental.stax": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.16'),
    "jax.experimental.vectorize": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.6'),
    "jax.experimental.with_sharding_constraint": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.16'),
    "jax.experimental.x64_context": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.10.0'),
    "jax.extend.core.primitives.custom_jvp_call_jaxpr_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.1'),
    "jax.extend.core.primitives.custom_vjp_call_jaxpr_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.1'),
    "jax.extend.core.primitives.infeed_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.extend.core.primitives.outfeed_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.extend.core.primitives.random_gamma_grad_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.extend.core.primitives.xla_pmap_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.extend.core.primitives.zeros_like_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.1'),
    "jax.extend.ffi": Removal(_API, None, 'use `jax.ffi`', '0.8.0'),
    "jax.flatten_fun_nokwargs": Removal(_API, 'jax.api_util.flatten_fun_nokwargs', '', '0.4.14'),
    "jax.flatten_util.zip": Removal(
        _API, None,
        'use `jax.experimental.ode.zip` (after `import jax.experimental.ode`)',
        '0.2.21'),
    "jax.image.scale": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.4'),
    "jax.interpreters.ad.CustomJVPException": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.ad.CustomVJPException": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.ad.backward_pass": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.ad.bilinear_transpose": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.call_param_updaters": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.call_transpose": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.call_transpose_param_updaters": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.closed_backward_pass": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.ad.core": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.ad.custom_lin_p": Removal(
        _API, None,
        'use `jax.extend.core.primitives.custom_lin_p` (after `import jax.extend.core.primitives`)',
        '0.9.0'),
    "jax.interpreters.ad.defbilinear_broadcasting": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.interpreters.ad.defjvp_zero": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.defvjp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.ad.defvjp2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.ad.defvjp_all": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.ad.f_jvp_traceable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.identity": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.ad.ignore_consts": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.ad.instantiate_zeros_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.ad.jvp_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.jvp_subtrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.jvp_subtrace_aux": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.jvpfun": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.linear_jvp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.linear_transpose": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.linear_transpose2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.map": Removal(_API, 'jax.api_util.safe_map', '', '0.4.3'),
    "jax.interpreters.ad.map_transpose": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.nonzero_outputs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.nonzero_tangent_outputs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.ad.pe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.ad.rearrange_binders": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.recast_to_float0": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.interpreters.ad.reducing_transposes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.ad.remat_transpose": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.17'),
    "jax.interpreters.ad.replace_float0s": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.interpreters.ad.standard_jvp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.standard_jvp2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.traceable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.unpair_pval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.1'),
    "jax.interpreters.ad.vjp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.ad.zero_jvp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.zeros_like_jaxval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.ad.zeros_like_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.ad.zip": Removal(
        _API, None,
        'use `jax.experimental.ode.zip` (after `import jax.experimental.ode`)',
        '0.4.3'),
    "jax.interpreters.batching.Array": Removal(_API, 'jax.Array', '', '0.9.0'),
    "jax.interpreters.batching.AxesSpec": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.batching.AxisSize": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.BatchDim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.batching.BatchDims": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.batching.BatchTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.BatchTracer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.BatchingRule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.ConcatAxis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.12'),
    "jax.interpreters.batching.Elt": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.FromEltHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.GetIdx": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.IndexedAxisSize": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.Jumble": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.JumbleAxis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.JumbleTy": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.MakeIotaHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.MapSpec": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.NotMapped": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.batching.Pile": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.interpreters.batching.PileAxis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.interpreters.batching.PileTy": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.interpreters.batching.RaggedAxis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.ToEltHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.Vmappable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.Zero": Removal(_API, 'jax.interpreters.ad.Zero', '', '0.7.1'),
    "jax.interpreters.batching.ZeroIfMapped": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.Zeros": Removal(_API, 'jax.interpreters.ad.Zero', '', '0.9.0'),
    "jax.interpreters.batching.add_batched": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.batching.add_jaxvals_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.batching.batch": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.batch_custom_jvp_subtrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.batch_custom_vjp_bwd": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.batch_fun": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.9'),
    "jax.interpreters.batching.batch_fun2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.batching.batch_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.batch_jaxpr2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.batch_jaxpr_axes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.batch_subtrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.batch_subtrace_instantiate": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.batching.batched_traceable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.9'),
    "jax.interpreters.batching.batchfun": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.batching.broadcast_batcher": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.collective_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.interpreters.batching.flatten_fun_for_vmap": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.from_elt": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.from_elt_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.get_primitive_batcher": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.14'),
    "jax.interpreters.batching.initial_style_batchers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.interpreters.batching.is_vmappable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.jumble_axis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.batching.make_iota": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.make_iota_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.batching.matchaxis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.moveaxis": Removal(_API, None, 'use `jax.numpy.moveaxis`', '0.9.0'),
    "jax.interpreters.batching.not_mapped": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.2'),
    "jax.interpreters.batching.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.batching.pile_axis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.interpreters.batching.reassemble_concat_axes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.12'),
    "jax.interpreters.batching.reducer_batcher": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.segment_sum": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.12'),
    "jax.interpreters.batching.spec_types": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.split_axis": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.interpreters.batching.split_axis_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.interpreters.batching.spmd_axis_primitive_batchers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.batching.to_elt": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.to_elt_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.unpack_concat_axes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.12'),
    "jax.interpreters.batching.unsafe_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.batching.unsafe_zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.batching.vectorized_batcher": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.vmappables": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.vtile": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.zero_if_mapped": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.batching.zeros_like_batched": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.batching.zeros_like_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.batching.zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.invertible_ad": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.6'),
    "jax.interpreters.masking": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.16'),
    "jax.interpreters.mlir.DimPolyEvaluator": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.mlir.MYPY": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.NameStack": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.25'),
    "jax.interpreters.mlir.ReplicaAxisContext": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.1'),
    "jax.interpreters.mlir.T": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.add_jaxvals_lowering": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.broadcast_in_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.build_xla_computation_helper": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.cache_lowering": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.compare_mhlo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.mlir.convert_mhlo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.mlir.core": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.create_token": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.custom_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.0'),
    "jax.interpreters.mlir.delegate_lowering": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.dense_bool_array": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.0'),
    "jax.interpreters.mlir.dense_bool_elements": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.1'),
    "jax.interpreters.mlir.dense_int_array_v6": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.mlir.dummy_token": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.dummy_token_type": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.dynamic_slice": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.dynamic_update_slice": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.eval_dynamic_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.flatten_lowering_ir_args": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.interpreters.mlir.full_like_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.func_dialect": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.interpreters.mlir.get_constant_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.hlo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.interpreters.mlir.map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.max_mhlo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.mlir.merge_mhlo_modules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.mlir.min_mhlo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.mlir.multi_broadcast_in_dim": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.receive_from_host": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.reshape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.send_to_host": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.set_sharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.sharded_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.slice_op": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.token": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.15'),
    "jax.interpreters.mlir.unsafe_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.unsafe_zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.wrap_singleton_ir_values": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.wrap_with_full_to_shard_op": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.wrap_with_shard_to_full_op": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.wrap_with_sharding_op": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.xla_computation_to_mhlo_module": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.mlir.xla_computation_to_mlir_module": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.interpreters.mlir.xla_fallback_lowering": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.zeros_like_lowering": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.mlir.zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.partial_eval.AbstractedAxesSpec": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.AbstractedAxisName": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.AvalId": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.Bound": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.14'),
    "jax.interpreters.partial_eval.BoundedAxisSize": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.Const": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.ConstFoldRule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.ConstId": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.ConstVar": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.DBIdx": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.DCERule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.DebugInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.0'),
    "jax.interpreters.partial_eval.DimensionHandlerTracer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.14'),
    "jax.interpreters.partial_eval.DynamicJaxprTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.ForwardingRule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.FreeVar": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.InputType": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.Jaxpr": Removal(
        _API, None,
        'use `jax.extend.core.Jaxpr` (after `import jax.extend.core`)',
        '0.9.0'),
    "jax.interpreters.partial_eval.JaxprEqnRecipe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.JaxprStackFrame": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.JaxprTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.JaxprTracerRecipe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.LambdaBinding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.ParamsUpdater": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.PartialEvalCustomResult": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.PartialEvalCustomRule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.ResAvalUpdater": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.TracerAsName": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.TracerId": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.WrapperForWeakRef": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.partial_eval.abstract_eval_fun": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.api_util": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.arg_info_all": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.0'),
    "jax.interpreters.partial_eval.arg_info_flattened": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.6'),
    "jax.interpreters.partial_eval.arg_info_pytree": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.6'),
    "jax.interpreters.partial_eval.call_padding_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.call_param_updaters": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.call_partial_eval_custom_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.call_partial_eval_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.close_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.closed_call_partial_eval_custom_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.const_fold_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.convert_constvars_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.convert_envvars_to_constvars": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.convert_invars_to_constvars": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.core": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.count_outputs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.1'),
    "jax.interpreters.partial_eval.custom_staging_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.debug_info": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.0'),
    "jax.interpreters.partial_eval.debug_info_final": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.0'),
    "jax.interpreters.partial_eval.def_trivial_padding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.extend_jaxpr_stack": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.forwarding_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.fun_sourceinfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.has_effects": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.identity": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.infer_lambda_input_type": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.instantiate_const_at": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.make_jaxpr_effects": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.move_binders_to_back": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.move_binders_to_front": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.new_eqn_recipe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.partial_eval.pad_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.padding_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.partial_eval_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.partial_eval_jaxpr_custom": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.partial_eval_jaxpr_custom_rule_not_implemented": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.partial_eval_jaxpr_nounits": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.partial_eval_to_jaxpr_dynamic": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.partial_eval.partial_eval_wrapper": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.partial_eval.partial_eval_wrapper_nounits": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.partition_pvals": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.recipe_to_eqn": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.remat_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.17'),
    "jax.interpreters.partial_eval.remat_call_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.17'),
    "jax.interpreters.partial_eval.result_info": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.0'),
    "jax.interpreters.partial_eval.sig_info": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.0'),
    "jax.interpreters.partial_eval.trace_to_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.trace_to_jaxpr_dynamic2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.interpreters.partial_eval.trace_to_jaxpr_final": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.trace_to_jaxpr_final2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr_dynamic": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr_dynamic2": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr_dynamic2_memoized": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr_nounits": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr_nounits_dyn": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.34'),
    "jax.interpreters.partial_eval.trace_to_subjaxpr_nounits_fwd": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.tracers_to_jaxpr": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.9.0'),
    "jax.interpreters.partial_eval.tracing_debug_info": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.1'),
    "jax.interpreters.partial_eval.tracing_debug_info_final": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.1'),
    "jax.interpreters.partial_eval.trivial_ctx": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.interpreters.partial_eval.unsafe_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.unsafe_zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.partial_eval.zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.8'),
    "jax.interpreters.pxla.AUTO": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.ArrayMappingOrAuto": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.14'),
    "jax.interpreters.pxla.ArrayMappingOrAutoOrUnspecified": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.AvalDimSharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.AxisResource": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.2'),
    "jax.interpreters.pxla.Chunked": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.ConcreteArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.DynamicAxisEnv": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.DynamicAxisEnvFrame": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.EMPTY_ENV": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.EmapInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.ExecuteReplicated": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.FLAGS": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.interpreters.pxla.InputsHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.InputsHandlerMode": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.2'),
    "jax.interpreters.pxla.MapTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.MapTracer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.pxla.Mesh": Removal(_API, None, 'use `jax.sharding.Mesh`', '0.4.11'),
    "jax.interpreters.pxla.MeshDimAssignment": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.NoSharding": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.OpShardingType": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.OrderedDictType": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.OutputType": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.ParallelCallableInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.PartitionInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.PartitionSpec": Removal(_API, None, 'use `jax.sharding.PartitionSpec`', '0.4.11'),
    "jax.interpreters.pxla.PartitionsOrReplicated": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.PmapComputation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.PmapExecutable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.pxla.PxlaResultHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.ReplicaInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.Replicated": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.ResourceAxisName": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.ResourceEnv": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.ResultToPopulate": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.ResultsHandler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.SPMDBatchTrace": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.ShapedArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.ShardInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.ShardedAxis": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.ShardedDeviceArray": Removal(_API, None, 'use `jax.Array`', '0.4.14'),
    "jax.interpreters.pxla.ShardedDeviceArrayBase": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.ShardingSpec": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.TileManual": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.TileVectorize": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.TilingMethod": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.UnloadedMeshExecutable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.UnloadedPmapExecutable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.Unstacked": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.WeakRefList": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.ad": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.are_op_shardings_equal": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.2'),
    "jax.interpreters.pxla.array_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.pxla.array_types": Removal(
        _API, None,
        'use `jax.extend.core.array_types` (after `import jax.extend.core`)',
        '0.4.16'),
    "jax.interpreters.pxla.aval_to_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.pxla.avals_to_results_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.pxla.check_multihost_collective_allowlist": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.compile_and_wrap_mesh_hlo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.interpreters.pxla.core": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.custom_resource_typing_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.device_put": Removal(_API, None, 'use `jax.device_put`', '0.4.14'),
    "jax.interpreters.pxla.execute_replicated": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.1'),
    "jax.interpreters.pxla.find_partitions": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.find_replicas": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.full_to_shard_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.get_global_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.get_local_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.get_num_partitions": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.identity": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.is_op_sharding_replicated": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.2'),
    "jax.interpreters.pxla.local_aval_to_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.local_avals_to_results_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.local_result_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.logger": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.lower_mesh_computation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.lower_parallel_callable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.lower_sharding_computation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.make_sharded_device_array": Removal(
        _API, None,
        'use `jax.make_array_from_single_device_arrays`',
        '0.4.14'),
    "jax.interpreters.pxla.map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.maybe_cached_property": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.1'),
    "jax.interpreters.pxla.maybe_extend_axis_env": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.mesh_callable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.interpreters.pxla.mesh_sharding_specs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.pxla.multi_host_supported_collectives": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.new_mesh_sharding_specs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.pxla.parallel_callable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.pxla.parallel_pure_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.pxla.partitioned_sharding_spec": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.pe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.pxla_result_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.pxla.reconcile_num_partitions": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.pxla.replicate": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.resource_typecheck": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.result_to_populate": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.sda_array_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.shard_arg": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.30'),
    "jax.interpreters.pxla.shard_arg_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.shard_args": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.pxla.shard_aval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.shard_aval_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.shard_to_full_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.sharding_spec_sharding_proto": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.should_tuple_args": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.17'),
    "jax.interpreters.pxla.show_axes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.pxla.soft_pmap": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.soft_pmap_aval_to_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.soft_pmap_avals_to_results_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.soft_pmap_impl": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.soft_pmap_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.soft_pmap_rules": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.pxla.spec_to_indices": Removal(_API, None, 'use `jax.shard_map`', '0.10.0'),
    "jax.interpreters.pxla.spmd_primitive_batchers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.stage_parallel_callable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.tile_aval_nd": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.unsafe_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.untile_aval_nd": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.use_cpp_class": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.1'),
    "jax.interpreters.pxla.use_cpp_method": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.1'),
    "jax.interpreters.pxla.vtile": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.interpreters.pxla.vtile_by_mesh": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.vtile_manual": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.wrap_name": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.xe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.xla": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.pxla.xla_pmap": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.xla_pmap_impl": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.xla_pmap_impl_lazy": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.pxla.xla_pmap_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.10.0'),
    "jax.interpreters.pxla.xops": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.sharded_jit": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.16'),
    "jax.interpreters.xla.AbstractToken": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.ArgSpec": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.AxisEnv": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.xla.Buffer": Removal(_API, None, 'use `jax.Array`', '0.4.11'),
    "jax.interpreters.xla.ConcreteArray": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.xla.DeletedBuffer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.Device": Removal(_API, None, 'use `jax.Device`', '0.4.11'),
    "jax.interpreters.xla.DeviceArrayProtocol": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.DeviceConstant": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.interpreters.xla.FLAGS": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.11'),
    "jax.interpreters.xla.MYPY": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.PyLocalBuffer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.19'),
    "jax.interpreters.xla.ShapedArray": Removal(_API, 'jax.core.ShapedArray', '', '0.4.24'),
    "jax.interpreters.xla.SpatialSharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.Token": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.TranslationContext": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.TranslationRule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.XlaBuilder": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.XlaComputationBuilder": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.XlaExecutable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.22'),
    "jax.interpreters.xla.XlaLoadedExecutable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.XlaOp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.XlaShape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.abstractify": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.interpreters.xla.ad": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.ad_util": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.add_jaxvals_translation_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.apply_outfeed_rewriter": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.arg_spec": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.array_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.aval_to_result_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.aval_to_xla_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.1'),
    "jax.interpreters.xla.aval_to_xla_shapes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.axis_groups": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.xla.axis_read": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.backend_compile": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.interpreters.xla.backend_specific_translations": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.call_translations": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.canonicalize_dtype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.0'),
    "jax.interpreters.xla.check_backend_matches": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.xla.check_backend_params": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.check_nans": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.9'),
    "jax.interpreters.xla.check_special": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.compile_or_get_cached": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.core": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.deleted_buffer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.device_array_supports_weakrefs": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.device_put": Removal(_API, None, 'use `jax.device_put`', '0.4.11'),
    "jax.interpreters.xla.device_put_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.device_put_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.dtype_to_primitive_type": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.eqn_replicas": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.extend_axis_env": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.extend_name_stack": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.flatten_shape": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.identity": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.initial_style_primitive_replicas": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.initial_style_translations": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.is_device_constant": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.interpreters.xla.jaxpr_collectives": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.jaxpr_has_pmap": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.jaxpr_literals": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.jaxpr_replicas": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.jaxpr_subcomp": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.jaxpr_uses_outfeed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.lower_fun": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.4'),
    "jax.interpreters.xla.lower_fun_initial_style": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.lower_jaxpr_to_xla_module": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.5'),
    "jax.interpreters.xla.make_device_array": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.interpreters.xla.make_op_metadata": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.needs_check_special": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.np": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.omnistaging_disabler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.interpreters.xla.outfeed_primitives": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.outfeed_rewriter": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.parallel_translations": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.parameter": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.xla.pe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.prefetch": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.primitive_computation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.primitive_subcomputation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.5'),
    "jax.interpreters.xla.primitive_uses_outfeed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.pytype_aval_mappings": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.interpreters.xla.pyval_to_ir_constant": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.pyval_to_ir_constants": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.register_collective_primitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.xla.register_constant_handler": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.register_initial_style_primitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.xla.register_translation": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.set_sharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.set_sharding_proto": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.set_up_aliases": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.sharding_to_proto": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.xla.token": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.tracebacks": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.translations": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.translations_with_avals": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.interpreters.xla.tuple_sharding_proto": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.type_is_device_array": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.unsafe_map": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.unsafe_zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.with_sharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.with_sharding_proto": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.wrap_name": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.xc": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.xla.xe": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.interpreters.xla.xla_call": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.7'),
    "jax.interpreters.xla.xla_call_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.11'),
    "jax.interpreters.xla.xla_destructure": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.29'),
    "jax.interpreters.xla.xla_primitive_callable": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.xla_result_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.26'),
    "jax.interpreters.xla.xla_shape_handlers": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.interpreters.xla.xops": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.interpreters.xla.zeros_like_translation_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.8'),
    "jax.interpreters.xla.zip": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.invertible": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.6'),
    "jax.jaxpr_util": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.4.16'),
    "jax.lax.all_gather_invariant": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.8.2'),
    "jax.lax.broadcast_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.18'),
    "jax.lax.infeed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.lax.infeed_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.lax.lax": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.6'),
    "jax.lax.lax_control_flow": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.6'),
    "jax.lax.lax_fft": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.4'),
    "jax.lax.lax_parallel": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.6'),
    "jax.lax.lu": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.6'),
    "jax.lax.make_bint": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.22'),
    "jax.lax.naryop": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.naryop_dtype_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.outfeed": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.lax.outfeed_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.lax.partial": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lax.pdot": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.lax.prod": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.16'),
    "jax.lax.pvary": Removal(_API, None, "use `jax.lax.pcast(..., to='varying')`", '0.10.0'),
    "jax.lax.random_gamma_grad_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.0'),
    "jax.lax.scan_bind": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.36'),
    "jax.lax.select_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.0'),
    "jax.lax.standard_abstract_eval": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.standard_naryop": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.standard_primitive": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.standard_translate": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.24'),
    "jax.lax.standard_unop": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.tie_in_p": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.lax.unop": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.unop_dtype_rule": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.lax.xeinsum": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.31'),
    "jax.lax.zeros_like_array": Removal(_API, None, 'use `jax.numpy.zeros_like`', '0.9.0'),
    "jax.lax_linalg": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.7'),
    "jax.lax_reference": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.13'),
    "jax.lazy": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.11'),
    "jax.lib.cpu_feature_guard": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.cuda_linalg": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.cuda_path": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.cuda_prng": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.cusolver": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.cusparse": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.jax_jit": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.jaxlib_version": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.lapack": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.msg": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.pmap_lib": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.pocketfft": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.pytree": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.rocsolver": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.tpu_client": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.14'),
    "jax.lib.tpu_driver_client": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.version": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.21'),
    "jax.lib.xla_client": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.9.0'),
    "jax.lib.xla_extension": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.9.0'),
    "jax.linear_util": Removal(_API, None, 'use `jax.extend.linear_util`', '0.4.24'),
    "jax.mask": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.16'),
    "jax.nn.functions": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.6'),
    "jax.nn.normalize": Removal(_API, 'jax.nn.standardize', '', '0.4.29'),
    "jax.numpy.NZERO": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.numpy.PZERO": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.numpy.fix": Removal(_API, None, 'use `jax.numpy.trunc`', '0.10.0'),
    "jax.numpy.function": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.10'),
    "jax.numpy.issubsctype": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.numpy.lax_numpy": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.3.5'),
    "jax.numpy.msort": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.9'),
    "jax.numpy.numpy_version": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.13'),
    "jax.numpy.operator_name": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.19'),
    "jax.numpy.polynomial": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.4'),
    "jax.ops.index_max": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.2'),
    "jax.ops.index_min": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.2'),
    "jax.ops.index_mul": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.2'),
    "jax.ops.scatter": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.4'),
    "jax.pprint_util": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.7'),
    "jax.prng": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.4.24'),
    "jax.profiler.StepTraceContext": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.15'),
    "jax.profiler.TraceContext": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.15'),
    "jax.profiler.trace_function": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.15'),
    "jax.pxla": Removal(_API, None, 'use `jax.interpreters.pxla`', '0.4.14'),
    "jax.random.apply_round": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.random.batching": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.random.default_prng_impl": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.random.rbg_key": Removal(_API, None, "use `jax.random.PRNGKey(seed, 'rbg')`", '0.4.24'),
    "jax.random.rolled_loop_step": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.random.rotate_left": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.random.rotate_list": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.random.shuffle": Removal(_API, None, 'use `jax.random.permutation`', '0.4.31'),
    "jax.random.threefry2x32_key": Removal(_API, None, "use `jax.random.PRNGKey(seed, 'threefry2x32')`", '0.4.24'),
    "jax.random.threefry2x32_p": Removal(_API, None, 'use `jax.extend.random.threefry2x32_p`', '0.4.24'),
    "jax.random.threefry_2x32": Removal(_API, None, 'use `jax.extend.random.threefry_2x32`', '0.4.24'),
    "jax.random.unsafe_rbg_key": Removal(_API, None, "use `jax.random.PRNGKey(seed, 'unsafe_rbg')`", '0.4.24'),
    "jax.random.xla": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.7'),
    "jax.scipy.linalg.polar_unitary": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.3'),
    "jax.scipy.linalg.tril": Removal(_API, None, 'use `jax.numpy.tril`', '0.4.24'),
    "jax.scipy.linalg.triu": Removal(_API, None, 'use `jax.numpy.triu`', '0.4.24'),
    "jax.scipy.special.sph_harm": Removal(_API, None, 'use `jax.scipy.special.sph_harm_y`', '0.10.0'),
    "jax.shapecheck": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.16'),
    "jax.sharding.AxisTypes": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.5.3'),
    "jax.sharding.GSPMDSharding": Removal(
        _API, None,
        'use `jax.extend.sharding.GSPMDSharding` (after `import jax.extend.sharding`)',
        '0.7.0'),
    "jax.sharding.MeshPspecSharding": Removal(_API, None, 'use `jax.sharding.NamedSharding`', '0.4.8'),
    "jax.sharding.OpShardingSharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.12'),
    "jax.sharding.PmapSharding": Removal(_API, None, 'use `jax.sharding.NamedSharding`', '0.10.0'),
    "jax.sharding.PositionalSharding": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.sharding.XLACompatibleSharding": Removal(_API, 'jax.sharding.Sharding', '', '0.4.34'),
    "jax.sharding.use_mesh": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.1'),
    "jax.soft_pmap": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.3.19'),
    "jax.source_info_util": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.7'),
    "jax.spmd_mode": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.6.1'),
    "jax.stages.OutInfo": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.7.0'),
    "jax.third_party": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.4'),
    "jax.tools.build_utils": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.5.1'),
    "jax.tools.colab_tpu": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.9.2'),
    "jax.tools.jax_to_hlo": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.27'),
    "jax.traceback_util": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.2.6'),
    "jax.tree_util.AttributeKeyPathEntry": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.tree_util.GetitemKeyPathEntry": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.tree_util.T": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.tree_util.U": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.tree_util.build_tree": Removal(_API, None, 'use `jax.tree.unflatten`', '0.7.0'),
    "jax.tree_util.no_initializer": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.2.12'),
    "jax.tree_util.register_keypaths": Removal(
        _API, None,
        "JAX has no 1:1 replacement: see JAX's changelog for what took its place",
        '0.4.24'),
    "jax.treedef_is_leaf": Removal(_API, 'jax.tree_util.treedef_is_leaf', '', '0.6.0'),
    "jax.util": Removal(
        _API, None,
        "the whole module is gone, with no 1:1 replacement: see JAX's changelog for what took the place of the name you use",
        '0.8.0'),
    "jax.xla": Removal(_API, None, 'use `jax.interpreters.xla`', '0.4.14'),
}
_GENERATED_ADDED_IN = {
    "jax.Array": "0.3.19",
    "jax.Ref": "0.7.2",
    "jax.api_util.flatten_fun_nokwargs": "0.2.0",
    "jax.api_util.safe_map": "0.2.0",
    "jax.checkpoint": "0.2.0",
    "jax.core.ShapedArray": "0.2.0",
    "jax.errors.ConcretizationTypeError": "0.2.10",
    "jax.errors.TracerArrayConversionError": "0.2.10",
    "jax.errors.TracerIntegerConversionError": "0.2.10",
    "jax.errors.UnexpectedTracerError": "0.2.19",
    "jax.interpreters.ad.Zero": "0.2.0",
    "jax.new_ref": "0.7.2",
    "jax.nn.standardize": "0.3.5",
    "jax.sharding.Sharding": "0.3.19",
    "jax.tree_util.treedef_is_leaf": "0.2.0",
}
# END GENERATED

REMOVED = {**_GENERATED, **{name: entry._replace(removed_in=REMOVED_IN[name]) for name, entry in REMOVED.items()}}
# When a replacement above appeared in JAX: a project that allows an older JAX cannot simply rename.
ADDED_IN = {**_GENERATED_ADDED_IN,
            **dict.fromkeys((f"jax.tree.{name}" for name in ("map", "leaves", "flatten", "unflatten", "structure",
                                                              "transpose")), "0.4.25"),
            "jax.enable_x64": "0.8.0", "jax.numpy.trapezoid": "0.4.15", "jax.Array": "0.3.18"}
# What a fix writes instead where the oldest JAX a project allows predates a replacement: the
# `jax.tree_util` spellings exist from JAX 0.2.0 on and take the same arguments (checked on 0.10.2).
OLDER_REPLACEMENTS = {f"jax.tree.{name}": f"jax.tree_util.tree_{name}"
                      for name in ("map", "leaves", "flatten", "unflatten", "structure", "transpose")}
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
