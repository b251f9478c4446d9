"""What the parent sends a child process (one module, its findings) and what comes back.

Plain JSON on both sides: a job on the child's stdin, one JSON line per event in a results file.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Target:
    """One finding to verify."""

    id: int
    code: str
    row: int
    end_row: int
    qualname: str | None  # within the module; None at module level
    fix_data: Any = None
    fixed: bool = False  # the job's fixed module fixes this finding
    fix_note: str | None = None  # why it does not, when the rule offers a fix
    start_row: int = 0  # where the finding's statement starts (0: at `row`)
    cited: tuple[int, ...] = ()  # the other rows the finding names (`already consumed on line 364`)


@dataclass(frozen=True)
class Job:
    root: str
    module: str
    filename: str
    examples: str | None
    results: str
    timeout: float
    targets: list[Target] = field(default_factory=list)
    fixed_source: str | None = None  # the module as `check --fix --unsafe-fixes` writes it
    run_command: str | None = None  # `verify --run`: the command whose records give the inputs
    records: str | None = None  # ...and the folder of its records

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Job:
        return cls(**{**data, "targets": [Target(**t) for t in data["targets"]]})


# The rules whose findings the project's own run proves where it raises on their rows: a removed
# name raises AttributeError or ImportError wherever it runs (what the recorded run raised there is
# kept, and confirms).
RAISED_IN_THE_RUN = frozenset(("JAX301", "JAX303"))

# What a finding's status means for the user (docs/contract.md keeps the four statuses; the verdict
# says which not-confirmed and skipped ones are evidence against the finding).
VERDICTS = ("confirmed", "refuted", "not-shown", "not-reached", "could-not-run")
_MEANINGS = {"confirmed": "confirmed", "not-confirmed": "not-shown", "skipped": "could-not-run",
             "error": "could-not-run"}


def meaning(status: str, verdict: str = "") -> str:
    """A finding's verdict: the one its experiment gave, else what its status means."""
    return verdict or _MEANINGS.get(status, status)


@dataclass
class Verdict:
    """The outcome of an experiment: status, a one-line reason, rule-specific evidence, and
    (`verdict`, for a finding) what it means where the status alone does not say: `refuted`, the
    line ran in the situation the finding describes and behaved; `not-reached`, the run never got
    there; else `not-shown` (ran, not in that situation) or `could-not-run`."""

    status: str  # confirmed | not-confirmed | skipped | error  (fix: passed | failed | skipped)
    reason: str
    evidence: dict[str, Any] = field(default_factory=dict)
    verdict: str = ""

    @property
    def meaning(self) -> str:
        return meaning(self.status, self.verdict)

    def to_json(self) -> dict[str, Any]:
        found = {"status": self.status, "reason": self.reason, "evidence": self.evidence}
        return found | {"verdict": self.meaning} if self.status in _MEANINGS else found
