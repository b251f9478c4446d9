"""JAX109 discarded-functional-update: an expression statement whose value is a functional update
(`x.at[i].set(v)`, `.add`, `.multiply`...), a call of `jax.numpy` (`jnp.sort(x)`), or a method of a
value known to be a JAX array that NumPy habits read as acting in place (`x.sort()`, `x.clip(0)`,
`x.reshape(...)`, `x.astype(...)`), all of which return a new array and change nothing. Calls of
anything else (which may act) are not flagged: a NumPy array's or a list's `sort()` sorts in place."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The value to watch (verify), the discarded expression, and the name to assign it to."""

    watch: str
    expr: str
    base: str


# `jax.numpy` functions called for what they do, not what they return: they write files or set
# options, or check arguments and raise (`jnp.broadcast_shapes(a, b)` as a shape check).
_CALLED_TO_ACT = frozenset(f"jax.numpy.{name}" for name in (
    "save", "savez", "savez_compressed", "load", "set_printoptions", "broadcast_shapes", "result_type", "promote_types",
    "can_cast", "issubdtype", "isdtype", "iinfo", "finfo", "dtype"))
# The methods of `x.at[...]` that return an updated copy (checked on JAX 0.10.2).
_UPDATES = frozenset(("set", "add", "subtract", "multiply", "mul", "divide", "div", "power", "min", "max", "apply"))
# Methods of a JAX array that return a new array (checked on JAX 0.10.2), where NumPy's act in place
# (`sort`) or a reader may expect the array itself to change (`clip`, `reshape`, `astype`...).
_NEW_ARRAY_METHODS = frozenset(("sort", "clip", "reshape", "astype", "round", "transpose", "squeeze", "ravel",
                                "flatten", "swapaxes", "cumsum", "cumprod", "conj", "argsort", "repeat", "take"))
# Only arrays have these (lists have `sort`): a traced value calling one is an array.
_ARRAY_ONLY_METHODS = _NEW_ARRAY_METHODS - {"sort"}


def check(model: Model) -> Iterator[Report]:
    for scope in model.scopes:
        for call in scope.of_type(ast.Call):
            statement = model.parent(call)
            if not (isinstance(statement, ast.Expr) and statement.value is call) or statement in model.displayed:
                continue  # a notebook cell's last expression is shown, not thrown away
            base = _updated(call)  # type: ignore[arg-type]
            if base is not None:
                shown = snippet(base)
                fixable = isinstance(base, ast.Name)
                data = {"watch": ast.unparse(base), "expr": ast.unparse(call)}
                yield Report(call, f"the result of `{snippet(call)}` is discarded: `.at[...]` returns a new array "
                                   f"and leaves `{shown}` unchanged; assign it: `{shown} = {snippet(call)}`",
                             scope, fixable="safe" if fixable else None,
                             fix_data=data | ({"base": shown} if fixable else {}))
            elif (receiver := _array_receiver(model, call, scope)) is not None:  # type: ignore[arg-type]
                method, shown = call.func.attr, snippet(receiver)  # type: ignore[attr-defined]
                data = {"watch": ast.unparse(receiver), "expr": ast.unparse(call)}
                named = isinstance(receiver, ast.Name)
                yield Report(call, f"the result of `{snippet(call)}` is discarded: a JAX array's `.{method}()` "
                                   f"returns a new array and leaves `{shown}` unchanged (JAX arrays are immutable); "
                                   f"assign it: `{shown} = {snippet(call)}`",
                             scope, fixable="unsafe" if named else None, fix_data=data | ({"base": shown} if named else {}))
            elif _discarded_jnp(model.qualified(call.func, scope)):  # type: ignore[attr-defined]
                first = call.args[0] if call.args and not isinstance(call.args[0], ast.Starred) else None  # type: ignore[attr-defined]
                data = {"watch": ast.unparse(first), "expr": ast.unparse(call)} if first is not None else None
                yield Report(call, f"the result of `{snippet(call)}` is discarded: `jax.numpy` functions return new "
                                   f"arrays and change nothing in place; assign the result", scope, fix_data=data)


def _discarded_jnp(name: str | None) -> bool:
    return name is not None and name.startswith("jax.numpy.") and name not in _CALLED_TO_ACT


def _updated(call: ast.Call) -> ast.expr | None:
    """`x` of `x.at[i].set(v)`, else None."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _UPDATES and isinstance(func.value, ast.Subscript)):
        return None
    at = func.value.value
    return at.value if isinstance(at, ast.Attribute) and at.attr == "at" else None


def _array_receiver(model: Model, call: ast.Call, scope: Scope) -> ast.expr | None:
    """`x` of `x.sort()` where `x` is known to be a JAX array (made by JAX, or an array tracer calling a
    method only arrays have), else None."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _NEW_ARRAY_METHODS):
        return None
    if model.qualified(func.value, scope) is not None:
        return None  # a module's function (`np.sort(...)` is jnp's case or none)
    value = model.facts(scope).value(func.value)
    if value.numpy or value.is_tuple or value.elts is not None:
        return None
    if value.jax or func.attr in _ARRAY_ONLY_METHODS and value.surely_traced_array:
        return func.value
    return None
