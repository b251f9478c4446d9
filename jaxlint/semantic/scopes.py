"""Scopes and bindings: one walk of the module records who binds what, and which nodes
belong to which function, so that rules never walk the tree again."""

from __future__ import annotations

import ast
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

FunctionNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda


@dataclass(eq=False, slots=True)
class Binding:
    name: str
    kind: str  # import | param | assign | augassign | def | class | for | with | except | del | global-write
    node: ast.AST
    lineno: int
    qualified: str | None = None  # for imports: the dotted name bound


@dataclass(eq=False, slots=True)
class Scope:
    kind: str  # module | class | function | lambda
    node: ast.AST
    parent: Scope | None
    qualname: str | None  # dotted, without the module; None for the module
    bindings: dict[str, list[Binding]] = field(default_factory=lambda: defaultdict(list))
    globals: set[str] = field(default_factory=set)
    nonlocals: set[str] = field(default_factory=set)
    stars: list[str] = field(default_factory=list)  # modules `from m import *` imports here
    children: list[Scope] = field(default_factory=list)
    # Every node whose innermost enclosing scope is this one, grouped by type.
    nodes: dict[type, list[ast.AST]] = field(default_factory=lambda: defaultdict(list))

    def of_type(self, *types: type) -> Sequence[ast.AST]:
        """The nodes of these types in this scope, in source order (per type). Read-only."""
        if len(types) == 1:  # the common case: the stored list itself, no copy
            assert types[0] in INDEXED, f"{types[0].__name__} nodes are not indexed: add the type to INDEXED"
            return self.nodes.get(types[0], ())
        found: list[ast.AST] = []
        for t in types:
            assert t in INDEXED, f"{t.__name__} nodes are not indexed: add the type to INDEXED"
            found.extend(self.nodes.get(t, ()))
        return found

    @property
    def is_function(self) -> bool:
        return self.kind in ("function", "lambda")

    def enclosing_function(self) -> Scope | None:
        scope = self.parent
        while scope is not None and scope.kind == "class":
            scope = scope.parent
        return scope

    def lookup_scope(self, name: str) -> Scope | None:
        """The scope whose binding `name` refers to from here (LEGB; class bodies skipped)."""
        scope: Scope | None = self
        if name in self.globals:
            return self.module()
        first = True
        while scope is not None:
            if (first or scope.kind != "class") and name in scope.bindings and name not in scope.nonlocals:
                return scope
            first = False
            scope = scope.parent
        return None

    def bindings_of(self, name: str) -> list[Binding]:
        """The bindings `name` refers to from here (none for a builtin or an unknown name)."""
        owner = self.lookup_scope(name)
        return owner.bindings.get(name, []) if owner is not None else []

    def ancestors(self) -> list[Scope]:
        found, scope = [], self.parent
        while scope is not None:
            found.append(scope)
            scope = scope.parent
        return found

    def subtree(self) -> list[Scope]:
        """This scope and every scope nested in it."""
        found, stack = [], [self]
        while stack:
            current = stack.pop()
            found.append(current)
            stack.extend(current.children)
        return found

    def module(self) -> Scope:
        scope = self
        while scope.parent is not None:
            scope = scope.parent
        return scope

    def positional_params(self) -> list[str]:
        """Parameters that a call can fill by position, in order."""
        args = self.node.args  # type: ignore[attr-defined]
        return [a.arg for a in args.posonlyargs + args.args]

    def params(self) -> list[str]:
        args = self.node.args  # type: ignore[attr-defined]
        return [a.arg for a in args.posonlyargs + args.args + args.kwonlyargs]


# The node types rules and the model look up by scope (`Scope.of_type`); others are not recorded.
INDEXED = frozenset((
    ast.Call, ast.Name, ast.Subscript, ast.Attribute, ast.Slice, ast.Assign, ast.AugAssign, ast.AnnAssign,
    ast.Delete, ast.Return, ast.If, ast.While, ast.For, ast.AsyncFor, ast.Assert, ast.IfExp, ast.BoolOp,
    ast.UnaryOp, ast.comprehension, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Compare,
    ast.With, ast.AsyncWith, ast.BinOp,
))
_SCOPE_NODES = frozenset((ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef))
_BINDERS = frozenset((ast.Name, ast.Import, ast.ImportFrom, ast.Global, ast.Nonlocal, ast.ExceptHandler,
                      ast.MatchAs, ast.MatchStar))
# Fields that never hold nodes we walk: shared singletons (ctx, operators) and plain strings/ints.
_SKIPPED_FIELDS = frozenset(("ctx", "op", "ops", "type_comment", "id", "attr", "arg", "asname", "module", "level",
                             "is_async", "simple", "kind", "conversion", "name"))
_FIELDS: dict[type, tuple[str, ...]] = {}


def child_fields(kind: type) -> tuple[str, ...]:
    """The fields of `kind` that may hold child nodes, last first (the walk pushes them on a stack)."""
    fields = _FIELDS.get(kind)
    if fields is None:
        skipped = _SKIPPED_FIELDS | ({"value"} if kind is ast.Constant else set())
        fields = _FIELDS[kind] = tuple(reversed([f for f in kind._fields if f not in skipped]))
    return fields


def class_named(scope: Scope, name: str) -> ast.ClassDef | None:
    """The class statement `name` denotes where `scope` reads it, when it is bound once, to one."""
    owner = scope.lookup_scope(name)
    bindings = owner.bindings.get(name, []) if owner is not None else []
    if len(bindings) != 1 or bindings[0].kind != "class":
        return None
    return bindings[0].node  # type: ignore[return-value]


def every_parameter(arguments: ast.arguments) -> list[ast.arg]:
    """A function's or lambda's parameters in order: positional-only, positional, keyword-only,
    then `*args` and `**kwargs` where it has them."""
    every = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return [a for a in every if a is not None]


def child_nodes(node: ast.AST) -> list[ast.AST]:
    """The children of `node` in source order, as `ast.iter_child_nodes` gives them but for the
    shared singletons (`Load`, operators), which hold nothing: a walk of half the nodes."""
    found: list[ast.AST] = []
    for name in reversed(child_fields(type(node))):
        value = getattr(node, name, None)
        if type(value) is list:
            found.extend(child for child in value if isinstance(child, ast.AST))
        elif isinstance(value, ast.AST):
            found.append(value)
    return found


class ScopeBuilder:
    """Builds the scope tree and the parent of every node but most constants (rules need to look
    up from names, calls, statements and expressions that can hold tracers). Parents are
    kept in a map, not on the nodes: a tree with links both ways is a reference cycle, which
    only the cycle collector frees, at the cost of walking every node once more."""

    def __init__(self, package: str | None = None) -> None:
        self.package = package  # the package relative imports start from; None: they resolve to nothing
        self.scopes: list[Scope] = []
        self.scope_of: dict[ast.AST, Scope] = {}  # function/class node → its own scope
        self.parents: dict[ast.AST, ast.AST] = {}
        self.imports: list[Binding] = []  # every import binding, whatever its scope

    def build(self, tree: ast.Module) -> Scope:
        module = Scope("module", tree, None, None)
        self.scopes.append(module)
        # An explicit stack, not recursion: generated files nest deeply, and this is the hot loop.
        # It holds nodes, whose parent is recorded when they are pushed, and scopes: popping a
        # scope makes it the one the nodes that follow belong to (see `_enter`).
        parents = self.parents
        for statement in tree.body:
            parents[statement] = tree
        stack: list = list(reversed(tree.body))
        pop, push, node_type, is_list, fields_of = stack.pop, stack.append, ast.AST, list, _FIELDS.get
        name_type, constant_type, load_type, scope_type = ast.Name, ast.Constant, ast.Load, Scope
        attribute_type, call_type = ast.Attribute, ast.Call
        scope = module
        nodes = scope.nodes
        names, attributes, calls = _appenders(scope)
        while stack:
            node = pop()
            kind = type(node)
            # Names and constants are half of all nodes and have no children: the short way.
            if kind is name_type:
                names(node)
                if type(node.ctx) is not load_type:
                    self._record_binding(node, scope)
                continue
            if kind is constant_type:
                continue
            if kind is attribute_type:  # the next most common: one child
                attributes(node)
                value = node.value
                parents[value] = node
                push(value)
                continue
            if kind is call_type:
                calls(node)
                for child in reversed(node.keywords):
                    value = child.value  # a keyword's only child
                    parents[child] = node
                    parents[value] = child
                    push(value)
                for child in reversed(node.args):
                    if type(child) is not constant_type:
                        parents[child] = node
                        push(child)
                child = node.func
                parents[child] = node
                push(child)
                continue
            if kind is scope_type:
                scope = node
                nodes = scope.nodes
                names, attributes, calls = _appenders(scope)
                continue
            if kind in INDEXED:
                nodes[kind].append(node)
            if kind in _SCOPE_NODES:
                self._enter(node, scope, stack)
                continue
            if kind in _BINDERS:
                self._record_binding(node, scope)
            # Children are pushed last-first so that they pop in source order.
            fields = fields_of(kind)
            if fields is None:
                fields = child_fields(kind)
            for name in fields:
                value = getattr(node, name, None)
                if type(value) is is_list:
                    for child in reversed(value):
                        if type(child) is not constant_type and isinstance(child, node_type):
                            parents[child] = node
                            push(child)
                elif type(value) is not constant_type and isinstance(value, node_type):
                    parents[value] = node
                    push(value)
        return module

    def _enter(self, node: ast.AST, outer: Scope, stack: list) -> None:
        if isinstance(node, ast.Lambda):
            kind, name = "lambda", "<lambda>"
        else:
            kind = "class" if isinstance(node, ast.ClassDef) else "function"
            name = node.name  # type: ignore[attr-defined]
            outer.bindings[name].append(Binding(name, "class" if kind == "class" else "def", node, node.lineno))
        qual = name if outer.qualname is None else f"{outer.qualname}.{name}"
        inner = Scope(kind, node, outer, qual)
        outer.children.append(inner)
        self.scopes.append(inner)
        self.scope_of[node] = inner
        if kind != "class":
            args = node.args  # type: ignore[attr-defined]
            self.parents[args] = node
            for a in every_parameter(args):
                self.parents[a] = args
                inner.bindings[a.arg].append(Binding(a.arg, "param", a, node.lineno))
        body = node.body if isinstance(node.body, list) else [node.body]  # type: ignore[attr-defined]
        # Popped in this order: the decorators, defaults, bases and annotations (evaluated first,
        # in the outer scope), the inner scope, its body, the outer scope again.
        stack.append(outer)
        for statement in reversed(body):
            self.parents[statement] = node
            stack.append(statement)
        stack.append(inner)
        for expr in reversed(outer_parts(node)):
            self.parents[expr] = node
            stack.append(expr)

    def _record_binding(self, node: ast.AST, scope: Scope) -> None:
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Store):
                scope.bindings[node.id].append(Binding(node.id, _store_kind(node, self.parents), node, node.lineno))
            elif isinstance(node.ctx, ast.Del):
                scope.bindings[node.id].append(Binding(node.id, "del", node, node.lineno))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            if isinstance(node, ast.ImportFrom) and any(alias.name == "*" for alias in node.names):
                module = star_module(node, self.package)
                if module:
                    scope.stars.append(module)
            for alias in node.names:
                for name, qualified in import_bindings(node, alias, self.package):
                    binding = Binding(name, "import", node, node.lineno, qualified)
                    scope.bindings[name].append(binding)
                    self.imports.append(binding)
        elif isinstance(node, ast.Global):
            scope.globals.update(node.names)
        elif isinstance(node, ast.Nonlocal):
            scope.nonlocals.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            scope.bindings[node.name].append(Binding(node.name, "except", node, node.lineno))
        elif isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            scope.bindings[node.name].append(Binding(node.name, "assign", node, node.lineno))


def _appenders(scope: Scope) -> tuple:
    """Appenders to the scope's lists of names, attributes and calls: the walk's most common nodes."""
    return scope.nodes[ast.Name].append, scope.nodes[ast.Attribute].append, scope.nodes[ast.Call].append


def outer_parts(node: ast.AST) -> list[ast.AST]:
    """What of a function or class its enclosing scope evaluates: decorators, defaults, annotations, bases."""
    parts: list[ast.AST] = list(getattr(node, "decorator_list", []))
    if isinstance(node, ast.ClassDef):
        parts += node.bases + [k.value for k in node.keywords]
        return parts
    args = node.args  # type: ignore[attr-defined]
    parts += [d for d in args.defaults + args.kw_defaults if d is not None]
    if not isinstance(node, ast.Lambda):
        parts += [a.annotation for a in every_parameter(args) if a.annotation is not None]
        if node.returns is not None:
            parts.append(node.returns)
    return parts


def _store_kind(node: ast.Name, parents: dict[ast.AST, ast.AST]) -> str:
    parent = parents.get(node)
    while isinstance(parent, (ast.Tuple, ast.List, ast.Starred)):
        parent = parents.get(parent)
    if isinstance(parent, ast.AugAssign):
        return "augassign"
    if isinstance(parent, (ast.For, ast.AsyncFor, ast.comprehension)):
        return "for"
    if isinstance(parent, ast.withitem):
        return "with"
    return "assign"


def import_bindings(node: ast.Import | ast.ImportFrom, alias: ast.alias,
                     package: str | None) -> list[tuple[str, str | None]]:
    if isinstance(node, ast.Import):
        if alias.asname:
            return [(alias.asname, alias.name)]
        top = alias.name.split(".")[0]
        return [(top, top)]
    if alias.name == "*":
        return []
    module = node.module or ""
    if node.level:  # relative import: a module of the project, named from the importing package
        base = relative_base(package, node.level)
        if not base:
            return [(alias.asname or alias.name, None)]
        module = f"{base}.{module}" if module else base
    return [(alias.asname or alias.name, f"{module}.{alias.name}" if module else alias.name)]


def star_module(node: ast.ImportFrom, package: str | None) -> str | None:
    """The module `from m import *` imports from (relative ones named from `package`)."""
    if not node.level:
        return node.module
    base = relative_base(package, node.level)
    return None if not base else f"{base}.{node.module}" if node.module else base


def relative_base(package: str | None, level: int) -> str | None:
    """The package `from .` (level 1), `from ..` (level 2) ... names, seen from `package`."""
    if not package:
        return None
    parts = package.split(".")
    return ".".join(parts[:len(parts) - level + 1]) if level <= len(parts) else None
