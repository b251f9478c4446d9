"""JAX101 global-capture-in-jit: a compiled function reads a variable that changes later."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, function_label
from jaxlint.rules.jax101_global_capture.later_changes import (
    ChangeSites,
    assignment_targets,
    changed_part,
    enclosing_loop,
    jit_wrapped,
    later_change,
    run_on_the_spot,
    wrapped_top,
)
from jaxlint.rules.traced_argument import attributes_passable, passable
from jaxlint.semantic.api import (
    BUILDERS,
    MUTATORS,
    last_name,
    own_state_reads,
    state_changes,
    state_reads,
)

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """What the fix needs: the name to pass as an argument; for `self.attr` of a method compiled with
    its object static, the parameter and the attributes."""

    name: str
    self: str
    attributes: list[str]
    keeps_signature: bool  # the fix adds a keyword-only parameter: other modules' calls stay valid


def check(model: Model) -> Iterator[Report]:
    classes = _ClassChanges(model)
    sites = ChangeSites(model)
    for scope in model.functions():
        info = model.info(scope)
        if not info.cached or _inside_cached(model, scope):
            continue
        if isinstance(scope.node, ast.Lambda) and run_on_the_spot(model, scope.node, scope.parent) is not None:
            continue  # `jax.jit(lambda: ...)()`: a new function object each run, traced afresh
        reported: set[str] = set()
        enclosing = scope.enclosing_function()
        nested = enclosing is not None and enclosing.is_function
        loads = _free_loads(model, scope)
        uses: dict[tuple[str, Scope], list[ast.Name]] = {}
        for load, owner in loads:
            uses.setdefault((load.id, owner), []).append(load)
        for (name, owner), found in uses.items():  # in the order of their first reads
            load = found[0]
            if name in reported or name in scope.globals or name in scope.nonlocals:
                continue  # rebound by the function itself: a side effect, JAX107's finding
            if nested and owner.kind == "module":
                continue  # a new function object per enclosing call is traced afresh
            change = later_change(model, sites, owner, name, scope, _attributes_read(model, found))
            if change is None:
                continue
            reported.add(load.id)
            where = "the module" if owner.kind == "module" else f"`{function_label(owner)}`"
            message = (f"{_compiled_label(model, scope)} reads `{load.id}` from {where}, which is "
                       f"{change.text}; the compiled function keeps the value from trace time. "
                       f"Pass `{load.id}` as an argument")
            fixable = "unsafe" if _all_calls_found(model, scope) and passable(model, owner, name, scope, found) else None
            yield Report(load, message, scope, fixable=fixable, fix_data={"name": load.id},
                         lines=(change.row,))
        yield from _stale_self_reads(model, scope, classes)
        yield from _state_changed_elsewhere(model, scope, reported)


def _compiled_label(model: Model, scope: Scope) -> str:
    """"jit-compiled `f`"; only "`f`" when another module's compiled code calls it (the message says so)."""
    return f"`{function_label(scope)}`" if model.info(scope).caller else f"jit-compiled `{function_label(scope)}`"


def _state_changed_elsewhere(model: Model, scope: Scope, reported: set[str]) -> Iterator[Report]:
    """Reads of another module's state (`config.SCALE`, `HPARAMS["lr"]` imported from `config`), or of
    this module's own globals (`LR`, which `optim.LR = ...` changes), that a module changes while the
    program runs, as the project pass found. `reported`: names this module's own changes reported."""
    changed = dict(model.ask.changed())
    if not changed:
        return
    # State the function sets itself while traced (save, set, restore) is managed, not captured.
    managed = {c.target for c in state_changes(model, changed.__contains__, scope.subtree())}
    own = [(node, name) for node, name in own_state_reads(model, scope) if name in changed]
    for node, name in [*state_reads(model, scope, changed.__contains__), *own]:
        shown = ast.unparse(node)
        if shown in reported or any(name == t or name.startswith(t + ".") for t in managed):
            continue
        reported.add(shown)
        yield Report(node, f"{_compiled_label(model, scope)} reads `{shown}`, which is "
                     f"{changed[name]}; the compiled function keeps the value from trace time. Pass `{shown}` as "
                     f"an argument", scope, fix_data={"name": shown})  # no fix: the name tells verify what to change


def _stale_self_reads(model: Model, method: Scope, classes: _ClassChanges) -> Iterator[Report]:
    """A method compiled with its object static (`@partial(jax.jit, static_argnums=0)`,
    `jax.jit(self.method)`) is cached per object: `self.scale` read at trace time stays baked in
    when another method reassigns it (in JAX 0.10.2 even when `__hash__` reads `scale`: the
    mutated object still finds its old entry). Only for plain classes whose whole code is in
    sight (not modules or pytrees, whose objects are traced or hashed by their fields)."""
    cls = method.parent
    if not isinstance(method.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return  # a lambda in the class body (`update = jax.jit(lambda self, x: ...)`): not a method here
    params = method.positional_params()
    info = model.info(method)
    if cls is None or cls.kind != "class" or not params or params[0] in info.traced_params \
            or not jit_wrapped(model, method) or _special_method(method) or _only_partially_applied(model, method):
        return
    chain = model.class_fields.plain_class_chain(cls)
    if chain is None:
        return
    changes = classes.changes(cls, chain, method)
    reads = _self_attribute_reads(method, params[0])
    first = {}
    for node in reads:
        if node.attr in changes:
            first.setdefault(node.attr, node)
    # One fix for them all (each finding's fix is the same edit): the compiled method takes them as
    # arguments, and the method its callers call keeps its signature.
    data = {"self": params[0], "attributes": sorted(first), "keeps_signature": True}
    fixable = "unsafe" if first and attributes_passable(model, cls, method, [n for n in reads if n.attr in first]) \
        else None
    for attr, node in first.items():
        changer, line = changes[attr]
        who = "the module" if changer.kind == "module" else f"`{function_label(changer)}`"
        yield Report(node, f"jit-compiled `{function_label(method)}` reads `{params[0]}.{attr}`, which "
                     f"{who} reassigns (line {line}); the compiled method is cached "
                     f"per object and keeps the value from trace time. Pass `{attr}` as an argument",
                     method, lines=(line,), fixable=fixable, fix_data={**data, "name": attr})


def _only_partially_applied(model: Model, method: Scope) -> bool:
    """Not decorated, and every `obj.method` of the class is the function of a `functools.partial`:
    each run builds a new callable, which JAX caches by identity and so traces afresh."""
    if method.node.decorator_list:  # type: ignore[attr-defined]
        return False
    name = method.node.name  # type: ignore[attr-defined]
    uses = [(node, scope) for scope in method.parent.subtree()  # type: ignore[union-attr]
            for node in scope.of_type(ast.Attribute) if node.attr == name]  # type: ignore[attr-defined]
    for node, scope in uses:
        call = model.parent(node)
        if not (isinstance(call, ast.Call) and call.args and call.args[0] is node
                and model.qualified(call.func, scope) == "functools.partial"):
            return False
    return bool(uses)


def _special_method(method: Scope) -> bool:
    decorators = {last_name(d) for d in method.node.decorator_list}  # type: ignore[attr-defined]
    return bool(decorators & {"staticmethod", "classmethod"})


def _self_attribute_reads(method: Scope, self_name: str) -> list[ast.Attribute]:
    """`self.attr` loads in the method and the functions nested in it, in source order."""
    found = [node for scope in method.subtree() for node in scope.of_type(ast.Attribute)
             if isinstance(node.ctx, ast.Load) and isinstance(node.value, ast.Name)  # type: ignore[attr-defined]
             and node.value.id == self_name and scope.lookup_scope(self_name) is method]  # type: ignore[attr-defined]
    return sorted(found, key=lambda n: (n.lineno, n.col_offset))


def _own_methods(chain: list[Scope]) -> Iterator[tuple[Scope, str]]:
    """Each method of the classes with the name of its object parameter."""
    for cls in chain:
        for method in cls.children:
            if not isinstance(method.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue  # a lambda of the class body, or of a method's default (`f=lambda x: x`)
            params = method.positional_params()
            if params and not _special_method(method):
                yield method, params[0]


def _building_methods(model: Model, chain: list[Scope]) -> set[Scope]:
    """The builders and the methods only they run (`self._precompute(area)` in `__init__`):
    what these store is there before any method is compiled."""
    methods: dict[str, list[Scope]] = {}
    for method, _ in _own_methods(chain):
        methods.setdefault(method.node.name, []).append(method)  # type: ignore[attr-defined]
    building = {m for name, found in methods.items() if name in BUILDERS for m in found}
    uses: dict[str, list[tuple[Scope, ast.Attribute]]] = {}
    for scope in model.scopes:  # once per class with a compiled method, not per function
        for node in scope.of_type(ast.Attribute):
            if node.attr in methods:  # type: ignore[attr-defined]
                uses.setdefault(node.attr, []).append((scope, node))  # type: ignore[attr-defined,arg-type]
    grown = True
    while grown:
        grown = False
        for name, found in methods.items():
            if not set(found) <= building and uses.get(name) and all(
                    _self_call_in(model, scope, node, building) for scope, node in uses[name]):
                building.update(found)
                grown = True
    return building


def _self_call_in(model: Model, scope: Scope, node: ast.Attribute, methods: set[Scope]) -> bool:
    """`node` is `self.m(...)` called directly in one of `methods` on its own object."""
    call = model.parent(node)
    return (scope in methods and isinstance(call, ast.Call) and call.func is node and isinstance(node.value, ast.Name)
            and scope.positional_params()[0] == node.value.id and scope.lookup_scope(node.value.id) is scope)


class _ClassChanges:
    """Where the attributes of a class's objects change, found once per class for all its compiled
    methods (found per method, a class of many compiled methods was quadratic)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._in_methods: dict[Scope, dict[str, list[tuple[Scope, int]]]] = {}
        self._outside: dict[Scope, list[tuple[Scope, ast.AST, str]]] = {}

    def changes(self, cls: Scope, chain: list[Scope], compiled: Scope) -> dict[str, tuple[Scope, int]]:
        """Attribute → where it changes, as `compiled` sees it: stores on the class's objects from outside
        its methods (`_instance_stores`), overridden by the methods' own (`_method_stores`)."""
        if cls not in self._in_methods:
            self._in_methods[cls] = _method_stores(chain, _building_methods(self.model, chain))
            self._outside[cls] = _instance_stores(self.model, cls)
        changes: dict[str, tuple[Scope, int]] = {}
        for scope, node, attr in self._outside[cls]:
            # At module level only a store after a call of the compiled method (or in a loop) changes what a trace has seen.
            if scope.kind != "module" or enclosing_loop(self.model, node) is not None \
                    or _method_called_before(self.model, compiled, node.lineno):  # type: ignore[attr-defined]
                changes.setdefault(attr, (scope, node.lineno))  # type: ignore[attr-defined]
        for attr, stores in self._in_methods[cls].items():
            found = next(((m, line) for m, line in stores if m is not compiled), None)
            if found is not None:
                changes[attr] = found
        return changes


def _method_stores(chain: list[Scope], building: set[Scope]) -> dict[str, list[tuple[Scope, int]]]:
    """Attribute of the object → the methods (not those building the object) that reassign or change
    it in place (`self.scale = v`, `self.table[0] = v`), each with the line, in source order."""
    stores: dict[str, list[tuple[Scope, int]]] = {}
    for method, self_name in _own_methods(chain):
        if method in building:
            continue
        for scope in method.subtree():
            for node in scope.of_type(ast.Attribute, ast.Subscript):
                part = changed_part(node) if isinstance(node.ctx, (ast.Store, ast.Del)) else None  # type: ignore[attr-defined,arg-type]
                if part is not None and part[0] == self_name and part[1] is not None \
                        and scope.lookup_scope(self_name) is method:
                    stores.setdefault(part[1], []).append((method, node.lineno))
    return stores


def _instance_stores(model: Model, cls: Scope) -> list[tuple[Scope, ast.AST, str]]:
    """Stores of an attribute on an object of the class from outside its methods, with the attribute:
    `obj = Cls(); obj.compute(x); obj.target = 0.0`, or a function's parameter that every call hands
    such an object (`def perturb(objective, t): objective.target = t`)."""
    stores = []
    for scope in model.scopes:
        for node in scope.of_type(ast.Attribute, ast.Subscript):
            part = changed_part(node) if isinstance(node.ctx, (ast.Store, ast.Del)) else None  # type: ignore[attr-defined,arg-type]
            if part is not None and part[1] is not None and _names_instance(model, scope, part[0], cls, depth=1):
                stores.append((scope, node, part[1]))
    return stores


def _names_instance(model: Model, scope: Scope, name: str, cls: Scope, depth: int) -> bool:
    """`name` in `scope` is always an object built by `Cls(...)`: every binding calls the class, or,
    for a parameter, every call of the function passes such a name (followed `depth` calls up)."""
    owner = scope.lookup_scope(name)
    bindings = owner.bindings.get(name, []) if owner is not None else []
    if not bindings or owner.kind == "class":
        return False
    if bindings[0].kind == "param":
        arguments = model.arguments_from_callers(owner, name) if depth > 0 and len(bindings) == 1 else []
        return bool(arguments) and all(isinstance(a, ast.Name) and _names_instance(model, caller, a.id, cls, depth - 1)
                                       for caller, a in arguments)
    return all(b.kind == "assign" and _builds(model, owner, b.node, cls) for b in bindings)


def _builds(model: Model, owner: Scope, target: ast.AST, cls: Scope) -> bool:
    """`target = Cls(...)`, the class called by its own name."""
    statement = model.parent(target)
    value = statement.value if isinstance(statement, ast.Assign) and target in statement.targets else None
    func = value.func if isinstance(value, ast.Call) else None
    return isinstance(func, ast.Name) and func.id == cls.node.name \
        and owner.lookup_scope(func.id) is cls.parent  # type: ignore[attr-defined]


def _method_called_before(model: Model, method: Scope, line: int) -> bool:
    """Some call of the method at module level before `line`: `x.<method>(...)`, `jax.jit(x.<method>)(...)`,
    or a call of a name bound to a transform of it (`calc = jax.jit(x.<method>)`; `calc(...)`)."""
    name = method.node.name  # type: ignore[attr-defined]
    aliases = set()
    for use in model.module.of_type(ast.Attribute):
        if use.attr != name:  # type: ignore[attr-defined]
            continue
        top = wrapped_top(model, use)
        call = model.parent(top)
        if isinstance(call, ast.Call) and call.func is top and call.lineno < line:  # type: ignore[attr-defined]
            return True
        aliases |= {t.id for t in assignment_targets(model, top) if isinstance(t, ast.Name)}
    return any(isinstance(call.func, ast.Name) and call.func.id in aliases and call.lineno < line  # type: ignore[attr-defined]
               for call in model.module.of_type(ast.Call))


# Those that hand a keyword argument to the function as it is (grad and its kin differentiate
# positional arguments only): vmap/pmap map it over axis 0, so the fix's `scale=scale` would be
# split along its first axis (or fail on a scalar).
_KEYWORD_WRAPPERS = frozenset(("jit", "pjit", "partial", "checkpoint", "remat", "grad", "value_and_grad",
                               "jacfwd", "jacrev", "hessian"))


def _all_calls_found(model: Model, function: Scope) -> bool:
    """The fix adds a parameter and passes it at every call: it is offered only for a plain
    function (no method, no `**kwargs`) whose name is only called, directly or through a wrapper
    that is called or bound to a name that is only called. A module's function never named in it
    is an entry point called from elsewhere: it gets a required keyword-only parameter (other
    modules of the project naming it withdraw the fix)."""
    node = function.node
    if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.args.kwarg is not None or any(
            a.kind == "class" for a in function.ancestors()):
        return False
    if not all(_jit_decorator(d) for d in node.decorator_list):
        return False  # another decorator may not pass the new keyword on (`@jax.vmap` maps it)
    owner = function.parent
    return owner is not None and _only_called(model, node.name, owner, set(), unused_ok=owner.kind == "module")


def _jit_decorator(decorator: ast.expr) -> bool:
    """`@jax.jit`, `@jax.jit(...)`, `@partial(jax.jit, ...)`, `@jax.checkpoint`: they pass a keyword on."""
    if isinstance(decorator, ast.Call):
        if last_name(decorator.func) == "partial":
            return bool(decorator.args) and last_name(decorator.args[0]) in _KEYWORD_DECORATORS
        decorator = decorator.func
    return last_name(decorator) in _KEYWORD_DECORATORS


_KEYWORD_DECORATORS = frozenset(("jit", "pjit", "checkpoint", "remat"))


def _only_called(model: Model, name: str, owner: Scope, seen: set[tuple[Scope, str]], unused_ok: bool = False) -> bool:
    """Every read of `name` of `owner` is a call, or wraps it into an alias that is only called
    (`seen`: the aliases followed so far); reads of another variable of that name do not count."""
    seen.add((owner, name))
    uses = [(scope, use) for scope, use in model.loads_of(name) if scope.lookup_scope(name) is owner]
    return (unused_ok or bool(uses)) and all(_called_or_wrapped(model, scope, use, seen) for scope, use in uses)


def _called_or_wrapped(model: Model, scope: Scope, use: ast.Name, seen: set[tuple[Scope, str]]) -> bool:
    node, parent = use, model.parent(use)
    while isinstance(parent, ast.Call) and parent.func is not node and parent.args and parent.args[0] is node \
            and (last_name(parent.func) or "") in _KEYWORD_WRAPPERS:
        node, parent = parent, model.parent(parent)  # jax.jit(jax.grad(f))
    if isinstance(parent, ast.Call) and parent.func is node:
        return True  # f(x), jax.jit(f)(x)
    if node is use or not (isinstance(parent, ast.Assign) and len(parent.targets) == 1
                           and isinstance(parent.targets[0], ast.Name)):
        return False
    alias, where = parent.targets[0].id, scope.lookup_scope(parent.targets[0].id)
    return where is not None and ((where, alias) in seen or _only_called(model, alias, where, seen))


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
            if owner is not None and owner not in inner and owner.kind != "class" and not _changed_here(model, node):
                found.append((node, owner))
    found.sort(key=lambda pair: (pair[0].lineno, pair[0].col_offset))
    return found


def _changed_here(model: Model, node: ast.Name) -> bool:
    """The name is read only to change what it holds (`LOG.append(x)`, `CACHE[k] = v`): no value of
    it enters the computation; the change itself is a side effect, JAX107's finding."""
    parent = model.parent(node)
    if isinstance(parent, ast.Attribute) and parent.attr in MUTATORS:
        call = model.parent(parent)
        return isinstance(call, ast.Call) and call.func is parent
    return isinstance(parent, (ast.Subscript, ast.Attribute)) and isinstance(parent.ctx, (ast.Store, ast.Del))


def _attributes_read(model: Model, uses: list[ast.Name]) -> frozenset[str] | None:
    """The attributes the function reads off a name (`FLAGS.smooth`), or None when it uses the
    object otherwise: passes it, indexes it or calls its methods, which may read any attribute."""
    attributes = set()
    for use in uses:
        parent = model.parent(use)
        if not isinstance(parent, ast.Attribute) or isinstance(call := model.parent(parent), ast.Call) \
                and call.func is parent:
            return None
        attributes.add(parent.attr)
    return frozenset(attributes)


