"""The names a piece of Python that does not parse may bind, read from its tokens, and what stands
in for it in the analysis.

A notebook cell with a syntax error, or a statement of a module the parser stumbles on (recovery.py),
is left out of the analysis; the names it assigns, defines or imports are then bound to an unknown
value in its place, so that no finding later rests on a value the broken code would replace. The
tokens are read as far as they go.
"""

from __future__ import annotations

import ast
import io
import keyword
import tokenize
from collections.abc import Iterator

_COMPOUND = frozenset(("if", "elif", "else", "while", "for", "with", "try", "except", "finally", "def", "class",
                       "async", "match", "case"))
_BINDS_NEXT = frozenset(("def", "class", "as", "global", "nonlocal"))
_NOT_ASSIGNMENT = frozenset(("==", "<=", ">=", "!="))
_OPENING, _CLOSING = frozenset("([{"), frozenset(")]}")
_UNASSIGNABLE = frozenset(("__debug__",))
UNKNOWN_MODULE = "__jaxlint_broken_cell__"  # what the names of code that does not parse come from


def stand_in(rows: list[str], indent: str = "") -> list[str]:
    """What is analysed in place of rows that do not parse, row for row: their imports that parse
    on their own row, and an import of every other name the rows may bind from a module nothing is
    known about, so that no later code is judged on a value they would replace (and no rule takes
    that stand-in for a reassignment). `indent`: the rows' block indentation, where the stand-in
    goes (`pass` when nothing is bound there: a block cannot be empty)."""
    rows = [row[len(indent):] if row.startswith(indent) else row.lstrip() for row in rows]
    kept = [row if _is_import(row) else "" for row in rows]
    rest = "\n".join("" if keep else row for row, keep in zip(rows, kept))
    names = bound_names(rest)
    if names:
        first = kept.index("")
        kept[first] = f"from {UNKNOWN_MODULE} import {', '.join(names)}"
    elif indent and not any(kept):
        kept[0] = "pass"
    return [indent + row if row else "" for row in kept]


def _is_import(row: str) -> bool:
    if not row.startswith(("import ", "from ")):
        return False
    try:
        return isinstance(ast.parse(row).body[0], (ast.Import, ast.ImportFrom))
    except (SyntaxError, ValueError):
        return False


def bound_names(text: str) -> list[str]:
    """Names `text` may bind at any level, in order of first appearance (an over-estimate: a name
    bound only inside a function counts too)."""
    found: dict[str, None] = {}
    for statement in _statements(text):
        for name in _bound_in(statement):
            if name.isidentifier() and not keyword.iskeyword(name) and name not in _UNASSIGNABLE:
                found.setdefault(name)
    return list(found)


def _statements(text: str) -> Iterator[list[str]]:
    """Simple statements as lists of token strings (split at NEWLINE and at `;` outside brackets)."""
    current: list[str] = []
    depth = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in (tokenize.COMMENT, tokenize.NL, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER):
                continue
            if token.string in _OPENING:
                depth += 1
            elif token.string in _CLOSING:
                depth = max(depth - 1, 0)
            if token.type == tokenize.NEWLINE or (token.string == ";" and depth == 0):
                yield current
                current = []
            else:
                current.append(token.string)
    except (tokenize.TokenError, SyntaxError):
        pass  # a broken cell's tokens end where the tokenizer gives up
    yield current


def _bound_in(words: list[str]) -> Iterator[str]:
    yield from (words[i + 1] for i, word in enumerate(words[:-1]) if word in _BINDS_NEXT)
    yield from (words[i - 1] for i, word in enumerate(words) if word == ":=" and i > 0)
    if words and words[0] in ("import", "from"):
        yield from _imported(words)
        return
    if words and words[0] in _COMPOUND:
        if words[0] == "for" and "in" in words:
            yield from _targets(words[1 : words.index("in")])
        colon = _top_level(words, ":")
        if colon is None:
            return
        words = words[colon + 1 :]  # the body written on the header's row
    segment_start = depth = 0
    for index, word in enumerate(words):
        depth += (word in _OPENING) - (word in _CLOSING)
        if word.endswith("=") and word != ":=" and word not in _NOT_ASSIGNMENT and depth == 0:
            target = words[segment_start:index]
            annotation = _top_level(target, ":")  # `x: int = 1`
            yield from _targets(target if annotation is None else target[:annotation])
            segment_start = index + 1


def _imported(words: list[str]) -> Iterator[str]:
    """`import a.b` binds `a`; `import a as b` and `from m import a as b` bind `b` (yielded by `as`)."""
    if "import" not in words:
        return
    items = " ".join(words[words.index("import") + 1 :]).replace("(", " ").replace(")", " ").split(",")
    for item in items:
        parts = item.split()
        if parts and "as" not in parts:
            yield parts[0].split(".")[0] if words[0] == "import" else parts[0]


def _targets(words: list[str]) -> Iterator[str]:
    """Names an assignment target rebinds: not an attribute (`a.b`), a subscript (`a[i]`) or what
    is inside one, nor a call."""
    stack: list[bool] = []  # for each open bracket: whether it is a subscript or call (names inside bind nothing)
    for index, word in enumerate(words):
        before = words[index - 1] if index else ""
        after = words[index + 1] if index + 1 < len(words) else ""
        if word in _OPENING:
            stack.append(word != "{" and (before.isidentifier() or before in (")", "]")))
        elif word in _CLOSING and stack:
            stack.pop()
        elif word.isidentifier() and not any(stack) and before != "." and after not in (".", "[", "("):
            yield word


def _top_level(words: list[str], wanted: str) -> int | None:
    """The index of the first `wanted` outside brackets."""
    depth = 0
    for index, word in enumerate(words):
        depth += (word in _OPENING) - (word in _CLOSING)
        if word == wanted and depth == 0:
            return index
    return None
