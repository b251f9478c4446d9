"""Which variable a name means at a place in a module (Python's scoping rules, on libcst nodes):
a fix that passes `name=name` or finds `jax.jit(f)` must mean the same `name` or `f`."""

from __future__ import annotations

from collections.abc import Iterator

import libcst as cst

from jaxlint.fixes.context import Context, dotted


def scope_of(ctx: Context, node: cst.CSTNode) -> cst.FunctionDef | None:
    """The function whose variables a name at `node` is bound among (None: the module)."""
    return next((p for p in ctx.ancestors(node) if isinstance(p, cst.FunctionDef)), None)


def resolves_to(ctx: Context, node: cst.CSTNode, name: str, scope: cst.FunctionDef | None) -> bool:
    """Does `name` at `node` mean the variable of `scope` (a function; None: the module)?"""
    in_function = False
    for parent in ctx.ancestors(node):
        if parent is scope:
            return True
        if isinstance(parent, cst.FunctionDef):
            in_function = True
            if binds(parent, name):
                return False
        elif (isinstance(parent, cst.Lambda) and any(p.name.value == name for p in parameters(parent.params))) or (
                isinstance(parent, cst.ClassDef) and not in_function and binds(parent, name)):
            return False  # a lambda's parameter, or a class attribute in the class body itself
    return scope is None


def parameters(params: cst.Parameters) -> list[cst.Param]:
    every = [*params.posonly_params, *params.params, *params.kwonly_params]
    return every + [p for p in (params.star_arg, params.star_kwarg) if isinstance(p, cst.Param)]


def binds(scope: cst.FunctionDef | cst.ClassDef, name: str) -> bool:
    """Is `name` a variable of this function's (class body's) own scope?"""
    if isinstance(scope, cst.FunctionDef) and any(p.name.value == name for p in parameters(scope.params)):
        return True
    bound = False
    for node in _own_nodes(scope.body):
        if isinstance(node, (cst.Global, cst.Nonlocal)) and any(n.name.value == name for n in node.names):
            return False
        bound = bound or name in _bound_names(node)
    return bound


def _own_nodes(node: cst.CSTNode) -> Iterator[cst.CSTNode]:
    """The nodes of a scope's body, not those inside nested functions, classes, lambdas and
    comprehensions (a nested def or class is itself yielded: it binds its name)."""
    for child in node.children:
        yield child
        if not isinstance(child, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.ListComp, cst.SetComp,
                                  cst.DictComp, cst.GeneratorExp)):
            yield from _own_nodes(child)


def _bound_names(node: cst.CSTNode) -> set[str]:
    if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
        return {node.name.value}
    if isinstance(node, cst.ImportAlias):
        local = node.asname.name if node.asname is not None else node.name
        return {(dotted(local) or "").split(".")[0]}  # type: ignore[arg-type]
    targets = {cst.AssignTarget: "target", cst.AnnAssign: "target", cst.AugAssign: "target", cst.For: "target",
               cst.NamedExpr: "target", cst.AsName: "name"}
    field = next((f for kind, f in targets.items() if isinstance(node, kind)), None)
    if field is None:
        return set()
    return {n.value for n in _target_names(getattr(node, field))}


def _target_names(node: cst.CSTNode) -> list[cst.Name]:
    if isinstance(node, cst.Name):
        return [node]
    if isinstance(node, (cst.Tuple, cst.List)):
        return [n for e in node.elements for n in _target_names(e.value)]
    if isinstance(node, cst.StarredElement):
        return _target_names(node.value)
    return []
