"""JAX101 on a method compiled with its object static: the compiled body moves to a new method
that takes the changing attributes as keyword arguments, and the method keeps its name and
signature and passes the object's current values (`self._compute_traced(x, target=self.target)`),
so no caller changes. The rule sends every attribute it reports for the method: each finding's
fix is the same edit."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.text_context import TextContext, spelled_names
from jaxlint.fixes.text_scoping import Function, resolves_to
from jaxlint.semantic.scopes import every_parameter


def build(ctx: TextContext, finding: Finding, method: Function, add_parameters) -> list[Edit]:
    """`add_parameters(ctx, function, text)`: the edit adding keyword-only parameters."""
    data = finding.fix_data or {}
    owner, attributes = data.get("self"), list(data.get("attributes") or ())
    if not owner or not attributes or isinstance(method, ast.AsyncFunctionDef) or len(method.decorator_list) != 1:
        raise FixError("not a method under one jit decorator")
    taken = _names_in(method)
    if any(a in taken for a in attributes):
        raise FixError("an attribute's name is already a name in the method")
    compiled = ctx.fresh(f"_{method.name.strip('_')}_traced")
    reads = [node for node in ast.walk(method) if isinstance(node, ast.Attribute) and node.attr in attributes
             and isinstance(node.value, ast.Name) and node.value.id == owner
             and resolves_to(ctx, node.value, owner, method)]
    return [_wrapper(ctx, method, owner, compiled, attributes), Edit(compiled, *ctx.name_of(method)),
            add_parameters(ctx, method, ", ".join(attributes)), *(ctx.replace(r, r.attr) for r in reads)]


def _wrapper(ctx: TextContext, method: Function, owner: str, compiled: str, attributes: list[str]) -> Edit:
    """The method as callers know it, above the decorator: it calls the compiled one."""
    params = method.args
    passed = [a.arg for a in [*params.posonlyargs, *params.args][1:]]
    if params.vararg is not None:
        passed.append(f"*{params.vararg.arg}")
    passed += [f"{a.arg}={a.arg}" for a in params.kwonlyargs]
    passed += [f"{a}={owner}.{a}" for a in attributes]
    returns = f" -> {ctx.source(method.returns)}" if method.returns is not None else ""
    start, end = ctx.parameters_of(method)
    signature = ctx.source_between(start, end)
    line = ctx.line(ctx.start(method.decorator_list[0]).row)
    indent = line[: len(line) - len(line.lstrip())]  # of the decorator
    first = method.body[0]
    body = _indent(ctx, first) if first.lineno != method.lineno else indent + "    "
    text = f"def {method.name}({signature}){returns}:\n{body}return {owner}.{compiled}({', '.join(passed)})\n"
    return ctx.insert_before(method, text)


def _indent(ctx: TextContext, node: ast.AST) -> str:
    where = ctx.start(node)
    return ctx.line(where.row)[: where.column - 1]


def _names_in(method: Function) -> set[str]:
    """The names the method's code uses or binds (not attribute names, not keywords of calls)."""
    return {a.arg for a in every_parameter(method.args)} | spelled_names(
        (part for statement in method.body for part in ast.walk(statement)), attributes=False)
