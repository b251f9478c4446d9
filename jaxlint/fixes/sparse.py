"""The part of a module that fixes look at, for libcst: parsing and walking a whole module costs far
more than the analysis, and most fixes touch one function plus the imports."""

from __future__ import annotations

import ast
from collections.abc import Collection

_BLANKABLE = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def without_other_definitions(text: str, rows: Collection[int], tree: ast.Module | None = None) -> str:
    """`text` with every top-level function or class that holds none of `rows` blanked out: its
    lines are left empty, so every kept position is where it was and edits built on the result
    apply to `text`. Imports and other module-level statements are kept. `text` itself when it
    cannot be done safely (a lone carriage return counts as a line break for Python only).
    `tree`: the text's, when the caller parsed it already."""
    if "\r" in text:
        return text
    try:
        body = (tree or ast.parse(text)).body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return text
    lines = text.split("\n")
    for index, statement in enumerate(body):
        if not isinstance(statement, _BLANKABLE):
            continue
        start = min([statement.lineno, *(d.lineno for d in statement.decorator_list)])
        end = statement.end_lineno or statement.lineno
        shares_a_line = ((index > 0 and (body[index - 1].end_lineno or 0) >= start)
                         or (index + 1 < len(body) and body[index + 1].lineno <= end))
        if shares_a_line or any(start <= row <= end for row in rows):
            continue
        lines[start - 1:end] = [""] * (end - start + 1)
    return "\n".join(lines)
