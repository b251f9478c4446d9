"""`example(...)` calls of an examples file, collected while the file runs in a child process."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Example:
    """One input set for one function: a function object or a "module:qualname" string."""

    function: Callable[..., Any] | str
    args: tuple[Any, ...]
    kwargs: dict[str, Any] = field(default_factory=dict)
    row: int | None = None  # the line of the `example(...)` call, for reporting a target that does not resolve


# The examples file calls `example(...)` at top level; the child process reads this list once
# it has run the file. Nothing else writes it.
collected: list[Example] = []


def example(function: Callable[..., Any] | str, /, *args: Any, **kwargs: Any) -> None:
    """Declare one set of inputs for `function` (called as `function(*args, **kwargs)`)."""
    if isinstance(function, str):
        if ":" not in function:
            raise ValueError(f"example({function!r}): use \"module:qualname\", e.g. \"pkg.train:step\"")
    elif not callable(function):
        raise TypeError(f"example(): expected a function or \"module:qualname\", got {type(function).__name__}")
    collected.append(Example(function, args, kwargs, sys._getframe(1).f_lineno))
