"""Whether the finding's rows ran during a call, and what the names on them held there: the
evidence that tells a refuted finding (the line ran with a tracer, or a JAX array, and did not
raise) from one the run did not show (the line did not run, or ran with concrete values)."""

from __future__ import annotations

import linecache
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import jax

from jaxlint.verify.harness import tracing_lines

_NAME = re.compile(r"[A-Za-z_]\w*")


@dataclass
class Watched:
    """What the watch saw at the rows: whether they ran, and the names on them that held a
    tracer, or a JAX array, when they did."""

    ran: bool = False
    traced: set[str] = field(default_factory=set)
    arrays: set[str] = field(default_factory=set)


@contextmanager
def watching(filename: str, rows: range) -> Iterator[Watched]:
    """Trace line events of `filename`'s frames (others run untraced) while the block runs."""
    seen = Watched()
    names = {row: set(_NAME.findall(linecache.getline(filename, row))) for row in rows}

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line" and frame.f_lineno in names:
            seen.ran = True
            _look(frame, names[frame.f_lineno], seen)
        return local

    with tracing_lines(filename, local):
        yield seen


def _look(frame: FrameType, names: set[str], seen: Watched) -> None:
    # f_locals is a proxy from Python 3.13 (its keys() a list); nothing here may raise into the
    # code being watched
    values = frame.f_locals
    for name in names:
        try:
            value = values[name]
        except KeyError:
            continue
        if isinstance(value, jax.core.Tracer):
            seen.traced.add(name)
        elif isinstance(value, jax.Array):
            seen.arrays.add(name)
