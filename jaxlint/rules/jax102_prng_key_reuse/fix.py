"""JAX102: split the key before it is consumed again: `key, subkey = jax.random.split(key)`.
Built on the module's `ast` (fixes/text_context.py): it inserts a line and renames one use."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import aliases, ensure_module, imported_name, module_alias
from jaxlint.fixes.text_context import TextContext
from jaxlint.written import dotted


def message(finding: Finding) -> str:
    return f"Split `{(finding.fix_data or {}).get('key', 'key')}` before using it again"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    second = ctx.at(finding, ast.Name)
    key = second.id
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


_NO_STATEMENTS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp, ast.Lambda)


def _between(ctx: TextContext, node: ast.AST, statement: ast.AST) -> list[ast.AST]:
    """The ancestors of `node` below `statement` (all of them when `statement` is not one)."""
    found = []
    for parent in ctx.ancestors(node):
        if parent is statement:
            break
        found.append(parent)
    return found


def _first_use(ctx: TextContext, key: str, line: int | None, second: ast.Name) -> ast.Name | None:
    """The key argument of the first consumer (a call starting on `line`), when it is another call."""
    candidates = []
    for call in ctx.starting_on(line, ast.Call) if line is not None else ():
        for value in [*call.args, *(k.value for k in call.keywords)]:
            if isinstance(value, ast.Name) and value.id == key and value is not second:
                candidates.append((call.col_offset, value))
    return min(candidates, key=lambda pair: pair[0])[1] if candidates else None


def _statement_in_block_of(ctx: TextContext, first: ast.AST, second: ast.AST) -> ast.stmt | None:
    """The statement holding `first` that sits in a block enclosing `second`, and comes before it."""
    line = ctx.statement(second).lineno
    around = {id(ctx.block_of(a)) for a in ctx.ancestors(second) if isinstance(a, ast.stmt)}  # blocks holding it
    for statement in (a for a in ctx.ancestors(first) if isinstance(a, ast.stmt)):
        if id(ctx.block_of(statement)) in around:
            start = ctx.statement(statement)
            return start if (statement.end_lineno or statement.lineno) < line else None
    return None


def _split(ctx: TextContext, use: ast.AST) -> tuple[str, list[Edit]]:
    """How to call `jax.random.split`: as the consumer names jax.random, else the module's import."""
    call = ctx.enclosing(use, ast.Call)
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
