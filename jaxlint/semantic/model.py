"""The semantic model of one module: scopes, imports, traced functions, abstract values.

Built once per file; every rule reads it. Values are computed lazily per function."""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable
from dataclasses import dataclass

from jaxlint.knowledge.api import SCALAR_ANNOTATIONS, is_array_annotation
from jaxlint.knowledge.transforms import Transform
from jaxlint.project.incoming import NOTHING, Entry, Incoming
from jaxlint.project.summary import may_be_project
from jaxlint.semantic.classes import field_declarations
from jaxlint.semantic.fields import ClassFields, declared_static
from jaxlint.semantic.imports import last_name, qualified_name
from jaxlint.semantic.interpret import Facts, Interpreter, State, function_value
from jaxlint.semantic.keys import Keys
from jaxlint.semantic.loops import Loops
from jaxlint.semantic.module_arguments import initializer_call, module_arguments_static
from jaxlint.semantic.removed_api import Reference, references
from jaxlint.semantic.repetition import Repetition
from jaxlint.semantic.scopes import Scope, ScopeBuilder
from jaxlint.semantic.traced import (
    ExternalEntry,
    TraceAnalysis,
    TraceInfo,
    Wrap,
    defaulted_params,
    looks_static,
)
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

_NOT_TRACED = TraceInfo()
DEFAULT_KEY_NAMES = ("key", "rng", "prng_key", "*_key", "*_rng", "rng_key")
_MAX_PROPAGATION_ROUNDS = 8
# Abstract evaluation that takes the function's arguments after it: `jax.eval_shape(f, x, y)`.
# Classes whose instances JAX flattens field by field (the fields are declared in the body).
_PYTREE_RECORDS = frozenset(("typing.NamedTuple", "flax.struct.dataclass", "flax.struct.PyTreeNode", "chex.dataclass",
                             "jax.tree_util.register_dataclass", "equinox.Module"))
_EVALUATED_WITH_ARGUMENTS = frozenset(("jax.eval_shape", "equinox.filter_eval_shape", "flax.nnx.eval_shape"))
# Functions that call their first argument with the leaves of the trees after it.
TREE_MAPS = frozenset(("jax.tree.map", "jax.tree_util.tree_map_with_path", "jax.tree.map_with_path"))
# Decorators that call the function with the arguments given, untouched.
_PASSING_DECORATORS = frozenset(("builtins.staticmethod", "builtins.classmethod", "flax.linen.compact",
                                 "flax.linen.module.compact", "flax.nnx.compact"))
# Parameters so annotated cannot hold a tracer, whatever a caller passes.
_UNTRACEABLE_ANNOTATIONS = frozenset(("str", "Callable", "type", "Sequence[str]", "tuple[int, ...]",
                                      "Sequence[int]", "typing.Callable"))


@dataclass(frozen=True)
class ModelOptions:
    module_name: str = "module"
    package: str | None = None  # where relative imports start; None outside a package
    jit_decorators: frozenset[str] = frozenset()
    key_names: tuple[str, ...] = DEFAULT_KEY_NAMES
    max_unroll: int = 32  # a Python loop of more iterations in traced code is worth a `fori_loop`
    target_jax: object = None  # the JAX the project targets (a `jax_target.JaxTarget`), None when unknown


class Model:
    def __init__(self, tree: ast.Module, options: ModelOptions = ModelOptions(), text: str | None = None,
                 incoming: Incoming = NOTHING) -> None:
        """`text` is the source `tree` was parsed from (unparsed from the tree when not given):
        some questions are answered faster by a search of it. `incoming`: what the project pass
        learned from the other modules (who calls this module's functions from traced code)."""
        self.tree = tree
        self.options = options
        self.incoming = incoming
        self._text = text
        builder = ScopeBuilder(options.package)
        self.module = builder.build(tree)
        self.scopes = builder.scopes
        self.scope_of = builder.scope_of
        self.imports = builder.imports
        self._functions = [s for s in self.scopes if s.is_function]
        self._parents = builder.parents
        self._analysis = TraceAnalysis(self.module, self.scopes, self.scope_of, self._parents, self.imports,
                                       options.jit_decorators, dict(incoming.module_classes))
        self.trace: dict[Scope, TraceInfo] = self._analysis.run()
        self._enter_from_callers(incoming.entries)
        self._facts: dict[Scope, Facts] = {}
        self._computing: set[Scope] = set()
        self._outer_owners: dict[Scope, list[Scope]] = {}
        self._sees_traced: dict[Scope, bool] = {}
        self._refs: dict[ast.AST, list[tuple[Scope, int]]] = {}
        self.repetition = Repetition(self)
        self.loops = Loops(self, text)
        self.class_fields = ClassFields(self)
        self._loads_by_name: dict[str, list[tuple[Scope, ast.Name]]] | None = None  # see loads_of
        self._transformed_calls: dict[ast.Call, Wrap] = {}  # `f(x)` standing for `jax.grad(f)(x)`: its transform
        self.keys = Keys(self, options.key_names, text)
        self._module_arguments_static()
        self._defaults_never_passed()
        self._propagate_to_callees()

    # -- queries for rules ---------------------------------------------------------------

    def functions(self) -> list[Scope]:
        """Every function and lambda scope, in source order. Read-only."""
        return self._functions

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
        return self.enables_x64 or self.incoming.x64

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

    def release(self) -> None:
        """Break the links between scopes (each knows its parent and children): the file's trees
        and facts are then freed at once by reference counting, not by the cycle collector."""
        for scope in self.scopes:
            scope.children = []
        del self.repetition, self.class_fields, self.keys, self.loops  # they refer back to the model

    def info(self, scope: Scope) -> TraceInfo:
        """How `scope` is traced; an empty TraceInfo (shared: read it, never change it) for code
        that is not."""
        return self.trace.get(scope) or _NOT_TRACED

    def facts(self, scope: Scope) -> Facts:
        found = self._facts.get(scope)
        if found is None:
            self._computing.add(scope)
            try:
                found = Interpreter(self, scope, self.trace.get(scope)).run()
            finally:
                self._computing.discard(scope)
            # A closure interpreted while its owner is (its free names read UNKNOWN): not final.
            if not any(a in self._computing for a in scope.ancestors()):
                self._facts[scope] = found
        return found

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
        """The value a free name has when read from `scope`: the final value in its owner."""
        owner = scope.lookup_scope(name)
        if owner is None or owner is scope or owner.kind == "class" or owner in self._computing:
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
        cls = self._analysis._local_def(expr.id, scope, ast.ClassDef)
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
        if target in self._computing or isinstance(target.node, ast.Lambda):
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
        if target in self._computing:
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
            if function in self._computing:
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
        if self._loads_by_name is None:  # one pass over the module serves every question
            self._loads_by_name = {}
            for scope in self.scopes:
                for use in scope.of_type(ast.Name):
                    if isinstance(use.ctx, ast.Load):  # type: ignore[attr-defined]
                        self._loads_by_name.setdefault(use.id, []).append((scope, use))  # type: ignore[attr-defined]
        return self._loads_by_name.get(name, [])

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
            argument = None if unpacked else _argument(call, param, positional)
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

    # -- parameter facts that need the whole module ---------------------------------------

    def _enter_from_callers(self, entries: tuple[Entry, ...]) -> None:
        """Functions that other modules' traced code calls: traced like a local callee, with
        exactly the parameters those calls hand traced values."""
        if not entries:
            return
        offered = {s.qualname: s for s in self._functions if s.kind == "function"}
        for entry in entries:
            scope = offered.get(entry.function)
            info = self.trace[scope] if scope is not None else None
            if info is None or info.host:
                continue
            info.transforms.update(entry.transforms)
            info.abstract |= entry.abstract
            info.cached |= entry.cached
            if entry.whole:  # traced by a transform itself: what it passes is traced, whatever its name
                info.all_params_traced = True
                info.loop_body |= entry.loop_body
                new = set(entry.traced) - (defaulted_params(scope) if entry.lax_body else set())
                info.static_params |= set(scope.params()) - new
            else:
                new = admitted(scope, set(entry.traced), set(entry.arrays))
            new -= info.static_params - info.unbatched
            info.traced_params |= new
            info.static_params -= new
            info.reasons.append(entry.caller)
            info.caller = info.caller or entry.caller
            self._analysis.inherit_nesting(scope, info)

    def _defaults_never_passed(self) -> None:
        """A defaulted parameter that no call site passes keeps its Python default: static; so does
        one that every call site hands a Python literal as it is (not through `jax.jit`)."""
        calls = None
        for scope, info in list(self.trace.items()):  # resolving call sites may add entries
            if not info.all_params_traced or isinstance(scope.node, ast.Lambda):
                continue
            candidates = [p for p in scope.params() if p in info.traced_params]
            if not candidates:
                continue
            if calls is None:
                calls = self._calls_by_name()
            defaulted = defaulted_params(scope)
            sites = self._call_sites(scope, calls.get(scope.node.name, []))  # type: ignore[attr-defined]
            for param in candidates:
                given = [(a, site, where) for site, where, positional in sites
                         if (a := _argument(site, param, positional)) is not None]
                literals = all(_is_python_literal(a) for a, _, _ in given)
                # A parameter without a default that some call leaves out is bound elsewhere (partial)
                every_site = param in defaulted or len(given) == len(sites)
                as_python = every_site and literals and all(self._passes_python_value(site, where, a)
                                                            for a, site, where in given)
                if param in defaulted and not given or given and (as_python or info.filtered and literals):
                    info.traced_params.discard(param)
                    info.static_params.add(param)
                elif info.filtered and given and all(
                        _is_python_literal(a) or self._unknown_to_caller(a, where) for a, _, where in given):
                    info.traced_params.discard(param)  # only arrays are traced: no caller is known to pass one

    def _module_arguments_static(self) -> None:
        """A parameter of a module's `__call__` that the calls of the project pass only static
        values (a Python constant, a shape, `mixer.apply(params, q, True)`) is static (module_arguments.py)."""
        module_arguments_static(self)

    def _static_names(self, scope: Scope) -> set[str]:
        """Static parameters of `scope` that it never rebinds."""
        return {p for p in self.info(scope).static_params if all(b.kind == "param" for b in scope.bindings.get(p, ()))}

    def _passes_python_value(self, site: ast.Call, where: Scope, argument: ast.expr) -> bool:
        """Whether `site` hands `argument` to the function as the Python value it is: a call of the
        function by its `def` name, or through a transform that does not trace that argument
        (`jax.grad(f)(x, True)`); `jax.jit(f)(x, True)` and calls of unknown aliases trace it."""
        wrap = self._transformed_calls.get(site)
        if wrap is not None:
            keyword = argument not in site.args
            index = None if keyword else site.args.index(argument)
            return wrap.passes_python_value(index, keyword)
        func = site.func
        if isinstance(func, ast.Name):
            owner = where.lookup_scope(func.id)
            bindings = owner.bindings[func.id] if owner is not None else []
            return bool(bindings) and all(b.kind == "def" and self._plain_def(b.node, owner) for b in bindings)
        refs = self.function_refs(func, where) if isinstance(func, ast.Attribute) else []
        return bool(refs) and all(self._plain_def(target.node, target.parent) for target, _ in refs)

    def _plain_def(self, node: ast.AST, owner: Scope | None) -> bool:
        """A `def` whose decorators hand its arguments on as they are (`nn.compact`, `staticmethod`)."""
        return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and all(
            self.qualified(d, owner) in _PASSING_DECORATORS for d in node.decorator_list)

    def _call_sites(self, scope: Scope, calls: list[tuple[ast.Call, Scope]]) -> list[tuple[ast.Call, Scope, list[str]]]:
        """The calls that may call `scope`, each with its scope and the positional parameters its
        arguments fill: calls of another function of the same name are not its call sites."""
        sites = []
        for call, where in calls:
            refs = self.function_refs(call.func, where)
            if not refs:  # a method or an unknown alias: may be this function
                sites.append((call, where, scope.positional_params()))
            sites += [(call, where, scope.positional_params()[bound:]) for target, bound in refs if target is scope]
        return sites

    def _unknown_to_caller(self, expr: ast.expr, where: Scope) -> bool:
        """A parameter of an untraced caller, passed on: nothing says it holds an array."""
        if not isinstance(expr, ast.Name) or self.info(where).traced:
            return False
        bindings = where.bindings.get(expr.id, [])
        return len(bindings) == 1 and bindings[0].kind == "param" and not is_array_annotation(
            bindings[0].node.annotation)  # type: ignore[attr-defined]

    def _calls_by_name(self) -> dict[str, list[tuple[ast.Call, Scope]]]:
        """Calls by the name they call (`f(...)`, `obj.f(...)`), plus aliases `g = jax.jit(f)`,
        transformed calls `jax.jit(f)(x)` and abstract evaluation `jax.eval_shape(f, x)` (as
        calls of `f`), each with the scope it is made in."""
        aliases: dict[str, set[str]] = {}
        for scope in self.scopes:
            for assign in scope.of_type(ast.Assign):
                value = assign.value  # type: ignore[attr-defined]
                if isinstance(value, ast.Call) and value.args and isinstance(value.args[0], ast.Name):
                    for target in assign.targets:  # type: ignore[attr-defined]
                        if isinstance(target, ast.Name) and target.id != value.args[0].id:
                            aliases.setdefault(target.id, set()).add(value.args[0].id)
        by_name: dict[str, list[tuple[ast.Call, Scope]]] = {}
        for scope in self.scopes:
            for call in scope.of_type(ast.Call):
                call = self._as_direct_call(call, scope)  # type: ignore[arg-type]
                func = call.func
                if isinstance(func, ast.Call) and func.args and self.qualified(func.func, scope) == "functools.partial":
                    func = func.args[0]  # partial(f, a)(b): a call of f (function_refs counts the bound a)
                name = last_name(func)
                if name is not None:
                    for called in {name, *aliases.get(name, ())}:
                        by_name.setdefault(called, []).append((call, scope))
        return by_name

    def _as_direct_call(self, call: ast.Call, scope: Scope) -> ast.Call:
        """`jax.jit(f)(x, y)` and `jax.eval_shape(f, x, y)` as the call `f(x, y)` they make."""
        func = call.func
        if isinstance(func, ast.Call) and func.args and (wrap := self._analysis.wrapping_call(func, scope)):
            direct = ast.Call(func=func.args[0], args=call.args, keywords=call.keywords)
            self._transformed_calls[direct] = wrap
            return direct
        if call.args and self.qualified(func, scope) in _EVALUATED_WITH_ARGUMENTS:
            return ast.Call(func=call.args[0], args=call.args[1:], keywords=call.keywords)
        return call

    def _propagate_to_callees(self) -> None:
        """Functions of this module called from traced code with traced arguments are traced
        too, as are callbacks handed to other functions next to traced arguments."""
        pending = [s for s, i in list(self.trace.items()) if i.traced and self._reaches_local_functions(s)]
        any_change = False
        for _ in range(_MAX_PROPAGATION_ROUNDS):
            changed: set[Scope] = set()
            for caller in pending:
                caller_info = self.trace[caller]
                for call, args, kwargs in self.facts(caller).callee_args:
                    changed |= self._propagate_call(caller, caller_info, call, args, kwargs)
            if not changed:
                break
            any_change = True
            self._sees_traced.clear()  # more functions are traced now
            for scope in changed:
                self._facts.pop(scope, None)
            for scope in self.scopes:  # closures read final values of their owners
                if scope in self._facts and _nested_in(scope, changed):
                    self._facts.pop(scope, None)
            pending = sorted(changed, key=lambda s: s.node.lineno) + [
                s for s, i in list(self.trace.items()) if i.traced and s not in changed and _nested_in(s, changed)]
        if any_change:
            self._facts.clear()  # callers may have read callees' return values before they were final

    def _reaches_local_functions(self, scope: Scope) -> bool:
        """Whether a call here can reach a function of this module (directly, through partial, or
        as a callback argument): only then is interpreting it for propagation worth its cost."""
        for call in scope.of_type(ast.Call):
            if self.function_refs(call.func, scope):  # type: ignore[attr-defined]
                return True
            for arg in call.args:  # type: ignore[attr-defined]
                if isinstance(arg, ast.Lambda) or (isinstance(arg, ast.Name) and self.function_refs(arg, scope)):
                    return True
        return False

    def _propagate_call(self, caller: Scope, caller_info: TraceInfo, call: ast.Call, args: list[Value],
                        kwargs: dict[str, Value]) -> set[Scope]:
        changed: set[Scope] = set()
        initializer = initializer_call(caller, caller_info, call, args)  # self.param("w", init_fn, shape)
        if initializer is not None:
            for target, bound in self.function_refs(initializer[0].func, caller):
                self.trace[target].origin = self.trace[target].origin or initializer[2]
                if self._mark(target, caller, caller_info, _receiving(target, bound, initializer[0], initializer[1], {})):
                    changed.add(target)
            return changed
        traced_args = any(v.traced and not v.uncertain for v in [*args, *kwargs.values()])
        if not traced_args:
            # Its code still runs while the caller is traced: jnp there gives tracers (staging)
            for target, bound in self.function_refs(call.func, caller):
                if self._mark(target, caller, caller_info, set()):
                    changed.add(target)
                if caller_info.cached:
                    self.trace[target].given_static |= _receiving_static(target, bound, call, args, kwargs)
            return changed
        for target, bound in self.function_refs(call.func, caller):
            if self._mark(target, caller, caller_info, _receiving(target, bound, call, args, kwargs)):
                changed.add(target)
        if self.qualified(call.func, caller) == "functools.partial" and call.args:
            # partial(f, a, b): a and b reach f's first parameters; the rest come later, unknown.
            for target, bound in self.function_refs(call.args[0], caller):
                bound_call = ast.Call(func=call.args[0], args=call.args[1:], keywords=call.keywords)
                if self._mark(target, caller, caller_info, _receiving(target, bound, bound_call, args[1:], kwargs)):
                    changed.add(target)
            return changed
        mapper = self.qualified(call.func, caller)
        if may_be_project(mapper):
            return changed  # another module's function: how it calls a callback is not followed
        for position, expr in enumerate(call.args):  # callbacks: jax.tree.map(lambda g: ..., grads)
            if isinstance(expr, (ast.Lambda, ast.Name)):
                for target, bound in self.function_refs(expr, caller):
                    info = self.trace[target]
                    if info.all_params_traced:
                        continue
                    params = {p for p in target.params()[bound:]
                              if p not in info.static_params and not looks_static(target, p)}
                    if mapper in TREE_MAPS and position == 0:
                        params &= _leaf_params(target, bound, call, args, with_path=mapper != "jax.tree.map")
                    if self._mark(target, caller, caller_info, params):
                        changed.add(target)
        return changed

    def _mark(self, target: Scope, caller: Scope, caller_info: TraceInfo, params: set[str]) -> bool:
        info = self.trace[target]
        if info.host or not (params or caller_info.cached):
            return False  # called only with static values, and nothing is staged: runs as Python
        if info.caller and not caller_info.caller and caller_info.traced:
            info.caller = ""  # compiled code of this module calls it: the nearer reason, said without a suffix
        elif caller_info.caller and not info.caller and not info.transforms:
            # traced only because a function that another module's code traces calls it: say so
            info.caller = f"called from `{caller.qualname}`, which is {caller_info.caller}"
        changed = False
        for kind in caller_info.transforms:
            if kind not in info.transforms:
                info.transforms.add(kind)
                changed = True
        if caller_info.abstract and not info.abstract:
            info.abstract = changed = True
        if caller_info.cached and not info.cached:
            info.cached = changed = True
        # vmap's in_axes=None passes a value through: a traced one from the caller stays traced
        new = params - info.traced_params - (info.static_params - info.unbatched)
        if new:
            info.traced_params |= new
            info.static_params -= new
            changed = True
        if changed:
            info.reasons.append(f"called from traced {caller.qualname} with traced arguments")
            info.origin = info.origin or caller_info.origin
        return changed


def _receiving(target: Scope, bound: int, call: ast.Call, args: list[Value], kwargs: dict[str, Value]) -> set[str]:
    """Parameters of `target` that receive a traced value at this call."""
    node = target.node
    positional = target.positional_params()[bound:]
    receiving: set[str] = set()
    arrays: set[str] = set()  # surely given a traced array: traced, whatever the parameter looks like
    for index, (expr, value) in enumerate(zip(call.args, args)):
        if isinstance(expr, ast.Starred):
            if value.traced:
                receiving |= set(positional[index:])
            break
        if value.traced and not value.uncertain and index < len(positional):
            receiving.add(positional[index])
            if value.surely_traced_array:
                arrays.add(positional[index])
    for name, value in kwargs.items():
        if value.traced and not value.uncertain:
            receiving |= set(target.params()) if name == "**" else {name}
            if value.surely_traced_array and name != "**":
                arrays.add(name)
    if node.args.vararg is not None and len(call.args) > len(positional):  # type: ignore[attr-defined]
        if any(v.traced for v in args[len(positional):]):
            receiving.add(node.args.vararg.arg)  # type: ignore[attr-defined]
    return admitted(target, receiving, arrays)


def admitted(target: Scope, receiving: set[str], arrays: set[str]) -> set[str]:
    """Of the parameters a call hands traced values (`arrays`: surely traced arrays), those that
    become traced: not one annotated as never holding a tracer, nor one that looks like a flag
    (other callers may hand it a Python value) unless the call surely passes an array."""
    node = target.node
    never_traced = {a.arg for a in node.args.posonlyargs + node.args.args + node.args.kwonlyargs  # type: ignore[attr-defined]
                    if a.annotation is not None and ast.unparse(a.annotation) in _UNTRACEABLE_ANNOTATIONS}
    never_traced |= {p for p in receiving - arrays if looks_static(target, p)}
    params = set(target.params()) | {a.arg for a in (node.args.vararg,) if a}  # type: ignore[attr-defined]
    return (receiving & params) - never_traced


def _receiving_static(target: Scope, bound: int, call: ast.Call, args: list[Value],
                      kwargs: dict[str, Value]) -> set[str]:
    """Parameters of `target` handed a static value by name or position at this call (a traced
    value at another call still makes them traced)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or "**" in kwargs:
        return set()
    positional = target.positional_params()[bound:]
    given = dict(zip(positional, args))
    given.update(kwargs)
    return {name for name, value in given.items() if value.static and not value.traced} & set(target.params())


def _leaf_params(target: Scope, bound: int, call: ast.Call, args: list[Value], with_path: bool) -> set[str]:
    """Parameters of a `jax.tree.map` callback that receive leaves of a traced tree: the leaves
    of a static tree (a static argument, a tree of Python flags) are the Python values they are."""
    positional = target.positional_params()[bound:]
    if with_path:
        positional = positional[1:]  # the key path: static
    trees = list(zip(call.args[1:], args[1:]))
    if any(isinstance(expr, ast.Starred) for expr, _ in trees):
        return set(target.params())
    return {param for param, (_, value) in zip(positional, trees) if value.traced and not value.uncertain}


def _argument(call: ast.Call, param: str, positional: list[str]) -> ast.expr | None:
    """The expression a call passes for `param` (the `*args`/`**kwargs` when it cannot tell), or None;
    `positional` are the parameters its positional arguments fill."""
    unpacked = [a for a in call.args if isinstance(a, ast.Starred)] + [k.value for k in call.keywords if k.arg is None]
    if unpacked:
        return unpacked[0]
    for k in call.keywords:
        if k.arg == param:
            return k.value
    if param in positional:
        index = positional.index(param)
        offset = 1 if positional and positional[0] in ("self", "cls") and isinstance(call.func, ast.Attribute) else 0
        if 0 <= index - offset < len(call.args):
            return call.args[index - offset]
    return None


def _record_fields(cls: Scope) -> list[tuple[str, ast.expr, ast.expr | None]]:
    """(name, annotation, default) of each field declared in a class body, in order."""
    return [(f.target.id, f.annotation, f.value) for f in field_declarations(cls)  # type: ignore[union-attr]
            if not ast.unparse(f.annotation).startswith(("ClassVar", "typing.ClassVar"))]


def _leaf_value(annotation: ast.expr, default: ast.expr | None) -> Value:
    """What a pytree field holds under a transform: nothing traced when it is marked static."""
    if declared_static(default):
        return STATIC
    text = ast.unparse(annotation)
    return TRACED if is_array_annotation(annotation) or text in SCALAR_ANNOTATIONS else TREE


def _is_python_literal(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and isinstance(expr.value, (bool, int, float, str, type(None)))


def _nested_in(scope: Scope, changed: set[Scope]) -> bool:
    return any(a in changed for a in scope.ancestors())
