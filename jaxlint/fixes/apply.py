"""Compose the edits of several fixes into one text: non-overlapping ones only, result must parse."""

from __future__ import annotations

import ast
from collections.abc import Sequence
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
        for index, char in enumerate(text):
            if char == "\n":
                starts.append(index + 1)
        return cls(tuple(starts))

    def offset(self, location: Location) -> int:
        return self.starts[location.row - 1] + location.column - 1


def spans(offsets: Offsets, edits: Sequence[Edit]) -> list[Span]:
    return [(offsets.offset(e.location), offsets.offset(e.end_location), e.content) for e in edits]


def _conflict(new: Span, old: Span) -> bool:
    if new == old:
        return False  # the same edit twice (an import two fixes need) is applied once
    (a, b, _), (c, d, _) = new, old
    if a == b or c == d:  # an insertion conflicts only with a replacement strictly around it
        return c < a < d or a < c < b
    return a < d and c < b


def compose(groups: Sequence[list[Span]]) -> list[int]:
    """Indices of the groups that can be applied together (first come, first served)."""
    accepted: list[Span] = []
    chosen = []
    for index, group in enumerate(groups):
        if any(_conflict(s, t) for s in group for t in accepted):
            continue
        chosen.append(index)
        accepted += [s for s in group if s not in accepted]
    return chosen


def apply(text: str, groups: Sequence[list[Span]]) -> str:
    """Apply every span of the given (already composed) groups."""
    unique: list[Span] = []
    for group in groups:
        unique += [s for s in group if s not in unique]
    order = sorted(range(len(unique)), key=lambda i: (unique[i][0], unique[i][1], i), reverse=True)
    for index in order:
        start, end, content = unique[index]
        text = text[:start] + content + text[end:]
    return text


def parses(text: str) -> str | None:
    """None when `text` is valid Python, else the error."""
    try:
        ast.parse(text)
    except (SyntaxError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    return None
