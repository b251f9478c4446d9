"""What JAX's function transformations do to the functions they receive (data only)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Transform:
    kind: str  # jit | vmap | grad | lax | checkpoint | shape
    abstract: bool  # Python control flow on its tracers raises
    cached: bool  # the traced body is compiled and cached (reads of globals go stale)


JIT = Transform("jit", abstract=True, cached=True)
VMAP = Transform("vmap", abstract=True, cached=False)
GRAD = Transform("grad", abstract=False, cached=False)
LAX = Transform("lax", abstract=True, cached=True)
LAX_MAP = Transform("lax", abstract=True, cached=False)  # lax.map wraps the body in a fresh closure
SHARD_MAP = Transform("shard_map", abstract=False, cached=False)
CHECKPOINT = Transform("checkpoint", abstract=True, cached=True)
SHAPE = Transform("shape", abstract=True, cached=False)  # eval_shape, make_jaxpr
MODULE = Transform("module", abstract=True, cached=True)  # flax/equinox module methods (applied under jit)
# A Pallas kernel: its parameters are `Ref`s, whose item stores (`o_ref[...] = v`) are the kernel's
# writes, not in-place updates of arrays (checked on JAX 0.10.2, interpret mode).
PALLAS = Transform("pallas", abstract=True, cached=True)

TRANSFORMS: dict[str, Transform] = {
    **dict.fromkeys(
        ("jax.jit", "jax.pmap", "equinox.filter_jit", "equinox.filter_pmap",
         "flax.nnx.jit", "flax.linen.jit", "flax.nnx.pmap"), JIT),
    # Eager shard_map hands the body tracers that carry concrete values (checked on JAX 0.10.2):
    # control flow works and nothing is cached, unless a jit around it says otherwise.
    **dict.fromkeys(("jax.shard_map", "flax.nnx.shard_map"), SHARD_MAP),
    **dict.fromkeys(
        ("jax.vmap", "equinox.filter_vmap", "flax.nnx.vmap", "flax.linen.vmap", "jax.numpy.vectorize"), VMAP),
    **dict.fromkeys(
        ("jax.grad", "jax.value_and_grad", "jax.jacfwd", "jax.jacrev", "jax.hessian", "jax.jvp", "jax.vjp",
         "jax.linearize", "equinox.filter_grad", "equinox.filter_value_and_grad", "flax.nnx.grad",
         "flax.nnx.value_and_grad", "flax.linen.grad", "flax.linen.value_and_grad"), GRAD),
    **dict.fromkeys(("jax.checkpoint", "equinox.filter_checkpoint", "flax.nnx.remat", "flax.linen.remat",
                     "flax.linen.checkpoint"), CHECKPOINT),
    **dict.fromkeys(("jax.eval_shape", "jax.make_jaxpr", "equinox.filter_eval_shape"), SHAPE),
    **dict.fromkeys(("jax.experimental.pallas.pallas_call", "jax.experimental.pallas.run_scoped",
                     "jax.experimental.pallas.core_map", "jax.experimental.pallas.kernel",
                     "jax.experimental.pallas.tpu.emit_pipeline", "jax.experimental.pallas.mosaic_gpu.kernel"),
                    PALLAS),
}

# Transforms under which only arrays are traced: Python scalars passed or defaulted stay static.
FILTERED = frozenset(("equinox.filter_jit", "equinox.filter_vmap", "equinox.filter_pmap",
                      "equinox.filter_grad", "equinox.filter_value_and_grad", "equinox.filter_eval_shape",
                      "equinox.filter_checkpoint"))

# lax control flow: positions and keyword names of the function arguments it traces.
LAX_BODIES: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    "jax.lax.scan": ((0,), ("f",)),
    "jax.lax.fori_loop": ((2,), ("body_fun",)),
    "jax.lax.while_loop": ((0, 1), ("cond_fun", "body_fun")),
    "jax.lax.cond": ((1, 2), ("true_fun", "false_fun")),
    "jax.lax.switch": ((1,), ("branches",)),
    "jax.lax.map": ((0,), ("f",)),
    "jax.lax.associative_scan": ((0,), ("fn",)),
    "jax.lax.custom_root": ((0, 2, 3), ("f", "solve", "tangent_solve")),
    "jax.lax.custom_linear_solve": ((0, 2), ("matvec", "solve")),
}

# lax bodies that run once per iteration: a key they read from outside is reused every time.
LAX_LOOP_BODIES = frozenset((("jax.lax.scan", 0), ("jax.lax.fori_loop", 2), ("jax.lax.while_loop", 1),
                             ("jax.lax.map", 0), ("jax.lax.scan", "f"), ("jax.lax.fori_loop", "body_fun"),
                             ("jax.lax.while_loop", "body_fun"), ("jax.lax.map", "f")))

# Where a lax loop's initial carry is (position, keyword), and which parameter of its body takes it.
LAX_CARRIES: dict[str, tuple[int, str, int]] = {
    "jax.lax.scan": (1, "init", 0),
    "jax.lax.fori_loop": (3, "init_val", 1),
    "jax.lax.while_loop": (2, "init_val", 0),
}

# Functions given to these run on the host with concrete values: never traced.
HOST_CALLBACKS = frozenset((
    "jax.debug.callback", "jax.pure_callback", "jax.experimental.io_callback", "jax.io_callback",
    "jax.experimental.host_callback.call", "jax.experimental.host_callback.id_tap",
    "jax._src.callback.io_callback", "jax._src.callback.pure_callback", "jax._src.debugging.debug_callback",
))

MODULE_BASES = frozenset(("flax.linen.Module", "flax.nnx.Module", "equinox.Module"))
COMPACT_DECORATORS = frozenset(("flax.linen.compact", "flax.linen.module.compact", "flax.nnx.compact"))
PARTIAL = frozenset(("functools.partial",))

# Parameter names that flax/equinox code uses for Python-bool switches of module methods.
MODE_PARAM_NAMES = frozenset((
    "train", "training", "is_training", "deterministic", "use_running_average", "decode", "inference",
    "return_attention", "mutable", "capture_intermediates",
))
STATIC_ANNOTATIONS = frozenset(("bool", "int", "str", "float", "None", "Callable", "typing.Callable"))

# The last component of every name above: a call whose name ends otherwise is none of them,
# whatever its module (a cheap filter before resolving imports).
CALL_NAMES = frozenset(name.rsplit(".", 1)[-1] for name in (*TRANSFORMS, *LAX_BODIES, *HOST_CALLBACKS, *PARTIAL))
