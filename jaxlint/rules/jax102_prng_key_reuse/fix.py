"""JAX102: split the key before it is consumed again: `key, subkey = jax.random.split(key)`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError, dotted
from jaxlint.fixes.imports import aliases, ensure_module, imported_name, module_alias


def message(finding: Finding) -> str:
    return f"Split `{(finding.fix_data or {}).get('key', 'key')}` before using it again"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    second = ctx.at(finding, cst.Name)
    key = second.value
    first = _first_use(ctx, key, (finding.fix_data or {}).get("first_line"), second)
    # Split once before the first consumer (or before the statement that holds it, a branch)
    # when the reuse comes after it in that block: then no key value is consumed twice. Otherwise
    # (a loop consuming the same key each iteration) split right before the reuse.
    before, use = ctx.statement(second), second
    if first is not None:
        hoisted = _statement_in_block_of(ctx, first, second)
        if hoisted is not None:
            before, use = hoisted, (first if hoisted is ctx.statement(first) else second)
    if any(isinstance(a, _NO_STATEMENTS) for a in _between(ctx, use, before)):
        raise FixError("the key is consumed inside a comprehension or lambda")
    # The check chose a name free in the function (it names it in its message).
    fresh = (finding.fix_data or {}).get("fresh") or ctx.fresh("subkey")
    split, edits = _split(ctx, use)
    return [*edits, ctx.insert_before(before, f"{key}, {fresh} = {split}({key})"), ctx.replace(use, fresh)]


_NO_STATEMENTS = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp, cst.Lambda)


def _between(ctx: Context, node: cst.CSTNode, statement: cst.CSTNode) -> list[cst.CSTNode]:
    """The ancestors of `node` below `statement` (all of them when `statement` is not one)."""
    found = []
    for parent in ctx.ancestors(node):
        if parent is statement:
            break
        found.append(parent)
    return found


def _first_use(ctx: Context, key: str, line: int | None, second: cst.Name) -> cst.Name | None:
    """The key argument of the first consumer (a call starting on `line`), when it is another call."""
    candidates = []
    for node, where in ctx.positions.items():
        if isinstance(node, cst.Call) and where.start.line == line:
            for arg in node.args:
                if isinstance(arg.value, cst.Name) and arg.value.value == key and arg.value is not second:
                    candidates.append((where.start.column, arg.value))
    return min(candidates, key=lambda pair: pair[0])[1] if candidates else None


def _statement_in_block_of(ctx: Context, first: cst.CSTNode, second: cst.CSTNode) -> cst.CSTNode | None:
    """The statement holding `first` that sits in a block enclosing `second`, and comes before it."""
    blocks = {id(a) for a in ctx.ancestors(second) if isinstance(a, (cst.IndentedBlock, cst.Module))}
    line = ctx.positions[ctx.statement(second)].start.line
    for statement in ctx.ancestors(first):
        if isinstance(statement, cst.BaseStatement) and id(ctx.parents.get(statement)) in blocks:
            return statement if ctx.positions[statement].end.line < line else None
    return None


def _split(ctx: Context, use: cst.CSTNode) -> tuple[str, list[Edit]]:
    """How to call `jax.random.split`: as the consumer names jax.random, else the module's import."""
    call = ctx.enclosing(use, cst.Call)
    prefix = (dotted(call.func) or "").rpartition(".")[0]
    if prefix and (prefix == "jax.random" or prefix in aliases(ctx, "jax.random")):
        return f"{prefix}.split", []
    random = module_alias(ctx, "jax.random")
    if random is not None:
        return f"{random}.split", []
    name = imported_name(ctx, "jax.random", "split")
    if name is not None:
        return name, []
    jax, edits = ensure_module(ctx, "jax")
    return f"{jax}.random.split", edits
