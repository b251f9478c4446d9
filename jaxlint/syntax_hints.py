"""Why code that does not parse may still be fine: it is written for a newer Python than the one
jaxlint runs on. A construct is recognised on the row of the error and, where the error message
alone does not settle it, confirmed by rewriting it as the running Python spells the same thing:
the hint is given only when the error then goes away or moves to a later row."""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from jaxlint.source import split_lines

RUNNING = sys.version_info[:2]


@dataclass(frozen=True)
class Newer:
    """Syntax that needs `version` or later."""

    version: tuple[int, int]
    what: str


# Each detector: (the text's rows, the error's row, the error) → the construct, and the rows
# rewritten without it (None when the error message alone is proof); None when it is not there.
Found: TypeAlias = tuple[Newer, list[str] | None] | None
Detector = Callable[[list[str], int, SyntaxError], Found]

_TYPE_STATEMENT = re.compile(r"^(\s*)type\s+(?=[^\W\d]\w*\s*[\[=])")
_GENERIC = re.compile(r"^\s*(?:async\s+)?(def|class)\s+[^\W\d]\w*\s*(?=\[)")
_EXCEPT_TUPLE = re.compile(r"^\s*except\*?\s+[^:]*,[^:]*:")
_TEMPLATE = re.compile(r"(?<![\w'\"])([tT][rR]?|[rR][tT])(?=['\"])")
_F_START = re.compile(r"(?<![\w'\"])(?:[fF][rR]?|[rR][fF])(['\"])(?!\1\1)")
_TRIPLE_F = re.compile(r"(?<![\w'\"])(?:[fF][rR]?|[rR][fF])('''|\"\"\")")


def newer_syntax(text: str, error: SyntaxError) -> Newer | None:
    """The newer-Python construct `error` (from parsing `text`) stumbled on, when sure."""
    lines = split_lines(text)
    row = error.lineno or 0
    if not 0 < row <= len(lines):
        return None
    for detect in _DETECTORS:
        found = detect(lines, row, error)
        if found is None or found[0].version <= RUNNING:
            continue
        newer, rewritten = found
        if rewritten is None or _error_moves_past(rewritten, row):
            return newer
    return None


def hint(newer: Newer | None, target_version: str | None) -> str:
    """What to add to the SyntaxError's message: `` (this looks like Python 3.12 syntax: …)`` or ""."""
    target = _version(target_version)
    running = _name(RUNNING)
    newer_target = target is not None and target > RUNNING
    if newer is None:
        if not newer_target:
            return ""
        return (f" (jaxlint is running on Python {running}, older than the target version Python "
                f"{_name(target)}: if this is newer syntax, run it under Python {_name(target)} or newer)")
    looks = f"this looks like Python {_name(newer.version)} syntax: {newer.what}"
    if target is not None and target < newer.version:
        return f" ({looks}, newer than the target version Python {_name(target)})"
    if newer_target and target > newer.version:
        looks += f", and the target version is Python {_name(target)}"
    needed = max(newer.version, target or newer.version)
    return f" ({looks}; jaxlint is running on Python {running} — run it under Python {_name(needed)} or newer)"


def _version(target_version: str | None) -> tuple[int, int] | None:
    """`py312` → (3, 12)."""
    match = re.fullmatch(r"py3(\d+)", target_version or "")
    return (3, int(match[1])) if match else None


def _name(version: tuple[int, int]) -> str:
    return f"{version[0]}.{version[1]}"


def _error_moves_past(rewritten: list[str], row: int) -> bool:
    try:
        ast.parse("\n".join(rewritten))
    except SyntaxError as exc:
        return (exc.lineno or 0) > row
    except (ValueError, RecursionError, MemoryError):
        return False
    return True


def _replaced(lines: list[str], row: int, line: str) -> list[str]:
    return [*lines[: row - 1], line, *lines[row:]]


def _type_statement(lines: list[str], row: int, error: SyntaxError) -> Found:
    line = lines[row - 1]
    match = _TYPE_STATEMENT.match(line)
    if match is None:
        return None
    return Newer((3, 12), "a `type` statement"), _replaced(lines, row, match[1] + line[match.end():])


def _generic(lines: list[str], row: int, error: SyntaxError) -> Found:
    """`def f[T](…)` / `class C[T]:`: the row without the type parameters must parse."""
    line = lines[row - 1]
    match = _GENERIC.match(line)
    if match is None:
        return None
    close = _closing_bracket(line, match.end())
    if close is None:
        return None
    parameters = line[match.end() + 1 : close]
    kind = "function" if match[1] == "def" else "class"
    if "=" in parameters:  # PEP 696 defaults
        newer = Newer((3, 13), f"a type parameter with a default (`{match[1]} {kind[0]}[T = int]`)")
    else:
        newer = Newer((3, 12), f"a generic {kind} (`{match[1]} {'f' if kind == 'function' else 'C'}[T]`)")
    return newer, _replaced(lines, row, line[: match.end()] + line[close + 1 :])


def _closing_bracket(line: str, start: int) -> int | None:
    depth = 0
    for index in range(start, len(line)):
        depth += (line[index] in "([{") - (line[index] in ")]}")
        if depth == 0:
            return index
    return None


def _f_string(lines: list[str], row: int, error: SyntaxError) -> Found:
    """PEP 701 (3.12) lifted the limits of f-string replacement fields: a backslash, a `#` (in a
    string, or a comment in a multi-line field), and the f-string's own quote inside."""
    message = error.msg or ""
    if message == "f-string expression part cannot include a backslash":
        return Newer((3, 12), "a backslash inside an f-string's replacement field"), None
    if message == "f-string expression part cannot include '#'":
        return _hash_in_f_string(lines, row)
    if not message.startswith("f-string"):
        return None
    rewritten = _other_inner_quotes(lines[row - 1])
    if rewritten is None:
        return None
    return Newer((3, 12), "the f-string's own quotes reused inside a replacement field"), _replaced(lines, row, rewritten)


def _hash_in_f_string(lines: list[str], row: int) -> Found:
    """3.11 reports a multi-line f-string at its last row: its rows go back to where it opens.
    Without the comments there, or with `#` spelled otherwise in strings, they must parse."""
    start = next((r for r in range(row, max(row - 50, 0), -1) if _F_START.search(lines[r - 1])
                  or _TRIPLE_F.search(lines[r - 1])), None)
    if start is None:
        return None
    for what, rewrite in (("a comment inside an f-string's replacement field", lambda line: line.split("#")[0]),
                          ("`#` inside an f-string's replacement field", lambda line: line.replace("#", "_"))):
        rewritten = [*lines[: start - 1], *(rewrite(line) for line in lines[start - 1 : row]), *lines[row:]]
        if _error_moves_past(rewritten, row):
            return Newer((3, 12), what), None
    return None


def _other_inner_quotes(line: str) -> str | None:
    """`line` with each string inside an f-string's replacement field that uses the f-string's own
    quote written with the other quote instead; None when there is none (or it cannot be done)."""
    chars, changed = list(line), False
    for match in _F_START.finditer(line):
        quote = match[1]
        other = "'" if quote == '"' else '"'
        index, depth = match.end(), 0
        while index < len(line):
            char = line[index]
            if depth == 0 and char == quote:
                break
            if depth == 0 and line.startswith(("{{", "}}"), index):
                index += 2
                continue
            if char in "{[(":
                depth += 1
            elif char in "}])":
                depth = max(depth - 1, 0)
            elif depth and char in "'\"":
                end = line.find(char, index + 1)
                if end < 0:
                    return None
                if char == quote:
                    if other in line[index + 1 : end]:
                        return None
                    chars[index] = chars[end] = other
                    changed = True
                index = end
            index += 1
    return "".join(chars) if changed else None


def _except_without_parentheses(lines: list[str], row: int, error: SyntaxError) -> Found:
    line = lines[row - 1]
    if error.msg != "multiple exception types must be parenthesized" or not _EXCEPT_TUPLE.match(line):
        return None
    if re.search(r"\bas\b", line):
        return None  # Python 3.14 still needs the parentheses with `as`
    return Newer((3, 14), "several exception types without parentheses (`except A, B:`)"), None


def _template_string(lines: list[str], row: int, error: SyntaxError) -> Found:
    line, offset = lines[row - 1], (error.offset or 1) - 1
    for match in _TEMPLATE.finditer(line):
        if match.start() >= offset - 1:
            prefix = match[1].replace("t", "f").replace("T", "F")
            rewritten = line[: match.start()] + prefix + line[match.end():]
            return Newer((3, 14), 'a template string (`t"…"`)'), _replaced(lines, row, rewritten)
    return None


_DETECTORS: tuple[Detector, ...] = (_type_statement, _generic, _f_string, _except_without_parentheses,
                                    _template_string)
