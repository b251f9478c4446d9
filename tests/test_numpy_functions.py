"""The model's tables of NumPy functions (knowledge/numpy_functions.py), checked against the installed
NumPy and JAX: each converting function raises TracerArrayConversionError under jit with some
argument pattern, and each that the fix maps to `jax.numpy` exists there and takes the same
arguments under jit; each delegating function returns a tracer."""

from __future__ import annotations

import functools
import warnings

import pytest

from jaxlint.knowledge.numpy_functions import CONVERTING, DELEGATING, WITH_JNP

jax = pytest.importorskip("jax")
np = pytest.importorskip("numpy")
jnp = jax.numpy

_LINE = jnp.arange(1.0, 4.0)
_X = jnp.arange(1.0, 7.0).reshape(2, 3)
_INDEX = jnp.arange(6).reshape(2, 3) % 3
_SQUARE = jnp.eye(3) + 1.0
# What functions of several arguments take: the arrays among them are traced, the rest passed as is.
_PATTERNS = ((_LINE,), (_X, 1), (_X, _INDEX), (_X, _X), (_X, 0, 1), (_X, _INDEX, 0))
_OWN_PATTERNS = {
    "einsum": ("ij,ij->i", _X, _X), "piecewise": (_X, [_X > 2], [0.0]), "insert": (_X, 1, 0.0), "cross": (_X, _X), "vdot": (_X, _X),
    "broadcast_to": (_X, (2, 2, 3)), "convolve": (_X[0], _X[1]), "correlate": (_X[0], _X[1]),
    "digitize": (_X, _X[0, :2]), "tensordot": (_X, _X, 2), "quantile": (_X, 0.5), "nanquantile": (_X, 0.5),
    "polyadd": (_X[0], _X[1]), "polysub": (_X[0], _X[1]), "polymul": (_X[0], _X[1]), "polydiv": (_X[0], _X[1]),
    "histogram2d": (_X[0], _X[1]), "polyfit": (_X[0], _X[1], 1),
}


def _function(module, dotted: str):
    return functools.reduce(getattr, dotted.split("."), module)


def _installed(name: str):
    """The installed NumPy's function, or None where this NumPy no longer has it (`row_stack`, gone
    in NumPy 2.4): the tables also describe the older NumPy that users' code runs with."""
    try:
        return _function(np, name)
    except AttributeError:
        return None


def _jitted(function, args):
    """`function(*args)` traced as jit traces it, its array arguments tracers (`make_jaxpr`: the same
    tracing, without compiling, which is all a conversion error needs)."""
    arrays = [i for i, a in enumerate(args) if isinstance(a, jax.Array)]

    def call(*traced):
        full = list(args)
        for i, a in zip(arrays, traced):
            full[i] = a
        return function(*full)

    return lambda: jax.make_jaxpr(call)(*[args[i] for i in arrays])


def _patterns(name: str, numpy_function):
    if name.startswith("linalg."):
        return ((_SQUARE,),)
    arity = getattr(numpy_function, "nin", None)
    if isinstance(arity, int):
        return ((_LINE,) * arity,)
    return (_OWN_PATTERNS[name],) if name in _OWN_PATTERNS else _PATTERNS


def _converting_pattern(name: str, numpy_function):
    """The first argument pattern with which the NumPy function raises TracerArrayConversionError."""
    for args in _patterns(name, numpy_function):
        try:
            _jitted(numpy_function, args)()
        except jax.errors.TracerArrayConversionError:
            return args
        except Exception:  # noqa: BLE001 - this pattern does not suit the function; try the next
            continue
    return None


def test_numpy_fails_on_tracers_and_jax_numpy_does_not() -> None:
    wrong, checked = [], 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for qualified in sorted(CONVERTING):
            name = qualified.removeprefix("numpy.")
            numpy_function = _installed(name)
            if numpy_function is None:
                continue
            checked += 1
            args = _converting_pattern(name, numpy_function)
            if args is None:
                wrong.append(f"np.{name} works on a tracer")
            elif qualified in WITH_JNP:
                try:
                    _jitted(_function(jnp, name), args)()
                except Exception as exc:  # noqa: BLE001 - any failure is a wrong entry
                    wrong.append(f"jnp.{name}: {type(exc).__name__}")
    assert not wrong, wrong[:10]
    assert checked >= 0.9 * len(CONVERTING), f"only {checked} of {len(CONVERTING)} exist in NumPy {np.__version__}"


_DELEGATING_ARGS = {"reshape": ((3, 2),), "repeat": (2,), "swapaxes": (0, 1), "moveaxis": (0, 1), "rollaxis": (1,)}


def test_delegating_functions_return_tracers() -> None:
    wrong = []
    for qualified in sorted(DELEGATING):
        name = qualified.removeprefix("numpy.")
        function = _installed(name)
        if function is None:
            continue
        results = []

        def keep(x, f=function, name=name):
            results.append(f(x[0], 2.0) if name == "searchsorted" else f(x, *_DELEGATING_ARGS.get(name, ())))
            return x

        try:
            jax.make_jaxpr(keep)(_X)
        except Exception as exc:  # noqa: BLE001 - any failure is a wrong entry
            wrong.append(f"np.{name}: {type(exc).__name__}")
            continue
        if not isinstance(results[0], jax.core.Tracer):
            wrong.append(f"np.{name} returns {type(results[0]).__name__}")
    assert not wrong and len(DELEGATING) > 20, wrong
