"""JAX101 global-capture-in-jit: a compiled function reads a variable that changes later."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.checks.base import Report, function_label
from jaxlint.semantic.imports import last_name

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

CODE = "JAX101"
NAME = "global-capture-in-jit"
SEVERITY = "error"
FIX = "unsafe"
SUMMARY = "A jit-compiled function reads a global or closure variable that is changed later; it keeps the stale value."

_NOT_CAPTURED = frozenset(("import", "def", "class"))
_MUTATORS = frozenset(("append", "extend", "insert", "pop", "update", "setdefault", "clear", "add", "remove",
                       "discard", "popitem", "sort", "reverse", "fill", "resize", "itemset"))
_CONTAINER_CALLS = frozenset(("builtins.list", "builtins.dict", "builtins.set", "collections.defaultdict",
                              "collections.OrderedDict", "collections.deque"))
_LINE_NUMBER = re.compile(r"\bline (\d+)")  # the rows a change's description names


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if not info.cached or _inside_cached(model, scope):
            continue
        reported: set[str] = set()
        enclosing = scope.enclosing_function()
        nested = enclosing is not None and enclosing.is_function
        for load, owner in _free_loads(model, scope):
            if load.id in reported or load.id in scope.globals:
                continue
            if nested and owner.kind == "module":
                continue  # a new function object per enclosing call is traced afresh
            change = _later_change(model, owner, load.id, scope)
            if change is None:
                continue
            reported.add(load.id)
            where = "the module" if owner.kind == "module" else f"`{function_label(owner)}`"
            message = (f"jit-compiled `{function_label(scope)}` reads `{load.id}` from {where}, which is "
                       f"{change}; the compiled function keeps the value from trace time. "
                       f"Pass `{load.id}` as an argument")
            fixable = "unsafe" if _all_calls_found(model, scope) else None
            yield Report(load, message, scope, fixable=fixable, fix_data={"name": load.id},
                         lines=tuple(int(row) for row in _LINE_NUMBER.findall(change)))


# Wrappers whose result the fix follows to the calls (`g = jax.jit(f)`, `partial(f, 1)`).
_WRAPPERS = frozenset(("jit", "pjit", "partial", "vmap", "pmap", "checkpoint", "remat"))


def _all_calls_found(model: Model, function: Scope) -> bool:
    """The fix adds a parameter and passes it at every call: it is offered only for a plain
    function (no method, no `**kwargs`) whose name is only called, directly or through a wrapper
    that is called or bound to a name that is only called."""
    node = function.node
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.args.kwarg is not None or any(
            a.kind == "class" for a in function.ancestors()):
        return False
    return _only_called(model, node.name, set())


def _only_called(model: Model, name: str, seen: set[str]) -> bool:
    """Every read of `name` is a call, or wraps it into an alias that is only called (`seen`:
    the aliases followed so far)."""
    seen.add(name)
    uses = model.loads_of(name)
    return bool(uses) and all(_called_or_wrapped(model, use, seen) for _, use in uses)


def _called_or_wrapped(model: Model, use: ast.Name, seen: set[str]) -> bool:
    parent = model.parent(use)
    if isinstance(parent, ast.Call) and parent.func is use:
        return True
    if not (isinstance(parent, ast.Call) and parent.args and parent.args[0] is use
            and (last_name(parent.func) or "") in _WRAPPERS):
        return False
    holder = model.parent(parent)
    if isinstance(holder, ast.Call) and holder.func is parent:
        return True  # jax.jit(f)(x)
    if not (isinstance(holder, ast.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0], ast.Name)):
        return False
    alias = holder.targets[0].id
    return alias in seen or _only_called(model, alias, seen)


def _inside_cached(model: Model, scope: Scope) -> bool:
    parent = scope.parent
    while parent is not None:
        info = model.info(parent)
        if info.cached:
            return True
        parent = parent.parent
    return False


def _free_loads(model: Model, scope: Scope) -> list[tuple[ast.Name, Scope]]:
    """Loads in the function (and functions nested in it) of names owned outside it."""
    inner = scope.subtree()
    found = []
    for sub in inner:
        if any(model.info(s).host for s in (sub, *sub.ancestors()) if s in inner):
            continue  # host callbacks run with the current values
        for node in sub.of_type(ast.Name):
            if not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
                continue
            owner = sub.lookup_scope(node.id)  # type: ignore[attr-defined]
            if owner is not None and owner not in inner and owner.kind != "class":
                found.append((node, owner))
    found.sort(key=lambda pair: (pair[0].lineno, pair[0].col_offset))
    return found


def _defined_at(scope: Scope) -> int:
    node = scope.node
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decorators])


def _later_change(model: Model, owner: Scope, name: str, function: Scope) -> str | None:
    """How `name` changes after `function` is defined (as words for the message), or None."""
    bindings = owner.bindings.get(name, [])
    if not bindings or any(b.kind in _NOT_CAPTURED for b in bindings) or name.startswith("__"):
        return None
    defined = _defined_at(function)
    for index, binding in enumerate(bindings):
        if binding.kind == "param" or binding.lineno <= defined:
            continue
        loop = _enclosing_loop(model, binding.node)
        if index == 0 and loop is None:
            continue  # the first binding after the def is a definition, not a change
        if owner.kind == "module" and _only_called_before(model, function, binding.lineno):
            continue
        if owner.kind == "module" or (_jit_wrapped(model, function)
                                      and _called_after(model, owner, function, binding.lineno, loop)):
            return f"rebound on line {binding.lineno}"
    for scope in model.scopes:
        declared = scope.globals if owner.kind == "module" else scope.nonlocals
        if scope is not owner and name in declared and scope.bindings.get(name):
            if _created_after_rebinding(scope, name, function):
                continue
            if owner.kind == "module" or owner in scope.ancestors():
                line = scope.bindings[name][0].lineno
                return f"assigned in `{function_label(scope)}` (line {line})"
    if bindings[0].lineno > defined:
        return None
    return _later_mutation(model, owner, name, function, bindings) or _mutation_in_functions(
        model, owner, name, function)


def _created_after_rebinding(scope: Scope, name: str, function: Scope) -> bool:
    """`scope` makes `function` anew on each of its runs, after its own rebindings of `name`
    (`nonlocal k; k = min(k, d)` and then `lax.cond(p, lambda a: f(a, k), ...)`): each new
    function object is traced afresh and reads the current value."""
    defined = _defined_at(function)
    return scope in function.ancestors() and all(b.lineno < defined for b in scope.bindings[name])


def _enclosing_loop(model: Model, node: ast.AST) -> ast.AST | None:
    parent = model.parent(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.While)):
            return parent
        parent = model.parent(parent)
    return None


def _jit_wrapped(model: Model, function: Scope) -> bool:
    """Compiled by jit itself (decorator or wrapping call), so that calling it reuses the trace."""
    info = model.info(function)
    return "jit" in info.transforms and any(
        r.startswith(("decorated with", "wrapped by")) for r in info.reasons)


def _names_of(model: Model, function: Scope) -> set[str]:
    """The function's name and the names bound to transforms of it (`g = jax.jit(jax.grad(f))`)."""
    name = getattr(function.node, "name", None)
    if name is None:
        return set()
    names = {name}
    for _, use in model.loads_of(name):
        node, parent = use, model.parent(use)
        while isinstance(parent, ast.Call) and parent.args and parent.args[0] is node:
            node, parent = parent, model.parent(parent)
        if node is not use and isinstance(parent, ast.Assign) and len(parent.targets) == 1 and isinstance(
                parent.targets[0], ast.Name):
            names.add(parent.targets[0].id)
    return names


def _only_called_before(model: Model, function: Scope, line: int) -> bool:
    """Every use of the function's name is a call at module level, outside loops, before `line`
    (`f(x)` and then `SCALE = 2.0`): no trace is reused after the change."""
    name = getattr(function.node, "name", None)
    uses = model.loads_of(name) if name is not None else []
    return bool(uses) and all(
        scope.kind == "module" and use.lineno < line and _enclosing_loop(model, use) is None
        and isinstance(call := model.parent(use), ast.Call) and call.func is use for scope, use in uses)


def _called_after(model: Model, owner: Scope, function: Scope, line: int, loop: ast.AST | None) -> bool:
    """A closure goes stale only when the compiled function is called after the change."""
    names = _names_of(model, function)
    for call in owner.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if not (isinstance(func, ast.Name) and func.id in names):
            continue
        if call.lineno > line or (loop is not None and loop.lineno <= call.lineno <= loop.end_lineno):  # type: ignore[attr-defined]
            return True
    return False


def _later_mutation(model: Model, owner: Scope, name: str, function: Scope, bindings) -> str | None:
    """Item/attribute assignment or a mutating method call in the owner's own code after the def
    (for a closure: followed by a call of the compiled function)."""
    container = any(_is_container(model, b.node, owner) for b in bindings)
    defined = _defined_at(function)
    for node in owner.of_type(ast.Subscript, ast.Attribute):
        base = node.value  # type: ignore[attr-defined]
        if not (isinstance(base, ast.Name) and base.id == name and node.lineno > defined):
            continue
        if owner.kind != "module" and not (_jit_wrapped(model, function)
                                           and _called_after(model, owner, function, node.lineno, _enclosing_loop(model, node))):
            continue
        if owner.kind == "module" and _only_called_before(model, function, node.lineno):
            continue
        if isinstance(node.ctx, (ast.Store, ast.Del)):  # type: ignore[attr-defined]
            what = "item" if isinstance(node, ast.Subscript) else "attribute"
            return f"mutated by {what} assignment on line {node.lineno}"
        if (container and isinstance(node, ast.Attribute) and node.attr in _MUTATORS
                and isinstance(model.parent(node), ast.Call)):
            return f"mutated by `.{node.attr}()` on line {node.lineno}"
    return None


def _mutation_in_functions(model: Model, owner: Scope, name: str, function: Scope) -> str | None:
    """Another function changes the value in place, at a time of its own: `CFG["lr"] = v`,
    `CFG.lr = v`, `STATS[:] = ...`, `SCALES[i] = v`, `CFG.update(...)`, `seen.append(x)`.
    Dicts filled under a computed key (`impls[prim] = fn`) are registries, complete before
    anything runs, and are left alone."""
    kind = _container_kind(model, owner, name)
    if kind is None and owner.kind != "module":
        return None  # a parameter or an unknown object of the enclosing function (a Pallas Ref...)
    own = set(function.subtree())
    for scope in owner.subtree():
        if scope in own or scope is owner or not scope.is_function or scope.lookup_scope(name) is not owner:
            continue
        for node in scope.of_type(ast.Subscript, ast.Attribute):
            base = node.value  # type: ignore[attr-defined]
            if not (isinstance(base, ast.Name) and base.id == name):
                continue
            if isinstance(node.ctx, ast.Store) and (  # type: ignore[attr-defined]
                    isinstance(node, ast.Attribute) or kind == "sequence" or _constant_key(node.slice)):  # type: ignore[attr-defined]
                return f"changed in `{function_label(scope)}` (line {node.lineno})"
            if kind and isinstance(node, ast.Attribute) and node.attr in _MUTATORS and isinstance(
                    model.parent(node), ast.Call):
                return f"changed by `.{node.attr}()` in `{function_label(scope)}` (line {node.lineno})"
    return None


def _constant_key(index: ast.expr) -> bool:
    if isinstance(index, ast.Tuple):
        return all(_constant_key(e) for e in index.elts)
    return isinstance(index, (ast.Constant, ast.Slice))


def _is_container(model: Model, node: ast.AST, owner: Scope) -> bool:
    return _kind_of_value(model, node, owner) is not None


def _container_kind(model: Model, owner: Scope, name: str) -> str | None:
    """"sequence" (list, NumPy array), "mapping" (dict, set) or None, from the name's bindings."""
    kinds = {_kind_of_value(model, b.node, owner) for b in owner.bindings.get(name, [])} - {None}
    return "mapping" if "mapping" in kinds else next(iter(kinds), None)


def _kind_of_value(model: Model, node: ast.AST, owner: Scope) -> str | None:
    value = getattr(model.parent(node), "value", None)
    if isinstance(value, (ast.List, ast.ListComp)):
        return "sequence"
    if isinstance(value, (ast.Dict, ast.Set, ast.DictComp, ast.SetComp)):
        return "mapping"
    if isinstance(value, ast.Call):
        called = model.qualified(value.func, owner) or ""
        if called.startswith("numpy.") or called in ("builtins.list", "collections.deque"):
            return "sequence"
        if called in _CONTAINER_CALLS:
            return "mapping"
    return None
