"""Static fields of classes: what `self.<attr>` holds in a method, as far as the class says.

A field is a Python value known at trace time (static) when its class declares it so
(`eqx.field(static=True)`, `flax.struct.field(pytree_node=False)`), when its annotation is a
Python int/bool or a tuple/sequence of ints and the class's instances keep their attributes as
they were built (flax linen/nnx modules, dataclasses, plain classes; equinox modules under their
filter transforms), or when the object stores it while it is built (`__init__`, `setup`) from a
Python literal or an int-annotated parameter and never again. Names never make a field static."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.semantic.classes import (
    BUILDERS,
    attribute_stores,
    field_declarations,
    method_class,
)
from jaxlint.semantic.imports import last_name, qualified_name
from jaxlint.semantic.values import STATIC, Value

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.trace_info import TraceInfo

SHAPE_TUPLE = Value(static=True, shape=True, is_tuple=True)
# Classes whose instances JAX flattens into leaves: a field is static only where it is declared so.
_PYTREE_CLASSES = frozenset(("typing.NamedTuple", "flax.struct.dataclass", "flax.struct.PyTreeNode", "chex.dataclass",
                             "jax.tree_util.register_dataclass", "jax.tree_util.register_pytree_node_class",
                             "jax.tree_util.register_pytree_with_keys_class"))
# Calls that make the class they are given a pytree (`register_pytree_node(Point, flatten, unflatten)`).
_REGISTERING_CALLS = frozenset(("jax.tree_util.register_pytree_node", "jax.tree_util.register_pytree_with_keys",
                                "jax.tree_util.register_dataclass"))
# equinox modules are pytrees too, but its filter transforms keep their non-array leaves static.
_FILTERED_PYTREES = frozenset(("equinox.Module",))
_PLAIN_BASES = frozenset(("builtins.object", "abc.ABC"))
_INT_TYPES = frozenset(("int", "bool"))
_SEQUENCE_TYPES = frozenset(("tuple", "Tuple", "Sequence", "list", "List"))
_OPTIONAL = frozenset(("Optional",))
_NUMBER_BUILTINS = frozenset(("builtins.len", "builtins.int"))  # a Python int, whatever the argument
_SEQUENCE_BUILTINS = frozenset(("builtins.tuple", "builtins.list"))


class ClassFields:
    """Static fields per class, computed once per class on first use."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._static: dict[tuple[Scope, bool], dict[str, Value]] = {}
        self._registered: frozenset[str] | None = None

    def self_field(self, scope: Scope, node: ast.Attribute) -> Value | None:
        """The value of `self.<attr>` read in a method (or a function nested in one) when the
        class makes that field static; None when it does not, or `node` reads no `self`."""
        if not isinstance(node.value, ast.Name):
            return None
        method = _receiver_method(scope, node.value.id)
        if method is None:
            return None
        cls = method.parent
        key = (cls, _object_traced(self.model.info(method), node.value.id))
        fields = self._static.get(key)
        if fields is None:
            fields = self._static[key] = self._static_fields(*key)  # type: ignore[arg-type]
        return fields.get(node.attr)

    def reads_shape_tuple(self, scope: Scope) -> bool:
        """`scope` reads a field of its object that holds a tuple of ints (`self.features`)."""
        return any((value := self.self_field(scope, node)) is not None and value.is_tuple  # type: ignore[arg-type]
                   for node in scope.of_type(ast.Attribute))

    def _static_fields(self, cls: Scope, traced_self: bool) -> dict[str, Value]:
        """Each static field of the class (and of its bases in this module) → its value."""
        classes = self._class_chain(cls)
        kinds = {kind for c in classes for kind in _kinds(c)}
        registered = self._registered_classes()
        pytree = bool(kinds & _PYTREE_CLASSES) or any(c.node.name in registered for c in classes)  # type: ignore[attr-defined]
        filtered = bool(kinds & _FILTERED_PYTREES)
        # Typed fields hold what the object was built with, unless JAX flattens them into leaves.
        typed = not pytree and not (filtered and traced_self)
        fields: dict[str, Value] = {}
        declared: set[str] = set()
        for c in reversed(classes):  # a subclass's declarations override its bases'
            for statement in field_declarations(c):
                declared.add(statement.target.id)  # type: ignore[union-attr]
                value = _declared_value(statement, typed, floats=not filtered)
                if value is None:
                    fields.pop(statement.target.id, None)  # type: ignore[union-attr]
                else:
                    fields[statement.target.id] = value  # type: ignore[union-attr]
        if typed:
            fields.update(self._built_fields(classes, declared, fields))
        return fields

    def _built_fields(self, classes: list[Scope], declared: set[str], fields: dict[str, Value]) -> dict[str, Value]:
        """Attributes not declared as fields that the object gets only while it is built, each
        time from a Python number or tuple: `self.n = n` with `n: int`, `self.axes = (0, 1)`,
        `self.head_dim = self.dim // self.heads` of static `fields`, or a class attribute `n = 4`."""
        found: dict[str, Value] = {}
        changed: set[str] = set()
        for cls in classes:
            for statement in cls.node.body:  # type: ignore[attr-defined]
                if isinstance(statement, ast.Assign) and len(statement.targets) == 1 \
                        and isinstance(statement.targets[0], ast.Name):
                    _record(found, changed, statement.targets[0].id, _stored_value(statement.value, cls, fields))
            for method in cls.children:
                params = method.positional_params() if method.kind == "function" else []
                if not params:
                    continue
                building = method.node.name in BUILDERS  # type: ignore[attr-defined]
                for scope in method.subtree():
                    for attr, value in attribute_stores(scope, params[0]):
                        stored = None
                        if building and scope is method and value is not None:
                            stored = _stored_value(value, method, fields)
                            if stored is not None and self._unpacked(value):
                                stored = STATIC  # one element of the tuple: a number, we do not know which
                        _record(found, changed, attr, stored)
        return {a: v for a, v in found.items() if a not in changed and a not in declared}

    def _unpacked(self, value: ast.expr) -> bool:
        statement = self.model.parent(value)
        return isinstance(statement, ast.Assign) and any(isinstance(t, (ast.Tuple, ast.List))
                                                         for t in statement.targets)

    def _class_chain(self, cls: Scope) -> list[Scope]:
        """The class and the classes of this module it derives from, nearest first."""
        chain, pending = [], [cls]
        while pending:
            current = pending.pop(0)
            if current in chain:
                continue
            chain.append(current)
            for base in current.node.bases:  # type: ignore[attr-defined]
                if isinstance(base, ast.Name) and current.parent is not None:
                    found = self.model.local_def(base.id, current.parent, ast.ClassDef)
                    if found is not None:
                        pending.append(found)
        return chain

    def plain_class_chain(self, cls: Scope, plain_decorators: frozenset[str] = frozenset()) -> list[Scope] | None:
        """The class and the classes it derives from when all are plain classes of this module
        (no decorator but `plain_decorators`, no base from elsewhere but `object`/`abc.ABC`, not
        registered as a pytree): all their code is in sight. None otherwise (a module, dataclass or
        pytree class)."""
        chain = self._class_chain(cls)
        local = {c.node.name for c in chain}  # type: ignore[attr-defined]
        registered = self._registered_classes()
        for c in chain:
            node: ast.ClassDef = c.node  # type: ignore[assignment]
            outside = [b for b in node.bases if not (isinstance(b, ast.Name) and b.id in local)]
            decorated = any(qualified_name(d, c.parent) not in plain_decorators for d in node.decorator_list)  # type: ignore[arg-type]
            if decorated or node.keywords or node.name in registered or any(
                    qualified_name(b, c.parent) not in _PLAIN_BASES for b in outside):  # type: ignore[arg-type]
                return None
        return chain

    def _registered_classes(self) -> frozenset[str]:
        """Names of classes this module registers as pytrees by a call at module level."""
        if self._registered is None:
            module = self.model.module
            self._registered = frozenset(
                c.args[0].id for c in module.of_type(ast.Call)  # type: ignore[attr-defined]
                if c.args and isinstance(c.args[0], ast.Name)  # type: ignore[attr-defined]
                and qualified_name(c.func, module) in _REGISTERING_CALLS)  # type: ignore[attr-defined]
        return self._registered


def _kinds(cls: Scope) -> set[str]:
    """The qualified names of a class's bases and decorators."""
    node: ast.ClassDef = cls.node  # type: ignore[assignment]
    parent = cls.parent
    assert parent is not None
    names = {qualified_name(b, parent) for b in node.bases}
    names |= {qualified_name(d.func if isinstance(d, ast.Call) else d, parent) for d in node.decorator_list}
    return {n for n in names if n}


def _receiver_method(scope: Scope, name: str) -> Scope | None:
    """The method whose `self` parameter `name` is, read from `scope` (the method or a function
    nested in it); None for a static/class method, or a `self` rebound in the method."""
    method = scope.lookup_scope(name)
    if method is None or method_class(method) is None:
        return None
    params = method.positional_params()
    if not params or params[0] != name or len(method.bindings[name]) != 1:
        return None
    decorators = {last_name(d) for d in method.node.decorator_list}  # type: ignore[attr-defined]
    return None if decorators & {"staticmethod", "classmethod"} else method


def _object_traced(info: TraceInfo, self_name: str) -> bool:
    """A method decorated with a transform itself (`@jax.jit`, not an equinox filter transform)
    receives its object as a traced argument: the object's int leaves are tracers there."""
    return not info.filtered and self_name not in info.static_params and any(
        r.startswith("decorated with ") for r in info.reasons)


def _declared_value(statement: ast.AnnAssign, typed: bool, floats: bool) -> Value | None:
    """A field declared in the class body: static where declared static, or where its type is a
    Python int or tuple of ints and the instance keeps it as built."""
    python_type = _python_type(statement.annotation, floats)
    if declared_static(statement.value):
        return python_type or STATIC
    return python_type if typed else None


def declared_static(default: ast.expr | None) -> bool:
    """`eqx.field(static=True)`, `flax.struct.field(pytree_node=False)`, `static_field()`."""
    return isinstance(default, ast.Call) and (last_name(default.func) == "static_field" or any(
        k.arg in ("pytree_node", "static") and isinstance(k.value, ast.Constant)
        and k.value.value is (k.arg == "static") for k in default.keywords))


def _python_type(annotation: ast.expr | None, floats: bool = True) -> Value | None:
    """STATIC for `int`/`bool` (and `float` where a float field is no array), SHAPE_TUPLE for
    `tuple[int, ...]`/`Sequence[int]`; `Optional[...]` and `... | None` as their type."""
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        parts = [p for p in (annotation.left, annotation.right)
                 if not (isinstance(p, ast.Constant) and p.value is None)]
        return _python_type(parts[0], floats) if len(parts) == 1 else None
    if isinstance(annotation, ast.Subscript):
        outer = last_name(annotation.value)
        if outer in _OPTIONAL:
            return _python_type(annotation.slice, floats)
        items = annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        items = [i for i in items if not (isinstance(i, ast.Constant) and i.value is Ellipsis)]
        if outer in _SEQUENCE_TYPES and items and all(last_name(i) in _INT_TYPES for i in items):
            return SHAPE_TUPLE
        return None
    name = last_name(annotation) if annotation is not None else None
    return STATIC if name in _INT_TYPES or (floats and name == "float") else None


def _record(found: dict[str, Value], changed: set[str], attr: str, stored: Value | None) -> None:
    """Note one store of an attribute: a Python number/tuple, or anything else (None)."""
    if stored is None:
        changed.add(attr)
    else:
        found[attr] = stored if found.get(attr, stored) == stored else STATIC


def _stored_value(value: ast.expr, method: Scope, fields: dict[str, Value]) -> Value | None:
    """What a builder (or a class body) stores, when it is a Python number or tuple of numbers:
    a literal, a parameter so annotated or defaulted, a static field of the object, `len(...)`,
    or arithmetic and tuples of these."""
    if isinstance(value, ast.Constant):
        return STATIC if isinstance(value.value, (bool, int, float)) else None
    if isinstance(value, (ast.Tuple, ast.List)):
        parts = [_stored_value(e, method, fields) for e in value.elts]
        if any(p is None for p in parts):
            return None
        return STATIC if any(p.is_tuple for p in parts) else SHAPE_TUPLE  # type: ignore[union-attr]
    if isinstance(value, ast.UnaryOp) and isinstance(value.op, (ast.USub, ast.UAdd)):
        return _stored_value(value.operand, method, fields)
    if isinstance(value, ast.BinOp):
        left, right = _stored_value(value.left, method, fields), _stored_value(value.right, method, fields)
        return STATIC if left is not None and right is not None and not (left.is_tuple or right.is_tuple) else None
    if not method.is_function:
        return None
    if isinstance(value, ast.Name):
        return _param_type(method, value.id, fields)
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name) \
            and value.value.id == method.positional_params()[0]:
        return fields.get(value.attr)  # `self.dim // self.heads` of static fields
    if isinstance(value, ast.Call) and len(value.args) == 1:
        name = qualified_name(value.func, method)
        if name in _NUMBER_BUILTINS:
            return STATIC
        if name in _SEQUENCE_BUILTINS:  # tuple(features) of a tuple of ints
            inner = _stored_value(value.args[0], method, fields)
            return inner if inner is not None and inner.is_tuple else None
    return None


def _param_type(method: Scope, name: str, fields: dict[str, Value]) -> Value | None:
    """The Python type of a builder's parameter never rebound there: from its annotation, else
    from a literal default."""
    if len(method.bindings.get(name, [])) != 1:
        return None
    args = method.node.args  # type: ignore[attr-defined]
    positional = args.posonlyargs + args.args
    defaults = dict(zip(positional[len(positional) - len(args.defaults):], args.defaults))
    defaults.update((a, d) for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None)
    for param in positional + args.kwonlyargs:
        if param.arg == name:
            if param.annotation is not None:
                return _python_type(param.annotation)
            default = defaults.get(param)
            # a default is evaluated where the def is, not in the method: only its literals count
            return _stored_value(default, method.parent, fields) if default is not None else None  # type: ignore[arg-type]
    return None
