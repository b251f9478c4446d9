"""Where `jax.numpy` functions take only arrays: a Python list or tuple there raises
`TypeError: <f> requires ndarray or scalar arguments, got <class 'list'> at position <i>`.

Found by calling every public `jax.numpy` function and ufunc of JAX 0.10.2 with a list at each of
its first positional parameters (arrays elsewhere) and keeping the positions whose TypeError names them;
tests/test_array_arguments.py checks every entry against the installed JAX. Functions that take
sequences by design (`array`, `asarray`, `stack`, `concatenate`, `hstack`, `vstack`, `block`,
`pad` widths, `reshape` shapes, axis tuples) are not here, or not at those positions."""

from __future__ import annotations

_BY_POSITIONS: dict[tuple[int, ...], str] = {
    (0,): (
        "abs absolute acos acosh all amax amin angle any append arccos arccosh arcsin arcsinh arctan arctanh "
        "argmax argmin argsort argwhere around array_split asin asinh astype atan atanh bincount "
        "bitwise_count bitwise_invert bitwise_not broadcast_to cbrt ceil choose clip conj conjugate copy cos "
        "cosh count_nonzero cumprod cumsum cumulative_prod cumulative_sum deg2rad degrees diag "
        "diag_indices_from diagflat diagonal diff dsplit ediff1d empty_like exp exp2 expand_dims expm1 fabs "
        "flatnonzero flip fliplr flipud floor frexp histogramdd hsplit i0 imag invert iscomplex isfinite "
        "isinf isnan isneginf isposinf isreal log log10 log1p log2 logical_not matrix_transpose max mean "
        "median min modf moveaxis nan_to_num nanargmax nanargmin nancumprod nancumsum nanmax nanmean "
        "nanmedian nanmin nanprod nanstd nansum nanvar negative nonzero ones_like packbits pad permute_dims "
        "piecewise poly polyder polyint positive prod ptp rad2deg radians ravel real reciprocal reshape rint "
        "roll roots rot90 round sign signbit sin sinc sinh sort sort_complex spacing split sqrt square "
        "squeeze std sum tan tanh tile trace transpose tril tril_indices_from trim_zeros triu "
        "triu_indices_from trunc unique unique_all unique_counts unique_inverse unique_values unpackbits "
        "unravel_index unstack unwrap vander var vsplit zeros_like"
    ),
    (0, 1): (
        "add allclose arctan2 atan2 bitwise_and bitwise_left_shift bitwise_or bitwise_right_shift bitwise_xor "
        "compress convolve copysign corrcoef correlate cov cross delete digitize divide divmod dot equal "
        "extract float_power floor_divide fmax fmin fmod full_like gcd greater greater_equal heaviside "
        "histogram histogram2d histogram_bin_edges hypot inner intersect1d isclose isin kron lcm ldexp "
        "left_shift less less_equal linspace logaddexp logaddexp2 logical_and logical_or logical_xor matmul "
        "matvec maximum minimum mod multiply nanpercentile nanquantile nextafter not_equal outer percentile "
        "polyadd polydiv polymul polysub polyval pow power quantile remainder repeat right_shift searchsorted "
        "setdiff1d setxor1d subtract take take_along_axis tensordot trapezoid true_divide union1d vdot vecdot "
        "vecmat"
    ),
    (0, 1, 2): (
        "arange insert interp place where"
    ),
}
# qualified name → the positions where only an array (or a scalar) is accepted
ARRAY_ONLY: dict[str, tuple[int, ...]] = {f"jax.numpy.{name}": positions for positions, names in _BY_POSITIONS.items()
                                         for name in names.split()}
