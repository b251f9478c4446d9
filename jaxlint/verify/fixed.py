"""Parent side (no JAX): the module exactly as `check --fix --unsafe-fixes` writes it (the same fix
loop, not one application of one fix), and for each finding whether that module fixes it, or why not."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from jaxlint.config import Settings
from jaxlint.diagnostics import Finding
from jaxlint.engine import check_source
from jaxlint.paths import read_file
from jaxlint.project.incoming import Incoming
from jaxlint.rules import part
from jaxlint.source import Source


def offers_fix(finding: Finding) -> bool:
    """The fix engine built a fix for it (`fix`), or the rule may offer one (`fixable`) and the
    fix phase will say why it did not."""
    return finding.fix is not None or finding.fixable is not None


@dataclass
class FixedModule:
    source: str | None  # the fixed text; None when the fix loop changed nothing
    remaining: Counter[tuple[str, str | None, str]] = field(default_factory=Counter)
    before: Counter[tuple[str, str | None, str]] = field(default_factory=Counter)
    original: str = ""
    failures: list[str] = field(default_factory=list)
    problem: str | None = None  # the file could not be read or fixed at all

    def note(self, finding: Finding) -> str | None:
        """None when the fixed module fixes `finding`, else the reason it does not."""
        if self.problem is not None:
            return self.problem
        key = _identity(finding)
        if self.source is not None and self.remaining[key] < self.before[key]:
            return None
        return _why_unfixed(self.original, finding, self.failures)


def fix_module(path: str, findings: Sequence[Finding], settings: Settings, codes: frozenset[str],
               incoming: Incoming | None = None) -> FixedModule:
    """`path` with the fixes of `findings`, relinted with what other modules told it (`incoming`)."""
    from jaxlint.fixes.files import fix_file
    from jaxlint.fixes.write import Encoded

    data = read_file(path)
    if data is None:
        return FixedModule(None, problem="cannot read the module")

    def lint(source: Source) -> Sequence[Finding]:
        return check_source(source, path, settings, codes, incoming=incoming).findings

    result = fix_file(path, data, lint, unsafe=True, findings=findings)  # the check's: no second lint
    original, _ = Encoded.read(data)
    fixed = Encoded.read(result.fixed)[0] if result.changed else None
    return FixedModule(fixed, Counter(map(_identity, result.findings)), Counter(map(_identity, findings)), original,
                       result.failures)


def _identity(finding: Finding) -> tuple[str, str | None, str]:
    """What a finding is, whatever lines the fixes of others moved it to."""
    return finding.code, finding.function, finding.message


def _why_unfixed(text: str, finding: Finding, failures: list[str]) -> str:
    """The fix builder's own reason (FixError), a dropped fix, or that the finding stays after --fix."""
    from jaxlint.fixes import build_one
    from jaxlint.fixes.errors import FixError

    where = f":{finding.location.row}:{finding.location.column}: {finding.code} "
    dropped = [f for f in failures if where in f]
    if dropped:
        return dropped[0].split(f"{finding.code} ", 1)[1]
    if part(finding.code, "fix") is None:
        return f"{finding.code} has no fix"
    try:
        build_one(text, finding)
    except FixError as exc:
        return f"no fix here: {exc}"
    except Exception as exc:  # noqa: BLE001 - a bug in a builder is a reason too, not the end of the run
        return f"the fix could not be built ({type(exc).__name__}: {exc})"
    return "the finding remains after `check --fix --unsafe-fixes`"
