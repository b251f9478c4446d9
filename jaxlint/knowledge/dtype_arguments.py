"""Where JAX functions take a dtype to make their result in: the parameter's keyword and position.

Read from the signatures of JAX 0.10.2 (every public function of the modules below with a `dtype`,
`new_dtype` or `preferred_element_type` parameter); tests/test_dtype_arguments.py checks every
entry against the installed JAX. Left out: the functions that take only integer dtypes (a float64
there raises instead: `jax.random.randint/bits/geometric/poisson`, `jax.lax.rng_bit_generator`),
key makers, and the dtype queries (`jnp.isdtype`, `jax.dtypes.*`, `jnp.finfo`)."""

from __future__ import annotations

from typing import NamedTuple


class DtypeSlot(NamedTuple):
    keyword: str
    position: int | None  # of the positional argument; None: keyword only


_BY_SLOT: dict[tuple[str, str, int | None], str] = {
    ("jax.lax", "dtype", 0): "broadcasted_iota iota",
    ("jax.lax", "dtype", 1): "empty",
    ("jax.lax", "dtype", 2): "full full_like",
    ("jax.lax", "new_dtype", 1): "bitcast_convert_type convert_element_type",
    ("jax.lax", "preferred_element_type", None): "dot scaled_dot",
    ("jax.lax", "preferred_element_type", 4): "dot_general ragged_dot",
    ("jax.lax", "preferred_element_type", 5): "conv ragged_dot_general",
    ("jax.lax", "preferred_element_type", 7): "conv_with_general_padding",
    ("jax.lax", "preferred_element_type", 8): "conv_general_dilated_patches conv_transpose",
    ("jax.lax", "preferred_element_type", 10): "conv_general_dilated",
    ("jax.nn", "dtype", None): "one_hot",
    ("jax.nn", "preferred_element_type", 3): "scaled_dot_general",
    ("jax.nn", "preferred_element_type", 4): "scaled_matmul",
    ("jax.nn.initializers", "dtype", 1): "constant normal truncated_normal uniform",
    ("jax.nn.initializers", "dtype", 2): "delta_orthogonal ones orthogonal zeros",
    ("jax.nn.initializers", "dtype", 3): (
        "glorot_normal glorot_uniform he_normal he_uniform kaiming_normal kaiming_uniform lecun_normal "
        "lecun_uniform xavier_normal xavier_uniform"
    ),
    ("jax.nn.initializers", "dtype", 6): "variance_scaling",
    ("jax.numpy", "dtype", None): "argsort cumulative_prod cumulative_sum fromfunction ravel_multi_index",
    ("jax.numpy", "dtype", 1): (
        "array asarray astype dstack empty empty_like frombuffer fromstring hstack identity indices ones "
        "ones_like vstack zeros zeros_like"
    ),
    ("jax.numpy", "dtype", 2): (
        "concatenate cumprod cumsum full full_like mean nancumprod nancumsum nanmean nanprod nanstd nansum "
        "nanvar prod std sum var"
    ),
    ("jax.numpy", "dtype", 3): "arange corrcoef eye stack tri",
    ("jax.numpy", "dtype", 4): "geomspace trace",
    ("jax.numpy", "dtype", 5): "linspace logspace",
    ("jax.numpy", "dtype", 7): "cov",
    ("jax.numpy", "preferred_element_type", None): "convolve correlate dot einsum inner matmul tensordot vdot vecdot",
    ("jax.numpy.fft", "dtype", None): "fftfreq rfftfreq",
    ("jax.numpy.linalg", "dtype", None): "trace",
    ("jax.numpy.linalg", "preferred_element_type", None): "matmul tensordot vecdot",
    ("jax.random", "dtype", None): "multinomial",
    ("jax.random", "dtype", 2): "cauchy exponential gumbel laplace logistic maxwell normal rademacher uniform",
    ("jax.random", "dtype", 3): (
        "chisquare dirichlet gamma generalized_normal loggamma lognormal orthogonal pareto rayleigh t wald"
    ),
    ("jax.random", "dtype", 4): "ball beta binomial double_sided_maxwell f multivariate_normal truncated_normal "
                                "weibull_min",
    ("jax.random", "dtype", 5): "triangular",
    ("jax.scipy.linalg", "dtype", None): "dft",
    ("jax.scipy.linalg", "dtype", 1): "hadamard",
}

# Qualified function name → where it takes the dtype.
DTYPE_SLOTS: dict[str, DtypeSlot] = {f"{module}.{name}": DtypeSlot(keyword, position)
                                     for (module, keyword, position), names in _BY_SLOT.items()
                                     for name in names.split()}

# Methods of `jax.Array` that take a dtype (positions after `self`).
ARRAY_METHOD_SLOTS: dict[str, DtypeSlot] = {
    "astype": DtypeSlot("dtype", 0), "view": DtypeSlot("dtype", 0), "trace": DtypeSlot("dtype", 3),
    "dot": DtypeSlot("preferred_element_type", None),
    **{name: DtypeSlot("dtype", 1) for name in ("cumprod", "cumsum", "mean", "prod", "std", "sum", "var")},
}
