"""JAX101: the captured variable becomes a parameter, passed at every call site of the module
(direct calls, `g = jax.jit(f)` aliases, `partial(f, ...)`); no fix unless every use is a call."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes.context import Context, FixError, append_argument, dotted

_WRAPPERS = frozenset(("jit", "pjit", "partial", "vmap", "pmap", "checkpoint", "remat"))


def message(finding: Finding) -> str:
    return f"Pass `{_name(finding)}` as an argument"


def _name(finding: Finding) -> str:
    return (finding.fix_data or {}).get("name") or "value"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    name = _name(finding)
    function = ctx.function_of(ctx.at(finding, cst.Name), finding)
    if any(isinstance(a, cst.ClassDef) for a in ctx.ancestors(function)):
        raise FixError("methods are not rewritten")
    calls = _call_sites(ctx, function)
    if not calls:
        raise FixError("no call site in this module")
    edits = [_add_parameter(ctx, function.params, name)]
    for call in calls:
        if any(a.keyword is not None and a.keyword.value == name for a in call.args) or _shadowed(ctx, call, name):
            raise FixError(f"`{name}` means something else at a call site")
        edits.append(append_argument(ctx, call, f"{name}={name}"))
    return edits


def _add_parameter(ctx: Context, params: cst.Parameters, name: str) -> Edit:
    if params.star_kwarg is not None:
        raise FixError("the function takes **kwargs")
    if isinstance(params.star_arg, (cst.Param, cst.ParamStar)):
        last: cst.CSTNode = params.kwonly_params[-1] if params.kwonly_params else params.star_arg
        text = f", {name}"
    else:
        positional = [*params.posonly_params, *params.params]
        if not positional:
            return ctx.replace(params, name)
        last = positional[-1]
        text = f", *, {name}" if any(p.default is not None for p in positional) else f", {name}"
        if params.posonly_ind is not cst.MaybeSentinel.DEFAULT and not params.params:
            last = params.posonly_ind
    parts = [last] + ([last.default] if isinstance(last, cst.Param) and last.default is not None else [])
    end = max((ctx.positions[p].end for p in parts), key=lambda e: (e.line, e.column))
    at = Location(end.line, end.column + 1)
    return Edit(text, at, at)


def _call_sites(ctx: Context, function: cst.FunctionDef) -> list[cst.Call]:
    """Every call of the function or of a name bound to a wrapper of it; FixError on other uses."""
    calls: list[cst.Call] = []
    pending, done = [function.name.value], set()
    while pending:
        target = pending.pop()
        done.add(target)
        for node in list(ctx.positions):
            if not isinstance(node, cst.Name) or node.value != target or node is function.name:
                continue
            parent = ctx.parents.get(node)
            if isinstance(parent, cst.Call) and parent.func is node:
                calls.append(parent)
            elif isinstance(parent, (cst.AssignTarget, cst.FunctionDef, cst.ImportAlias)):
                continue  # a binding, not a use
            else:
                alias = _wrapper_alias(ctx, node)
                if alias is None:
                    raise FixError(f"`{target}` is used other than by calls")
                if isinstance(alias, cst.Call):
                    calls.append(alias)
                elif alias not in done:
                    pending.append(alias)
    return calls


def _wrapper_alias(ctx: Context, node: cst.Name) -> str | cst.Call | None:
    """`g = jax.jit(f)` / `g = partial(f, 1)` → "g"; `jax.jit(f)(x)` → that outer call."""
    arg = ctx.parents.get(node)
    wrapper = ctx.parents.get(arg) if isinstance(arg, cst.Arg) else None
    if not isinstance(wrapper, cst.Call) or wrapper.args[0] is not arg:
        return None
    if (dotted(wrapper.func) or "").rsplit(".", 1)[-1] not in _WRAPPERS:
        return None
    holder = ctx.parents.get(wrapper)
    if isinstance(holder, cst.Call) and holder.func is wrapper:
        return holder
    if isinstance(holder, cst.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0].target, cst.Name):
        return holder.targets[0].target.value
    return None


def _shadowed(ctx: Context, call: cst.Call, name: str) -> bool:
    """Does a function around the call site have its own `name` (a parameter)?"""
    for parent in ctx.ancestors(call):
        if isinstance(parent, cst.FunctionDef):
            params = parent.params
            every = [*params.posonly_params, *params.params, *params.kwonly_params]
            if any(p.name.value == name for p in every):
                return True
    return False
