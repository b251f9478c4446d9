"""Code that runs again and again, and PRNG keys that stay the same between runs.

A function that consumes a key it reads from outside (a module global, a closure variable, an
attribute its object set when it was built) draws the same numbers on every call unless
something advances that key: these are the facts JAX102 needs to say so."""

from __future__ import annotations

import ast
import functools
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import KEY_MAKERS, RECORD_METHODS
from jaxlint.semantic.classes import (
    BUILDERS,
    attribute_stores,
    class_fields,
    method_class,
)
from jaxlint.semantic.imports import last_name

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_LOOPS = (ast.For, ast.AsyncFor, ast.While, ast.comprehension)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)


class Repetition:
    def __init__(self, model: Model) -> None:
        self.model = model
        self._calls_to: dict[Scope, list[tuple[ast.Call, Scope]]] | None = None
        self._method_calls: dict[str, list[ast.Call]] | None = None
        self._stored_keys: dict[Scope, frozenset[str]] = {}

    def repeated_call(self, scope: Scope, same_object: bool = False) -> ast.AST | None:
        """A call of this module that runs `scope` again and again (one inside a loop, or the
        second of several call sites), else None. Methods are called through their objects,
        so any call of a method of that name counts; with `same_object`, not a call on an object
        built there and then (`Matrix(seed).draw()`: each run has an object, and its state, of its
        own). A flax/equinox module's `__call__` is applied at every step: the function itself is
        the answer."""
        if "module" in self.model.info(scope).transforms:
            return scope.node
        if method_class(scope) is not None:
            calls = self._calls_of_methods().get(scope.node.name, [])  # type: ignore[attr-defined]
            if same_object:
                calls = [c for c in calls if not self._on_new_object(c)]
        else:
            calls = [call for call, _ in self.calls_to(scope)]
        in_loop = [c for c in calls if self.in_loop(c)]
        return in_loop[0] if in_loop else (calls[1] if len(calls) > 1 else None)

    def _on_new_object(self, call: ast.Call) -> bool:
        receiver = call.func.value  # type: ignore[attr-defined]
        return isinstance(receiver, ast.Call) and _constructs(receiver.func, self._scope_of_call(call))

    def _scope_of_call(self, call: ast.Call) -> Scope:
        node = self.model.parent(call)
        while node is not None and node not in self.model.scope_of:
            node = self.model.parent(node)
        return self.model.scope_of.get(node, self.model.module)  # type: ignore[arg-type]

    def in_loop(self, node: ast.AST) -> bool:
        """Inside the body of a loop of its own function (or module): not in the loop's iterable."""
        return bool(self.loops_around(node))

    def loops_around(self, node: ast.AST) -> list[ast.AST]:
        """The loops (and comprehensions) of its own function (or module) whose body holds `node`,
        innermost first: a loop's iterable runs once, before it."""
        parent_of = self.model.parent
        found = []
        child, parent = node, parent_of(node)
        while parent is not None and not isinstance(parent, _FUNCTIONS):
            if isinstance(parent, _LOOPS) and child is not getattr(parent, "iter", None):
                found.append(parent)
            child, parent = parent, parent_of(parent)
        return found

    def never_advanced(self, scope: Scope, name: str) -> bool:
        """A free name of `scope` that its owner binds once, outside any loop, and that no
        function rebinds through `global`/`nonlocal`: every run of `scope` reads the same value.
        A compiled (cached) function's own `global key; key, sub = split(key)` runs only while it
        is traced: its calls keep reading the key it saw then."""
        owner = scope.lookup_scope(name)
        if owner is None or owner is scope or name in scope.nonlocals:
            return False
        bindings = owner.bindings.get(name, [])
        if len(bindings) != 1 or self.in_loop(bindings[0].node):
            return False
        for other in self.model.declaring(name, owner.kind == "module"):
            if other.bindings.get(name) and not (other is scope and self.model.info(other).cached):
                return False
        return True

    def stored_key(self, scope: Scope, node: ast.Attribute) -> bool:
        """`self.<attr>` read in a method, where the class stores a PRNG key in that attribute
        only while the object is built: every call of the method reads the same key."""
        cls = method_class(scope)
        if cls is None or scope.node.name in BUILDERS:  # type: ignore[attr-defined]
            return False
        params = scope.positional_params()
        if not params or not isinstance(node.value, ast.Name) or node.value.id != params[0]:
            return False
        found = self._stored_keys.get(cls)
        if found is None:
            found = self._stored_keys[cls] = self._keys_stored_when_built(cls)
        return node.attr in found

    def initialises_only(self, method: Scope, consumer: ast.Call) -> bool:
        """What `consumer` draws in a module method is used only to initialise: handed to
        `self.param`/`self.variable` (whose initialiser runs in `init`, not in `apply`) or to a
        submodule's constructor. The stored key is then an initialisation seed."""
        if _constructs(consumer.func, method):
            return True  # `Dense(4, rng=self.rng)`: the submodule keeps it as its own seed
        statement = self.model.parent(consumer)
        if not isinstance(statement, ast.Assign):
            return False
        names = {n.id for t in statement.targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        loads = [(n, scope) for scope in method.subtree() for n in scope.of_type(ast.Name)
                 if n.id in names and isinstance(n.ctx, ast.Load)]  # type: ignore[attr-defined]
        return bool(loads) and all(self._initialiser_argument(load, scope) for load, scope in loads)

    def _initialiser_argument(self, node: ast.AST, scope: Scope) -> bool:
        """Inside the arguments of `self.param(...)`/`self.variable(...)`, or a keyword argument of a
        call of a class (a submodule built with it)."""
        child, parent = node, self.model.parent(node)
        while parent is not None and not isinstance(parent, ast.stmt):
            if isinstance(parent, ast.Call) and child is not parent.func:
                func = parent.func
                if isinstance(func, ast.Attribute) and func.attr in ("param", "variable"):
                    return True
                if isinstance(child, ast.keyword) and _constructs(func, scope):
                    return True
            child, parent = parent, self.model.parent(parent)
        return False

    def _keys_stored_when_built(self, cls: Scope) -> frozenset[str]:
        keys: set[str] = set()
        if any("module" in self.model.info(method).transforms for method in cls.children):
            # a flax/equinox module's key-named field, given when the module is built and not
            # given anew in a copy (`module.replace(rng_key=k)`)
            keys = {field for field in class_fields(cls) if self.model.keys.is_key_name(field)} - self.replaced_fields
        changed: set[str] = set()
        for method in cls.children:
            params = method.positional_params() if method.kind == "function" else []
            if not params:
                continue
            for target, value in attribute_stores(method, params[0]):
                if method.node.name not in BUILDERS:  # type: ignore[attr-defined]
                    changed.add(target)
                elif value is not None and self._makes_key(value, method):
                    keys.add(target)
        return frozenset(keys - changed)

    @functools.cached_property
    def replaced_fields(self) -> frozenset[str]:
        """Fields some call of this module gives a new value in a copy (`state.replace(rng=k)`)."""
        return frozenset(k.arg for scope in self.model.scopes for call in scope.of_type(ast.Call)
                         if isinstance(call.func, ast.Attribute) and call.func.attr in RECORD_METHODS  # type: ignore[attr-defined]
                         for k in call.keywords if k.arg)  # type: ignore[attr-defined]

    def _makes_key(self, value: ast.AST, scope: Scope) -> bool:
        if isinstance(value, ast.Subscript):
            value = value.value  # split(key)[0]
        if isinstance(value, ast.Call):
            return self.model.qualified(value.func, scope) in KEY_MAKERS
        return isinstance(value, ast.Name) and self.model.keys.is_key_name(value.id)

    def calls_to(self, function: Scope) -> list[tuple[ast.Call, Scope]]:
        """The calls of this module that name `function`, each with the scope that makes it."""
        if self._calls_to is None:
            self._calls_to = {}
            for caller in self.model.scopes:
                for call in caller.of_type(ast.Call):
                    for target, _ in self.model.function_refs(call.func, caller):  # type: ignore[attr-defined]
                        self._calls_to.setdefault(target, []).append((call, caller))  # type: ignore[arg-type]
        return self._calls_to.get(function, [])

    def _calls_of_methods(self) -> dict[str, list[ast.Call]]:
        if self._method_calls is None:
            self._method_calls = {}
            for caller in self.model.scopes:
                for call in caller.of_type(ast.Call):
                    func = call.func  # type: ignore[attr-defined]
                    if isinstance(func, ast.Attribute):
                        self._method_calls.setdefault(func.attr, []).append(call)  # type: ignore[arg-type]
        return self._method_calls


def _constructs(func: ast.expr, scope: Scope) -> bool:
    """A call that builds an object: a class of this module, or a CapWords name (`ops.LinearLayer`)."""
    name = last_name(func)
    if name is None:
        return False
    owner = scope.lookup_scope(name) if isinstance(func, ast.Name) else None
    if owner is not None and any(b.kind == "class" for b in owner.bindings.get(name, [])):
        return True
    return name[:1].isupper() and any(c.islower() for c in name)
