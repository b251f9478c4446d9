"""JAX101 global-capture-in-jit: a compiled function reads a variable that changes later."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import RUN_AT_ONCE
from jaxlint.rules.base import Report, function_label
from jaxlint.rules.traced_argument import attributes_passable, passable
from jaxlint.semantic.classes import BUILDERS
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.liveness import SOME_BINDING, reaching_binding
from jaxlint.semantic.module_state import MUTATORS, own_state_reads, state_changes, state_reads

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Binding, Scope


_NOT_CAPTURED = frozenset(("import", "def", "class"))
_CONTAINER_CALLS = frozenset(("builtins.list", "builtins.dict", "builtins.set", "collections.defaultdict",
                              "collections.OrderedDict", "collections.deque"))
_LINE_NUMBER = re.compile(r"\bline (\d+)")  # the rows a change's description names


def check(model: Model) -> Iterator[Report]:
    classes = _ClassChanges(model)
    sites = _ChangeSites(model)
    for scope in model.functions():
        info = model.info(scope)
        if not info.cached or _inside_cached(model, scope):
            continue
        if isinstance(scope.node, ast.Lambda) and _run_on_the_spot(model, scope.node, scope.parent) is not None:
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
            change = _later_change(model, sites, owner, name, scope, _attributes_read(model, found))
            if change is None:
                continue
            reported.add(load.id)
            where = "the module" if owner.kind == "module" else f"`{function_label(owner)}`"
            message = (f"{_compiled_label(model, scope)} reads `{load.id}` from {where}, which is "
                       f"{change}; the compiled function keeps the value from trace time. "
                       f"Pass `{load.id}` as an argument")
            fixable = "unsafe" if _all_calls_found(model, scope) and passable(model, owner, name, scope, found) else None
            yield Report(load, message, scope, fixable=fixable, fix_data={"name": load.id},
                         lines=tuple(int(row) for row in _LINE_NUMBER.findall(change)))
        yield from _stale_self_reads(model, scope, classes)
        yield from _state_changed_elsewhere(model, scope, reported)




def _compiled_label(model: Model, scope: Scope) -> str:
    """"jit-compiled `f`"; only "`f`" when another module's compiled code calls it (the message says so)."""
    return f"`{function_label(scope)}`" if model.info(scope).caller else f"jit-compiled `{function_label(scope)}`"


def _state_changed_elsewhere(model: Model, scope: Scope, reported: set[str]) -> Iterator[Report]:
    """Reads of another module's state (`config.SCALE`, `HPARAMS["lr"]` imported from `config`), or of
    this module's own globals (`LR`, which `optim.LR = ...` changes), that a module changes while the
    program runs, as the project pass found. `reported`: names this module's own changes reported."""
    changed = dict(model.ask("changed"))
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
            or not _jit_wrapped(model, method) or _special_method(method) or _only_partially_applied(model, method):
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
            if scope.kind != "module" or _enclosing_loop(self.model, node) is not None \
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
                part = _changed_part(node) if isinstance(node.ctx, (ast.Store, ast.Del)) else None  # type: ignore[attr-defined,arg-type]
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
            part = _changed_part(node) if isinstance(node.ctx, (ast.Store, ast.Del)) else None  # type: ignore[attr-defined,arg-type]
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
        top = _wrapped_top(model, use)
        call = model.parent(top)
        if isinstance(call, ast.Call) and call.func is top and call.lineno < line:  # type: ignore[attr-defined]
            return True
        aliases |= {t.id for t in _assignment_targets(model, top) if isinstance(t, ast.Name)}
    return any(isinstance(call.func, ast.Name) and call.func.id in aliases and call.lineno < line  # type: ignore[attr-defined]
               for call in model.module.of_type(ast.Call))


def _wrapped_top(model: Model, use: ast.expr) -> ast.expr:
    """The outermost call of the chain that wraps `use` (`jax.jit(jax.grad(f))` for `f`), or `use`."""
    node, parent = use, model.parent(use)
    while isinstance(parent, ast.Call) and parent.args and parent.args[0] is node:
        node, parent = parent, model.parent(parent)
    return node


def _assignment_targets(model: Model, value: ast.expr) -> list[ast.expr]:
    """The targets of `... = value`, or none when `value` is not assigned as it is."""
    statement = model.parent(value)
    return statement.targets if isinstance(statement, ast.Assign) and statement.value is value else []


# Wrappers whose result the fix follows to the calls (`g = jax.jit(f)`, `partial(f, 1)`).
_WRAPPERS = frozenset(("jit", "pjit", "partial", "vmap", "pmap", "checkpoint", "remat"))
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


def _changed_part(target: ast.Attribute | ast.Subscript) -> tuple[str, str | None] | None:
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
    part = _changed_part(target)
    return part is not None and part[0] == name and (part[1] is None or read is None or part[1] in read)


def _defined_at(scope: Scope) -> int:
    node = scope.node
    decorators = getattr(node, "decorator_list", [])
    return min([node.lineno] + [d.lineno for d in decorators])


class _ChangeSites:
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
                               if (call := _run_on_the_spot(model, use, owner)) is not None]
        return self._runs[key]

    def rebindings(self, owner: Scope, name: str) -> list[tuple[Binding, ast.AST | None]] | None:
        """The bindings of a variable, each with the loop it is in (none: not bound there); None for an
        import, a def or a class (not a value a function captures)."""
        key = (owner, name)
        if key not in self._rebindings:
            bindings = owner.bindings.get(name, [])
            self._rebindings[key] = None if any(b.kind in _NOT_CAPTURED for b in bindings) else [
                (b, _enclosing_loop(self.model, b.node)) for b in bindings]
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


def _later_change(model: Model, sites: _ChangeSites, owner: Scope, name: str, function: Scope,
                  read: frozenset[str] | None) -> str | None:
    """How `name` (or of it, the attributes `read`) changes after `function` is defined (as
    words for the message), or None."""
    looped = sites.rebindings(owner, name)
    if not looped or name.startswith("__"):
        return None
    defined = _defined_at(function)
    compiled = owner.kind != "module" and _jit_wrapped(model, function)
    for index, (binding, loop) in enumerate(looped):
        if binding.kind == "param" or binding.lineno <= defined:
            continue
        if index == 0 and loop is None:
            continue  # the first binding after the def is a definition, not a change
        if owner.kind == "module" and _only_called_before(model, function, binding.lineno):
            continue
        if owner.kind == "module" or (compiled and _called_across(sites, owner, function, binding.lineno, loop)):
            return f"rebound on line {binding.lineno}"
    for scope in model.declaring(name, owner.kind == "module"):
        if scope is not owner and scope.bindings.get(name):
            if _created_after_rebinding(scope, name, function) or _only_initialised_by(model, owner, name, scope):
                continue
            if owner.kind == "module" or owner in scope.ancestors():
                line = scope.bindings[name][0].lineno
                return f"assigned in `{function_label(scope)}` (line {line})"
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
        and _enclosing_loop(model, assignments[0].node) is None and model.repetition.repeated_call(scope) is None


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
    return "jit" in info.transforms and info.transformed_itself


def _names_of(model: Model, function: Scope) -> set[str]:
    """The function's name and the names bound to transforms of it (`g = jax.jit(jax.grad(f))`)."""
    name = getattr(function.node, "name", None)
    if name is None:
        return set()
    names = {name}
    for _, use in model.loads_of(name):
        top = _wrapped_top(model, use)
        targets = _assignment_targets(model, top)
        if top is not use and len(targets) == 1 and isinstance(targets[0], ast.Name):
            names.add(targets[0].id)
    return names


def _run_on_the_spot(model: Model, use: ast.expr, scope: Scope) -> ast.Call | None:
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
    call = _run_on_the_spot(model, use, scope)
    if call is not None and scope.kind == "module":
        return call.lineno < line and _loop_ends_before(model, use, line)
    if call is not None:  # run by the function it is named in
        return scope.is_function and depth < _CALLER_DEPTH and _only_called_before(model, scope, line, depth + 1)
    top = _wrapped_top(model, use)
    targets = _assignment_targets(model, top)
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
            and _run_on_the_spot(model, where.node, owner) is not None:
        return where.node
    return None


def _loop_ends_before(model: Model, node: ast.AST, line: int) -> bool:
    loop = _enclosing_loop(model, node)
    return loop is None or loop.end_lineno < line  # type: ignore[attr-defined]


def _called_across(sites: _ChangeSites, owner: Scope, function: Scope, line: int, loop: ast.AST | None) -> bool:
    """A closure goes stale only when the compiled function is traced before the change and called
    after it (by a name bound to it, or jitted again on the spot: `jax.jit(f)(x)` reuses the trace
    of `f`); in a loop that changes the value, any call in the loop traces one iteration's value and
    runs it in the next. A function first called after the change traces the new value."""
    runs = sites.run_at(owner, function)
    if loop is not None and any(loop.lineno <= called <= loop.end_lineno for called in runs):  # type: ignore[attr-defined]
        return True
    return any(called < line for called in runs) and any(called > line for called in runs)


def _later_mutation(model: Model, sites: _ChangeSites, owner: Scope, name: str, function: Scope,
                    read: frozenset[str] | None) -> str | None:
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
        if owner.kind != "module" and not (_jit_wrapped(model, function)
                                           and _called_across(sites, owner, function, node.lineno, _enclosing_loop(model, node))):
            continue
        if owner.kind == "module" and _only_called_before(model, function, node.lineno):
            continue
        if stored:
            what = "item" if isinstance(node, ast.Subscript) else "attribute"
            return f"mutated by {what} assignment on line {node.lineno}"
        return f"mutated by `.{node.attr}()` on line {node.lineno}"  # type: ignore[attr-defined]
    return None


def _mutating_call(model: Model, node: ast.AST, name: str) -> bool:
    """`name.append(...)`, `name.update(...)`: a call of a container's mutating method."""
    return (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == name
            and node.attr in MUTATORS and isinstance(call := model.parent(node), ast.Call) and call.func is node)


def _mutation_in_functions(model: Model, sites: _ChangeSites, owner: Scope, name: str, function: Scope,
                           read: frozenset[str] | None) -> str | None:
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
                return f"changed in `{function_label(scope)}` (line {node.lineno})"
            if kind and _mutating_call(model, node, name):
                return f"changed by `.{node.attr}()` in `{function_label(scope)}` (line {node.lineno})"  # type: ignore[attr-defined]
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
