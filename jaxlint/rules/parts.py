"""The contract of a rule's parts, each a module of its package: `check` (required), `fix` and
`experiment` (optional). The registry hands them out typed as these; tests/test_rule_parts.py
checks that every rule's modules satisfy them."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from jaxlint.diagnostics import Edit, Finding
    from jaxlint.fixes.text_context import TextContext
    from jaxlint.rules.base import Report
    from jaxlint.semantic.model import Model
    from jaxlint.verify.harness import Subject
    from jaxlint.verify.jobs import Verdict


@runtime_checkable
class CheckPart(Protocol):
    def check(self, model: Model) -> Iterable[Report]:
        """The rule's findings in one module's model (no I/O, no printing)."""


@runtime_checkable
class FixPart(Protocol):
    """A module may also set `REMOVES_FINDING = True`: its edit removes the finding by construction,
    so the fixed text is not linted again to see it gone."""

    def message(self, finding: Finding) -> str:
        """The fix's title ("Replace with `.at[].set()`"), from the finding's data, never its message."""

    def build_text(self, ctx: TextContext, finding: Finding) -> list[Edit]:
        """The edits on the module's text (raises FixError where no fix keeps the meaning)."""


@runtime_checkable
class ExperimentPart(Protocol):
    def predicted(self, exc: BaseException) -> bool:
        """Whether an exception raised on the finding's line is the one the rule predicts."""

    def run(self, subject: Subject) -> Verdict:
        """The experiment on the flagged function with its inputs, under real JAX."""


@runtime_checkable
class FixExperimentPart(ExperimentPart, Protocol):
    """The experiment of a rule that has a fix: also judges the fixed function beside the original."""

    def check_fix(self, original: Subject, fixed: Subject) -> Verdict: ...
