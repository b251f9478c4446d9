"""Which parameters of this module's functions are traced, decided with the whole module in view:
the functions other modules' traced code calls, the defaulted parameters no call site passes (or
passes only Python literals), and the callees of traced code handed traced arguments, propagated
to a fixed point. `Model` runs it once, while it is built."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.project.summary import may_be_project
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.module_arguments import initializer_call
from jaxlint.semantic.trace_info import TraceInfo, Wrap
from jaxlint.semantic.traced import defaulted_params, looks_static
from jaxlint.written import unparsed

if TYPE_CHECKING:
    from jaxlint.project.incoming import Entry
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.values import Value

_MAX_PROPAGATION_ROUNDS = 8
# Abstract evaluation that takes the function's arguments after it: `jax.eval_shape(f, x, y)`.
_EVALUATED_WITH_ARGUMENTS = frozenset(("jax.eval_shape", "equinox.filter_eval_shape", "flax.nnx.eval_shape"))
# Functions that call their first argument with the leaves of the trees after it.
TREE_MAPS = frozenset(("jax.tree.map", "jax.tree_util.tree_map_with_path", "jax.tree.map_with_path"))
# Decorators that call the function with the arguments given, untouched.
_PASSING_DECORATORS = frozenset(("builtins.staticmethod", "builtins.classmethod", "flax.linen.compact",
                                 "flax.linen.module.compact", "flax.nnx.compact"))
# Parameters so annotated cannot hold a tracer, whatever a caller passes.
_UNTRACEABLE_ANNOTATIONS = frozenset(("str", "Callable", "type", "Sequence[str]", "tuple[int, ...]",
                                      "Sequence[int]", "typing.Callable"))


class Propagation:
    """The module-wide parameter facts, written into the model's `trace` (its TraceInfo per scope)."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._transformed_calls: dict[ast.Call, Wrap] = {}  # `f(x)` standing for `jax.grad(f)(x)`: its transform

    def enter_from_callers(self, entries: tuple[Entry, ...]) -> None:
        """Functions that other modules' traced code calls: traced like a local callee, with
        exactly the parameters those calls hand traced values."""
        if not entries:
            return
        offered = {s.qualname: s for s in self.model.functions() if s.kind == "function"}
        for entry in entries:
            scope = offered.get(entry.function)
            info = self.model.trace[scope] if scope is not None else None
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
            info.trace_params(new, f"{entry.caller} passes it a traced value")
            info.static_params -= new
            info.reasons.append(entry.caller)
            info.caller = info.caller or entry.caller
            self.model.inherit_nesting(scope, info)

    def defaults_never_passed(self) -> None:
        """A defaulted parameter that no call site passes keeps its Python default: static; so does
        one that every call site hands a Python literal as it is (not through `jax.jit`)."""
        calls = None
        # facts that read these scopes' parameters as traced may exist already (their callers' facts were
        # read to tell what they pass; a flax module's apply asked for them): forgotten, whichever they are
        changed: set[Scope] = set()
        for scope, info in list(self.model.trace.items()):  # resolving call sites may add entries
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
                         if (a := call_argument(site, param, positional)) is not None]
                literals = all(_is_python_literal(a) for a, _, _ in given)
                # A parameter without a default that some call leaves out is bound elsewhere (partial)
                every_site = param in defaulted or len(given) == len(sites)
                as_python = every_site and literals and all(self._passes_python_value(site, where, a)
                                                            for a, site, where in given)
                # Untraced code calling the plain `def` does not go through the transform: the
                # transformed calls (`g = jax.jit(f)`, `g(x)`) still leave the parameter at its default.
                eager = all(self._passes_python_value(site, where, a) and not self.model.info(where).traced
                            for a, site, where in given)
                if param in defaulted and eager or given and (as_python or info.filtered and literals):
                    info.traced_params.discard(param)
                    info.static_params.add(param)
                    changed.add(scope)
                elif info.filtered and not any(self._passes_array(a, where) for a, _, where in given):
                    info.traced_params.discard(param)  # only arrays are traced: no caller is known to pass one
                    changed.add(scope)
        if changed:
            self.model.forget(changed)


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
        refs = self.model.function_refs(func, where) if isinstance(func, ast.Attribute) else []
        return bool(refs) and all(self._plain_def(target.node, target.parent) for target, _ in refs)

    def _plain_def(self, node: ast.AST, owner: Scope | None) -> bool:
        """A `def` whose decorators hand its arguments on as they are (`nn.compact`, `staticmethod`)."""
        return isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and all(
            self.model.qualified(d, owner) in _PASSING_DECORATORS for d in node.decorator_list)

    def _call_sites(self, scope: Scope, calls: list[tuple[ast.Call, Scope]]) -> list[tuple[ast.Call, Scope, list[str]]]:
        """The calls that may call `scope`, each with its scope and the positional parameters its
        arguments fill: calls of another function of the same name are not its call sites."""
        sites = []
        for call, where in calls:
            refs = self.model.function_refs(call.func, where)
            if not refs:  # a method or an unknown alias: may be this function
                sites.append((call, where, scope.positional_params()))
            sites += [(call, where, scope.positional_params()[bound:]) for target, bound in refs if target is scope]
        return sites

    def _passes_array(self, expr: ast.expr, where: Scope) -> bool:
        """The argument is known to be a JAX array where it is passed (made by JAX, or traced there):
        only arrays are traced by equinox's filtered transforms, Python values stay static."""
        if _is_python_literal(expr) or isinstance(expr, (ast.Starred, ast.Lambda)):
            return False
        value = self.model.facts(where).value(expr)
        return value.surely_traced_array or value.jax and not value.numpy and not value.is_tuple

    def _calls_by_name(self) -> dict[str, list[tuple[ast.Call, Scope]]]:
        """Calls by the name they call (`f(...)`, `obj.f(...)`), plus aliases `g = jax.jit(f)`,
        transformed calls `jax.jit(f)(x)` and abstract evaluation `jax.eval_shape(f, x)` (as
        calls of `f`), each with the scope it is made in."""
        aliases: dict[str, set[str]] = {}
        for scope in self.model.scopes:
            for assign in scope.of_type(ast.Assign):
                value = assign.value  # type: ignore[attr-defined]
                wrapped = last_name(value.args[0]) if isinstance(value, ast.Call) and value.args else None
                if wrapped is not None:  # `g = jax.jit(f)`, `g = eqx.filter_jit(Cls.method)`
                    for target in assign.targets:  # type: ignore[attr-defined]
                        if isinstance(target, ast.Name) and target.id != wrapped:
                            aliases.setdefault(target.id, set()).add(wrapped)
        by_name: dict[str, list[tuple[ast.Call, Scope]]] = {}
        for scope in self.model.scopes:
            for call in scope.of_type(ast.Call):
                call = self._as_direct_call(call, scope)  # type: ignore[arg-type]
                func = call.func
                if (isinstance(func, ast.Call) and func.args
                        and self.model.qualified(func.func, scope) == "functools.partial"):
                    func = func.args[0]  # partial(f, a)(b): a call of f (function_refs counts the bound a)
                name = last_name(func)
                if name is not None:
                    for called in {name, *aliases.get(name, ())}:
                        by_name.setdefault(called, []).append((call, scope))
        return by_name

    def _as_direct_call(self, call: ast.Call, scope: Scope) -> ast.Call:
        """`jax.jit(f)(x, y)` and `jax.eval_shape(f, x, y)` as the call `f(x, y)` they make."""
        func = call.func
        if isinstance(func, ast.Call) and func.args and (wrap := self.model.wrapping_call(func, scope)):
            direct = ast.Call(func=func.args[0], args=call.args, keywords=call.keywords)
            self._transformed_calls[direct] = wrap
            return direct
        if call.args and self.model.qualified(func, scope) in _EVALUATED_WITH_ARGUMENTS:
            return ast.Call(func=call.args[0], args=call.args[1:], keywords=call.keywords)
        return call

    def propagate_to_callees(self) -> None:
        """Functions of this module called from traced code with traced arguments are traced
        too, as are callbacks handed to other functions next to traced arguments."""
        pending = [s for s, i in list(self.model.trace.items()) if i.traced and self._reaches_local_functions(s)]
        for _ in range(_MAX_PROPAGATION_ROUNDS):
            changed: set[Scope] = set()
            for caller in pending:
                caller_info = self.model.trace[caller]
                for call, args, kwargs in self.model.facts(caller).callee_args:
                    changed |= self._propagate_call(caller, caller_info, call, args, kwargs)
            if not changed:
                break
            self.model.forget_what_sees_traced()  # more functions are traced now
            self.model.forget(changed)  # and callers may have read what they returned before
            pending = sorted(changed, key=lambda s: s.node.lineno) + [
                s for s, i in list(self.model.trace.items()) if i.traced and s not in changed and _nested_in(s, changed)]

    def _reaches_local_functions(self, scope: Scope) -> bool:
        """Whether a call here can reach a function of this module (directly, through partial, or
        as a callback argument): only then is interpreting it for propagation worth its cost."""
        for call in scope.of_type(ast.Call):
            if self.model.function_refs(call.func, scope):  # type: ignore[attr-defined]
                return True
            for arg in call.args:  # type: ignore[attr-defined]
                if isinstance(arg, ast.Lambda) or (isinstance(arg, ast.Name) and self.model.function_refs(arg, scope)):
                    return True
        return False

    def _propagate_call(self, caller: Scope, caller_info: TraceInfo, call: ast.Call, args: list[Value],
                        kwargs: dict[str, Value]) -> set[Scope]:
        changed: set[Scope] = set()
        initializer = initializer_call(caller, caller_info, call, args)  # self.param("w", init_fn, shape)
        if initializer is not None:
            for target, bound in self.model.function_refs(initializer[0].func, caller):
                self.model.trace[target].origin = self.model.trace[target].origin or initializer[2]
                if self._mark(target, caller, caller_info, _receiving(target, bound, initializer[0], initializer[1], {}),
                              initializer[0]):
                    changed.add(target)
            return changed
        traced_args = any(v.traced and not v.uncertain for v in [*args, *kwargs.values()])
        if not traced_args:
            # Its code still runs while the caller is traced: jnp there gives tracers (staging)
            for target, bound in self.model.function_refs(call.func, caller):
                if self._mark(target, caller, caller_info, set()):
                    changed.add(target)
                if caller_info.cached:
                    self.model.trace[target].given_static |= _receiving_static(target, bound, call, args, kwargs)
            return changed
        for target, bound in self.model.function_refs(call.func, caller):
            if self._mark(target, caller, caller_info, _receiving(target, bound, call, args, kwargs), call):
                changed.add(target)
        if self.model.qualified(call.func, caller) == "functools.partial" and call.args:
            # partial(f, a, b): a and b reach f's first parameters; the rest come later, unknown.
            for target, bound in self.model.function_refs(call.args[0], caller):
                bound_call = ast.Call(func=call.args[0], args=call.args[1:], keywords=call.keywords)
                if self._mark(target, caller, caller_info, _receiving(target, bound, bound_call, args[1:], kwargs),
                              call):
                    changed.add(target)
            return changed
        mapper = self.model.qualified(call.func, caller)
        if may_be_project(mapper):
            return changed  # another module's function: how it calls a callback is not followed
        for position, expr in enumerate(call.args):  # callbacks: jax.tree.map(lambda g: ..., grads)
            if isinstance(expr, (ast.Lambda, ast.Name)):
                for target, bound in self.model.function_refs(expr, caller):
                    info = self.model.trace[target]
                    if info.all_params_traced:
                        continue
                    params = {p for p in target.params()[bound:]
                              if p not in info.static_params and not looks_static(target, p)}
                    if mapper in TREE_MAPS and position == 0:
                        params &= _leaf_params(target, bound, call, args, with_path=mapper != "jax.tree.map")
                    if self._mark(target, caller, caller_info, params, call):
                        changed.add(target)
        return changed

    def _mark(self, target: Scope, caller: Scope, caller_info: TraceInfo, params: set[str],
              call: ast.Call | None = None) -> bool:
        info = self.model.trace[target]
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
            line = getattr(call, "lineno", None)  # a call made up for an initializer has none
            where = f" at line {line}" if line is not None else ""
            # what a caller traced by presumption passes is presumed traced too
            proven = not caller_info.presumed_only or caller_info.traced_params <= set(caller_info.param_origins)
            info.trace_params(new, f"{caller_info.describe(caller.qualname)} passes it a traced value{where}"
                              if proven else "", line)
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
    # What `*args` or `**kwargs` can fill: never a parameter the call passes explicitly (Python
    # raises on a second value), so `f(x, 3, **arrays)` leaves the 3 a Python value.
    explicit = _explicitly_passed(call, positional)
    receiving: set[str] = set()
    arrays: set[str] = set()  # surely given a traced array: traced, whatever the parameter looks like
    for index, (expr, value) in enumerate(zip(call.args, args)):
        if isinstance(expr, ast.Starred):
            if value.traced:
                receiving |= set(positional[index:]) - explicit
            break
        if value.traced and not value.uncertain and index < len(positional):
            receiving.add(positional[index])
            if value.surely_traced_array:
                arrays.add(positional[index])
    for name, value in kwargs.items():
        if value.traced and not value.uncertain:
            receiving |= set(target.params()) - explicit if name == "**" else {name}
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
                    if a.annotation is not None and unparsed(a.annotation) in _UNTRACEABLE_ANNOTATIONS}
    never_traced |= {p for p in receiving - arrays if looks_static(target, p)}
    params = set(target.params()) | {a.arg for a in (node.args.vararg,) if a}  # type: ignore[attr-defined]
    return (receiving & params) - never_traced


def _explicitly_passed(call: ast.Call, positional: list[str]) -> set[str]:
    """The parameters a call passes by position before any `*args`, or by keyword."""
    leading = 0
    for expr in call.args:
        if isinstance(expr, ast.Starred):
            break
        leading += 1
    return set(positional[:leading]) | {k.arg for k in call.keywords if k.arg is not None}


def _receiving_static(target: Scope, bound: int, call: ast.Call, args: list[Value],
                      kwargs: dict[str, Value]) -> set[str]:
    """Parameters of `target` handed a static value by name or position at this call (a traced
    value at another call still makes them traced); `*args` and `**kwargs` fill the others."""
    positional = target.positional_params()[bound:]
    explicit = _explicitly_passed(call, positional)
    given = {name: value for name, value in zip(positional, args) if name in explicit}
    given.update((name, value) for name, value in kwargs.items() if name != "**")
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


def call_argument(call: ast.Call, param: str, positional: list[str]) -> ast.expr | None:
    """The expression a call passes for `param` (the `*args`/`**kwargs` when it cannot tell), or None;
    `positional` are the parameters its positional arguments fill."""
    for k in call.keywords:
        if k.arg == param:
            return k.value
    leading = next((i for i, a in enumerate(call.args) if isinstance(a, ast.Starred)), len(call.args))
    if param in positional:
        index = positional.index(param)
        offset = 1 if positional and positional[0] in ("self", "cls") and isinstance(call.func, ast.Attribute) else 0
        if 0 <= index - offset < leading:
            return call.args[index - offset]
    unpacked = [a for a in call.args if isinstance(a, ast.Starred)] + [k.value for k in call.keywords if k.arg is None]
    return unpacked[0] if unpacked else None


def _is_python_literal(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return isinstance(expr, ast.Constant) and isinstance(expr.value, (bool, int, float, str, type(None)))


def _nested_in(scope: Scope, changed: set[Scope]) -> bool:
    return any(a in changed for a in scope.ancestors())
