"""JAX101: whether, and where, a variable a compiled function reads changes after it is traced (a
rebinding, a mutation in place, an assignment in another function), as the owner's own code runs it."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import RUN_AT_ONCE
from jaxlint.rules.base import function_label
from jaxlint.semantic.api import (
    MUTATORS,
    SOME_BINDING,
    last_name,
    reaching_binding,
)

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Binding, Scope


@dataclass(frozen=True)
class Change:
    """How the variable changes, as the message says it, and the row where (the evidence's line)."""

    text: str  # "rebound on line 12"
    row: int


_NOT_CAPTURED = frozenset(("import", "def", "class"))
_CONTAINER_CALLS = frozenset(("builtins.list", "builtins.dict", "builtins.set", "collections.defaultdict",
                              "collections.OrderedDict", "collections.deque"))


def wrapped_top(model: Model, use: ast.expr) -> ast.expr:
    """The outermost call of the chain that wraps `use` (`jax.jit(jax.grad(f))` for `f`), or `use`."""
    node, parent = use, model.parent(use)
    while isinstance(parent, ast.Call) and parent.args and parent.args[0] is node:
        node, parent = parent, model.parent(parent)
    return node


def assignment_targets(model: Model, value: ast.expr) -> list[ast.expr]:
    """The targets of `... = value`, or none when `value` is not assigned as it is."""
    statement = model.parent(value)
    return statement.targets if isinstance(statement, ast.Assign) and statement.value is value else []


# Wrappers whose result the fix follows to the calls (`g = jax.jit(f)`, `partial(f, 1)`).
_WRAPPERS = frozenset(("jit", "pjit", "partial", "vmap", "pmap", "checkpoint", "remat"))


def changed_part(target: ast.Attribute | ast.Subscript) -> tuple[str, str | None] | None:
    """The name a store or `del` target changes and the attribute of it that changes:
    `OBJ.a = v`, `OBJ.a[k] = v` and `OBJ.a.b = v` change `a`; `OBJ[k] = v` the whole object (None)."""
    node = _innermost_part(target)
    if not isinstance(node.value, ast.Name):
        return None
    return node.value.id, node.attr if isinstance(node, ast.Attribute) else None


def _innermost_part(target: ast.Attribute | ast.Subscript) -> ast.Attribute | ast.Subscript:
    """`CFG.a` of `CFG.a[k].b`: the link of the chain whose value is not an attribute or subscript."""
    node = target
    while isinstance(node.value, (ast.Attribute, ast.Subscript)):
        node = node.value
    return node


def _changes_read(target: ast.Attribute | ast.Subscript, name: str, read: frozenset[str] | None) -> bool:
    """The store or `del` target changes what the function reads of `name` (`read`: the
    attributes it reads, None for the whole object); another attribute is another value."""
    part = changed_part(target)
    return part is not None and part[0] == name and (part[1] is None or read is None or part[1] in read)


def _defined_at(scope: Scope) -> int:
    node = scope.node
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decorators])


class ChangeSites:
    """Where a variable can change and where a compiled function runs, found once per module and
    looked up for each read: each scope's subscripts and attributes by the name at their root (`CFG`
    of `CFG.lr = v`, `SEEN.append(x)`), a variable's bindings with their loops and its container
    kind, the lines running a closure. Found again for each read, a module of many compiled
    functions was quadratic."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._rooted: dict[Scope, dict[str, list[ast.AST]]] = {}
        self._under: dict[Scope, dict[str, list[Scope]]] = {}
        self._kinds: dict[tuple[Scope, str], str | None] = {}
        self._runs: dict[tuple[Scope, Scope], list[int]] = {}
        self._rebindings: dict[tuple[Scope, str], list[tuple[Binding, ast.AST | None]] | None] = {}

    def run_at(self, owner: Scope, function: Scope) -> list[int]:
        """The lines where `owner`'s own code runs `function` on the spot, by a name bound to it."""
        key = (owner, function)
        if key not in self._runs:
            model = self.model
            self._runs[key] = [call.lineno for name in _names_of(model, function) for use in model.names_in(owner, name)
                               if (call := run_on_the_spot(model, use, owner)) is not None]
        return self._runs[key]

    def rebindings(self, owner: Scope, name: str) -> list[tuple[Binding, ast.AST | None]] | None:
        """The bindings of a variable, each with the loop it is in (none: not bound there); None for an
        import, a def or a class (not a value a function captures)."""
        key = (owner, name)
        if key not in self._rebindings:
            bindings = owner.bindings.get(name, [])
            self._rebindings[key] = None if any(b.kind in _NOT_CAPTURED for b in bindings) else [
                (b, enclosing_loop(self.model, b.node)) for b in bindings]
        return self._rebindings[key]

    def container_kind(self, owner: Scope, name: str) -> str | None:
        """`_container_kind`, once per variable: every function reading it asks."""
        key = (owner, name)
        if key not in self._kinds:
            self._kinds[key] = _container_kind(self.model, owner, name)
        return self._kinds[key]

    def rooted(self, scope: Scope, name: str) -> list[ast.AST]:
        """The subscripts and attributes of `scope` rooted at `name`, in `of_type`'s order."""
        return self._by_root(scope).get(name, [])

    def _by_root(self, scope: Scope) -> dict[str, list[ast.AST]]:
        index = self._rooted.get(scope)
        if index is None:
            index = self._rooted[scope] = {}
            for node in scope.of_type(ast.Subscript, ast.Attribute):
                innermost = _innermost_part(node)  # type: ignore[arg-type]
                if isinstance(innermost.value, ast.Name):
                    index.setdefault(innermost.value.id, []).append(node)
        return index

    def scopes_under(self, owner: Scope, name: str) -> list[Scope]:
        """The scopes of `owner`'s subtree with a subscript or attribute rooted at `name`, in its order."""
        index = self._under.get(owner)
        if index is None:
            index = self._under[owner] = {}
            for scope in owner.subtree():
                for root in self._by_root(scope):
                    index.setdefault(root, []).append(scope)
        return index.get(name, [])


def later_change(model: Model, sites: ChangeSites, owner: Scope, name: str, function: Scope,
                  read: frozenset[str] | None) -> Change | None:
    """How `name` (or of it, the attributes `read`) changes after `function` is defined (as
    words for the message), or None."""
    looped = sites.rebindings(owner, name)
    if not looped or name.startswith("__"):
        return None
    defined = _defined_at(function)
    compiled = owner.kind != "module" and jit_wrapped(model, function)
    for index, (binding, loop) in enumerate(looped):
        if binding.kind == "param" or binding.lineno <= defined:
            continue
        if index == 0 and loop is None:
            continue  # the first binding after the def is a definition, not a change
        if owner.kind == "module" and _only_called_before(model, function, binding.lineno):
            continue
        if owner.kind == "module" or (compiled and _called_across(sites, owner, function, binding.lineno, loop)):
            return Change(f"rebound on line {binding.lineno}", binding.lineno)
    for scope in model.declaring(name, owner.kind == "module"):
        if scope is not owner and scope.bindings.get(name):
            if _created_after_rebinding(scope, name, function) or _only_initialised_by(model, owner, name, scope):
                continue
            if owner.kind == "module" or owner in scope.ancestors():
                line = scope.bindings[name][0].lineno
                return Change(f"assigned in `{function_label(scope)}` (line {line})", line)
    if looped[0][0].lineno > defined:
        return None
    return _later_mutation(model, sites, owner, name, function, read) or _mutation_in_functions(
        model, sites, owner, name, function, read)


def _only_initialised_by(model: Model, owner: Scope, name: str, scope: Scope) -> bool:
    """`name` gets its one value in `scope` (`global optimize; optimize = opt.update` in a `main`
    run once), the owner only declaring it (`optimize: Callable`): before that there is no value
    to keep, after it no other."""
    declared_only = all(isinstance(model.parent(b.node), ast.AnnAssign) and model.parent(b.node).value is None
                        for b in owner.bindings.get(name, []))
    assignments = scope.bindings[name]
    others = [s for s in (*model.declaring(name, True), *model.declaring(name, False))
              if s is not scope and s is not owner and s.bindings.get(name)]
    return declared_only and not others and len(assignments) == 1 \
        and enclosing_loop(model, assignments[0].node) is None and model.repetition.repeated_call(scope) is None


def _created_after_rebinding(scope: Scope, name: str, function: Scope) -> bool:
    """`scope` makes `function` anew on each of its runs, after its own rebindings of `name`
    (`nonlocal k; k = min(k, d)` and then `lax.cond(p, lambda a: f(a, k), ...)`): each new
    function object is traced afresh and reads the current value."""
    defined = _defined_at(function)
    return scope in function.ancestors() and all(b.lineno < defined for b in scope.bindings[name])


def enclosing_loop(model: Model, node: ast.AST) -> ast.AST | None:
    parent = model.parent(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        if isinstance(parent, (ast.For, ast.AsyncFor, ast.While)):
            return parent
        parent = model.parent(parent)
    return None


def jit_wrapped(model: Model, function: Scope) -> bool:
    """Compiled by jit itself (decorator or wrapping call), so that calling it reuses the trace."""
    info = model.info(function)
    return "jit" in info.transforms and info.transformed_itself


def _names_of(model: Model, function: Scope) -> set[str]:
    """The function's name and the names bound to transforms of it (`g = jax.jit(jax.grad(f))`)."""
    name = getattr(function.node, "name", None)
    if name is None:
        return set()
    names = {name}
    for _, use in model.loads_of(name):
        top = wrapped_top(model, use)
        targets = assignment_targets(model, top)
        if top is not use and len(targets) == 1 and isinstance(targets[0], ast.Name):
            names.add(targets[0].id)
    return names


def run_on_the_spot(model: Model, use: ast.expr, scope: Scope) -> ast.Call | None:
    """The call that runs the function where it is named (`use`, in `scope`): `f(x)`, through
    wrappers whose result is called at once and never stored (`jax.jit(f)(x)`,
    `jax.jit(jax.vmap(f))(xs)`), or by a call that runs what it is handed (`timeit(lambda: f(x))`)."""
    node, parent = use, model.parent(use)
    while isinstance(parent, ast.Call) and parent.func is not node and parent.args and parent.args[0] is node \
            and (last_name(parent.func) or "") in _WRAPPERS:
        node, parent = parent, model.parent(parent)
    if isinstance(parent, ast.Call) and parent.func is node:
        return parent
    if isinstance(parent, ast.keyword) and parent.arg == "stmt":
        parent = model.parent(parent)
    elif not (isinstance(parent, ast.Call) and parent.args and parent.args[0] is node):
        return None
    return parent if model.qualified(parent.func, scope) in RUN_AT_ONCE else None  # type: ignore[union-attr]


def _only_called_before(model: Model, function: Scope, line: int, depth: int = 0) -> bool:
    """Every use of the function runs it before `line` (and outside loops that go on past it):
    on the spot at module level (`f(x)`, `jax.jit(f)(x)`, `jax.jit(lambda: g(m))()`), through a
    module-level name bound to its transform (`g = jax.pmap(lambda p, x: m.apply(p, x))`), or in
    a function that itself runs only before `line` (`def accuracy(): ... g(p, x)`), and then
    `SCALE = 2.0`: no trace is reused after the change."""
    uses = _uses(model, function)
    return bool(uses) and all(_runs_only_before(model, scope, use, line, depth) for scope, use in uses)


def _runs_only_before(model: Model, scope: Scope, use: ast.expr, line: int, depth: int) -> bool:
    call = run_on_the_spot(model, use, scope)
    if call is not None and scope.kind == "module":
        return call.lineno < line and _loop_ends_before(model, use, line)
    if call is not None:  # run by the function it is named in
        return scope.is_function and depth < _CALLER_DEPTH and _only_called_before(model, scope, line, depth + 1)
    top = wrapped_top(model, use)
    targets = assignment_targets(model, top)
    if top is use or scope.kind != "module" or len(targets) != 1 or not isinstance(targets[0], ast.Name) \
            or depth >= _CALLER_DEPTH:
        return False
    aliases = _reads_of_binding(model, scope, targets[0].id, targets[0].lineno)
    return bool(aliases) and all(_runs_only_before(model, where, load, line, depth + 1) for where, load in aliases)


# How many callers (or aliases) up a compiled function's uses are followed to see that they all come
# before a change.
_CALLER_DEPTH = 3


def _uses(model: Model, function: Scope) -> list[tuple[Scope, ast.expr]]:
    """Where the function is named, or, for a lambda, where it is written (its only use)."""
    if isinstance(function.node, ast.Lambda):
        return [(function.parent, function.node)] if function.parent is not None else []
    name = getattr(function.node, "name", None)
    if name is None or function.parent is None:
        return []
    return _reads_of_binding(model, function.parent, name, function.node.lineno)  # type: ignore[attr-defined]


def _reads_of_binding(model: Model, owner: Scope, name: str, line: int) -> list[tuple[Scope, ast.expr]]:
    """Where the variable `name` of `owner`, as bound on `line`, may be read: in functions, any read
    (they run later, with whatever it holds then); in the module's own code (and lambdas it runs at
    once), the reads this binding reaches (`def step` again in a later notebook cell, or
    `apply = jax.jit(...)` again in a later loop: the calls after it run the new function)."""
    reads = [(where, load) for where, load in model.loads_of(name) if where.lookup_scope(name) is owner]
    if owner.kind != "module":
        return reads  # type: ignore[return-value]
    statements = {model.statement_of(b.node): b.lineno for b in owner.bindings.get(name, ())}
    mine = {statement for statement, row in statements.items() if row == line}
    found = []
    for where, load in reads:
        at = _reading_node(model, owner, where, load)
        if at is None or reaching_binding(model, at, set(statements)) in (*mine, SOME_BINDING):
            found.append((where, load))
    return found  # type: ignore[return-value]


def _reading_node(model: Model, owner: Scope, where: Scope, load: ast.expr) -> ast.AST | None:
    """Where in the module `owner`'s own code `load` (in `where`) reads: the load itself, or a
    lambda run there at once (`timeit(lambda: step(x))`); None when it may run at any time."""
    if where is owner:
        return load
    if isinstance(where.node, ast.Lambda) and where.parent is owner \
            and run_on_the_spot(model, where.node, owner) is not None:
        return where.node
    return None


def _loop_ends_before(model: Model, node: ast.AST, line: int) -> bool:
    loop = enclosing_loop(model, node)
    return loop is None or loop.end_lineno < line  # type: ignore[attr-defined]


def _called_across(sites: ChangeSites, owner: Scope, function: Scope, line: int, loop: ast.AST | None) -> bool:
    """A closure goes stale only when the compiled function is traced before the change and called
    after it (by a name bound to it, or jitted again on the spot: `jax.jit(f)(x)` reuses the trace
    of `f`); in a loop that changes the value, any call in the loop traces one iteration's value and
    runs it in the next. A function first called after the change traces the new value."""
    runs = sites.run_at(owner, function)
    if loop is not None and any(loop.lineno <= called <= loop.end_lineno for called in runs):  # type: ignore[attr-defined]
        return True
    return any(called < line for called in runs) and any(called > line for called in runs)


def _later_mutation(model: Model, sites: ChangeSites, owner: Scope, name: str, function: Scope,
                    read: frozenset[str] | None) -> Change | None:
    """Item/attribute assignment or a mutating method call in the owner's own code after the def
    (for a closure: followed by a call of the compiled function)."""
    container = sites.container_kind(owner, name) is not None
    defined = _defined_at(function)
    for node in sites.rooted(owner, name):  # any other changes another name
        if node.lineno <= defined:
            continue
        stored = isinstance(node.ctx, (ast.Store, ast.Del))  # type: ignore[attr-defined]
        if not (_changes_read(node, name, read) if stored  # type: ignore[arg-type]
                else container and _mutating_call(model, node, name)):
            continue
        if owner.kind != "module" and not (jit_wrapped(model, function)
                                           and _called_across(sites, owner, function, node.lineno,
                                                              enclosing_loop(model, node))):
            continue
        if owner.kind == "module" and _only_called_before(model, function, node.lineno):
            continue
        if stored:
            what = "item" if isinstance(node, ast.Subscript) else "attribute"
            return Change(f"mutated by {what} assignment on line {node.lineno}", node.lineno)
        return Change(f"mutated by `.{node.attr}()` on line {node.lineno}", node.lineno)  # type: ignore[attr-defined]
    return None


def _mutating_call(model: Model, node: ast.AST, name: str) -> bool:
    """`name.append(...)`, `name.update(...)`: a call of a container's mutating method."""
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name
            and node.attr in MUTATORS and isinstance(call := model.parent(node), ast.Call) and call.func is node)


def _mutation_in_functions(model: Model, sites: ChangeSites, owner: Scope, name: str, function: Scope,
                           read: frozenset[str] | None) -> Change | None:
    """Another function changes the value in place, at a time of its own: `CFG["lr"] = v`,
    `CFG.lr = v`, `STATS[:] = ...`, `SCALES[i] = v`, `CFG.update(...)`, `seen.append(x)`.
    Dicts filled under a computed key (`impls[prim] = fn`) are registries, complete before
    anything runs, and are left alone."""
    kind = sites.container_kind(owner, name)
    if kind is None and owner.kind != "module":
        return None  # a parameter or an unknown object of the enclosing function (a Pallas Ref...)
    own = set(function.subtree())
    for scope in sites.scopes_under(owner, name):
        if scope in own or scope is owner or not scope.is_function or scope.lookup_scope(name) is not owner:
            continue
        for node in sites.rooted(scope, name):
            if isinstance(node.ctx, ast.Store) and _changes_read(node, name, read) and (  # type: ignore[attr-defined,arg-type]
                    isinstance(node, ast.Attribute) or _constant_key(node.slice)  # type: ignore[attr-defined]
                    or kind == "sequence" and isinstance(node.value, ast.Name)):  # type: ignore[attr-defined]
                return Change(f"changed in `{function_label(scope)}` (line {node.lineno})", node.lineno)
            if kind and _mutating_call(model, node, name):
                return Change(f"changed by `.{node.attr}()` in `{function_label(scope)}` (line {node.lineno})",
                              node.lineno)  # type: ignore[attr-defined]
    return None


def _constant_key(index: ast.expr) -> bool:
    if isinstance(index, ast.Tuple):
        return all(_constant_key(e) for e in index.elts)
    return isinstance(index, (ast.Constant, ast.Slice))


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
