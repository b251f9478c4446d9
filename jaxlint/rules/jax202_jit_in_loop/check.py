"""JAX202 jit-in-loop: `jax.jit(...)` on a callable created anew each iteration of a loop (or each
call of a function that is itself called in a loop). JAX caches compilations by the identity of
the wrapped callable: a new lambda, `functools.partial`, nested def, `jax.grad(f)` or bound method
(`self.f` is a new object at every attribute access) misses the cache every time. `jax.jit(f)` of
the same function object is a cache hit (a dictionary lookup) and is not flagged; nor is a new
callable that is kept, one per item, or built once behind a guard (once.py): each compiles once."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, snippet
from jaxlint.rules.jax202_jit_in_loop.once import (
    built_once,
    owner_function,
    unkept_call,
)
from jaxlint.semantic.api import method_class

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The jitted callee as written, and where the hoisted jit goes (the loop's row, the name it is bound to)."""

    callee: str
    loop_row: int
    name: str


_FRESH_TRANSFORMS = frozenset(("grad", "vmap", "checkpoint", "jit"))


def check(model: Model) -> Iterator[Report]:
    for call, scope in model.loops.jit_calls:
        if model.info(scope).traced:  # a jit inside traced code is inlined into its caller's trace
            continue
        wrapped = _jitted_callable(model, call, scope)
        if wrapped is None or _compiled_ahead(model, call):
            continue
        report = _in_loop(model, call, wrapped, scope) or _in_repeated_function(model, call, wrapped, scope)
        if report is not None:
            yield report


def _compiled_ahead(model: Model, call: ast.Call) -> bool:
    """`jax.jit(f).lower(x).compile()`: compiling is what the code does (a compile benchmark, an
    ahead-of-time build), not a side effect of calling."""
    parent = model.parent(call)
    return isinstance(parent, ast.Attribute) and parent.attr in ("lower", "trace", "eval_shape")


def _jitted_callable(model: Model, call: ast.Call, scope: Scope) -> ast.expr | None:
    """The callable `call` jit-compiles: `jax.jit(f, ...)`, `partial(jax.jit, ...)(f)`."""
    if not call.args or isinstance(call.args[0], ast.Starred) or not model.loops.makes_jit(call):
        return None
    found = model.transform_of(call.func, scope)
    if found is None and isinstance(call.func, ast.Call):
        wrap = model.wrap_of(call.func, scope)
        found = (wrap.transform, wrap.name) if wrap is not None else None
    return call.args[0] if found is not None and found[0].kind == "jit" else None


def _in_loop(model: Model, call: ast.Call, wrapped: ast.expr, scope: Scope) -> Report | None:
    loops = model.loops.untraced_loops(call, scope)
    if not loops:
        return None
    kind = _fresh(model, wrapped, scope, loops)
    if kind is None or built_once(model, call, scope, loops):
        return None
    hoistable = _hoistable(model, wrapped, scope, loops, call)
    data = {"callee": _jax_name(model, wrapped, scope)}
    if hoistable:
        data |= {"loop_row": loops[-1].lineno, "name": _suggested_name(wrapped)}  # type: ignore[attr-defined]
    return Report(call, f"`jax.jit` of {kind} inside a loop compiles it again every iteration (a new callable "
                        f"misses JAX's cache); create the jitted function once, before the loop",
                  scope, fixable="safe" if hoistable else None, fix_data=data)


def _in_repeated_function(model: Model, call: ast.Call, wrapped: ast.expr, scope: Scope) -> Report | None:
    function = owner_function(scope)
    if not function.is_function:
        return None
    kind = _fresh(model, wrapped, scope, None)
    if kind is None or built_once(model, call, scope, []):
        return None
    repeated = model.loops.called_in_loop(function)
    if repeated is None:
        return None
    repeated = unkept_call(model, scope) or repeated  # the loop that drops what it returns, where one does
    name = (function.qualname or "").rsplit(".", 1)[-1]
    return Report(call, f"`jax.jit` of {kind} in `{name}`, which is called in a loop (line {repeated.lineno}): every "
                        f"call compiles it again (a new callable misses JAX's cache); jit once, outside `{name}`",
                  scope, lines=(repeated.lineno,), fix_data={"callee": _jax_name(model, wrapped, scope)})


def _fresh(model: Model, expr: ast.expr, scope: Scope, loops: list[ast.AST] | None) -> str | None:
    """What makes `expr` a new callable every iteration of `loops` (every call of the function when
    `loops` is None), described; None when it may be the same object each time."""
    if isinstance(expr, ast.Lambda):
        return "a lambda"
    if isinstance(expr, ast.Call):
        name = model.qualified(expr.func, scope)
        if name == "functools.partial":
            return f"`{snippet(expr)}`"
        found = model.transform_of(expr.func, scope)
        if found is not None and found[0].kind in _FRESH_TRANSFORMS:
            return f"`{snippet(expr)}`"
        return None
    if isinstance(expr, ast.Attribute):
        return f"the bound method `{snippet(expr)}`" if _bound_method(model, expr, scope) else None
    if isinstance(expr, ast.Name):
        return _fresh_name(model, expr, scope, loops)
    return None


def _fresh_name(model: Model, name: ast.Name, scope: Scope, loops: list[ast.AST] | None) -> str | None:
    """A local name bound, where it runs again, to a new callable: a def nested there, or a lambda,
    partial or transform assigned there (and only there)."""
    owner = scope.lookup_scope(name.id)
    bindings = owner.bindings.get(name.id, []) if owner is not None else []
    if owner is None or owner is not owner_function(scope) and loops is None or not bindings:
        return None
    kinds = set()
    for binding in bindings:
        if loops is not None and not set(map(id, loops)) & set(map(id, model.loops.around(binding.node))):
            return None  # bound outside the loop: the same object every iteration
        if binding.kind == "def" and isinstance(binding.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            kinds.add(f"the nested function `{name.id}`")
            continue
        parent = model.parent(binding.node)
        if binding.kind != "assign" or not isinstance(parent, ast.Assign) or parent.targets != [binding.node]:
            return None
        kind = _fresh(model, parent.value, owner, loops) if not isinstance(parent.value, ast.Name) else None
        if kind is None:
            return None
        kinds.add(f"`{name.id}` ({kind.removeprefix('`').removesuffix('`') if kind.startswith('`') else kind})")
    return kinds.pop() if len(kinds) == 1 else None


def _bound_method(model: Model, expr: ast.Attribute, scope: Scope) -> bool:
    """`obj.f` where `f` is the name of a method of a class of this module and `obj` is no class,
    module or import (`Cls.f` is the plain function, the same object each time): an instance's
    bound method, made anew at every access."""
    if isinstance(expr.value, ast.Name):
        owner = scope.lookup_scope(expr.value.id)
        bindings = owner.bindings.get(expr.value.id, []) if owner is not None else []
        if owner is None and expr.value.id != "self" or any(b.kind in ("class", "import") for b in bindings):
            return False
    elif not isinstance(expr.value, ast.Attribute):
        return False
    refs = model.function_refs(expr, scope)
    if refs:
        return all(method_class(target) is not None and bound == 1 for target, bound in refs)
    return expr.attr in _method_names(model)


def _method_names(model: Model) -> frozenset[str]:
    """Names defined only as methods (plain `def`s of class bodies) in this module."""
    methods, others = set(), set()
    for scope in model.functions():
        name = (scope.qualname or "").rsplit(".", 1)[-1]
        decorated = getattr(scope.node, "decorator_list", [])
        (methods if method_class(scope) is not None and not decorated else others).add(name)
    return frozenset(methods - others)


def _hoistable(model: Model, wrapped: ast.expr, scope: Scope, loops: list[ast.AST], call: ast.Call) -> bool:
    """The jit can move before the outermost loop and mean the same: an inline lambda, partial,
    transform or bound method whose names nothing in the loops rebinds, changes or calls a method of."""
    outermost = loops[-1]
    if isinstance(outermost, ast.comprehension) or isinstance(wrapped, ast.Name) or model.parent(call) is None:
        return False
    if any(isinstance(n, ast.NamedExpr) for n in ast.walk(wrapped)):
        return False
    names = {n.id for n in ast.walk(wrapped) if isinstance(n, ast.Name)}
    if isinstance(wrapped, ast.Lambda):
        names -= {a.arg for a in ast.walk(wrapped.args) if isinstance(a, ast.arg)}
    changed = {n for n in model.loops.touched(outermost) & names
               if not any(b.kind == "import" for b in scope.bindings_of(n))}
    if changed:
        return False
    return not _in_nested_function(model, call, outermost)


def _in_nested_function(model: Model, node: ast.AST, loop: ast.AST) -> bool:
    parent = model.parent(node)
    while parent is not None and parent is not loop:
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
            return True
        parent = model.parent(parent)
    return False


def _jax_name(model: Model, expr: ast.expr, scope: Scope) -> str:
    """The name JAX's compile events give the jitted callable: the function that `partial`,
    `grad` and the like wrap, a method's name, `<lambda>`."""
    if isinstance(expr, ast.Lambda):
        return "<lambda>"
    if isinstance(expr, ast.Call) and expr.args:
        return _jax_name(model, expr.args[0], scope)
    if isinstance(expr, ast.Attribute):
        return expr.attr
    if isinstance(expr, ast.Name):
        owner = scope.lookup_scope(expr.id)
        bindings = owner.bindings.get(expr.id, []) if owner is not None else []
        if len(bindings) == 1 and bindings[0].kind == "assign":
            parent = model.parent(bindings[0].node)
            if isinstance(parent, ast.Assign) and not isinstance(parent.value, ast.Name):
                return _jax_name(model, parent.value, owner)  # type: ignore[arg-type]
        return expr.id
    return ""


def _suggested_name(wrapped: ast.expr) -> str:
    if isinstance(wrapped, ast.Attribute):
        return f"{wrapped.attr}_jit"
    if isinstance(wrapped, ast.Call) and wrapped.args and isinstance(wrapped.args[0], (ast.Name, ast.Attribute)):
        inner = wrapped.args[0]
        return f"{inner.id if isinstance(inner, ast.Name) else inner.attr}_jit"
    return "jitted"
