"""NumPy functions that convert their input to a NumPy array, and so fail on a tracer
(`TracerArrayConversionError`), found by calling every public NumPy function on a traced array under
`jax.jit` (JAX 0.10.2, the NumPy it installs), with one array and with the argument patterns that
the functions of several arguments take; tests/test_numpy_functions.py checks the table
against the installed versions. The functions that delegate to the array's own method (`np.sum`,
`np.mean`, `np.max`, `np.transpose`...) work on tracers and are not here."""

from __future__ import annotations

# Those `jax.numpy` has under the same name, taking a tracer as NumPy took an array (checked by
# calling them under `jax.jit` too): the fix.
_WITH_JNP = (
    "abs absolute acos acosh add allclose angle append arccos arccosh arcsin arcsinh arctan arctan2 "
    "arctanh argpartition array asarray asin asinh atan atan2 atanh atleast_1d atleast_2d atleast_3d "
    "average block broadcast_arrays broadcast_to cbrt ceil clip column_stack conj conjugate convolve copy "
    "copysign corrcoef correlate cos cosh count_nonzero cov cross cumulative_prod cumulative_sum deg2rad "
    "degrees delete diag diagflat diff digitize divide divmod dot dstack ediff1d einsum empty_like equal "
    "exp exp2 expand_dims expm1 fabs flipud float_power floor floor_divide fmax fmin fmod frexp full_like "
    "geomspace gradient greater greater_equal heaviside histogram histogram2d histogram_bin_edges hstack "
    "hypot i0 inner insert isclose iscomplex isfinite isin isinf isnan isneginf isposinf ix_ kron less "
    "less_equal lexsort linspace log log10 log1p log2 logaddexp logaddexp2 logical_and logical_not "
    "logical_or logical_xor logspace matmul maximum median meshgrid minimum mod modf multiply nan_to_num "
    "nanargmax nanargmin nancumprod nancumsum nanmax nanmean nanmedian nanmin nanpercentile nanprod "
    "nanquantile nanstd nansum nanvar negative nextafter not_equal ones_like outer pad partition "
    "percentile piecewise poly polyadd polyder polydiv polyfit polyint polymul polysub polyval positive "
    "pow power ptp quantile rad2deg radians ravel reciprocal remainder resize rint roll sign signbit sin "
    "sinc sinh sort sort_complex spacing sqrt square stack subtract tan tanh tensordot tile trapezoid "
    "true_divide trunc unravel_index unwrap vander vdot vecdot vstack zeros_like"
)
# No fix: `jax.numpy` lacks them, or its version needs concrete values or other arguments.
_WITHOUT_JNP = (
    "arange argwhere array2string array_repr array_str asanyarray asarray_chkfinite ascontiguousarray "
    "asfortranarray asmatrix bartlett bincount bitwise_and bitwise_count bitwise_invert "
    "bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift bitwise_xor blackman compress concat "
    "concatenate datetime_as_string diag_indices diagonal extract fix flatnonzero fliplr gcd hamming "
    "hanning histogramdd intersect1d invert is_busday isnat lcm ldexp left_shift matrix_transpose matvec "
    "min_scalar_type mintypecode nonzero packbits real_if_close require right_shift roots rot90 row_stack "
    "setdiff1d setxor1d trace tril trim_zeros triu union1d unique unique_all unique_counts unique_inverse "
    "unique_values unpackbits vecmat where"
)
_LINALG_WITH_JNP = (
    "linalg.cholesky linalg.cond linalg.det linalg.diagonal linalg.eig linalg.eigh linalg.eigvals linalg.eigvalsh "
    "linalg.inv linalg.matrix_norm linalg.matrix_rank linalg.matrix_transpose linalg.norm linalg.pinv linalg.qr "
    "linalg.slogdet linalg.svd linalg.svdvals linalg.trace linalg.vector_norm"
)
_LINALG_WITHOUT_JNP = "linalg.multi_dot linalg.tensorinv"
WITH_JNP = frozenset(f"numpy.{name}" for name in (_WITH_JNP + " " + _LINALG_WITH_JNP).split())
CONVERTING = WITH_JNP | frozenset(f"numpy.{name}" for name in (_WITHOUT_JNP + " " + _LINALG_WITHOUT_JNP).split())

# NumPy functions that hand their first argument to its own method (`np.sum(t)` is `t.sum()`): on a
# tracer they return a tracer, so a converting function applied to the result raises as on the tracer
# itself (`np.sqrt(np.sum(t))`). Found the same way, keeping those whose result under jit is a tracer.
_DELEGATING = (
    "all amax amin any argmax argmin argsort around cumprod cumsum flip imag isreal max mean min moveaxis "
    "permute_dims prod real repeat reshape rollaxis round searchsorted squeeze std sum swapaxes transpose var"
)
DELEGATING = frozenset(f"numpy.{name}" for name in _DELEGATING.split())
