"""The data every layer passes around: findings, fixes and their edits."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"


class Applicability(StrEnum):
    """Whether `--fix` applies a fix (safe) or only `--fix --unsafe-fixes` does (unsafe)."""

    SAFE = "safe"
    UNSAFE = "unsafe"


class FixClass(StrEnum):
    """What a rule's fixes are, in the catalog: always safe, always unsafe, safe for some findings, none."""

    SAFE = "safe"
    UNSAFE = "unsafe"
    SOMETIMES = "sometimes"
    NONE = "none"


def _as(kind: type, instance: Any, name: str) -> None:
    """A frozen dataclass's field as its enum: the values are given as text (declarations, the cache)."""
    value = getattr(instance, name)
    if value is not None and not isinstance(value, kind):
        object.__setattr__(instance, name, kind(value))


@dataclass(frozen=True)
class Location:
    """A 1-based row and a 1-based column counted in characters."""

    row: int
    column: int


@dataclass(frozen=True)
class Edit:
    content: str
    location: Location
    end_location: Location
    cell: int | None = None  # in a notebook: the code cell (1-based, as findings) whose rows these are


@dataclass(frozen=True)
class Fix:
    applicability: Applicability
    message: str
    edits: tuple[Edit, ...] = ()

    def __post_init__(self) -> None:
        _as(Applicability, self, "applicability")


@dataclass(frozen=True)
class Related:
    """A place a finding's message names as a step of its evidence (`line 12` of "`n` is traced:
    `jax.vmap` at line 12 ..."), with what happens there."""

    row: int  # 1-based; within `cell` for a notebook
    message: str
    cell: int | None = None


@dataclass(frozen=True)
class Finding:
    code: str
    name: str
    severity: Severity
    message: str
    filename: str
    location: Location
    end_location: Location
    function: str | None = None
    fix: Fix | None = None
    noqa_row: int | None = None
    cell: int | None = None  # 1-based notebook cell; rows are then within the cell
    # Source lines of the span (first few), for the code frame of the text output.
    context: tuple[str, ...] = field(default=(), compare=False)
    # Which fix the rule intends, known before any fix is built; only `fix` is advertised.
    fixable: Applicability | None = None
    # Rule-specific facts the fix builder needs (plain JSON-able data).
    fix_data: Any = field(default=None, compare=False)
    # The places the message names as its evidence (SARIF's relatedLocations, the editor's
    # relatedInformation); the JSON output keeps its shape and says them in the message.
    related: tuple[Related, ...] = field(default=(), compare=False)
    # For verify, in the module's rows: where the statement holding the finding starts, and the
    # other rows the message cites (`already consumed on line 364`).
    statement_row: int | None = field(default=None, compare=False)
    cited: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        _as(Severity, self, "severity")
        _as(Applicability, self, "fixable")

    def fixed_by(self, unsafe: bool) -> bool:
        """Whether `--fix` (with `--unsafe-fixes` when `unsafe`) applies this finding's built fix."""
        return self.fix is not None and (unsafe or self.fix.applicability == "safe")

    @property
    def sort_key(self) -> tuple:
        return (self.filename, self.cell or 0, self.location.row, self.location.column, self.code)


@dataclass(frozen=True)
class RuleInfo:
    """What the catalog says about a rule (for `rules`, `explain`, SARIF)."""

    code: str
    name: str
    severity: Severity
    fix: FixClass
    summary: str

    def __post_init__(self) -> None:
        _as(Severity, self, "severity")
        _as(FixClass, self, "fix")
