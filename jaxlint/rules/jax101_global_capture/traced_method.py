"""JAX101 on a method compiled with its object static: the compiled body moves to a new method
that takes the changing attributes as keyword arguments, and the method keeps its name and
signature and passes the object's current values (`self._compute_traced(x, target=self.target)`),
so no caller changes. The rule sends every attribute it reports for the method: each finding's
fix is the same edit."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.scoping import parameters, resolves_to


def build(ctx: Context, finding: Finding, method: cst.FunctionDef, add_parameters) -> list[Edit]:
    """`add_parameters(ctx, params, text)`: the edit adding keyword-only parameters."""
    data = finding.fix_data or {}
    owner, attributes = data.get("self"), list(data.get("attributes") or ())
    if not owner or not attributes or method.asynchronous is not None or len(method.decorators) != 1:
        raise FixError("not a method under one jit decorator")
    taken = _names_in(method)
    if any(a in taken for a in attributes):
        raise FixError("an attribute's name is already a name in the method")
    compiled = ctx.fresh(f"_{method.name.value.strip('_')}_traced")
    reads = [node for node in ctx.of_kind(cst.Attribute) if node.attr.value in attributes
             and isinstance(node.value, cst.Name) and node.value.value == owner
             and any(a is method for a in ctx.ancestors(node)) and resolves_to(ctx, node.value, owner, method)]
    return [_wrapper(ctx, method, owner, compiled, attributes), ctx.replace(method.name, compiled),
            add_parameters(ctx, method.params, ", ".join(attributes)), *(ctx.replace(r, r.attr.value) for r in reads)]


def _wrapper(ctx: Context, method: cst.FunctionDef, owner: str, compiled: str, attributes: list[str]) -> Edit:
    """The method as callers know it, above the decorator: it calls the compiled one."""
    params = method.params
    passed = [p.name.value for p in [*params.posonly_params, *params.params][1:]]
    if isinstance(params.star_arg, cst.Param):
        passed.append(f"*{params.star_arg.name.value}")
    passed += [f"{p.name.value}={p.name.value}" for p in params.kwonly_params]
    passed += [f"{a}={owner}.{a}" for a in attributes]
    returns = f" -> {ctx.source(method.returns.annotation)}" if method.returns is not None else ""
    indent = _indent(ctx, method.decorators[0])
    body = _indent(ctx, method.body.body[0]) if isinstance(method.body, cst.IndentedBlock) else indent + "    "
    text = (f"def {method.name.value}({ctx.source(params)}){returns}:\n"
            f"{body}return {owner}.{compiled}({', '.join(passed)})\n")
    return ctx.insert_before(method.decorators[0], text)


def _indent(ctx: Context, node: cst.CSTNode) -> str:
    where = ctx.positions[node]
    return ctx.line(where.start.line)[: where.start.column]


def _names_in(method: cst.FunctionDef) -> set[str]:
    """The names the method's code uses or binds (not attribute names, not keywords of calls)."""
    found = {p.name.value for p in parameters(method.params)}

    class Names(cst.CSTVisitor):
        def visit_Attribute(self, node: cst.Attribute) -> bool:
            node.value.visit(self)
            return False

        def visit_Arg(self, node: cst.Arg) -> bool:
            node.value.visit(self)
            return False

        def visit_Name(self, node: cst.Name) -> None:
            found.add(node.value)

    method.body.visit(Names())
    return found
