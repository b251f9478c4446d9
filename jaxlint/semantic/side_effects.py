"""What a function changes outside itself: names rebound through `global`/`nonlocal`, containers
and objects that live in an enclosing scope (mutated by a method, stored into by item or
attribute), and the attributes of its `self`. Each with the scope the changed thing lives in, so a
rule can tell state that outlives a trace from state the same trace builds.

Containers are known by how they are made (a list/dict/set display or comprehension, `list()`,
`dict()`, `collections.defaultdict(...)`...): `.update` or `.pop` on an unknown object (an optax
transformation, an `nnx.Optimizer`) is a method call like any other, never a mutation here."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, NamedTuple

from jaxlint.knowledge.api import CONTAINER_MAKERS
from jaxlint.semantic.classes import attribute_stores, method_class

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# Methods that change a container, by the kinds of container that have them.
_MUTATORS = {
    "append": {"list"}, "extend": {"list"}, "insert": {"list"}, "pop": {"list", "dict", "set"},
    "add": {"set"}, "setdefault": {"dict"}, "update": {"dict", "set"}, "clear": {"list", "dict", "set"},
    "remove": {"list", "set"}, "discard": {"set"}, "popitem": {"dict"},
}
_DISPLAYS = {ast.List: "list", ast.ListComp: "list", ast.Dict: "dict", ast.DictComp: "dict", ast.Set: "set",
             ast.SetComp: "set"}


class SideEffect(NamedTuple):
    node: ast.AST  # the statement or call that makes the change
    target: str  # what changes, as written: "CALLS", "LOG", "self.count"
    action: str  # for messages: "rebinds the global `N`", "stores into the dict `CACHE`", "sets `self.count`"
    owner: Scope | None  # where the changed thing lives; None for the function's own `self`
    values: tuple[ast.expr, ...] = ()  # what is stored or added (none for `pop`, `clear`, `del`)
    augmented: bool = False  # `x += ...` or `x = x + ...`: a running count or total


def outside_effects(model: Model, scope: Scope) -> Iterator[SideEffect]:
    """The changes `scope` makes to state outside it (not in the functions nested in it)."""
    yield from _rebound(scope)
    for call in scope.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if isinstance(func, ast.Attribute) and func.attr in _MUTATORS:
            owner, kind = _container(model, func.value, scope)
            if owner is not None and kind in _MUTATORS[func.attr]:
                target = ast.unparse(func.value)
                values = (*call.args, *(k.value for k in call.keywords))  # type: ignore[attr-defined]
                yield SideEffect(call, target, f"calls `.{func.attr}()` on the {kind} `{target}`", _outer(owner), values)
    for statement in scope.of_type(ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete):
        for target in _targets(statement):
            effect = _store(model, statement, target, scope)
            if effect is not None:
                yield effect


def _outer(owner: Scope | str) -> Scope | None:
    return None if isinstance(owner, str) else owner


def _rebound(scope: Scope) -> Iterator[SideEffect]:
    declared = scope.globals | scope.nonlocals
    if not declared:
        return
    for statement in scope.of_type(ast.Assign, ast.AugAssign, ast.AnnAssign):
        for target in _targets(statement):
            if isinstance(target, ast.Name) and target.id in declared:
                word = "global" if target.id in scope.globals else "enclosing function's variable"
                yield SideEffect(statement, target.id, f"rebinds the {word} `{target.id}`", scope.lookup_scope(target.id),
                                 _stored(statement), _running(statement, target))


def _targets(statement: ast.AST) -> Iterator[ast.expr]:
    if isinstance(statement, ast.Assign):
        targets: list[ast.expr] = statement.targets
    elif isinstance(statement, ast.Delete):
        targets = statement.targets
    else:
        targets = [statement.target]  # type: ignore[attr-defined]
    for target in targets:
        yield from target.elts if isinstance(target, (ast.Tuple, ast.List)) else [target]


def _store(model: Model, statement: ast.AST, target: ast.expr, scope: Scope) -> SideEffect | None:
    """`CACHE[k] = v`, `state.count += 1`, `self.last = x`: a store into something outside."""
    if isinstance(target, ast.Subscript):
        owner, kind = _container(model, target.value, scope)
        if owner is not None and kind in ("list", "dict"):
            stored = ast.unparse(target.value)
            verb = "deletes from" if isinstance(statement, ast.Delete) else "stores into"
            return SideEffect(statement, stored, f"{verb} the {kind} `{stored}`", _outer(owner), _stored(statement),
                              _running(statement, target))
    if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name):
        name = target.value.id
        is_self = _is_self(scope, name)
        owner = None if is_self else scope.lookup_scope(name)
        if not is_self and (owner is None or owner is scope or not _object(owner, name)):
            return None
        text = ast.unparse(target)
        return SideEffect(statement, text, f"sets `{text}`", owner, _stored(statement), _running(statement, target))
    return None


def _running(statement: ast.AST, target: ast.expr) -> bool:
    """A running count or total: `x += v`, or arithmetic on the old value stored back (`g = g + 1`,
    `n = 2 * n`, `self.total = self.total * 0.9 + x`, `d[k] = d[k] - 1`), whatever it adds."""
    if isinstance(statement, ast.AugAssign):
        return True
    if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
        return False
    wanted = ast.dump(_loaded(target))
    stack = [statement.value]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.BinOp):
            stack += [node.left, node.right]
        elif isinstance(node, ast.UnaryOp):
            stack.append(node.operand)
        elif ast.dump(_loaded(node)) == wanted:
            return True
    return False


def _loaded(expr: ast.expr) -> ast.expr:
    """`expr` as read (its context Load), to compare a target with a read of the same thing."""
    return ast.parse(ast.unparse(expr), mode="eval").body


def _stored(statement: ast.AST) -> tuple[ast.expr, ...]:
    value = getattr(statement, "value", None)
    return (value,) if value is not None else ()


def _container(model: Model, expr: ast.expr, scope: Scope) -> tuple[Scope | str | None, str | None]:
    """Where the container `expr` lives and its kind: a name of an enclosing scope, or an attribute
    of the function's `self` ("self") that the class makes a container."""
    if isinstance(expr, ast.Name):
        owner = scope.lookup_scope(expr.id)
        if owner is None or owner is scope:
            return None, None
        return owner, _kind_of_name(model, owner, expr.id)
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name) and _is_self(scope, expr.value.id):
        cls = method_class(scope)
        return ("self", _kind_of_attribute(model, cls, expr.attr)) if cls is not None else (None, None)
    return None, None


def _kind_of_name(model: Model, owner: Scope, name: str) -> str | None:
    """"list"/"dict"/"set" when every binding of `name` in `owner` makes one."""
    bindings = owner.bindings.get(name, [])
    values = []
    for binding in bindings:
        statement = model.parent(binding.node) if binding.kind == "assign" else None
        if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
            return None
        values.append(statement.value)
    return _same_kind(model, owner, values)


def _kind_of_attribute(model: Model, cls: Scope, attr: str) -> str | None:
    """The container every `self.attr = ...` of the class makes (`self.history = []`)."""
    values: list[ast.expr | None] = []
    for method in cls.children:
        params = method.positional_params() if method.is_function else []
        if params:
            values += [value for stored, value in attribute_stores(method, params[0]) if stored == attr]
    if not values or any(v is None for v in values):
        return None  # never stored, or changed by `+=`: not known
    return _same_kind(model, cls, values)  # type: ignore[arg-type]


def _same_kind(model: Model, scope: Scope, values: list[ast.expr]) -> str | None:
    kinds = {_made_kind(model, scope, v) for v in values}
    return kinds.pop() if len(kinds) == 1 and None not in kinds else None


def _made_kind(model: Model, scope: Scope, value: ast.expr) -> str | None:
    if type(value) in _DISPLAYS:
        return _DISPLAYS[type(value)]
    if isinstance(value, ast.Call):
        return CONTAINER_MAKERS.get(model.qualified(value.func, scope) or "")
    return None


def _object(owner: Scope, name: str) -> bool:
    """A name bound by assignment or as a parameter (an object someone made), not a function, a
    class or an imported module, whose attributes are its definition."""
    kinds = {b.kind for b in owner.bindings.get(name, [])}
    return bool(kinds) and kinds <= {"assign", "param", "augassign"}


def _is_self(scope: Scope, name: str) -> bool:
    cls = method_class(scope)
    params = scope.positional_params()
    return cls is not None and bool(params) and params[0] == name and all(
        b.kind == "param" for b in scope.bindings.get(name, []))
