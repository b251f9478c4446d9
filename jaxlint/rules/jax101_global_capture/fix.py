"""JAX101: the captured variable becomes a parameter, passed at every call site of the module
(direct calls, `g = jax.jit(f)` aliases, `partial(f, ...)`); no fix unless every use is a call.
A function with no call in its module gets a required keyword-only parameter; a method's
attributes go through `traced_method`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes.context import Context, FixError, append_argument, dotted
from jaxlint.fixes.scoping import binds, resolves_to, scope_of
from jaxlint.rules.jax101_global_capture import traced_method

WHOLE_MODULE = True  # its call sites may be anywhere in the module
# Wrappers that hand a keyword argument on as it is (grad and its kin differentiate positional
# arguments only; vmap/pmap would map `name=name` over axis 0).
_WRAPPERS = frozenset(("jit", "pjit", "partial", "checkpoint", "remat", "grad", "value_and_grad", "jacfwd",
                       "jacrev", "hessian"))


def message(finding: Finding) -> str:
    return f"Pass `{_name(finding)}` as an argument"


def _name(finding: Finding) -> str:
    return (finding.fix_data or {}).get("name") or "value"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    name = _name(finding)
    if (finding.fix_data or {}).get("attributes"):  # `self.attr` of a method compiled with its object static
        method = ctx.function_of(ctx.at(finding, cst.Attribute), finding)
        return traced_method.build(ctx, finding, method, lambda c, params, names: _add_parameter(
            c, params, names, keyword_only=True))
    function = ctx.function_of(ctx.at(finding, cst.Name), finding)
    if any(isinstance(a, cst.ClassDef) for a in ctx.ancestors(function)):
        raise FixError("methods are not rewritten")
    if not all(_is_jit_decorator(d.decorator) for d in function.decorators):
        raise FixError("a decorator that may not pass the new keyword on")
    calls = _call_sites(ctx, function)
    # No call at all: an entry point called from elsewhere, whose callers must now say the value.
    edits = [_add_parameter(ctx, function.params, name, keyword_only=not calls)]
    for call in calls:
        if any(a.keyword is not None and a.keyword.value == name for a in call.args) or _shadowed(ctx, call, name, function):
            raise FixError(f"`{name}` means something else at a call site")
        edits.append(append_argument(ctx, call, f"{name}={name}"))
    return edits


def _add_parameter(ctx: Context, params: cst.Parameters, name: str, keyword_only: bool) -> Edit:
    if params.star_kwarg is not None:
        raise FixError("the function takes **kwargs")
    if isinstance(params.star_arg, (cst.Param, cst.ParamStar)):
        last: cst.CSTNode = params.kwonly_params[-1] if params.kwonly_params else params.star_arg
        text = f", {name}"
    else:
        positional = [*params.posonly_params, *params.params]
        star = "*, " if keyword_only or any(p.default is not None for p in positional) else ""
        if not positional:
            return ctx.replace(params, star + name)
        last = positional[-1]
        text = f", {star}{name}"
        if params.posonly_ind is not cst.MaybeSentinel.DEFAULT and not params.params:
            last = params.posonly_ind
    parts = [last] + ([last.default] if isinstance(last, cst.Param) and last.default is not None else [])
    end = max((ctx.positions[p].end for p in parts), key=lambda e: (e.line, e.column))
    at = Location(end.line, end.column + 1)
    return Edit(text, at, at)


def _call_sites(ctx: Context, function: cst.FunctionDef) -> list[cst.Call]:
    """Every call of the function or of a name bound to a wrapper of it; FixError on other uses.
    A name is followed only where it means that variable (not another function's `step`)."""
    calls: list[cst.Call] = []
    pending, done = [(function.name.value, scope_of(ctx, function))], set()
    while pending:
        target, home = pending.pop()
        done.add(target)
        for node in ctx.named(target):
            if node is function.name or not resolves_to(ctx, node, target, home):
                continue
            parent = ctx.parents.get(node)
            if isinstance(parent, cst.Call) and parent.func is node:
                calls.append(parent)
            elif isinstance(parent, (cst.AssignTarget, cst.FunctionDef, cst.ImportAlias, cst.Param)) or (
                    isinstance(parent, cst.Attribute) and parent.attr is node) or (
                    isinstance(parent, cst.Arg) and parent.keyword is node):
                continue  # a binding, an attribute (`jax.grad`) or a keyword of that name: not a use
            else:
                alias = _wrapper_alias(ctx, node)
                if alias is None:
                    raise FixError(f"`{target}` is used other than by calls")
                if isinstance(alias, cst.Call):
                    calls.append(alias)
                elif alias not in done:
                    pending.append((alias, scope_of(ctx, node)))
    return calls


def _wrapper_alias(ctx: Context, node: cst.Name) -> str | cst.Call | None:
    """`g = jax.jit(f)`, `g = jax.jit(jax.grad(f))`, `g = partial(f, 1)` → "g"; `jax.jit(f)(x)` →
    that outer call."""
    wrapped: cst.CSTNode = node
    while isinstance(arg := ctx.parents.get(wrapped), cst.Arg) and isinstance(
            wrapper := ctx.parents.get(arg), cst.Call) and wrapper.args[0] is arg \
            and (dotted(wrapper.func) or "").rsplit(".", 1)[-1] in _WRAPPERS:
        wrapped = wrapper
    holder = ctx.parents.get(wrapped)
    if wrapped is node:
        return None
    if isinstance(holder, cst.Call) and holder.func is wrapped:
        return holder
    if isinstance(holder, cst.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0].target, cst.Name):
        return holder.targets[0].target.value
    return None


_DECORATORS = frozenset(("jit", "pjit", "checkpoint", "remat"))  # they pass a keyword argument on as it is


def _is_jit_decorator(node: cst.BaseExpression) -> bool:
    """`@jax.jit`, `@jax.jit(...)`, `@partial(jax.jit, ...)`, `@jax.checkpoint`."""
    if isinstance(node, cst.Call):
        if (dotted(node.func) or "").rsplit(".", 1)[-1] == "partial":
            return bool(node.args) and (dotted(node.args[0].value) or "").rsplit(".", 1)[-1] in _DECORATORS
        node = node.func
    return (dotted(node) or "").rsplit(".", 1)[-1] in _DECORATORS


def _shadowed(ctx: Context, call: cst.Call, name: str, function: cst.FunctionDef) -> bool:
    """Does `name` at the call site mean another variable than the one the function reads (a
    parameter or a local of a function around the call, a class attribute in a class body)?"""
    owner = next((p for p in ctx.ancestors(function) if isinstance(p, cst.FunctionDef) and binds(p, name)), None)
    return not resolves_to(ctx, call, name, owner)

