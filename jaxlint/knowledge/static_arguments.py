"""Where JAX (or Python) needs a concrete value: a shape, a size, a count. A tracer there raises."""

from __future__ import annotations

# jnp reductions of shapes (`jnp.prod(x.shape)`): they reject a tuple argument outright (TypeError even
# outside jit), and a Python value is what the code needs there (`math.prod`).
SHAPE_REDUCTIONS = frozenset(("prod", "product", "sum", "max", "min", "amax", "amin", "mean", "cumprod", "cumsum"))

# Arguments JAX needs as concrete Python values (shapes, sizes, counts), checked on JAX 0.10.2:
# qualified name → positions and keywords. A tracer there raises (TypeError, ConcretizationTypeError...).
SHAPE_SINKS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    **dict.fromkeys(("jax.numpy.zeros", "jax.numpy.ones", "jax.numpy.empty", "jax.numpy.full"), ((0,), ("shape",))),
    **dict.fromkeys(("jax.numpy.zeros_like", "jax.numpy.ones_like", "jax.numpy.empty_like"), ((2,), ("shape",))),
    "jax.numpy.full_like": ((3,), ("shape",)),
    "jax.numpy.reshape": ((1, 2, 3, 4, 5), ("shape", "newshape")),
    "jax.numpy.arange": ((0, 1, 2), ("start", "stop", "step")),
    **dict.fromkeys(("jax.numpy.linspace", "jax.numpy.logspace", "jax.numpy.geomspace"), ((2,), ("num",))),
    "jax.numpy.broadcast_to": ((1,), ("shape",)),
    "jax.numpy.tile": ((1,), ("reps",)),
    "jax.numpy.repeat": ((1,), ("repeats", "total_repeat_length")),
    "jax.numpy.eye": ((0, 1), ("N", "M")),
    "jax.numpy.identity": ((0,), ("n",)),
    "jax.numpy.tri": ((0, 1), ("N", "M")),
    **dict.fromkeys(("jax.numpy.split", "jax.numpy.array_split", "jax.numpy.hsplit", "jax.numpy.vsplit",
                     "jax.numpy.dsplit"), ((1,), ("indices_or_sections",))),
    "jax.numpy.indices": ((0,), ("dimensions",)),
    "jax.numpy.fromfunction": ((1,), ("shape",)),
    "jax.numpy.pad": ((1,), ("pad_width",)),
    "jax.numpy.diag": ((1,), ("k",)),
    **dict.fromkeys(("jax.numpy.nonzero", "jax.numpy.where", "jax.numpy.unique", "jax.numpy.argwhere",
                     "jax.numpy.flatnonzero"), ((), ("size",))),
    "jax.numpy.bincount": ((), ("length",)),
    "jax.lax.broadcast": ((1,), ("sizes",)),
    "jax.lax.broadcast_in_dim": ((1,), ("shape",)),
    "jax.lax.broadcasted_iota": ((1,), ("shape",)),
    "jax.lax.full": ((0,), ("shape",)),
    "jax.lax.iota": ((1,), ("size",)),
    "jax.lax.reshape": ((1,), ("new_sizes",)),
    "jax.lax.dynamic_slice": ((2,), ("slice_sizes",)),
    "jax.lax.slice": ((1, 2, 3), ("start_indices", "limit_indices", "strides")),
    "jax.lax.tile": ((1,), ("reps",)),
    "jax.lax.top_k": ((1,), ("k",)),
    **dict.fromkeys(("jax.lax.expand_dims", "jax.lax.squeeze"), ((1,), ("dimensions",))),
    "jax.lax.scan": ((3,), ("length",)),
    "jax.lax.split": ((1,), ("sizes",)),
    **dict.fromkeys(("jax.random.normal", "jax.random.uniform", "jax.random.randint", "jax.random.bits",
                     "jax.random.cauchy", "jax.random.exponential", "jax.random.gumbel", "jax.random.laplace",
                     "jax.random.logistic", "jax.random.maxwell", "jax.random.rademacher"), ((1,), ("shape",))),
    **dict.fromkeys(("jax.random.bernoulli", "jax.random.gamma", "jax.random.poisson", "jax.random.dirichlet",
                     "jax.random.chisquare", "jax.random.choice", "jax.random.orthogonal", "jax.random.t",
                     "jax.random.lognormal", "jax.random.pareto", "jax.random.geometric", "jax.random.rayleigh",
                     "jax.random.wald", "jax.random.loggamma", "jax.random.generalized_normal"),
                    ((2,), ("shape",))),
    **dict.fromkeys(("jax.random.beta", "jax.random.binomial", "jax.random.categorical", "jax.random.f",
                     "jax.random.multivariate_normal", "jax.random.truncated_normal", "jax.random.ball",
                     "jax.random.double_sided_maxwell", "jax.random.weibull_min"), ((3,), ("shape",))),
    "jax.random.split": ((1,), ("num",)),
    **dict.fromkeys(("jax.image.resize", "jax.image.scale_and_translate"), ((1,), ("shape",))),
    "jax.nn.one_hot": ((1,), ("num_classes",)),
    "builtins.range": ((0, 1, 2), ()),
    **dict.fromkeys(("builtins.int", "builtins.float", "builtins.complex", "operator.index"), ((0,), ())),
}
# Array methods whose shape arguments are static in the same way.
METHOD_SINKS = frozenset(("reshape", "broadcast_to", "repeat", "tile"))

# Sinks that hash their argument or test it element-wise: a NumPy array fails there too.
HASHED_SINKS = frozenset(("jax.random.split", "jax.random.choice", "jax.lax.broadcast_in_dim"))
CONVERTING_METHODS = frozenset(("item", "tolist"))  # a Python value of the receiver: concrete only
