"""A module that does not parse, analysed as far as it can be.

CPython's parser stops at the first error. Here the statement it stumbled on is replaced, row for
row, by what stands in for a notebook cell that does not parse (bound_names.stand_in: its imports,
and every other name it may bind imported from a module nothing is known about, so unknown), and
the module is parsed again; a bounded number of times. Rows keep their numbers and the other rows
their text, so every other finding keeps its true row and column.

Which rows a statement spans is read from indentation (the tokens cannot say: an unclosed bracket
makes the rest of the file one statement for the tokenizer): from the row the error names, or the
row its message names ("... after 'if' statement on line 3"), down to the next row at the same or a
smaller indentation that can begin a statement (not a closing bracket, not inside a multi-line
string, not after a backslash; `else:`, `except ...:` and the like, and the decorators above, belong
to the statement). A replacement is kept when the module then parses, or when its next error lies
past the replaced rows (not inside them, nor pointing above them); otherwise the enclosing
statements are tried, then the top-level statement with the ones after it, up to the end.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass

from jaxlint.bound_names import stand_in
from jaxlint.source import split_lines

MAX_ERRORS = 20  # syntax errors recovered from in one module; past them it is left to its first JAX000
MAX_PARSES = 60  # parses tried in all (each costs one parse of the module)
_FORWARD = 3  # top-level statements after the broken one tried before the rest of the module
_CLOSERS = (")", "]", "}")
_CLAUSE = re.compile(r"(?:else|elif|except|finally)\b")  # a clause of the statement above, not one of its own
_ON_LINE = re.compile(r"\bon line (\d+)\b")
_TRIPLE_QUOTED = "unterminated triple-quoted string"
_START, _MORE, _NOTHING = "start", "more", "nothing"  # what a row is (_kinds)


@dataclass(frozen=True)
class Recovered:
    tree: ast.Module
    text: str  # what was parsed: the module with a stand-in for each statement that does not parse
    errors: tuple[tuple[SyntaxError, str], ...]  # each error recovered from, with the text that raised it


def recover(text: str, error: SyntaxError) -> Recovered | None:
    """The module `text` (whose parse raised `error`) parsed with stand-ins for the statements that
    do not parse; None when that takes more than MAX_ERRORS errors or MAX_PARSES parses."""
    written = split_lines(text)
    current = list(written)
    regions: list[tuple[int, int]] = []  # rows replaced so far, 1-based, inclusive
    errors: list[tuple[SyntaxError, str]] = []
    parsed, parses = text, 0
    while len(errors) < MAX_ERRORS and written:
        for first, end, indent in _candidates(current, error):
            start, end = _covering(first, end, regions)
            parses += 1
            if parses > MAX_PARSES:
                return None
            indent = indent if start == first else _indent_of(current[start - 1])
            trial = [*current[: start - 1], *stand_in(written[start - 1 : end], indent), *current[end:]]
            trial_text = "\n".join(trial) + "\n"
            try:
                tree = ast.parse(trial_text)
            except SyntaxError as exc:
                if not _past(exc, start, end, trial):
                    continue
                regions = [*(r for r in regions if not start <= r[0] <= end), (start, end)]
                errors.append((error, parsed))
                current, error, parsed = trial, exc, trial_text
                break
            except (ValueError, RecursionError, MemoryError):
                return None
            return Recovered(tree, trial_text, (*errors, (error, parsed)))
        else:
            return None
    return None


def _past(error: SyntaxError, start: int, end: int, lines: list[str]) -> bool:
    """Whether `error` (raised by `lines`, where rows start..end were replaced) is a problem of its
    own: below them, not one its message places above them, and not an indentation error on the next
    statement (the body of a header replaced, left behind)."""
    named = _ON_LINE.search(error.msg or "")
    row = error.lineno or 0
    if row <= end or (named and int(named[1]) < start):
        return False
    return not (isinstance(error, IndentationError) and
                all(not line.strip() or line.lstrip().startswith("#") for line in lines[end : row - 1]))


def _covering(start: int, end: int, regions: list[tuple[int, int]]) -> tuple[int, int]:
    """start..end widened over every region replaced before that it overlaps."""
    for first, last in regions:
        if first <= end and start <= last:
            start, end = min(start, first), max(end, last)
    return start, end


def _candidates(lines: list[str], error: SyntaxError) -> Iterator[tuple[int, int, str]]:
    """Rows to replace (first, last) and the indentation of their stand-in, smallest first: the
    statement the error is in (or the one its message names), the statements enclosing it, then its
    top-level statement with the ones after it (at the top level's indentation: an indented first
    row there is the error)."""
    rows = _kinds(lines)
    row = min(max(error.lineno or 1, 1), len(lines))
    named = _ON_LINE.search(error.msg or "")
    seen: set[tuple[int, int, str]] = set()

    def fresh(found: tuple[int, int], indent: str | None = None) -> Iterator[tuple[int, int, str]]:
        candidate = (*found, _indent_of(lines[found[0] - 1]) if indent is None else indent)
        if candidate not in seen:
            seen.add(candidate)
            yield candidate

    if (error.msg or "").startswith(_TRIPLE_QUOTED):  # the rest of the module is inside the string
        yield from fresh((_statement(lines, rows, row)[0], len(lines)))
        return
    if named and int(named[1]) < row:
        yield from fresh(_statement(lines, rows, int(named[1])))
    if (error.msg or "") == "unexpected indent":  # as deep as the statement above it, first
        above = _start_above(lines, rows, row, _depth(lines[row - 1]))
        yield from fresh(_statement(lines, rows, row), _indent_of(lines[above - 1]) if above else "")
    alone = _statement(lines, rows, row, clause=True)
    if _last_clause(lines, rows, *alone):  # `else:` alone, first: the `if` may hold findings
        yield from fresh(alone)
    found = _statement(lines, rows, row)
    while True:
        yield from fresh(found)
        header = _enclosing(lines, rows, found[0])
        if header is None:
            break
        found = _statement(lines, rows, header)
    yield from fresh(found, "")
    top = found
    for _ in range(_FORWARD):
        following = next((r for r in range(top[1] + 1, len(lines) + 1) if rows[r - 1] == _START), None)
        if following is None:
            break
        top = (found[0], _statement(lines, rows, following)[1])
        yield from fresh(top, "")
    yield from fresh((found[0], len(lines)), "")


def _statement(lines: list[str], rows: list[str], row: int, clause: bool = False) -> tuple[int, int]:
    """The rows of the statement `row` is in, with its clauses, its body and its decorators; with
    `clause`, of the clause (`else:` and its body) `row` is in only."""
    start = next((r for r in range(row, 0, -1) if rows[r - 1] == _START), row)
    depth = _depth(lines[start - 1])
    end = start
    for r in range(start + 1, len(lines) + 1):
        line = lines[r - 1]
        if rows[r - 1] == _START and _depth(line) <= depth and \
                (clause or not (_depth(line) == depth and _CLAUSE.match(line.lstrip()))):
            break
        if rows[r - 1] != _NOTHING:
            end = r
    while not clause and _CLAUSE.match(lines[start - 1].lstrip()):  # `else:`: from its `if`
        above = _start_above(lines, rows, start, depth)
        if above is None or _depth(lines[above - 1]) != depth:
            break
        start = above
    while (above := _start_above(lines, rows, start, depth)) is not None and _depth(lines[above - 1]) == depth \
            and lines[above - 1].lstrip().startswith("@"):
        start = above
    return start, max(end, row)


def _last_clause(lines: list[str], rows: list[str], start: int, end: int) -> bool:
    """Whether rows start..end are a clause (`else:` and its body) that no other clause follows: one
    that can go without breaking its statement."""
    if not _CLAUSE.match(lines[start - 1].lstrip()):
        return False
    depth = _depth(lines[start - 1])
    following = next((r for r in range(end + 1, len(lines) + 1) if rows[r - 1] == _START), None)
    return following is None or _depth(lines[following - 1]) != depth or \
        not _CLAUSE.match(lines[following - 1].lstrip())


def _enclosing(lines: list[str], rows: list[str], start: int) -> int | None:
    """The row of the statement whose body the statement at `start` is in; None at the top level."""
    depth = _depth(lines[start - 1])
    return next((r for r in range(start - 1, 0, -1) if rows[r - 1] == _START and _depth(lines[r - 1]) < depth), None)


def _start_above(lines: list[str], rows: list[str], start: int, depth: int) -> int | None:
    """The nearest row above `start` where a statement at `depth` or less begins."""
    return next((r for r in range(start - 1, 0, -1) if rows[r - 1] == _START and _depth(lines[r - 1]) <= depth),
                None)


def _kinds(lines: list[str]) -> list[str]:
    """What each row is: _START, a row a statement may begin on (code, not a closing bracket first, not
    inside a multi-line string, not after a backslash); _NOTHING, blank or a comment; else _MORE, the
    rest of a statement begun above."""
    inside = _inside_strings(lines)
    out = []
    for index, line in enumerate(lines):
        stripped = line.strip()
        if index in inside or (index and lines[index - 1].endswith("\\")):
            out.append(_MORE)
        elif not stripped or stripped.startswith("#"):
            out.append(_NOTHING)
        else:
            out.append(_MORE if stripped.startswith(_CLOSERS) else _START)
    return out


def _inside_strings(lines: list[str]) -> set[int]:
    """0-based rows that continue a multi-line string, as far as the tokens can be read."""
    inside: set[int] = set()
    text = "\n".join(lines) + "\n"
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.STRING and token.end[0] > token.start[0]:
                inside.update(range(token.start[0], token.end[0]))  # rows start[0]+1..end[0], 1-based
    except (tokenize.TokenError, SyntaxError):
        pass
    return inside


def _depth(line: str) -> int:
    expanded = line.expandtabs(8)
    return len(expanded) - len(expanded.lstrip())


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]
