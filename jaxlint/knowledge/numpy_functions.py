"""NumPy functions that convert their input to a NumPy array, and so fail on a tracer
(`TracerArrayConversionError`), found by calling every public NumPy function on a traced array under
`jax.jit` (JAX 0.10.2, the NumPy it installs); tests/test_numpy_functions.py checks the table
against the installed versions. The functions that delegate to the array's own method (`np.sum`,
`np.mean`, `np.max`, `np.transpose`...) work on tracers and are not here."""

from __future__ import annotations

# Those `jax.numpy` has under the same name, taking a tracer as NumPy took an array (checked by
# calling them under `jax.jit` too): the fix.
_WITH_JNP = (
    "abs absolute acos acosh add angle arccos arccosh arcsin arcsinh arctan arctan2 arctanh array asarray "
    "asin asinh atan atan2 atanh atleast_1d atleast_2d atleast_3d average block broadcast_arrays cbrt "
    "ceil clip column_stack conj conjugate copy copysign corrcoef cos cosh count_nonzero cov "
    "cumulative_prod cumulative_sum deg2rad degrees diag diagflat diff divide divmod dstack ediff1d "
    "empty_like equal exp exp2 expm1 fabs flipud float_power floor floor_divide fmax fmin fmod frexp "
    "gradient greater greater_equal heaviside histogram histogram_bin_edges hstack hypot i0 iscomplex "
    "isfinite isinf isnan isneginf isposinf ix_ less less_equal lexsort log log10 log1p log2 logaddexp "
    "logaddexp2 logical_and logical_not logical_or logical_xor matmul maximum median meshgrid minimum mod "
    "modf multiply nan_to_num nanargmax nanargmin nancumprod nancumsum nanmax nanmean nanmedian nanmin "
    "nanprod nanstd nansum nanvar negative nextafter not_equal ones_like poly polyder polyint positive "
    "pow power ptp rad2deg radians ravel reciprocal remainder rint sign signbit sin sinc sinh sort "
    "sort_complex spacing sqrt square stack subtract tan tanh trapezoid true_divide trunc unwrap vander "
    "vecdot vstack zeros_like"
)
# No fix: `jax.numpy` lacks them, or its version needs concrete values or other arguments.
_WITHOUT_JNP = (
    "arange argwhere array2string array_repr array_str asanyarray asarray_chkfinite ascontiguousarray "
    "asfortranarray asmatrix bartlett bincount bitwise_and bitwise_count bitwise_invert "
    "bitwise_left_shift bitwise_not bitwise_or bitwise_right_shift bitwise_xor blackman concat "
    "concatenate datetime_as_string diag_indices diagonal fix flatnonzero fliplr gcd hamming hanning "
    "histogramdd invert is_busday isnat lcm ldexp left_shift matrix_transpose matvec min_scalar_type "
    "mintypecode nonzero packbits real_if_close require right_shift roots rot90 row_stack trace tril "
    "trim_zeros triu unique unique_all unique_counts unique_inverse unique_values unpackbits vecmat where"
)
_LINALG_WITH_JNP = "linalg.cholesky linalg.cond linalg.det linalg.diagonal linalg.eig linalg.eigh linalg.eigvals linalg.eigvalsh linalg.inv linalg.matrix_norm linalg.matrix_rank linalg.matrix_transpose linalg.norm linalg.pinv linalg.qr linalg.slogdet linalg.svd linalg.svdvals linalg.trace linalg.vector_norm"
_LINALG_WITHOUT_JNP = "linalg.multi_dot linalg.tensorinv"
WITH_JNP = frozenset(f"numpy.{name}" for name in (_WITH_JNP + " " + _LINALG_WITH_JNP).split())
CONVERTING = WITH_JNP | frozenset(f"numpy.{name}" for name in (_WITHOUT_JNP + " " + _LINALG_WITHOUT_JNP).split())
