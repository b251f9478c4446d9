"""The semantic model of one module: scopes, imports, traced functions, abstract values.

Built once per file; every rule reads it. Values are computed lazily per function."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from dataclasses import dataclass, replace

from jaxlint.knowledge.api import SCALAR_ANNOTATIONS, is_array_annotation
from jaxlint.knowledge.transforms import Transform
from jaxlint.project.incoming import NOTHING, Asked, Incoming
from jaxlint.semantic.classes import field_declarations
from jaxlint.semantic.fields import ClassFields, declared_static
from jaxlint.semantic.imports import qualified_name
from jaxlint.semantic.interpret import Facts, Interpreter, State, function_value
from jaxlint.semantic.keys import Keys
from jaxlint.semantic.loop_shapes import LoopShapes
from jaxlint.semantic.loops import Loops
from jaxlint.semantic.module_arguments import module_arguments_static
from jaxlint.semantic.propagation import TREE_MAPS, Propagation, admitted, call_argument
from jaxlint.semantic.removed_api import Reference, references
from jaxlint.semantic.repetition import Repetition
from jaxlint.semantic.scopes import Scope, ScopeBuilder, outer_parts
from jaxlint.semantic.trace_info import ExternalEntry, TraceInfo, Wrap
from jaxlint.semantic.traced import TraceAnalysis
from jaxlint.semantic.values import (
    STATIC,
    TRACED,
    TRACED_ARRAY,
    TREE,
    UNKNOWN,
    Value,
    combine,
    join,
)
from jaxlint.semantic.wide_dtypes import WideDtype, wide_dtype_requests
from jaxlint.semantic.x64 import enables_x64
from jaxlint.source import split_lines
from jaxlint.written import unparsed

__all__ = ["DEFAULT_KEY_NAMES", "TREE_MAPS", "Model", "ModelOptions", "admitted"]

_NOT_TRACED = TraceInfo()
DEFAULT_KEY_NAMES = ("key", "rng", "prng_key", "*_key", "*_rng", "rng_key")
# Classes whose instances JAX flattens field by field (the fields are declared in the body).
_PYTREE_RECORDS = frozenset(("typing.NamedTuple", "flax.struct.dataclass", "flax.struct.PyTreeNode", "chex.dataclass",
                             "jax.tree_util.register_dataclass", "equinox.Module"))


@dataclass(frozen=True)
class ModelOptions:
    module_name: str = "module"
    package: str | None = None  # where relative imports start; None outside a package
    jit_decorators: frozenset[str] = frozenset()
    key_names: tuple[str, ...] = DEFAULT_KEY_NAMES
    max_unroll: int = 32  # a Python loop of more iterations in traced code is worth a `fori_loop`
    target_jax: object = None  # the JAX the project targets (a `jax_target.JaxTarget`), None when unknown
    # A notebook's rows: for each row of the joined cells, (cell, row in the cell); None for a module
    cells: tuple[tuple[int, int], ...] | None = None


class Model:
    def __init__(self, tree: ast.Module, options: ModelOptions = ModelOptions(), text: str | None = None,
                 incoming: Incoming = NOTHING, asked: Asked | None = None) -> None:
        """`text` is the source `tree` was parsed from (unparsed from the tree when not given):
        some questions are answered faster by a search of it. `incoming`: what the project pass
        learned from the other modules (who calls this module's functions from traced code), read
        only through `ask`, which records the questions (in `asked` when given: a relint's add to
        the check's)."""
        self.tree = tree
        self.options = options
        self.ask = asked if asked is not None else Asked(incoming)
        self._text = text
        builder = ScopeBuilder(options.package)
        self.module = builder.build(tree)
        self.scopes = builder.scopes
        self.scope_of = builder.scope_of
        self.imports = builder.imports
        self._functions = [s for s in self.scopes if s.is_function]
        self._parents = builder.parents
        self._analysis = TraceAnalysis(self.module, self.scopes, self.scope_of, self._parents, self.imports,
                                       options.jit_decorators, dict(self.ask.module_classes()))
        self.trace: dict[Scope, TraceInfo] = self._analysis.run()
        propagation = Propagation(self)  # not kept: it refers back to the model
        propagation.enter_from_callers(self.ask.entries())
        self._facts: dict[Scope, Facts] = {}
        self._interpreting: list[Scope] = []  # the scopes being interpreted, the innermost last
        self._readers: dict[Scope, set[Scope]] = {}  # a scope → the scopes whose interpretation read its facts
        self._mentions: dict[str, set[Scope]] | None = None  # a name → the scopes naming it (see forget)
        self._provisional: dict[Scope, Facts] = {}  # closures' facts while an owner of theirs is interpreted
        self._outer_owners: dict[Scope, list[Scope]] = {}
        self._sees_traced: dict[Scope, bool] = {}
        self._refs: dict[ast.AST, list[tuple[Scope, int]]] = {}
        self.repetition = Repetition(self)
        self.loops = Loops(self, text)
        self.class_fields = ClassFields(self)
        self._loads_by_name: dict[str, list[tuple[Scope, ast.Name]]] | None = None  # see loads_of
        self._accessed: dict[str, list[tuple[Scope, ast.Name]]] = {}  # see accessed_loads
        self._names_by_scope: dict[Scope, dict[str, list[ast.Name]]] = {}  # see names_within
        self.keys = Keys(self, options.key_names, text)
        self._module_arguments_static()
        propagation.defaults_never_passed()
        propagation.propagate_to_callees()

    # -- queries for rules ---------------------------------------------------------------

    def functions(self) -> list[Scope]:
        """Every function and lambda scope, in source order. Read-only."""
        return self._functions

    @functools.cached_property
    def source_lines(self) -> list[str]:
        """The module's source, line by line (rows start at 1: index `row - 1`)."""
        return split_lines(self._text if self._text is not None else ast.unparse(self.tree))

    @functools.cached_property
    def shapes(self) -> LoopShapes:
        """Whether an argument's shape changes from one iteration of a loop to the next."""
        return LoopShapes(self)

    @functools.cached_property
    def removed_names(self) -> list[Reference]:
        """Where the module names what JAX removed (JAX301 and JAX303 read it)."""
        return references(self)

    @functools.cached_property
    def enables_x64(self) -> bool:
        """Whether running this module turns `jax_enable_x64` on for the whole process."""
        return enables_x64(self.tree, self._text)

    @property
    def x64_enabled(self) -> bool:
        """Whether x64 is on for this module's code: it, or another part of its project, turns it on."""
        return self.enables_x64 or self.ask.x64()

    @functools.cached_property
    def wide_dtypes(self) -> list[WideDtype]:
        """Where the module asks JAX for float64/complex128, which JAX narrows unless x64 is on
        (JAX207 and the module's summary read it)."""
        return wide_dtype_requests(self, self._text)

    def transform_of(self, expr: ast.AST, scope: Scope) -> tuple[Transform, str] | None:
        """The transform `expr` names (`jax.jit`, `jax.grad`...) and its qualified name."""
        return self._analysis.transform_of(expr, scope)

    def wrap_of(self, expr: ast.AST, scope: Scope) -> Wrap | None:
        """The transform a decorator-like expression applies, with what it makes static."""
        return self._analysis.wrap_of(expr, scope)

    def wrapping_call(self, call: ast.Call, scope: Scope) -> Wrap | None:
        """The transform a call applies to its first argument (`jax.grad(f, argnums=1)`), if it is one."""
        return self._analysis.wrapping_call(call, scope)

    def local_def(self, name: str, scope: Scope, types: type | tuple[type, ...]) -> Scope | None:
        """The def or class `name` means in `scope`, where it is one of this module's (`types`: which)."""
        return self._analysis.local_def(name, scope, types)

    def inherit_nesting(self, scope: Scope, enclosing: TraceInfo | None) -> None:
        """`scope` is traced as the function it is nested in (the propagation found that function traced)."""
        self._analysis.inherit_nesting(scope, enclosing)

    def forget_facts(self) -> None:
        """Every function's facts are computed again when next asked: what they were read from changed
        (the callers' values, read with the parameters as they were before)."""
        self._facts.clear()

    def forget_what_sees_traced(self) -> None:
        """Which scopes a traced value reaches is computed again: more functions are traced now."""
        self._sees_traced.clear()

    def module_base(self, cls: Scope) -> str | None:
        """The flax/equinox module class `cls` derives from (through other modules' classes too)."""
        return self._analysis.module_base(cls)

    def imported_method(self, expr: ast.expr, scope: Scope) -> str | None:
        """`obj.method` of an object of a class another module defines: the method's qualified name."""
        return self._analysis.imported_method(expr, scope)

    def external_entries(self) -> list[ExternalEntry]:
        """Functions of other modules that transforms and lax bodies here trace. Read-only."""
        return self._analysis.external

    def parent(self, node: ast.AST) -> ast.AST | None:
        """The node `node` is a child of (None for the module, and for most constants)."""
        return self._parents.get(node)

    def statement_of(self, node: ast.AST) -> ast.stmt | None:
        """The statement holding `node` (`node` itself when it is one); None outside any."""
        while node is not None and not isinstance(node, ast.stmt):
            node = self._parents.get(node)  # type: ignore[assignment]
        return node

    def encloses(self, outer: ast.AST, node: ast.AST) -> bool:
        """Whether `node` is `outer` or lies within it."""
        parents = self._parents
        while node is not None:
            if node is outer:
                return True
            node = parents.get(node)
        return False

    def release(self) -> None:
        """Break the links between scopes (each knows its parent and children): the file's trees
        and facts are then freed at once by reference counting, not by the cycle collector."""
        for scope in self.scopes:
            scope.children = []
        del self.repetition, self.class_fields, self.keys, self.loops  # they refer back to the model
        self.__dict__.pop("shapes", None)

    def info(self, scope: Scope) -> TraceInfo:
        """How `scope` is traced; an empty TraceInfo (shared: read it, never change it) for code
        that is not."""
        return self.trace.get(scope) or _NOT_TRACED

    def facts(self, scope: Scope) -> Facts:
        if self._interpreting:
            self._readers.setdefault(scope, set()).add(self._interpreting[-1])
        found = self._facts.get(scope) or self._provisional.get(scope)
        if found is None:
            self._interpreting.append(scope)
            try:
                found = Interpreter(self, scope, self.trace.get(scope)).run()
            finally:
                self._interpreting.pop()
                # Its closures' facts read its values as UNKNOWN while it was interpreted: now they can know them.
                for closure in [c for c in self._provisional if scope in c.ancestors()]:
                    del self._provisional[closure]
            # A closure interpreted while its owner is (its free names read UNKNOWN) is not final,
            # but stays what it is until the owner is done (a loop of the owner asks again and again).
            if any(a in self._interpreting for a in scope.ancestors()):
                self._provisional[scope] = found
            else:
                self._facts[scope] = found
        return found

    @functools.cached_property
    def displayed(self) -> frozenset[ast.stmt]:
        """The expression statements a notebook shows: each cell's last top-level statement, when it is
        an expression (its value is displayed, not thrown away)."""
        cells = self.options.cells
        if not cells:
            return frozenset()
        last: dict[int, ast.stmt] = {}
        for statement in self.tree.body:
            last[cells[min(statement.lineno, len(cells)) - 1][0]] = statement
        return frozenset(s for s in last.values() if isinstance(s, ast.Expr))

    def forget(self, changed: set[Scope]) -> None:
        """Forget the facts that may have read how the `changed` scopes are traced (the model
        learned more of it): theirs and their closures', and in turn those of every scope whose
        interpretation read a forgotten scope's facts or that names a forgotten function (a call
        may read how its callee is traced without interpreting it)."""
        stale = {s for c in changed for s in c.subtree()}
        todo = list(stale)
        while todo:
            scope = todo.pop()
            dependents = set(self._readers.get(scope, ()))
            if isinstance(scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                dependents |= self._naming(scope.node.name)
            for dependent in dependents:
                for inner in dependent.subtree():  # closures read their owners' values
                    if inner not in stale:
                        stale.add(inner)
                        todo.append(inner)
        for scope in stale:
            self._facts.pop(scope, None)

    def _naming(self, name: str) -> set[Scope]:
        """The scopes where `name` occurs as a name or an attribute (`f(x)`, `self.f(x)`)."""
        if self._mentions is None:
            self._mentions = {}
            for scope in self.scopes:
                for node in scope.of_type(ast.Name):
                    self._mentions.setdefault(node.id, set()).add(scope)  # type: ignore[attr-defined]
                for node in scope.of_type(ast.Attribute):
                    self._mentions.setdefault(node.attr, set()).add(scope)  # type: ignore[attr-defined]
        return self._mentions.get(name, set())

    def qualified(self, node: ast.AST, scope: Scope) -> str | None:
        return qualified_name(node, scope)

    def qualname(self, scope: Scope | None) -> str | None:
        """Dotted name of a function for the JSON `function` field (None at module level)."""
        while scope is not None and not scope.is_function:
            scope = scope.parent
        if scope is None or scope.qualname is None:
            return None
        return f"{self.options.module_name}.{scope.qualname}"

    def outer_value(self, scope: Scope, name: str) -> Value:
        """The value a free name has when read from `scope`: the final value in its owner. What only
        the owner's own statements show (a list) is not known where a `global` or `nonlocal`
        declaration elsewhere may rebind it (`DIMS = tuple(DIMS)`)."""
        value = self._owner_value(scope, name)
        if value.unhashable and (self.declaring(name, True) or self.declaring(name, False)):
            return replace(value, unhashable="")
        return value

    def declaring(self, name: str, module: bool) -> list[Scope]:
        """The scopes that declare `name` global (`module`) or nonlocal, in the model's order. Read-only."""
        return self._declarations.get((name, module), [])

    @functools.cached_property
    def _declarations(self) -> dict[tuple[str, bool], list[Scope]]:
        found: dict[tuple[str, bool], list[Scope]] = {}
        for scope in self.scopes:
            for declared, module in ((scope.globals, True), (scope.nonlocals, False)):
                for name in declared:
                    found.setdefault((name, module), []).append(scope)
        return found

    def _owner_value(self, scope: Scope, name: str) -> Value:
        owner = scope.lookup_scope(name)
        if owner is None or owner is scope or owner.kind == "class" or owner in self._interpreting:
            return UNKNOWN
        # Imports, classes, parameters never rebound and one unconditional `def` or `name = <closed
        # expression>` need no interpretation of the owner: most free names are these, and the
        # owner is often the whole module or a long function.
        bindings = owner.bindings.get(name, [])
        if all(b.kind in ("import", "class") for b in bindings):
            return UNKNOWN
        if len(bindings) == 1 and self.parent(bindings[0].node) is not None:
            found = self._single_binding_value(owner, bindings[0].node)
            if found is not None:
                return found
        return self.facts(owner).final_env.get(name, UNKNOWN)

    def _single_binding_value(self, owner: Scope, node: ast.AST) -> Value | None:
        """The value of a name bound once: a parameter (its value at the start stays to the end),
        an unconditional `def`, or an unconditional assignment whose value reads only imports and
        builtins (so needs no environment); None when it is not one of these."""
        if isinstance(node, ast.arg):
            return Interpreter(self, owner, self.trace.get(owner)).param_value(node)
        parent = self.parent(node)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            return function_value(self, node) if parent is owner.node else None
        if not (isinstance(parent, ast.Assign) and parent.targets == [node] and self.parent(parent) is owner.node):
            return None
        for part in ast.walk(parent.value):
            if isinstance(part, (ast.Lambda, ast.NamedExpr)) or (
                    isinstance(part, ast.Name) and qualified_name(part, owner) is None):
                return None
        value = Interpreter(self, owner, self.trace.get(owner)).eval(parent.value, State())
        return value if value.key is None else None  # a key gets its identity where it is bound

    def _outer_owners_of(self, scope: Scope) -> list[Scope]:
        """The function and module scopes that own the free names read in `scope`."""
        owners = self._outer_owners.get(scope)
        if owners is None:
            names = {n.id for n in scope.of_type(ast.Name)}  # type: ignore[attr-defined]
            found = {scope.lookup_scope(name) for name in names if name not in scope.bindings or name in scope.globals}
            owners = self._outer_owners[scope] = [o for o in found if o is not None and o is not scope
                                                  and o.kind != "class"]
        return owners

    def constructed_fields(self, call: ast.Call, scope: Scope, args: list[Value],
                           kwargs: dict[str, Value]) -> tuple[tuple[str, Value], ...] | None:
        """`Result(value=v, n=3)` of a NamedTuple or dataclass of this module: what each field holds."""
        cls = self._record_class(call.func, scope)
        if cls is None or "**" in kwargs or any(isinstance(a, ast.Starred) for a in call.args):
            return None
        names = [name for name, _, _ in _record_fields(cls)]
        given = dict(zip(names, args))
        given.update(kwargs)
        return tuple((name, given.get(name, UNKNOWN)) for name in names)

    def annotated_fields(self, annotation: ast.expr | None, scope: Scope) -> tuple[tuple[str, Value], ...] | None:
        """The fields of a traced parameter annotated with a pytree class of this module (a
        NamedTuple, a flax/chex dataclass, an equinox Module): leaves are traced, static fields not."""
        cls = self._record_class(annotation, scope, pytree=True) if annotation is not None else None
        if cls is None:
            return None
        return tuple((name, _leaf_value(kind, default)) for name, kind, default in _record_fields(cls))

    def _record_class(self, expr: ast.expr, scope: Scope, pytree: bool = False) -> Scope | None:
        """The class of this module `expr` names when its fields are declared in its body."""
        if isinstance(expr, ast.Constant) and isinstance(expr.value, str) and expr.value.isidentifier():
            expr = ast.Name(id=expr.value)  # a forward reference: "State"
        if not isinstance(expr, ast.Name):
            return None
        cls = self._analysis.local_def(expr.id, scope, ast.ClassDef)
        if cls is None or cls.parent is None or not isinstance(cls.node, ast.ClassDef):
            return None
        node = cls.node
        kinds = {qualified_name(b, cls.parent) for b in node.bases}  # type: ignore[attr-defined]
        kinds |= {qualified_name(d.func if isinstance(d, ast.Call) else d, cls.parent)
                  for d in node.decorator_list}  # type: ignore[attr-defined]
        return cls if kinds & (_PYTREE_RECORDS if pytree else _PYTREE_RECORDS | {"dataclasses.dataclass"}) else None

    def local_return_value(self, call: ast.Call, scope: Scope, traced_input: bool = False) -> Value | None:
        """What a call to a function of this module returns, from its `return` statements;
        None when the callee is not a plain function of this module. A callee that sees no
        traced value is read only when it is handed maybe-traced values (`traced_input`): then
        what matters is whether it returns static values whatever it is given (shapes)."""
        refs = self.function_refs(call.func, scope)
        if len(refs) != 1 or not isinstance(call.func, (ast.Name, ast.Attribute)):
            return None
        target = refs[0][0]
        if target in self._interpreting or isinstance(target.node, ast.Lambda):
            return UNKNOWN
        returns = [r.value for r in target.of_type(ast.Return) if r.value is not None]  # type: ignore[attr-defined]
        if not returns or not (traced_input or self._may_see_traced(target)):
            return UNKNOWN  # only traced or static return values count
        facts = self.facts(target)
        returned = [facts.value(r) for r in returns]
        traced = [v for v in returned if v.traced]
        if not traced:  # static on every path (`return x.shape[0]`), else unknown
            return functools.reduce(join, returned) if all(v.static for v in returned) else UNKNOWN
        return combine(traced) if any(v.traced == TRACED_ARRAY for v in traced) else traced[0]

    def returned_values(self, target: Scope) -> list[Value] | None:
        """The values a function (a lambda: its body) returns; None while it is being interpreted
        (a function mapped over trees from its own body)."""
        if target in self._interpreting:
            return None
        node = target.node
        returned = [node.body] if isinstance(node, ast.Lambda) else [
            r.value for r in target.of_type(ast.Return) if r.value is not None]  # type: ignore[attr-defined]
        facts = self.facts(target)
        return [facts.value(e) for e in returned]

    def returns_one_array(self, functions: tuple[Scope, ...]) -> bool:
        """Whether each of `functions` returns one JAX array, not a pytree of them, from every
        `return` (a lambda: its body); False when any is unknown or being interpreted."""
        if not functions:
            return False
        for function in functions:
            node = function.node
            if function in self._interpreting:
                return False
            if isinstance(node, ast.Lambda):
                returned = [node.body]
            else:
                returned = [r.value for r in function.of_type(ast.Return)]  # type: ignore[attr-defined]
            facts = self.facts(function)
            if not returned or any(r is None or not facts.value(r).jax or facts.value(r).is_tuple for r in returned):
                return False
        return True

    def loads_of(self, name: str) -> list[tuple[Scope, ast.Name]]:
        """Every read of a name in this module, with its scope. Read-only."""
        if self._loads_by_name is None:  # every read indexed in one pass, for every question
            self._loads_by_name = {}
            load = ast.Load
            for scope in self.scopes:
                for use in scope.of_type(ast.Name):
                    if type(use.ctx) is load:  # type: ignore[attr-defined]
                        self._loads_by_name.setdefault(use.id, []).append((scope, use))  # type: ignore[attr-defined]
        return self._loads_by_name.get(name, [])

    def accessed_loads(self, name: str) -> list[tuple[Scope, ast.Name]]:
        """The reads of a name that are subscripted or have an attribute taken (`x[i] = v`,
        `x.append(v)`), with their scope: asked for each of many findings, a name read a thousand
        times is looked through once. Read-only."""
        found = self._accessed.get(name)
        if found is None:
            found = self._accessed[name] = [(s, n) for s, n in self.loads_of(name)
                                            if isinstance(self.parent(n), (ast.Subscript, ast.Attribute))]
        return found

    def names_within(self, region: ast.AST, name: str) -> list[ast.Name]:
        """Every occurrence of a name inside `region` (a loop, a function). Looked up in the scopes
        that hold `region`'s code, not among the module's every `x`: asked per loop, that made a
        module of many alike functions quadratic. Read-only."""
        own = self.scope_of.get(region)
        if own is not None:  # a function or class: its body, and its header that the scope around it reads
            header = [n for part in outer_parts(region) for n in ast.walk(part) if isinstance(n, ast.Name) and n.id == name]
            return header + [use for scope in own.subtree() for use in self.names_in(scope, name)]
        holder = self._parents.get(region)
        while holder is not None and holder not in self.scope_of:
            holder = self._parents.get(holder)
        home = self.scope_of[holder] if holder is not None else self.module
        return [use for scope in home.subtree() for use in self.names_in(scope, name) if self.encloses(region, use)]

    def names_in(self, scope: Scope, name: str) -> list[ast.Name]:
        """The occurrences of a name in `scope` itself (not in the scopes nested in it). Read-only."""
        return self._named_in(scope).get(name, [])

    def loads_in(self, scope: Scope, name: str) -> list[ast.Name]:
        """The reads of a name in `scope` itself (not in the scopes nested in it)."""
        return [use for use in self.names_in(scope, name) if isinstance(use.ctx, ast.Load)]

    def _named_in(self, scope: Scope) -> dict[str, list[ast.Name]]:
        found = self._names_by_scope.get(scope)
        if found is None:
            found = self._names_by_scope[scope] = {}
            for use in scope.of_type(ast.Name):
                found.setdefault(use.id, []).append(use)  # type: ignore[attr-defined]
        return found

    def arguments_from_callers(self, function: Scope, param: str) -> list[tuple[Scope, ast.expr]]:
        """What each call of `function` in this module passes for `param`, with the calling scope;
        empty when there is no call, when a call does not say (`*args`, the default), or when the
        function's name is used other than by calls (passed on or stored: callers unknown)."""
        name = getattr(function.node, "name", None)
        owner = function.parent
        if name is None or owner is None or owner.kind == "class" or len(owner.bindings.get(name, ())) != 1:
            return []
        found = []
        positional = function.positional_params()
        for scope, use in self.loads_of(name):
            call = self.parent(use)
            if not (isinstance(call, ast.Call) and call.func is use) or scope.lookup_scope(name) is not owner:
                return []
            unpacked = any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords)
            argument = None if unpacked else call_argument(call, param, positional)
            if argument is None:
                return []
            found.append((scope, argument))
        return found

    def _may_see_traced(self, scope: Scope) -> bool:
        """Whether a traced value can exist in `scope`: it or a scope whose values reach it is traced."""
        found = self._sees_traced.get(scope)
        if found is None:
            found = self._sees_traced[scope] = self.reaches(scope, lambda s: self.info(s).traced)
        return found

    def reaches(self, scope: Scope, source: Callable[[Scope], bool]) -> bool:
        """Whether `source` holds for `scope` or a scope whose values reach it: the owners of the
        free names it reads (their final values) and the functions of this module it calls (their
        return values), transitively. A property that no such scope's own code produces holds for
        no value here: rules ask this before paying for an interpretation."""
        seen: set[Scope] = set()
        pending = [scope]
        while pending:
            current = pending.pop()
            if current in seen:
                continue
            seen.add(current)
            if source(current):
                return True
            pending += self._outer_owners_of(current)
            for call in current.of_type(ast.Call):
                pending += [target for target, _ in self.function_refs(call.func, current)]  # type: ignore[attr-defined]
        return False

    def function_refs(self, expr: ast.AST, scope: Scope) -> list[tuple[Scope, int]]:
        """The functions of this module `expr` denotes (see TraceAnalysis.function_refs), memoised:
        rules and the interpreter ask about the same callee many times. Read-only."""
        found = self._refs.get(expr)
        if found is None:
            found = self._refs[expr] = self._analysis.function_refs(expr, scope)
        return found

    # -- parameter facts that need the whole module (the rest: propagation.py) -------------

    def _module_arguments_static(self) -> None:
        """A parameter of a module's `__call__` that the calls of the project pass only static
        values (a Python constant, a shape, `mixer.apply(params, q, True)`) is static (module_arguments.py)."""
        module_arguments_static(self)

    def static_names(self, scope: Scope) -> set[str]:
        """Static parameters of `scope` that it never rebinds."""
        return {p for p in self.info(scope).static_params if all(b.kind == "param" for b in scope.bindings.get(p, ()))}


def _record_fields(cls: Scope) -> list[tuple[str, ast.expr, ast.expr | None]]:
    """(name, annotation, default) of each field declared in a class body, in order."""
    return [(f.target.id, f.annotation, f.value) for f in field_declarations(cls)  # type: ignore[union-attr]
            if not unparsed(f.annotation).startswith(("ClassVar", "typing.ClassVar"))]


def _leaf_value(annotation: ast.expr, default: ast.expr | None) -> Value:
    """What a pytree field holds under a transform: nothing traced when it is marked static."""
    if declared_static(default):
        return STATIC
    text = unparsed(annotation)
    return TRACED if is_array_annotation(annotation) or text in SCALAR_ANNOTATIONS else TREE
