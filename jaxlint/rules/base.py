"""What a rule module provides and returns. Rules read the model; they never print or read files."""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from jaxlint.diagnostics import Applicability, Severity

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.scopes import Scope



@dataclass(frozen=True)
class Report:
    """One problem found by a rule, located at `node` (its full span unless `end` is given)."""

    node: ast.AST
    message: str
    scope: Scope
    severity: Severity | str | None = None  # overrides the rule's default severity
    fixable: Applicability | str | None = None  # when the rule can fix this one
    fix_data: Any = None
    lines: tuple[int, ...] = ()  # module rows the message names as `line N` (rewritten for notebook cells)
    related: tuple[tuple[int, str], ...] = ()  # (module row, what happens there): the evidence's steps


def snippet(node: ast.AST, limit: int = 40) -> str:
    """Short source text of an expression for messages."""
    text = ast.unparse(node)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def function_label(scope: Scope) -> str:
    return scope.qualname or "<module>"
