"""Where the `__call__` of a flax/equinox module class is called, as far as this module shows.

A module method's parameters are traced when a caller passes arrays; a caller that passes a
Python constant or a shape (`Skip()(x, y.shape)`, `mixer.apply(params, q, True)`) passes it as
it is. The calls are found by following the class: `Cls(...)(x)`, `partial(Cls, ...)`, a name or
`self.sub` bound to it or to an instance, a field default `skip: type = Cls` read as
`self.skip`, an instance handed to a field of another module class of this module
(`Block(rel=Rel())`, then `self.rel(n, n)` in it), subclasses that inherit `__call__`, and
`instance.apply(params, x)` / `instance.init(key, x)`. Any other use of the class or an instance (passed on, stored in a
container, wrapped by `nn.remat`) may call it with anything: then the calls are unknown."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import TYPE_CHECKING

from jaxlint.knowledge.transforms import TRANSFORMS
from jaxlint.semantic.scopes import class_named

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# Keywords of flax `apply`/`init` that configure the call and are not the method's arguments.
_APPLY_OPTIONS = frozenset(("rngs", "mutable", "capture_intermediates"))
_MAX_USES = 200  # a class used this often is not worth following
Follow = Callable[[ast.expr, "Scope"], bool]  # what to do with one use of the class or an instance


class ModuleCalls:
    """The calls of module classes' `__call__` in one module (see the module docstring)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._self_attributes: dict[str, list[tuple[Scope, ast.Attribute]]] | None = None
        self._calls: list[tuple[ast.Call, Scope]] = []
        self._method_calls: list[tuple[str, ast.Call, Scope]] = []  # `instance.encode(x, n)`: other methods
        # The calls made through a jit of `apply` (`jax.jit(model.apply)(params, x, n)`): jit traces
        # every argument they pass
        self.compiled: set[ast.Call] = set()
        self._seen: set[int] = set()

    def calls_of(self, cls: Scope) -> list[tuple[ast.Call, Scope]] | None:
        """Each call of `cls`'s `__call__` with its scope, as a call of the method itself (for
        `apply`/`init`: the arguments after `params`/`key`, without `rngs=`/`mutable=`); None
        when some use of the class or of an instance is not one of the forms followed."""
        calls, complete = self.known_calls(cls)
        return calls if complete else None

    def known_calls(self, cls: Scope) -> tuple[list[tuple[ast.Call, Scope]], bool]:
        """The calls of `cls`'s `__call__` this module shows, and whether every use of the class or
        of an instance is one of the forms followed (else other calls are not seen)."""
        self._calls, self._method_calls, self._seen = [], [], set()
        complete = self._class(cls)
        return self._calls, complete

    def method_calls(self) -> list[tuple[str, ast.Call, Scope]]:
        """The calls of other methods of the instances the last `known_calls` followed, with the
        method's name (`instance.encode(x, n)`, `model.apply(params, x, method="encode")`)."""
        return self._method_calls

    def known_calls_of_name(self, name: str, owner: Scope) -> tuple[list[tuple[ast.Call, Scope]], bool]:
        """As `known_calls`, for what a name bound once in `owner` (an import of another module's
        class) denotes: its calls as the class, `Name(...)(x)`, `Name(...).apply(params, x)`."""
        self._calls, self._method_calls, self._seen = [], [], set()
        if len(owner.bindings.get(name, ())) != 1:
            return [], False
        complete = self._reads(name, owner, self._constructor)
        return self._calls, complete

    def known_calls_of_attribute(self, name: str, attr: str, owner: Scope) -> tuple[list[tuple[ast.Call, Scope]], bool]:
        """As `known_calls_of_name`, for a class read as an attribute of an imported module
        (`layers.Attn(cfg)(x, n)` after `from pkg import layers`)."""
        self._calls, self._method_calls, self._seen = [], [], set()
        if len(owner.bindings.get(name, ())) != 1:
            return [], False
        uses = [(scope, parent) for scope, use in self.model.loads_of(name)
                if scope.lookup_scope(name) is owner and isinstance(parent := self.model.parent(use), ast.Attribute)
                and parent.attr == attr]
        complete = len(uses) <= _MAX_USES and all([self._constructor(use, scope) for scope, use in uses])
        return self._calls, complete

    # -- following the class and its instances -------------------------------------------

    def _class(self, cls: Scope) -> bool:
        """Every read of the class's name refers to it in a way followed."""
        name, owner = cls.node.name, cls.parent  # type: ignore[attr-defined]
        if owner is None or len(owner.bindings.get(name, ())) != 1:
            return False
        return self._reads(name, owner, self._constructor)

    def _reads(self, name: str, owner: Scope, follow: Follow) -> bool:
        uses = self.model.loads_of(name)
        if len(uses) > _MAX_USES:
            return False
        # every use is followed (one not followed does not hide the calls the others show)
        return all([follow(use, scope) for scope, use in uses if scope.lookup_scope(name) is owner])

    def _constructor(self, expr: ast.expr, scope: Scope) -> bool:
        """`expr` evaluates to the class (or a partial of it)."""
        if id(expr) in self._seen:
            return True
        self._seen.add(id(expr))
        parent = self.model.parent(expr)
        if isinstance(parent, ast.Call) and parent.func is expr:
            return self._instance(parent, scope)
        if isinstance(parent, ast.Call) and parent.args and parent.args[0] is expr:
            return self.model.qualified(parent.func, scope) == "functools.partial" and self._constructor(parent, scope)
        if isinstance(parent, ast.ClassDef) and expr in parent.bases:
            return self._subclass(parent)
        return self._bound(expr, parent, scope, self._constructor)

    def _instance(self, expr: ast.expr, scope: Scope) -> bool:
        """`expr` evaluates to an instance of the class."""
        if id(expr) in self._seen:
            return True
        self._seen.add(id(expr))
        parent = self.model.parent(expr)
        if isinstance(parent, ast.Call) and parent.func is expr:
            self._calls.append((parent, scope))
            return True
        if isinstance(parent, ast.Attribute) and parent.attr in ("apply", "init"):
            call = self.model.parent(parent)
            compiled = self._compiled_call(call, parent, scope)
            if compiled is not None:
                call = ast.Call(func=parent, args=compiled.args, keywords=compiled.keywords)
            if not (isinstance(call, ast.Call) and call.func is parent and call.args):
                return False
            keywords = [k for k in call.keywords if k.arg not in _APPLY_OPTIONS and k.arg != "method"]
            direct = ast.Call(func=call.func, args=call.args[1:], keywords=keywords)
            method = next((k.value for k in call.keywords if k.arg == "method"), None)
            if compiled is not None:
                self.compiled.add(direct)
            if method is None:
                self._calls.append((direct, scope))
            elif isinstance(method, ast.Constant) and isinstance(method.value, str):  # method="encode"
                self._method_calls.append((method.value, direct, scope))
            elif isinstance(method, ast.Attribute):  # method=Model.encode
                self._method_calls.append((method.attr, direct, scope))
            return True
        if isinstance(parent, ast.Attribute):  # `instance.encode(x, n)`: a call of another method
            call = self.model.parent(parent)
            if isinstance(call, ast.Call) and call.func is parent:
                self._method_calls.append((parent.attr, call, scope))
                return True
        if isinstance(parent, ast.keyword):
            return self._given_to_field(parent, scope) or self._handed_to_function(expr, parent, scope)
        if isinstance(parent, ast.Call) and expr in parent.args:
            return self._handed_to_function(expr, parent, scope)
        return self._bound(expr, parent, scope, self._instance)

    def _handed_to_function(self, expr: ast.expr, parent: ast.AST, scope: Scope) -> bool:
        """`step(model, x)` (or `step(m=model)`) of a function of this module: the instance is read
        there as its parameter (`def step(m, x): return m(x)`, under `nnx.jit` or `eqx.filter_jit`)."""
        call = self.model.parent(parent) if isinstance(parent, ast.keyword) else parent
        if not isinstance(call, ast.Call) or any(isinstance(a, ast.Starred) for a in call.args):
            return False
        refs = self.model.function_refs(call.func, scope)
        if len(refs) != 1:
            return False
        target, bound = refs[0]
        positional = target.positional_params()[bound:]
        if isinstance(parent, ast.keyword):
            param = parent.arg
        else:
            index = call.args.index(expr)
            param = positional[index] if index < len(positional) else None
        bindings = target.bindings.get(param, ()) if param is not None else ()
        if len(bindings) != 1 or bindings[0].kind != "param":
            return False
        return self._reads(param, target, self._instance)  # type: ignore[arg-type]

    def _compiled_call(self, wrapping: ast.AST | None, method: ast.Attribute, scope: Scope) -> ast.Call | None:
        """`jax.jit(model.apply)(params, x, n)`: the call of the compiled `apply`, where `wrapping` is
        `jax.jit(model.apply)` (a jit without static arguments, called at once)."""
        if not (isinstance(wrapping, ast.Call) and wrapping.args and wrapping.args[0] is method
                and not wrapping.keywords):
            return None
        transform = TRANSFORMS.get(self.model.qualified(wrapping.func, scope) or "")
        called = self.model.parent(wrapping)
        if transform is None or transform.kind != "jit" or not (isinstance(called, ast.Call) and called.func is wrapping):
            return None
        return called

    def _given_to_field(self, keyword: ast.keyword, scope: Scope) -> bool:
        """`Block(rel=instance)` where `rel` is a declared field of a class of this module: the
        instance is read there as `self.rel`."""
        call = self.model.parent(keyword)
        cls = self._class_called(call, scope) if isinstance(call, ast.Call) else None
        if cls is None or keyword.arg not in _declared_fields(cls.node):  # type: ignore[arg-type]
            return False
        return self._self_reads(keyword.arg, self._instance)  # type: ignore[arg-type]

    def _class_called(self, call: ast.Call, scope: Scope) -> Scope | None:
        """The class of this module that `call` instantiates by its name, if it is one."""
        cls = class_named(scope, call.func.id) if isinstance(call.func, ast.Name) else None
        return self.model.scope_of.get(cls) if cls is not None else None

    def _bound(self, expr: ast.expr, parent: ast.AST | None, scope: Scope, follow: Follow) -> bool:
        """`name = expr`, `self.name = expr` or a class field `name: T = expr`: follow the reads."""
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and parent.value is expr:
            target = parent.targets[0]
        elif isinstance(parent, ast.AnnAssign) and parent.value is expr:
            target = parent.target
        else:
            return False
        if isinstance(target, ast.Name):
            if isinstance(self.model.parent(parent), ast.ClassDef):  # a field default: read as self.name
                return self._self_reads(target.id, follow)
            owner = scope.lookup_scope(target.id)
            if owner is None or len(owner.bindings.get(target.id, ())) != 1:
                return False
            return self._reads(target.id, owner, follow)
        if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
            return self._self_reads(target.attr, follow)
        return False

    def _self_reads(self, attr: str, follow: Follow) -> bool:
        uses = self._self_attributes_named(attr)
        return len(uses) <= _MAX_USES and all([follow(use, scope) for scope, use in uses])

    def _subclass(self, node: ast.ClassDef) -> bool:
        """A subclass that inherits `__call__`: its calls are calls of this one."""
        sub = self.model.scope_of.get(node)
        if sub is None or any(isinstance(s, ast.FunctionDef) and s.name == "__call__" for s in node.body):
            return False
        return self._class(sub)

    def _self_attributes_named(self, attr: str) -> list[tuple[Scope, ast.Attribute]]:
        """Every read of `self.<attr>` in this module (one pass over the module serves all)."""
        if self._self_attributes is None:
            self._self_attributes = {}
            for scope in self.model.scopes:
                for node in scope.of_type(ast.Attribute):
                    value = node.value  # type: ignore[attr-defined]
                    if isinstance(value, ast.Name) and value.id == "self" and isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
                        self._self_attributes.setdefault(node.attr, []).append((scope, node))  # type: ignore[attr-defined]
        return self._self_attributes.get(attr, [])


def _declared_fields(node: ast.ClassDef) -> set[str]:
    """The names a class body declares with an annotation (dataclass fields of a module class)."""
    return {s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)}


_SHAPE_ATTRIBUTES = frozenset(("shape", "ndim", "size", "dtype"))


def is_static_argument(expr: ast.expr, static_names: set[str], model: Model, scope: Scope) -> bool:
    """A value known when tracing: a Python constant, a shape (`x.shape`, `x.shape[-1]`, `len(x)`,
    `x.ndim`), a name in `static_names`, or a tuple or arithmetic of these."""
    if isinstance(expr, ast.Constant):
        return True
    if isinstance(expr, (ast.Tuple, ast.List)):
        return all(is_static_argument(e, static_names, model, scope) for e in expr.elts)
    if isinstance(expr, ast.Attribute):
        return expr.attr in _SHAPE_ATTRIBUTES
    if isinstance(expr, ast.Subscript):
        return is_static_argument(expr.value, static_names, model, scope)
    if isinstance(expr, ast.UnaryOp):
        return is_static_argument(expr.operand, static_names, model, scope)
    if isinstance(expr, ast.BinOp):
        return all(is_static_argument(e, static_names, model, scope) for e in (expr.left, expr.right))
    if isinstance(expr, ast.Call):
        return model.qualified(expr.func, scope) == "builtins.len"
    return isinstance(expr, ast.Name) and expr.id in static_names
