"""Which parameters of a flax/equinox module's `__call__` hold static values, from its call sites.

A module method is traced with every parameter taken as traced until its callers say otherwise:
a parameter that the calls seen pass only values known when tracing (a Python constant, a shape
or size, `len(xs)`, a static parameter or field of the caller, an attribute of a static config
object) is static, however the calls are spread over the project's modules. A call that passes a
traced value (or an array) keeps it traced; an unknown value is evidence of neither. The calls
are those this module shows (see module_calls.py) and those other modules show (the project pass
hands them over as `Incoming.module_calls`, each argument already classified where it is made)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.knowledge import api
from jaxlint.semantic.classes import receiver_attribute_stores
from jaxlint.semantic.module_calls import ModuleCalls, is_static_argument
from jaxlint.semantic.traced import defaulted_params
from jaxlint.semantic.values import TRACED

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.trace_info import TraceInfo

STATIC_ARG, TRACED_ARG, UNKNOWN_ARG = "s", "t", "u"
# A JAX array made where the call is (not traced there): traced once the model is compiled, which
# is presumed, not shown.
ARRAY_ARG = "a"
STARRED = "*"  # `*args`: the parameters from its position on get unknown values
_MAX_ROUNDS = 3  # a caller's parameter found static may make its callee's static in turn

# A call site as its callee sees it: (the kind of each positional argument, (keyword, kind) pairs;
# the keyword "**" for `**kwargs`).
Site = tuple[str, tuple[tuple[str, str], ...]]


def argument_kind(model: Model, expr: ast.expr, where: Scope, depth: int = 0) -> str:
    """Whether `expr`, passed in `where`, is known static when tracing, traced (or an array, which a
    transform of the callee traces), or unknown."""
    if isinstance(expr, ast.Starred):
        return UNKNOWN_ARG
    if is_static_argument(expr, model.static_names(where), model, where):
        return STATIC_ARG
    value = model.facts(where).value(expr)
    if value.traced and not value.uncertain:
        return TRACED_ARG
    if value.jax:
        return ARRAY_ARG
    if value.static and not value.traced or not value.traced and _config_attribute(expr, where):
        return STATIC_ARG
    if _static_from_callers(model, expr, where, depth) or _static_attribute(model, expr, where):
        return STATIC_ARG
    return UNKNOWN_ARG


def _static_attribute(model: Model, expr: ast.expr, where: Scope) -> bool:
    """`self.cache_length`, where every store of that attribute in the class's methods is of a static
    value (`self.cache_length = 13` in `setUp`), and the class body does not bind it otherwise."""
    method = where
    while method is not None and method.kind == "lambda":
        method = method.parent
    if method is None or method.kind != "function":
        return False
    stored = receiver_attribute_stores(model, method, expr)
    return bool(stored) and expr.attr not in method.parent.bindings and all(  # type: ignore[attr-defined, union-attr]
        value is not None and _known_static(model, scope, value) for scope, _, value in stored)  # type: ignore[union-attr]


def _known_static(model: Model, scope: Scope, expr: ast.expr) -> bool:
    value = model.facts(scope).value(expr)
    return value.static and not value.traced


_CALLER_DEPTH = 3  # callers of callers followed to see that a parameter gets only static values


def _static_from_callers(model: Model, expr: ast.expr, where: Scope, depth: int) -> bool:
    """`expr` is a parameter of an untraced function that it never rebinds, and every call of that
    function in the module passes it a static value (`make_handler(cache_length=13)`, which then
    calls `wrapper.init(rng, x, cache_length)`)."""
    if not (isinstance(expr, ast.Name) and where.is_function and depth < _CALLER_DEPTH) or model.info(where).traced:
        return False
    bindings = where.bindings.get(expr.id, ())
    if not bindings or any(b.kind != "param" for b in bindings):
        return False
    given = model.arguments_from_callers(where, expr.id)
    return bool(given) and all(argument_kind(model, argument, caller, depth + 1) == STATIC_ARG for caller, argument in given)


def _config_attribute(expr: ast.expr, where: Scope) -> bool:
    """`self.config.num_heads`: an attribute of an object a method's receiver holds (a config),
    neither an array attribute nor one of an array."""
    depth = 0
    while isinstance(expr, ast.Attribute):
        if expr.attr in api.ARRAY_ATTRS or expr.attr == "value":  # `self.scale.value`: a flax variable's array
            return False
        expr, depth = expr.value, depth + 1
    method = where
    while method is not None and method.kind != "function":
        method = method.parent
    if not (depth >= 2 and isinstance(expr, ast.Name) and method is not None and method.parent is not None
            and method.parent.kind == "class"):
        return False
    params = method.params()
    return bool(params) and expr.id == params[0] and all(b.kind == "param" for b in where.bindings.get(expr.id, ()))


def site_of_call(model: Model, call: ast.Call, where: Scope) -> Site:
    """A call as the kinds of what it passes (`site_kinds` reads it against the parameters)."""
    positional = "".join(STARRED if isinstance(a, ast.Starred) else argument_kind(model, a, where) for a in call.args)
    keywords = tuple((k.arg or "**", argument_kind(model, k.value, where)) for k in call.keywords)
    return positional, keywords


def traced_site(call: ast.Call) -> Site:
    """A call through `jax.jit(model.apply)`: jit traces every argument it passes."""
    positional = "".join(STARRED if isinstance(a, ast.Starred) else TRACED_ARG for a in call.args)
    return positional, tuple((k.arg or "**", TRACED_ARG) for k in call.keywords)


def site_kinds(site: Site, positional: list[str]) -> dict[str, str]:
    """Parameter → the kind of value the site passes it (`positional`: the parameters its positional
    arguments fill); parameters it does not pass are left out, or unknown after `*args`/`**kwargs`."""
    given: dict[str, str] = {}
    args, keywords = site
    for index, kind in enumerate(args):
        if kind == STARRED:
            given.update((p, UNKNOWN_ARG) for p in positional[index:] if p not in given)
            break
        if index < len(positional):
            given[positional[index]] = kind
    for name, kind in keywords:
        if name != "**":
            given[name] = kind
    if any(name == "**" for name, _ in keywords):
        given.update((p, UNKNOWN_ARG) for p in positional if p not in given)
    return given


def module_arguments_static(model: Model) -> bool:
    """Settle the parameters of the module classes' methods from their call sites (see the module
    docstring); True when some parameter changed."""
    incoming = _incoming_sites(model)
    any_change = False
    for _ in range(_MAX_ROUNDS):
        changed = False
        known: dict[Scope, tuple[list, list]] = {}  # class → its `__call__` calls, its other methods' calls
        module_calls = None
        for scope, info in list(model.trace.items()):
            cls = scope.parent
            if "module" not in info.transforms or not isinstance(scope.node, (ast.FunctionDef, ast.AsyncFunctionDef)) \
                    or cls is None or cls.kind != "class" or not (info.traced_params or info.given_static or info.unproven):
                continue
            if cls not in known:
                module_calls = module_calls or ModuleCalls(model)
                calls, _ = module_calls.known_calls(cls)
                known[cls] = (calls, module_calls.method_calls())
            name = scope.node.name
            positional = scope.positional_params()[1:]
            calls, methods = known[cls]
            local = calls if name == "__call__" else [(c, w) for m, c, w in methods if m == name]
            local += _self_calls(model, cls, name)
            sites = [(site_kinds(traced_site(call) if call in module_calls.compiled  # type: ignore[union-attr]
                                 else site_of_call(model, call, where), positional), *_call_words(model, call, where))
                     for call, where in local]
            sites += [(site_kinds(site, positional), "a call in another module", None) for site in incoming.get(scope, ())]
            if sites:
                changed |= _settle(scope, info, sites)
        if not changed:
            break
        any_change = True
        model.forget_facts()  # the callers' values were read with the parameters as they were
    return any_change


def _call_words(model: Model, call: ast.Call, where: Scope) -> tuple[str, int]:
    """The call that hands a module its arguments, for the chain, and its row: "the call at line 30
    in jit-compiled `step`"."""
    line = getattr(call, "lineno", None) or call.func.lineno  # a call rebuilt from `apply` has no position
    if where.qualname is None:
        return f"the call at line {line}", line
    compiled = " jit-compiled" if model.info(where).cached else ""
    return f"the call at line {line} in{compiled} `{where.qualname}`", line


def _settle(scope: Scope, info: TraceInfo, sites: list[tuple[dict[str, str], str, int | None]]) -> bool:
    """A flag a call hands a traced value is traced; a parameter that every call passes (or leaves
    at its default) a static value, and none a traced one, is static. Each site comes with the
    words that name its call, and its row."""
    changed = False
    presumed = info.traced_params - set(info.param_origins)
    for flag in sorted(info.given_static | info.unproven | presumed):
        tracing = next(((words, line) for given, words, line in sites if given.get(flag) == TRACED_ARG), None)
        if tracing is not None or any(given.get(flag) == ARRAY_ARG for given, _, _ in sites):
            before = (flag in info.traced_params, flag in info.param_origins)
            info.given_static.discard(flag)
            info.unproven.discard(flag)
            if tracing is not None:
                info.trace_params([flag], f"{tracing[0]} hands it a traced value", tracing[1])
            else:
                info.trace_params([flag])
            changed |= before != (flag in info.traced_params, flag in info.param_origins)
    defaulted = defaulted_params(scope)
    for param in sorted(info.traced_params | info.unproven):
        kinds = [given[param] for given, _, _ in sites if param in given]
        if (len(kinds) == len(sites) or param in defaulted) and STATIC_ARG in kinds and TRACED_ARG not in kinds \
                and ARRAY_ARG not in kinds:
            info.traced_params.discard(param)
            info.unproven.discard(param)
            info.static_params.add(param)
            changed = True
    return changed


def _self_calls(model: Model, cls: Scope, name: str) -> list[tuple[ast.Call, Scope]]:
    """`self.<name>(...)` in the methods of `cls` (and functions nested in them)."""
    if name == "__call__":
        return []
    found = []
    for method in cls.children:
        if method.kind != "function" or not method.params():
            continue
        receiver = method.params()[0]
        for scope in (method, *_nested(method)):
            for call in scope.of_type(ast.Call):
                func = call.func  # type: ignore[attr-defined]
                if isinstance(func, ast.Attribute) and func.attr == name and isinstance(func.value, ast.Name) \
                        and func.value.id == receiver and scope.lookup_scope(receiver) is method:
                    found.append((call, scope))
    return found


def _nested(scope: Scope) -> list[Scope]:
    found = []
    for child in scope.children:
        found += [child, *_nested(child)]
    return found


def _incoming_sites(model: Model) -> dict[Scope, list[Site]]:
    """Other modules' calls of this module's classes, by the `__call__` they reach (inherited
    through this module's classes)."""
    found: dict[Scope, list[Site]] = {}
    told = model.ask.module_calls()
    if not told:
        return found
    classes = {s.qualname: s for s in model.scopes if s.kind == "class"}
    for qualname, sites in told:
        for name, *site in sites:
            method = _method(model, classes.get(qualname), name, set())
            if method is not None:
                found.setdefault(method, []).append(tuple(site))
    return found


def _method(model: Model, cls: Scope | None, name: str, seen: set[str]) -> Scope | None:
    """The method `name` instances of `cls` run: its own, or one a base class of this module defines."""
    if cls is None or cls.qualname in seen:
        return None
    seen.add(cls.qualname)  # type: ignore[arg-type]
    for child in cls.children:
        if child.kind == "function" and child.node.name == name:  # type: ignore[attr-defined]
            return child
    for base in cls.node.bases:  # type: ignore[attr-defined]
        if isinstance(base, ast.Name) and cls.parent is not None:
            owner = cls.parent.lookup_scope(base.id)
            defs = [b for b in owner.bindings[base.id] if b.kind == "class"] if owner is not None else []
            if len(defs) == 1 and (target := model.scope_of.get(defs[0].node)) is not None:
                return _method(model, target, name, seen)
    return None


# flax's `self.param(name, init_fn, *args)` calls `init_fn(key, *args)`; `self.variable(collection,
# name, init_fn, *args)` calls `init_fn(*args)`: under `jax.jit(model.init)` (or an init inside
# compiled code) they run traced, the key and the arrays handed to them tracers.
_INITIALIZER_SLOTS = {"param": (1, True), "variable": (2, False)}  # method → (position of init_fn, given a key)


def initializer_call(scope: Scope, info: TraceInfo, call: ast.Call, args: list) -> tuple[ast.Call, list, str] | None:
    """`self.param("w", init_fn, shape)` in a module's traced method as the call of `init_fn` it makes:
    (that call, the values of its arguments, how it comes to be traced for messages); else None."""
    func = call.func
    if "module" not in info.transforms or not isinstance(func, ast.Attribute) or func.attr not in _INITIALIZER_SLOTS \
            or not isinstance(func.value, ast.Name) or any(isinstance(a, ast.Starred) for a in call.args):
        return None
    method = scope
    while method is not None and not (method.kind == "function" and method.parent is not None
                                      and method.parent.kind == "class"):
        method = method.parent
    if method is None or not method.params() or func.value.id != method.params()[0]:
        return None
    position, keyed = _INITIALIZER_SLOTS[func.attr]
    if len(call.args) <= position:
        return None
    key = [ast.Name(id="key", ctx=ast.Load())] if keyed else []
    made = ast.Call(func=call.args[position], args=[*key, *call.args[position + 1:]], keywords=list(call.keywords))
    values = [*([TRACED] if keyed else []), *args[position + 1:]]
    origin = f"initializer run by `self.{func.attr}` in `{method.qualname}`, traced with the module"
    return made, values, origin
