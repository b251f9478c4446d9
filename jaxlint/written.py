"""How an expression is written: a dotted name as it reads, and `ast.unparse`'s text (no import
resolved: see semantic/imports.py for what a name refers to)."""

from __future__ import annotations

import ast


def dotted(node: ast.AST) -> str | None:
    """`jax.random.split` → "jax.random.split", as written (no import resolved); None for anything
    but names and attributes."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr}" if base else None
    return None


def unparsed(node: ast.AST) -> str:
    """`ast.unparse(node)`, without building an unparser for a name or a dotted name: most
    annotations are one, and every parameter's is asked about."""
    return dotted(node) or ast.unparse(node)
