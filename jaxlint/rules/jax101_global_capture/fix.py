"""JAX101: the captured variable becomes a parameter, passed at every call site of the module
(direct calls, `g = jax.jit(f)` aliases, `partial(f, ...)`); no fix unless every use is a call.
A function with no call in its module gets a required keyword-only parameter; a method's
attributes go through `traced_method`. Built on the module's `ast` (fixes/text_context.py)."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.text_context import TextContext, first_argument
from jaxlint.fixes.text_scoping import Function, binds, resolves_to, scope_of
from jaxlint.rules.jax101_global_capture import traced_method
from jaxlint.written import dotted

# Wrappers that hand a keyword argument on as it is (grad and its kin differentiate positional
# arguments only; vmap/pmap would map `name=name` over axis 0).
_WRAPPERS = frozenset(("jit", "pjit", "partial", "checkpoint", "remat", "grad", "value_and_grad", "jacfwd",
                       "jacrev", "hessian"))


def message(finding: Finding) -> str:
    return f"Pass `{_name(finding)}` as an argument"


def _name(finding: Finding) -> str:
    return (finding.fix_data or {}).get("name") or "value"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    name = _name(finding)
    if (finding.fix_data or {}).get("attributes"):  # `self.attr` of a method compiled with its object static
        method = ctx.function_of(ctx.at(finding, ast.Attribute), finding)
        return traced_method.build(ctx, finding, method, lambda c, function, names: add_parameter(
            c, function, names, keyword_only=True))
    function = ctx.function_of(ctx.at(finding, ast.Name), finding)
    if any(isinstance(a, ast.ClassDef) for a in ctx.ancestors(function)):
        raise FixError("methods are not rewritten")
    if not all(_is_jit_decorator(d) for d in function.decorator_list):
        raise FixError("a decorator that may not pass the new keyword on")
    calls = _call_sites(ctx, function)
    # No call at all: an entry point called from elsewhere, whose callers must now say the value.
    edits = [add_parameter(ctx, function, name, keyword_only=not calls)]
    for call in calls:
        if any(k.arg == name for k in call.keywords) or _shadowed(ctx, call, name, function):
            raise FixError(f"`{name}` means something else at a call site")
        edits.append(ctx.append_argument(call, f"{name}={name}"))
    return edits


def add_parameter(ctx: TextContext, function: Function, name: str, keyword_only: bool) -> Edit:
    """The edit adding parameter(s) `name` (`"a, b"`) last, keyword-only when `keyword_only` or
    when the positional ones before it have defaults. It rewrites the end of the parameter list (the
    last parameter, the `/`, or the empty parentheses), so that two fixes adding parameters to one
    function overlap and are applied one after the other, never together into one broken list."""
    params = function.args
    if params.kwarg is not None:
        raise FixError("the function takes **kwargs")
    if params.vararg is not None or params.kwonlyargs:
        last: ast.AST = params.kwonlyargs[-1] if params.kwonlyargs else params.vararg  # type: ignore[assignment]
        default = params.kw_defaults[-1] if params.kwonlyargs else None
        text = f", {name}"
    else:
        positional = [*params.posonlyargs, *params.args]
        star = "*, " if keyword_only or params.defaults else ""
        if not positional:
            start, end = ctx.parameters_of(function)
            opening, closing = Location(start.row, start.column - 1), Location(end.row, end.column + 1)
            return Edit(f"({ctx.source_between(start, end)}{star}{name})", opening, closing)
        last, default = positional[-1], params.defaults[-1] if params.defaults else None
        text = f", {star}{name}"
        if params.posonlyargs and not params.args:  # after the `/`
            slash = _slash(ctx, function, default or last)
            return Edit(f"/{text}", Location(slash.row, slash.column - 1), slash)
    start = ctx.start(last)
    end = max((ctx.end(p) for p in (last, default) if p is not None), key=lambda e: (e.row, e.column))
    return Edit(ctx.source_between(start, end) + text, start, end)


def _slash(ctx: TextContext, function: Function, last: ast.AST) -> Location:
    """Just after the `/` that ends the positional-only parameters (after `last`, the last one)."""
    end = ctx.end(last)
    rest = ctx.source_between(end, ctx.start(function.body[0]))  # the rest of the header, not of the file
    index = 0
    while index < len(rest) and rest[index] in " \t\n\\,#":
        index = rest.index("\n", index) if rest[index] == "#" else index + 1
    if rest[index:index + 1] != "/":
        raise FixError("the positional-only marker was not found")
    lines = rest[:index + 1].split("\n")
    return Location(end.row + len(lines) - 1, (end.column if len(lines) == 1 else 1) + len(lines[-1]))


def _call_sites(ctx: TextContext, function: Function) -> list[ast.Call]:
    """Every call of the function or of a name bound to a wrapper of it; FixError on other uses.
    A name is followed only where it means that variable (not another function's `step`)."""
    calls: list[ast.Call] = []
    pending, done = [(function.name, scope_of(ctx, function))], set()
    while pending:
        target, home = pending.pop()
        done.add(target)
        if any(target in n.names for n in (*ctx.of_kind(ast.Global), *ctx.of_kind(ast.Nonlocal))):
            raise FixError(f"`{target}` is declared global or nonlocal")
        for node in ctx.named(target):
            if not resolves_to(ctx, node, target, home):
                continue
            parent = ctx.parent(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                calls.append(parent)
            elif isinstance(parent, ast.Assign) and node in parent.targets:
                continue  # a binding, not a use
            else:
                alias = _wrapper_alias(ctx, node)
                if alias is None:
                    raise FixError(f"`{target}` is used other than by calls")
                if isinstance(alias, ast.Call):
                    calls.append(alias)
                elif alias not in done:
                    pending.append((alias, scope_of(ctx, node)))
    return calls


def _wrapper_alias(ctx: TextContext, node: ast.Name) -> str | ast.Call | None:
    """`g = jax.jit(f)`, `g = jax.jit(jax.grad(f))`, `g = partial(f, 1)` → "g"; `jax.jit(f)(x)` →
    that outer call."""
    wrapped: ast.expr = node
    while isinstance(wrapper := _call_of_argument(ctx, wrapped), ast.Call) and first_argument(wrapper) is wrapped \
            and (dotted(wrapper.func) or "").rsplit(".", 1)[-1] in _WRAPPERS:
        wrapped = wrapper
    holder = ctx.parent(wrapped)
    if wrapped is node:
        return None
    if isinstance(holder, ast.Call) and holder.func is wrapped:
        return holder
    if isinstance(holder, ast.Assign) and len(holder.targets) == 1 and isinstance(holder.targets[0], ast.Name):
        return holder.targets[0].id
    return None


def _call_of_argument(ctx: TextContext, node: ast.expr) -> ast.AST | None:
    """The call `node` is an argument of (positional or keyword), else its parent."""
    parent = ctx.parent(node)
    return ctx.parent(parent) if isinstance(parent, ast.keyword) else parent


_DECORATORS = frozenset(("jit", "pjit", "checkpoint", "remat"))  # they pass a keyword argument on as it is


def _is_jit_decorator(node: ast.expr) -> bool:
    """`@jax.jit`, `@jax.jit(...)`, `@partial(jax.jit, ...)`, `@jax.checkpoint`."""
    if isinstance(node, ast.Call):
        if (dotted(node.func) or "").rsplit(".", 1)[-1] == "partial":
            return bool(node.args) and (dotted(node.args[0]) or "").rsplit(".", 1)[-1] in _DECORATORS
        node = node.func
    return (dotted(node) or "").rsplit(".", 1)[-1] in _DECORATORS


def _shadowed(ctx: TextContext, call: ast.Call, name: str, function: Function) -> bool:
    """Does `name` at the call site mean another variable than the one the function reads (a
    parameter or a local of a function around the call, a class attribute in a class body)?"""
    owner = next((p for p in ctx.ancestors(function)
                  if isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and binds(p, name)), None)
    return not resolves_to(ctx, call, name, owner)
