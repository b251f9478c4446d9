"""Which functions JAX traces, by which transforms, and which of their parameters are static."""

from __future__ import annotations

import ast
from dataclasses import replace

from jaxlint.knowledge import transforms as T
from jaxlint.knowledge.api import ARRAY_ONLY_ATTRIBUTES
from jaxlint.project.summary import may_be_project
from jaxlint.semantic.entries import leaf_expression
from jaxlint.semantic.imports import ALIASED, last_name, qualified_name
from jaxlint.semantic.scopes import Scope
from jaxlint.semantic.trace_info import ALL_BOUND, ExternalEntry, InfoTable, TraceInfo, Wrap
from jaxlint.written import dotted, unparsed

_FUNCTION_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)


class TraceAnalysis:
    """Phase 1: transforms applied directly (decorators, wrapping calls, lax bodies, modules,
    nesting). Callee propagation is done by the model once values are known."""

    def __init__(self, module: Scope, scopes: list[Scope], scope_of: dict[ast.AST, Scope],
                 parents: dict[ast.AST, ast.AST], imports: list, extra_jit: frozenset[str],
                 module_classes: dict[str, str] | None = None) -> None:
        """`module_classes`: other modules' classes this one imports that derive from a flax/equinox
        module class (qualified as imported → that module class)."""
        self.module = module
        self.scopes = scopes
        self.scope_of = scope_of
        self.parents = parents
        self.extra_jit = extra_jit
        self.info: dict[Scope, TraceInfo] = InfoTable()
        self.external: list[ExternalEntry] = []  # functions of other modules traced from here
        self.module_classes = module_classes or {}
        self._candidates = _call_names(imports, extra_jit)
        # Outer vmaps of a nested vmap (by id, kept alive): the inner one applied what both leave unmapped.
        self._outer_vmaps: dict[int, Wrap] = {}
        self._bound_by_partial: dict[tuple[Scope, str], list[tuple[ast.expr, Scope]]] | None = None

    def run(self) -> dict[Scope, TraceInfo]:
        for scope in self.scopes:
            if scope.kind == "function":
                self._decorators(scope)
            elif scope.kind == "class":
                self._module_methods(scope)
        candidates, name_type, attribute_type = self._candidates, ast.Name, ast.Attribute
        for scope in self.scopes:
            for call in scope.of_type(ast.Call):
                # Only these last names can be a transform, a lax loop or a callback: the test is
                # inlined, as most calls fail it.
                func = call.func  # type: ignore[attr-defined]
                kind = type(func)
                last = func.id if kind is name_type else func.attr if kind is attribute_type else None
                if last is None or last in candidates:
                    self._call(call, scope)  # type: ignore[arg-type]
        self.inherit_nesting(self.module, None)
        for info in self.info.values():
            if info.host:
                info.transforms.clear()
        return self.info

    # -- transform resolution --------------------------------------------------------------

    def transform_of(self, expr: ast.AST, scope: Scope) -> tuple[T.Transform, str] | None:
        name = qualified_name(expr, scope)
        if name is None:
            return None
        if name in T.TRANSFORMS:
            return T.TRANSFORMS[name], name
        if name in self.extra_jit or dotted(expr) in self.extra_jit:
            return T.JIT, name
        return None

    def wrap_of(self, expr: ast.AST, scope: Scope) -> Wrap | None:
        """A decorator-like expression (`jax.jit`, `jax.jit(static_argnames=..)`,
        `partial(jax.jit, ...)`) → the Wrap it applies, else None."""
        found = self.transform_of(expr, scope)
        if found:
            return Wrap(found[0], found[1])
        if not isinstance(expr, ast.Call):
            return None
        found = self.transform_of(expr.func, scope)
        if found and not expr.args:  # decorator factory: @jax.jit(static_argnames=...)
            return with_statics(Wrap(found[0], found[1]), expr.keywords)
        if qualified_name(expr.func, scope) in T.PARTIAL and expr.args:
            inner = self.wrap_of(expr.args[0], scope)
            if inner and len(expr.args) == 1:
                return with_statics(inner, expr.keywords)
        return None

    def _decorators(self, scope: Scope) -> None:
        node = scope.node
        outer = scope.parent
        assert outer is not None
        for decorator in node.decorator_list:  # type: ignore[attr-defined]
            wrap = self.wrap_of(decorator, outer)
            if wrap:
                self._apply(scope, wrap, f"decorated with {wrap.name}", line=decorator.lineno)

    def _module_methods(self, cls: Scope) -> None:
        base = self.module_base(cls)
        if base is None:
            return
        for child in cls.children:
            if child.kind != "function":
                continue
            decorators = {qualified_name(d, cls) for d in child.node.decorator_list}  # type: ignore[attr-defined]
            if child.node.name == "__call__" or decorators & T.COMPACT_DECORATORS:  # type: ignore[attr-defined]
                info = self.info[child]
                info.add(T.MODULE, f"method of module class {cls.qualname}")
                info.origin = info.origin or f"traced inside {base.split('.')[0]} `{child.node.name}`"  # type: ignore[attr-defined]
                params = child.params()[1:]
                info.static_params |= {p for p in params if looks_static(child, p)}
                # its callers are mostly not known: a parameter it only tests or hands on is a flag,
                # unless a call it can see hands it a traced value
                flags = {p for p in params if self._used_as_flag(child, p)} - info.static_params
                # nor is one the method never uses as an array (a length, a shape tuple, axes): flax
                # hands a Python value to `__call__` as it is
                unproven = {p for p in params if not self._used_as_array(child, p)} - info.static_params - flags
                info.given_static |= flags
                info.unproven |= unproven
                info.trace_params(set(params) - info.static_params - flags - unproven)
                info.all_params_traced = True

    def module_base(self, cls: Scope) -> str | None:
        """The flax/equinox module class a class of this module derives from, if any."""
        return self._module_base(cls.node, cls.parent, set())  # type: ignore[arg-type]

    def _module_base(self, node: ast.ClassDef, scope: Scope | None, seen: set[str]) -> str | None:
        """The flax/equinox module class `node` derives from, directly or through classes of this module."""
        if scope is None or node.name in seen:
            return None
        seen.add(node.name)
        for base in node.bases:
            name = qualified_name(base, scope)
            if name in T.MODULE_BASES:
                return name
            if name in self.module_classes:
                return self.module_classes[name]
            if isinstance(base, ast.Name):
                target = self.local_def(base.id, scope, ast.ClassDef)
                if target is not None and isinstance(target.node, ast.ClassDef):
                    found = self._module_base(target.node, target.parent, seen)
                    if found is not None:
                        return found
        return None

    def _used_as_flag(self, scope: Scope, param: str) -> bool:
        """Every read of `param` is a truth test (`if compute_extras:`, `not p`, `p and q`) or an
        argument handed on, and one is a test: nothing computes with it as an array would."""
        loads = [n for n in scope.of_type(ast.Name) if n.id == param and isinstance(n.ctx, ast.Load)]  # type: ignore[attr-defined]
        tested = False
        for load in loads:
            parent = self.parents.get(load)
            if isinstance(parent, (ast.If, ast.While, ast.IfExp)) and parent.test is load or isinstance(
                    parent, ast.BoolOp) or isinstance(parent, ast.UnaryOp) and isinstance(parent.op, ast.Not):
                tested = True
            elif not (isinstance(parent, ast.Call) and load in parent.args or isinstance(parent, ast.keyword)):
                return False
        return tested

    def _used_as_array(self, scope: Scope, param: str) -> bool:
        """Some read of `param` uses it as only an array is used: an array attribute or method
        (`x.shape`, `x.astype(...)`), an operand of `@`, or the input of a submodule (`self.proj(x)`,
        `nn.Dense(4)(x)`)."""
        for load in scope.of_type(ast.Name):
            if load.id != param or not isinstance(load.ctx, ast.Load):  # type: ignore[attr-defined]
                continue
            parent = self.parents.get(load)
            if isinstance(parent, ast.Attribute) and parent.attr in ARRAY_ONLY_ATTRIBUTES \
                    or isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.MatMult):
                return True
            if isinstance(parent, ast.Call) and parent.args and parent.args[0] is load and (
                    isinstance(parent.func, ast.Call) or isinstance(parent.func, ast.Attribute)
                    and isinstance(parent.func.value, ast.Name) and parent.func.value.id == "self"):
                return True
        return False

    # -- wrapping calls and lax bodies ----------------------------------------------------

    def _carry_leaves(self, call: ast.Call, scope: Scope, name: str, params: list[str], info: TraceInfo) -> None:
        """What this call's initial carry proves of the body's carry parameter: which positions of a
        tuple literal are leaves (a number, a bool, a `jnp` result), joined with other calls' proof."""
        position, keyword, slot = T.LAX_CARRIES[name]
        init = call.args[position] if position < len(call.args) else \
            next((k.value for k in call.keywords if k.arg == keyword), None)
        if slot >= len(params):
            return
        leaves = frozenset(i for i, item in enumerate(init.elts)
                           if leaf_expression(item, lambda f: qualified_name(f, scope))) \
            if isinstance(init, (ast.Tuple, ast.List)) else frozenset()
        carry = params[slot]
        info.carry_leaves[carry] = info.carry_leaves.get(carry, leaves) & leaves

    def _call(self, call: ast.Call, scope: Scope) -> None:
        name = qualified_name(call.func, scope)
        if name in T.HOST_CALLBACKS and call.args:
            for target in self.function_refs(call.args[0], scope):
                self.info[target[0]].host = True
            return
        if name in T.LAX_BODIES:
            positions, keywords = T.LAX_BODIES[name]
            exprs = [(call.args[i], i) for i in positions if i < len(call.args)]
            exprs += [(k.value, k.arg) for k in call.keywords if k.arg in keywords]
            for expr, slot in exprs:
                self._external(expr, scope, T.LAX_MAP if name == "jax.lax.map" else T.LAX, f"body of {name}",
                               call, lax_body=True, loop_body=(name, slot) in T.LAX_LOOP_BODIES)
                for target, bound in self.function_refs(expr, scope):
                    info = self.info[target]
                    info.loop_body |= (name, slot) in T.LAX_LOOP_BODIES
                    info.add(T.LAX_MAP if name == "jax.lax.map" else T.LAX, f"body of {name}")
                    params = target.params()[bound:]
                    if name == "jax.lax.fori_loop" and params:
                        info.loop_counters.add(params[0])
                    if (name, slot) in T.LAX_LOOP_BODIES and name in T.LAX_CARRIES:
                        self._carry_leaves(call, scope, name, params, info)
                    info.static_params |= defaulted_params(target)  # lax passes a fixed number of arguments
                    info.defaults_kept |= defaulted_params(target) - self._partial_keywords(expr, scope)
                    info.trace_params([p for p in params if p not in info.static_params],
                                      f"`{name}` at line {call.lineno} hands its body traced values", call.lineno)
                    info.all_params_traced = True
            return
        wrap = self.wrapping_call(call, scope)
        if wrap is None or not call.args:
            return
        self._external(call.args[0], scope, wrap.transform, f"wrapped by {wrap.name}", call, wrap)
        for target, bound in self.transformed_refs(call.args[0], scope, wrap):
            self._apply(target, wrap, f"wrapped by {wrap.name}", bound, line=call.lineno)

    def _external(self, expr: ast.expr, scope: Scope, transform: T.Transform, reason: str, call: ast.Call,
                  wrap: Wrap | None = None, lax_body: bool = False, loop_body: bool = False) -> None:
        """Record a function another module defines that this transform traces: what an import names."""
        if not isinstance(expr, (ast.Name, ast.Attribute)):
            return
        target, bound = qualified_name(expr, scope), 0
        if target is None and (method := self.imported_method(expr, scope)):
            target, bound = method, 1  # `jax.jit(trainer.step)`: `self` is the object, a Python value
        if target is None or not may_be_project(target):
            return
        nums: tuple[int, ...] = ()
        names: tuple[str, ...] = ()
        if wrap is not None and wrap.transform is not T.GRAD:  # vmap's in_axes=None passes a value as it is
            nums, names = tuple(n + bound if n >= 0 else n for n in wrap.static_nums + wrap.unbatched), wrap.static_names
        nums = (*range(bound), *nums)
        filtered = wrap is not None and wrap.name in T.FILTERED
        self.external.append(ExternalEntry(target, transform, reason, call.lineno, nums, names, lax_body, loop_body,
                                           filtered))

    def imported_method(self, expr: ast.expr, scope: Scope) -> str | None:
        """`obj.method` (or `obj` itself, called: its `__call__`) where the name `obj` is bound, once,
        to `Cls(...)` of a class another module defines: the method's qualified name ("model.Trainer.step")."""
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            name, method = expr.value, expr.attr
        elif isinstance(expr, ast.Name):
            name, method = expr, "__call__"
        else:
            return None
        value = self._single_assigned_value(name, scope)
        if not isinstance(value, ast.Call):
            return None
        cls = qualified_name(value.func, scope)
        return f"{cls}.{method}" if cls is not None and may_be_project(cls) else None

    def _single_assigned_value(self, name: ast.Name, scope: Scope) -> ast.expr | None:
        owner = scope.lookup_scope(name.id)
        bindings = owner.bindings[name.id] if owner is not None else []
        if len(bindings) != 1 or bindings[0].kind != "assign":
            return None
        return getattr(self.parents.get(bindings[0].node), "value", None)

    def transformed_refs(self, expr: ast.AST, scope: Scope, outer: Wrap | None = None) -> list[tuple[Scope, int]]:
        """The functions a transform applied to `expr` traces: those `expr` denotes, or the code a
        callable object runs: `jax.jit(Cls)` runs `Cls.__init__`, `jax.jit(obj.f)` with
        `obj = Cls(...)` runs `Cls.f` on that object, which stays a Python value (not traced)."""
        refs = self.function_refs(expr, scope, outer)
        if refs or not isinstance(expr, (ast.Name, ast.Attribute)):
            return refs
        if isinstance(expr, ast.Name):
            cls = self.local_def(expr.id, scope, ast.ClassDef)
            init = self._class_member(cls, "__init__") if cls is not None and cls.kind == "class" else None
            return [(init, 1)] if init is not None else []
        cls = self._instance_class(expr.value, scope)
        method = self._class_member(cls, expr.attr) if cls is not None else None
        if method is None:
            return []
        decorators = {last_name(d) for d in method.node.decorator_list}  # type: ignore[attr-defined]
        return [(method, 0 if "staticmethod" in decorators else 1)]

    def _instance_class(self, expr: ast.expr, scope: Scope) -> Scope | None:
        """The class of this module whose instance the name `expr` is bound to, once, by `Cls(...)`."""
        if not isinstance(expr, ast.Name):
            return None
        value = self._single_assigned_value(expr, scope)
        if not (isinstance(value, ast.Call) and isinstance(value.func, ast.Name)):
            return None
        owner = scope.lookup_scope(expr.id)
        cls = self.local_def(value.func.id, owner, ast.ClassDef)  # type: ignore[arg-type]
        return cls if cls is not None and cls.kind == "class" else None

    def wrapping_call(self, call: ast.Call, scope: Scope) -> Wrap | None:
        found = self.transform_of(call.func, scope)
        if found:
            keywords = list(call.keywords)
            if found[0] in (T.VMAP, T.GRAD) and len(call.args) > 1:  # jax.vmap(f, (0, None)), jax.grad(f, 1)
                keywords.append(ast.keyword(arg="in_axes" if found[0] is T.VMAP else "argnums", value=call.args[1]))
            elif found[0] is T.SHARD_MAP and len(call.args) > 2:  # jax.shard_map(f, mesh, (P(), None), ...)
                keywords.append(ast.keyword(arg="in_specs", value=call.args[2]))
            return with_statics(Wrap(found[0], found[1]), keywords)
        factory = self.wrap_of(call.func, scope) if isinstance(call.func, ast.Call) else None
        return factory  # jax.jit(static_argnames=...)(f) / partial(jax.jit, ...)(f)

    def function_refs(self, expr: ast.AST, scope: Scope, outer: Wrap | None = None) -> list[tuple[Scope, int]]:
        """Function scopes an expression denotes, with how many leading params are bound."""
        if isinstance(expr, ast.Lambda):
            return [(self.scope_of[expr], 0)]
        if isinstance(expr, (ast.List, ast.Tuple)):
            return [ref for e in expr.elts for ref in self.function_refs(e, scope, outer)]
        if isinstance(expr, ast.Name):
            statement = self._reaching_statement(expr, scope)
            if isinstance(statement, ast.Assign):
                return self._assigned_refs(statement.value, scope.lookup_scope(expr.id) or scope)
            if statement is not None:
                return [(self.scope_of[statement], 0)]
            target = self.local_def(expr.id, scope, _FUNCTION_DEFS)
            if target is None and (owner := scope.lookup_scope(expr.id)) is not None \
                    and any(b.kind == "param" for b in owner.bindings.get(expr.id, ())):
                # a parameter that `functools.partial(owner, name=f)` binds to a function: that function
                return [ref for value, where in self._partial_bindings().get((owner, expr.id), ())
                        for ref in self.function_refs(value, where)]
            return [(target, 0)] if target else []
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            return self._method_refs(expr.value.id, expr.attr, scope)
        if isinstance(expr, ast.Call):
            if qualified_name(expr.func, scope) in T.PARTIAL and expr.args:
                refs = self.function_refs(expr.args[0], scope, outer)
                bound = len(expr.args) - 1
                if any(k.arg is None for k in expr.keywords):
                    bound = ALL_BOUND  # partial(f, **kwargs): which parameters remain is unknown
                names = {k.arg for k in expr.keywords if k.arg}
                for target, already in refs:
                    self.info[target].static_params |= names
                return [(t, already + bound) for t, already in refs]
            inner = self.wrapping_call(expr, scope)
            if inner and outer is not None:  # jax.jit(jax.vmap(f), static_argnums=3): f's 4th is static too
                inner = replace(inner, static_nums=inner.static_nums + outer.static_nums,
                                static_names=inner.static_names + outer.static_names)
            if inner and outer is not None and inner.transform is T.VMAP and outer.transform is T.VMAP:
                # jax.vmap(jax.vmap(f, in_axes=(None, 0)), in_axes=(0, None)): every element of both
                # batches gets the same value only where neither level maps it (a sweep over one
                # set of seeds maps its keys in the inner level)
                inner = replace(inner, unbatched=tuple(i for i in inner.unbatched if i in outer.unbatched))
                self._outer_vmaps[id(outer)] = outer
            if inner and expr.args:  # jax.jit(jax.vmap(f)): f gets both
                refs = self.transformed_refs(expr.args[0], scope, inner)
                for target, bound in refs:
                    self._apply(target, inner, f"wrapped by {inner.name}", bound, line=expr.lineno)
                return refs
            if isinstance(expr.func, ast.Name):  # make_train(config): the def it returns
                return [ref for factory, _ in self.function_refs(expr.func, scope) for ref in self._returned(factory)]
        return []

    def _partial_bindings(self) -> dict[tuple[Scope, str], list[tuple[ast.expr, Scope]]]:
        """(function, parameter) → the functions `functools.partial(function, parameter=f)` calls of
        this module bind to it, each with the scope of the call (found once)."""
        if self._bound_by_partial is None:
            self._bound_by_partial = {}
            for scope in self.scopes:
                for call in scope.of_type(ast.Call):
                    if not call.args or qualified_name(call.func, scope) not in T.PARTIAL:  # type: ignore[attr-defined]
                        continue
                    functions = [k for k in call.keywords  # type: ignore[attr-defined]
                                 if k.arg and isinstance(k.value, (ast.Name, ast.Lambda, ast.Attribute))]
                    if not functions:
                        continue
                    for target, _ in self.function_refs(call.args[0], scope):  # type: ignore[attr-defined]
                        for keyword in functions:
                            self._bound_by_partial.setdefault((target, keyword.arg), []).append((keyword.value, scope))
        return self._bound_by_partial

    def _partial_keywords(self, expr: ast.expr, scope: Scope) -> set[str]:
        """The parameters `partial(f, name=value)` binds to something other than None, where `expr`
        is that call or a name it is assigned to."""
        if isinstance(expr, ast.Name):
            statement = self._reaching_statement(expr, scope)
            expr = statement.value if isinstance(statement, ast.Assign) else expr
        if not (isinstance(expr, ast.Call) and qualified_name(expr.func, scope) in T.PARTIAL):
            return set()
        return {k.arg for k in expr.keywords if k.arg and not (isinstance(k.value, ast.Constant) and k.value.value is None)}

    def _returned(self, factory: Scope) -> list[tuple[Scope, int]]:
        """The functions defined in `factory` that it returns (`return train`, `return lambda x: ...`);
        none unless every `return` gives one."""
        found = []
        for node in factory.of_type(ast.Return):
            value = node.value  # type: ignore[attr-defined]
            if isinstance(value, ast.Lambda):
                found.append((self.scope_of[value], 0))
                continue
            target = self.local_def(value.id, factory, _FUNCTION_DEFS) if isinstance(value, ast.Name) else None
            if target is None or target.parent is not factory:
                return []
            found.append((target, 0))
        return found

    def _apply(self, target: Scope, wrap: Wrap, reason: str, bound: int = 0, line: int = 0) -> None:
        info = self.info[target]
        info.add(wrap.transform, reason)
        info.batched |= wrap.transform is T.VMAP
        positional = target.positional_params()  # type: ignore[attr-defined]
        positional = positional[bound:]
        static = set(wrap.static_names)
        for num in wrap.static_nums:
            if -len(positional) <= num < len(positional):
                static.add(positional[num])
        unbatched = set()
        if wrap.transform in (T.VMAP, T.SHARD_MAP) and self._outer_vmaps.get(id(wrap)) is not wrap:
            unbatched = {positional[i] for i in wrap.unbatched if i < len(positional)}
        if wrap.name in T.FILTERED:
            info.filtered = True
            # equinox keeps Python values static: what the annotation or default says, not the name
            static |= {p for p in target.params() if looks_static(target, p, by_name=False)}
        if wrap.transform.cached:  # what jit (not vmap's in_axes, not grad) keeps static and hashes
            info.declared_static |= static
        info.unbatched = (info.unbatched - static) | (unbatched - (info.static_params - info.unbatched))
        fixed = (info.static_params | static) - info.unbatched
        params = [p for p in target.params()[bound:] if p not in ("self", "cls") or bound]
        if wrap.transform is T.GRAD and wrap.argnums is not None:
            # grad traces the arguments it differentiates; the others reach the function as they are
            differentiated = {positional[i] for i in wrap.argnums if -len(positional) <= i < len(positional)}
            params = [p for p in params if p in differentiated]
        info.trace_params([p for p in params if p not in fixed and p not in unbatched],
                          f"`{wrap.name}` at line {line} traces the arguments of `{target.qualname}`", line)
        info.static_params = fixed | (info.unbatched - info.traced_params)  # jax.jit(jax.vmap(f, in_axes=(0, None)))
        info.all_params_traced = True

    # -- nesting -------------------------------------------------------------------------

    def inherit_nesting(self, scope: Scope, enclosing: TraceInfo | None) -> None:
        """Defs and lambdas inside traced code are traced under the same transforms."""
        for child in scope.children:
            if child.is_function and enclosing is not None and enclosing.traced:
                self.info[child]
            info = self.info.get(child)
            inherited = enclosing
            if info is not None:
                if enclosing is not None and enclosing.traced and not info.host:
                    for kind in sorted(enclosing.transforms):
                        info.transforms.add(kind)
                    info.abstract |= enclosing.abstract
                    info.cached |= enclosing.cached
                    info.reasons.append(f"nested in traced {scope.qualname}")
                    info.origin = info.origin or enclosing.origin
                inherited = info if info.traced else (enclosing if not info.host else None)
            self.inherit_nesting(child, inherited)

    # -- lookups -----------------------------------------------------------------------

    def local_def(self, name: str, scope: Scope, types) -> Scope | None:
        owner = scope.lookup_scope(name)
        if owner is None:
            return None
        bindings = owner.bindings[name]
        if len(bindings) == 1 and bindings[0].kind == "assign":  # f = lambda y: ... / g = jax.jit(f)
            value = getattr(self.parents.get(bindings[0].node), "value", None)
            if isinstance(value, ast.Lambda):
                return self.scope_of.get(value)
            if isinstance(value, ast.Call) and value.args and self.wrapping_call(value, owner):
                refs = self.function_refs(value.args[0], owner)
                return refs[0][0] if len(refs) == 1 and refs[0][1] == 0 else None
            return None
        defs = [b for b in bindings if b.kind in ("def", "class")]
        if len(defs) != 1 or not isinstance(defs[0].node, types):
            return None
        return self.scope_of.get(defs[0].node)

    def _reaching_statement(self, name: ast.Name, scope: Scope) -> ast.stmt | None:
        """The `def` or `name = ...` statement whose binding a reference to `name` reads: the only
        binding, or, for a reference in the binding scope's own straight-line code, the last
        binding before it (`f = partial(f, flag=True)` rebinds `f`); None when it cannot tell."""
        owner = scope.lookup_scope(name.id)
        if owner is None:
            return None
        bindings = owner.bindings[name.id]
        if len(bindings) > 1 and owner is not scope:
            return None  # a closure reads whichever binding is current when it runs
        statements = [self.parents.get(b.node) if b.kind == "assign" else b.node for b in bindings]
        if not all(isinstance(s, (ast.Assign, *_FUNCTION_DEFS)) for s in statements):
            return None
        if len(bindings) == 1:
            inside = statements[0].lineno <= name.lineno <= statements[0].end_lineno  # type: ignore[operator]
            return statements[0] if isinstance(statements[0], ast.Assign) and not inside else None
        if not all(self._straight_line(s, owner) for s in statements):
            return None  # bound in a branch or a loop: which binding reaches is not known
        position = (name.lineno, name.col_offset)
        before = [s for s in statements if (s.end_lineno, s.end_col_offset) <= position]
        return max(before, key=lambda s: (s.lineno, s.col_offset)) if before else None

    def _straight_line(self, statement: ast.stmt, owner: Scope) -> bool:
        """Whether `statement` runs each time its scope's body does, once (only `with` blocks around it)."""
        parent = self.parents.get(statement)
        while parent is not owner.node:
            if not isinstance(parent, (ast.With, ast.AsyncWith)):
                return False
            parent = self.parents.get(parent)
        return True

    def _assigned_refs(self, value: ast.expr, owner: Scope) -> list[tuple[Scope, int]]:
        """The functions `name = value` binds: a lambda, `partial(f, ...)`, or `jax.jit(f)` (whose
        transform the call itself applies)."""
        if isinstance(value, ast.Lambda):
            return [(self.scope_of[value], 0)]
        if isinstance(value, ast.Call) and value.args:
            if self.wrapping_call(value, owner):
                return self.transformed_refs(value.args[0], owner)
            if qualified_name(value.func, owner) in T.PARTIAL:
                return self.function_refs(value, owner)
        return []

    def _method_refs(self, base: str, attr: str, scope: Scope) -> list[tuple[Scope, int]]:
        """`self.f`/`cls.f` in a method, or `Cls.f` of a class of this module, with how many
        leading parameters the access binds."""
        if base in ("self", "cls"):
            cls = scope
            while cls is not None and cls.kind != "class":
                cls = cls.parent
        else:
            cls = self.local_def(base, scope, ast.ClassDef)
        method = self._class_member(cls, attr) if cls is not None and cls.kind == "class" else None
        if method is None:
            return []
        decorators = {last_name(d) for d in method.node.decorator_list}  # type: ignore[attr-defined]
        if "staticmethod" in decorators:
            return [(method, 0)]
        return [(method, 1 if base in ("self", "cls") or "classmethod" in decorators else 0)]

    @staticmethod
    def _class_member(cls: Scope, name: str) -> Scope | None:
        for child in cls.children:
            if child.kind == "function" and child.node.name == name:  # type: ignore[attr-defined]
                return child
        return None


def _call_names(imports: list, extra_jit: frozenset[str]) -> frozenset[str]:
    """Last names a transform/lax/callback call can end with here: the known ones, their
    re-exports, configured decorators, and local import aliases of any of them (`jit as J`)."""
    known = T.CALL_NAMES | {name.rsplit(".", 1)[-1] for name in (*extra_jit, *ALIASED)}
    local = {b.name for b in imports if b.qualified and b.qualified.rsplit(".", 1)[-1] in known}
    return frozenset(known | local)


def with_statics(wrap: Wrap, keywords: list[ast.keyword]) -> Wrap:
    nums, names, unbatched = list(wrap.static_nums), list(wrap.static_names), list(wrap.unbatched)
    argnums = wrap.argnums
    for kw in keywords:
        value = _literal(kw.value)
        if kw.arg in ("static_argnums", "static_broadcasted_argnums"):  # the latter: pmap's
            nums += [v for v in _as_tuple(value) if isinstance(v, int)]
        elif kw.arg == "static_argnames":
            names += [v for v in _as_tuple(value) if isinstance(v, str)]
        elif kw.arg in ("in_axes", "in_specs") and (axes := _axes(kw.value)) is not None:
            # None passes the argument through as the Python value it is (JAX 0.10.2), also under jit
            unbatched += [i for i, axis in enumerate(axes) if isinstance(axis, ast.Constant) and axis.value is None]
        elif kw.arg == "excluded":  # jnp.vectorize: excluded arguments are passed as they are
            nums += [v for v in _as_tuple(value) if isinstance(v, int)]
            names += [v for v in _as_tuple(value) if isinstance(v, str)]
        elif kw.arg == "argnums":
            numbers = _as_tuple(value)
            known = numbers and all(isinstance(v, int) and v >= 0 for v in numbers)
            argnums = tuple(numbers) if known else None
    return Wrap(wrap.transform, wrap.name, tuple(nums), tuple(names), tuple(unbatched), argnums)


def _literal(node: ast.AST):
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None


def _axes(node: ast.expr) -> list[ast.expr] | None:
    """The per-argument entries of an `in_axes`/`in_specs` written as a tuple or list, also built
    as `[0] + [None] * 3`; None when they cannot be read."""
    if isinstance(node, (ast.Tuple, ast.List)):
        return list(node.elts) if not any(isinstance(e, ast.Starred) for e in node.elts) else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _axes(node.left), _axes(node.right)
        return left + right if left is not None and right is not None else None
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        for items, times in ((node.left, node.right), (node.right, node.left)):
            entries = _axes(items)
            if entries is not None and isinstance(times, ast.Constant) and type(times.value) is int:
                return entries * times.value
    return None


def _as_tuple(value) -> tuple:
    if isinstance(value, (tuple, list)):
        return tuple(value)
    return () if value is None else (value,)


def defaulted_params(scope: Scope) -> set[str]:
    """Parameters with a default value."""
    args = scope.node.args  # type: ignore[attr-defined]
    positional = args.posonlyargs + args.args
    named = [a.arg for a in positional[len(positional) - len(args.defaults):]] if args.defaults else []
    return set(named) | {a.arg for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None}


def looks_static(scope: Scope, param: str, by_name: bool = True) -> bool:
    """A parameter that holds a Python scalar/flag by its annotation, default or (where its
    callers are unknown, `by_name`) its name."""
    args = scope.node.args  # type: ignore[attr-defined]
    positional = args.posonlyargs + args.args
    defaults = dict(zip([a.arg for a in positional[len(positional) - len(args.defaults):]], args.defaults))
    defaults.update({a.arg: d for a, d in zip(args.kwonlyargs, args.kw_defaults) if d is not None})
    for a in positional + args.kwonlyargs:
        if a.arg == param and a.annotation is not None:
            text = unparsed(a.annotation)
            if text in T.STATIC_ANNOTATIONS or text.startswith(("Optional[bool", "bool |", "int |", "str |")):
                return True
    default = defaults.get(param)
    if isinstance(default, ast.Constant) and isinstance(default.value, (bool, int, float, str, type(None))):
        return True
    if isinstance(default, (ast.Tuple, ast.List)) and all(isinstance(e, ast.Constant) for e in default.elts):
        return True  # program_ids=(), axes=(0, 1)
    return by_name and param in T.MODE_PARAM_NAMES
