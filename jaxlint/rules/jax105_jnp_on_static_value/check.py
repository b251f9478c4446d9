"""JAX105 jnp-on-static-value: jnp applied to shapes where a static value is needed."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING, TypedDict

from jaxlint.knowledge.api import SHAPE_ATTRS
from jaxlint.knowledge.static_arguments import SHAPE_REDUCTIONS
from jaxlint.rules.base import Report, snippet
from jaxlint.semantic.api import concrete_arguments, last_name, number_literals

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.api import Facts, TraceInfo
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The `jnp` function to replace, whether to unwrap it, and, for `jnp.prod(x.shape)`, which call is the product."""

    function: str
    unwrap: bool
    product_of_shape: str


_SHAPE_FUNCTIONS = frozenset(("len", "shape", "ndim", "size"))


def check(model: Model) -> Iterator[Report]:
    # A jnp call passed to a static parameter needs a jit-compiled function with one.
    static_callees = any(i.static_params and "jit" in i.transforms for i in model.trace.values()) or bool(
        model.ask.jit_static_names())
    reduction_names = SHAPE_REDUCTIONS | _imported_reductions(model)
    for scope in [model.module, *model.functions()]:
        calls = scope.of_type(ast.Call)
        info = model.info(scope)
        staging = info.traced and info.cached  # only there do jnp results of static values become tracers
        reductions = [c for c in calls if c.args and last_name(c.func) in reduction_names  # type: ignore[attr-defined]
                      and _reduction(model, c, scope) and _is_jnp(model, c, scope)]
        if not (staging or reductions or static_callees) or not any(_is_jnp(model, c, scope) for c in calls):
            continue
        reported: set[ast.AST] = set()
        for call, label in _static_argument_calls(model, scope, calls):
            reported.add(call)
            yield _report(model, call, scope, f"is a JAX array, but {label} is static and must be hashable")
        for call in reductions:
            if number_literals(call.args[0]):  # jnp.prod((1, 128)): a Python tuple of numbers
                reported.add(call)
                yield _report(model, call, scope, "raises TypeError: jnp rejects tuples and lists")
        if not staging and (not reductions or not model.reaches(scope, partial(_mentions_shapes, model))):
            continue  # no shape tuple can reach a reduction here
        facts = model.facts(scope)
        for call in reductions:
            if call not in reported and _reduces_shape_tuple(call, facts):
                reported.add(call)
                yield _report(model, call, scope, "raises TypeError: jnp rejects tuples")
        if not staging:
            continue
        for sink, expr, hashed in concrete_arguments(model, scope, calls):
            origin = facts.value(expr).staged_static
            if isinstance(origin, ast.Call) and origin not in reported:
                reported.add(origin)
                fixable = not hashed or (origin is expr and _reduction(model, origin, scope))
                fixable = fixable and not _updated_in_place(model, origin, scope)
                # NumPy computes a float there as eagerly: a count or a shape then fails as a TypeError.
                fixable = fixable and (sink in _FLOAT_SINKS or not _float_valued(model, origin))
                # Straight into a shape/size argument, `jnp.array(x.shape)` is just `x.shape` (not for
                # `.item()`/`.tolist()`, which a Python int lacks).
                plain = origin is expr and not hashed and sink not in ("`.item()`", "`.tolist()`")
                yield _report(model, origin, scope,
                              f"gives a tracer {_staging_context(info)}, but {sink} needs a static value", fixable, plain)


# Sinks that take a float as well as an int (the others want an int, a tuple of ints or a bound).
_FLOAT_SINKS = frozenset(("`jnp.arange`", "`int`", "`float`", "`complex`", "`.item()`", "`.tolist()`"))
_FLOAT_FUNCTIONS = frozenset(("sqrt", "log", "log2", "log10", "log1p", "exp", "expm1", "mean", "average", "divide",
                              "true_divide", "ceil", "floor", "round", "rint", "sin", "cos", "tan", "power", "float32",
                              "float64", "linspace", "std", "var"))


def _float_valued(model: Model, call: ast.Call) -> bool:
    """The jnp call computes a float (a float function, or a float literal or `/` in its
    arguments) that its statement does not turn into an int (`.astype(int)`, `int(...)`)."""
    child, parent = call, model.parent(call)
    while parent is not None and not isinstance(parent, ast.stmt):
        if isinstance(parent, ast.Call) and child is not parent.func and last_name(parent.func) == "int" or (
                isinstance(parent, ast.Attribute) and parent.attr == "astype" and isinstance(
                    cast := model.parent(parent), ast.Call) and "int" in ast.unparse(cast)[len(ast.unparse(parent)):]):
            return False
        child, parent = parent, model.parent(parent)
    return last_name(call.func) in _FLOAT_FUNCTIONS or any(
        isinstance(n, ast.Constant) and isinstance(n.value, float) or isinstance(n, ast.BinOp)
        and isinstance(n.op, ast.Div) for n in ast.walk(call))


def _updated_in_place(model: Model, origin: ast.Call, scope: Scope) -> bool:
    """`npad = jnp.zeros(...)` later updated by `npad.at[...]`: a NumPy array has no `.at`."""
    statement = model.parent(origin)
    if not (isinstance(statement, ast.Assign) and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)):
        return False
    name = statement.targets[0].id
    return any(a.attr == "at" and isinstance(a.value, ast.Name) and a.value.id == name  # type: ignore[attr-defined]
               for a in scope.of_type(ast.Attribute))


def _staging_context(info: TraceInfo) -> str:
    """Where jnp gives tracers: under jit (flax/equinox modules are applied under it), or in a
    lax body or checkpointed function, which is traced even when called eagerly."""
    if info.transforms & {"jit", "module"} or not info.origin:
        return "under jit"
    return f"in code {info.origin}"


def _mentions_shapes(model: Model, scope: Scope) -> bool:
    """`x.shape`, `x.ndim`, `x.size`, `len(x)`, `jnp.shape(x)` or a tuple-of-ints field of the
    object (`self.features`): every static shape value starts so."""
    return any(a.attr in SHAPE_ATTRS for a in scope.of_type(ast.Attribute)) or any(  # type: ignore[attr-defined]
        last_name(c.func) in _SHAPE_FUNCTIONS for c in scope.of_type(ast.Call)) or (  # type: ignore[attr-defined]
        model.class_fields.reads_shape_tuple(scope))


def _is_jnp(model: Model, call: ast.Call, scope: Scope) -> bool:
    name = model.qualified(call.func, scope)
    return bool(name and name.startswith("jax.numpy."))


def _reduction(model: Model, call: ast.Call, scope: Scope) -> bool:
    name = model.qualified(call.func, scope) or ""
    return name.rsplit(".", 1)[-1] in SHAPE_REDUCTIONS and bool(call.args)


def _imported_reductions(model: Model) -> set[str]:
    """Names under which reductions are imported (`from jax.numpy import sum as jsum`): a call's
    own name is checked before its import is resolved."""
    return {b.name for b in model.imports if (b.qualified or "").rsplit(".", 1)[-1] in SHAPE_REDUCTIONS}


def _reduces_shape_tuple(call: ast.Call, facts: Facts) -> bool:
    value = facts.value(call.args[0])
    return value.shape and value.is_tuple and value.static


def _static_argument_calls(model: Model, scope: Scope, calls: list[ast.AST]) -> Iterator[tuple[ast.Call, str]]:
    """jnp calls passed straight into a static parameter of a jit-compiled function."""
    for call in calls:
        found = _compiled_statics(model, call, scope)  # type: ignore[arg-type]
        if found is None:
            continue
        params, static = found
        passed = list(zip(params, call.args)) + [(k.arg, k.value) for k in call.keywords]  # type: ignore[attr-defined]
        for name, expr in passed:
            if name in static and isinstance(expr, ast.Call) and _is_jnp(model, expr, scope):
                yield expr, f"parameter `{name}`"


def _compiled_statics(model: Model, call: ast.Call, scope: Scope) -> tuple[list[str], set[str]] | None:
    """The positional parameters a call fills and the static ones, when it calls a jit-compiled
    function with static parameters: of this module, or of another (as the project pass tells)."""
    refs = model.function_refs(call.func, scope)
    if len(refs) == 1:
        target, bound = refs[0]
        info = model.info(target)
        if info.static_params and "jit" in info.transforms:
            return target.positional_params()[bound:], info.static_params
        return None
    compiled = None if refs else model.ask.compiled(model.qualified(call.func, scope))
    return (list(compiled[0]), set(compiled[1])) if compiled is not None else None


def _report(model: Model, call: ast.Call, scope: Scope, why: str, fixable: bool = True, plain: bool = False) -> Report:
    name = (model.qualified(call.func, scope) or "").rsplit(".", 1)[-1]
    shown, data = snippet(call.func), {"function": name}
    product = _product_of_shape(model, call, scope) if fixable else None
    shape = _shape_in_array(model, call, scope) if fixable and plain else None
    if not fixable:  # NumPy arrays fail there too
        instead = "a Python int or tuple there (`int(...)`, `tuple(...)`, `math.prod`): a NumPy array fails too"
    elif shape is not None:
        instead = f"`{snippet(shape)}` itself"
        data = {"function": name, "unwrap": True}
    elif product is not None:
        whole, shape = product
        instead = f"`math.prod({snippet(shape)})`"
        data = {"function": "prod", "product_of_shape": "parent" if whole is not call else "self"}
    elif name in ("prod", "product") and call.args:
        instead = f"`math.prod({snippet(call.args[0])})`"
    else:
        args = ", ".join(snippet(a) for a in call.args)
        instead = f"`np.{name}({args})`"
    return Report(call, f"`{shown}` on static value `{snippet(call, 50)}` {why}; use {instead}", scope,
                  fixable="safe" if fixable else None, fix_data=data if fixable else None)


_ARRAY_OF = frozenset(("jax.numpy.array", "jax.numpy.asarray", "numpy.array", "numpy.asarray"))
_PRODUCTS = frozenset(("jax.numpy.prod", "jax.numpy.product", "numpy.prod", "math.prod"))


def _shape_in_array(model: Model, call: ast.Call, scope: Scope) -> ast.expr | None:
    """`jnp.array(x.shape)`, `jnp.asarray(n)` of a static shape value: that value."""
    if not (model.qualified(call.func, scope) in _ARRAY_OF and len(call.args) == 1 and not call.keywords
            and not isinstance(call.args[0], ast.Starred)):
        return None
    value = model.facts(scope).value(call.args[0])
    return call.args[0] if value.shape and value.static else None


def _product_of_shape(model: Model, call: ast.Call, scope: Scope) -> tuple[ast.Call, ast.expr] | None:
    """`jnp.prod(jnp.array(x.shape))`, reported at either call: the whole product and the shape
    tuple, which `math.prod` takes as it is (the same product; a `dtype=` would change it)."""
    outer = model.parent(call)
    if model.qualified(call.func, scope) in _ARRAY_OF and isinstance(outer, ast.Call) and outer.args == [call]:
        inner = call
    else:
        outer, inner = call, call.args[0] if len(call.args) == 1 else None
    if not (isinstance(outer, ast.Call) and not outer.keywords and model.qualified(outer.func, scope) in _PRODUCTS
            and isinstance(inner, ast.Call) and len(inner.args) == 1 and not inner.keywords
            and not isinstance(inner.args[0], ast.Starred) and model.qualified(inner.func, scope) in _ARRAY_OF):
        return None
    value = model.facts(scope).value(inner.args[0])
    return (outer, inner.args[0]) if value.shape and value.is_tuple and value.static else None
