"""Compose the edits of several fixes into one text: non-overlapping ones only, in linear time."""

from __future__ import annotations

import ast
import bisect
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from jaxlint.diagnostics import Edit, Location

Span = tuple[int, int, str]  # start offset, end offset, replacement


@dataclass(frozen=True)
class Offsets:
    """Location (1-based row, 1-based character column) ↔ offset into the text."""

    starts: tuple[int, ...]

    @classmethod
    def of(cls, text: str) -> Offsets:
        starts = [0]
        index = text.find("\n")
        while index != -1:
            starts.append(index + 1)
            index = text.find("\n", index + 1)
        return cls(tuple(starts))

    def offset(self, location: Location) -> int:
        return self.starts[location.row - 1] + location.column - 1


def spans(offsets: Offsets, edits: Sequence[Edit]) -> list[Span]:
    return [(offsets.offset(e.location), offsets.offset(e.end_location), e.content) for e in edits]


class _Accepted:
    """The spans accepted so far, sorted by start, for overlap tests in logarithmic time."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.spans: list[Span] = []
        self.known: set[Span] = set()
        self.widest = 0  # the longest accepted replacement bounds how far back an overlap can start

    def conflicts(self, span: Span) -> bool:
        if span in self.known:
            return False  # the same edit twice (an import two fixes need) is applied once
        start, end, _ = span
        low = bisect.bisect_left(self.starts, start - self.widest)
        high = bisect.bisect_right(self.starts, end)
        return any(_overlap(span, self.spans[i]) for i in range(low, high))

    def add(self, span: Span) -> None:
        if span in self.known:
            return
        index = bisect.bisect_right(self.starts, span[0])
        self.starts.insert(index, span[0])
        self.spans.insert(index, span)
        self.known.add(span)
        self.widest = max(self.widest, span[1] - span[0])


def _overlap(new: Span, old: Span) -> bool:
    (a, b, _), (c, d, _) = new, old
    if a == b or c == d:  # an insertion conflicts only with a replacement strictly around it
        return c < a < d or a < c < b
    return a < d and c < b


def compose(groups: Sequence[list[Span]]) -> list[int]:
    """Indices of the groups that can be applied together (first come, first served)."""
    accepted = _Accepted()
    chosen = []
    for index, group in enumerate(groups):
        if any(accepted.conflicts(s) for s in group):
            continue
        chosen.append(index)
        for span in group:
            accepted.add(span)
    return chosen


def apply(text: str, groups: Sequence[list[Span]]) -> str:
    """Apply every span of the given (already composed) groups, each distinct span once."""
    unique = list(dict.fromkeys(s for group in groups for s in group))
    # Insertions at one point keep the order they were given in: the sort is stable.
    unique.sort(key=lambda s: (s[0], s[1]))
    pieces, position = [], 0
    for start, end, content in unique:
        pieces += [text[position:start], content]
        position = max(position, end)
    pieces.append(text[position:])
    return "".join(pieces)


def back_map(groups: Sequence[list[Span]]) -> Callable[[int], int]:
    """For the text `apply` makes of these groups: an offset in it → the offset in the text before.
    A position inside a replacement maps to the start of what it replaced."""
    unique = sorted(dict.fromkeys(s for group in groups for s in group), key=lambda s: (s[0], s[1]))
    new_starts, shifts, shift = [], [], 0
    for start, end, content in unique:
        new_starts.append(start + shift)
        shift += len(content) - (end - start)
        shifts.append(shift)

    def back(offset: int) -> int:
        index = bisect.bisect_right(new_starts, offset) - 1
        if index < 0:
            return offset
        start, _, content = unique[index]
        if offset < new_starts[index] + len(content):
            return start
        return offset - shifts[index]

    return back


def parsed(text: str) -> ast.Module | str:
    """The tree of `text` when it is valid Python, else the error."""
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return f"{type(exc).__name__}: {exc}"
