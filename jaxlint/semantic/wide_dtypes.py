"""Where a module asks JAX for a 64-bit dtype: `jnp.zeros(3, jnp.float64)`, `jnp.array(x,
dtype="float64")`, `jax.random.normal(key, shape, np.complex128)`, `x.astype(np.float64)` on a JAX
array, `jnp.float64(1.0)`. Unless x64 is on, JAX 0.10.2 makes float32 (complex64) instead and says
so only in a UserWarning. NumPy's own calls, dtype comparisons and queries (`jnp.finfo`), and code
that decides the width itself (semantic/x64.py) ask nothing of JAX."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple

from jaxlint.knowledge.dtype_arguments import ARRAY_METHOD_SLOTS, DTYPE_SLOTS, DtypeSlot
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.x64 import decided_locally

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.values import Value

# The wide dtypes, as NumPy and jax.numpy name them and as strings. Their aliases (`np.double`, "f8")
# are left out: a search of every module's text for them costs more than the few they would find.
WIDE = ("float64", "complex128")
_DTYPE_MODULES = ("numpy", "jax.numpy")
_DTYPE_MAKERS = frozenset(("numpy.dtype", "jax.numpy.dtype"))
# The last names of the calls that may take a dtype: others are not resolved at all.
_CALLED = frozenset(name.rsplit(".", 1)[1] for name in DTYPE_SLOTS) | frozenset(ARRAY_METHOD_SLOTS) | frozenset(WIDE)
_MAX_ALIASES = 3  # `DTYPE = jnp.float64` ... `jnp.zeros(n, DTYPE)`: names followed this far


class WideDtype(NamedTuple):
    node: ast.expr  # the dtype as written; the call itself for `jnp.float64(1.0)`
    scope: Scope
    asked_of: str  # for messages: "jnp.zeros", ".astype"
    dtype: str  # "float64" | "complex128"
    scalar: bool = False  # the scalar type itself is called: `jnp.float64(1.0)`


def wide_dtype_requests(model: Model, text: str | None) -> list[WideDtype]:
    """Every request for a wide dtype of JAX in the module, in source order, but those made where
    the code decides the width itself."""
    if text is not None and not any(word in text for word in WIDE):
        return []
    found = []
    for scope in model.scopes:
        for call in scope.of_type(ast.Call):
            if last_name(call.func) in _CALLED:  # type: ignore[attr-defined]
                request = _request(model, call, scope)  # type: ignore[arg-type]
                if request is not None and not decided_locally(model, call):
                    found.append(request)
    return sorted(found, key=lambda r: (r.node.lineno, r.node.col_offset))


def _request(model: Model, call: ast.Call, scope: Scope) -> WideDtype | None:
    func = call.func
    qualified = model.qualified(func, scope)
    if qualified is not None:
        module, _, name = qualified.rpartition(".")
        if module == "jax.numpy" and name in WIDE:  # the scalar type called: `jnp.float64(1.0)`
            return WideDtype(call, scope, ast.unparse(func), name, scalar=True)
        slot = DTYPE_SLOTS.get(qualified)
        dtype = _given(call, slot, model, scope) if slot else None
        return WideDtype(dtype[0], scope, ast.unparse(func), dtype[1]) if dtype else None
    if not isinstance(func, ast.Attribute) or func.attr not in ARRAY_METHOD_SLOTS:
        return None
    dtype = _given(call, ARRAY_METHOD_SLOTS[func.attr], model, scope)
    if dtype is None:
        return None
    receiver = model.facts(scope).value(func.value)
    return WideDtype(dtype[0], scope, f".{func.attr}", dtype[1]) if _jax_array(receiver) else None


def _jax_array(value: Value) -> bool:
    """Made by JAX, or traced (a traced pytree with an `astype` method is an array); a NumPy array's
    methods keep float64."""
    return not value.numpy and not value.is_tuple and (value.jax or bool(value.traced) and not value.uncertain)


def _given(call: ast.Call, slot: DtypeSlot, model: Model, scope: Scope) -> tuple[ast.expr, str] | None:
    """The argument in the dtype's slot, with the wide dtype it names (None when it names none)."""
    argument = next((k.value for k in call.keywords if k.arg == slot.keyword), None)
    if argument is None and slot.position is not None and slot.position < len(call.args) and not any(
            isinstance(a, ast.Starred) for a in call.args[:slot.position + 1]):
        argument = call.args[slot.position]
    wide = wide_dtype(argument, model, scope) if argument is not None else None
    return (argument, wide) if wide else None


def wide_dtype(expr: ast.expr, model: Model, scope: Scope, depth: int = 0) -> str | None:
    """The wide dtype `expr` names ("float64", "complex128"), or None: `jnp.float64`, `np.complex128`,
    `"float64"`, `np.dtype("float64")`, or a name bound once to one of these."""
    if isinstance(expr, ast.Constant):
        return expr.value if expr.value in WIDE else None
    if isinstance(expr, ast.Call) and len(expr.args) == 1 and model.qualified(expr.func, scope) in _DTYPE_MAKERS:
        return wide_dtype(expr.args[0], model, scope, depth)
    qualified = model.qualified(expr, scope)
    if qualified is not None:
        module, _, name = qualified.rpartition(".")
        return name if module in _DTYPE_MODULES and name in WIDE else None
    if isinstance(expr, ast.Name) and depth < _MAX_ALIASES:
        bound = _bound_once(expr.id, model, scope)
        wide = wide_dtype(bound[0].value, model, bound[1], depth + 1) if bound is not None else None
        # `if jax.config.jax_enable_x64: dtype = jnp.float64`: the width is decided where it is bound
        return wide if wide and not decided_locally(model, bound[0]) else None  # type: ignore[index]
    return None


def _bound_once(name: str, model: Model, scope: Scope) -> tuple[ast.Assign | ast.AnnAssign, Scope] | None:
    """The assignment that is the name's only binding, `name = value`, with the scope it is made in."""
    owner = scope.lookup_scope(name)
    bindings = owner.bindings[name] if owner is not None else []
    if len(bindings) != 1 or bindings[0].kind != "assign":
        return None
    target = bindings[0].node
    assign = model.parent(target)
    if isinstance(assign, ast.Assign) and assign.targets == [target] or isinstance(
            assign, ast.AnnAssign) and assign.value is not None:
        return assign, owner  # type: ignore[return-value]
    return None
