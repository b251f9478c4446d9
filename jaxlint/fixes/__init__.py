"""Autofixes, built and applied through libcst (imported only when fixes are asked for or shown).

`fix_source` applies the fixes of one round to a text; `with_fixes` fills `Finding.fix` for the
JSON-like outputs. The rule modules each expose `build(ctx, finding) -> list[Edit]` (raising
`FixError` when this finding cannot be fixed) and `message(finding) -> str`.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType

from jaxlint.diagnostics import Edit, Finding, Fix

_BUILDERS = {"JAX101": "jax101", "JAX102": "jax102", "JAX103": "jax103", "JAX104": "jax104",
             "JAX105": "jax105", "JAX106": "jax106"}


@dataclass
class FixOutcome:
    text: str
    applied: list[Finding] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)  # everything applied, in the input's coordinates
    failures: list[tuple[Finding, str]] = field(default_factory=list)  # fixes dropped: result did not parse


def applies(finding: Finding, unsafe: bool) -> bool:
    return finding.code in _BUILDERS and (finding.fixable == "safe" or (unsafe and finding.fixable == "unsafe"))


def _builder(code: str) -> ModuleType:
    return importlib.import_module(f"jaxlint.fixes.{_BUILDERS[code]}")


def _build_all(text: str, findings: Sequence[Finding]) -> list[tuple[Finding, list[Edit]]]:
    from jaxlint.fixes.context import Context, FixError

    wanted = [f for f in findings if applies(f, unsafe=True)]
    if not wanted:
        return []
    try:
        ctx = Context.parse(text)
    except Exception:  # libcst cannot parse what CPython can (rare): no fixes for this file
        return []
    built = []
    for finding in wanted:
        try:
            edits = _builder(finding.code).build(ctx, finding)
        except FixError:
            continue
        except Exception:  # a bug in one fix builder must not end the run: that finding stays unfixed
            continue
        if edits:
            built.append((finding, edits))
    return built


def fix_source(text: str, findings: Sequence[Finding], *, unsafe: bool) -> FixOutcome:
    """One round: apply every fix that does not overlap an earlier one; the rest wait for the next."""
    from jaxlint.fixes.apply import Offsets, apply, compose, parses, spans

    built = _build_all(text, [f for f in findings if applies(f, unsafe)])
    offsets = Offsets.of(text)
    groups = [spans(offsets, edits) for _, edits in built]
    chosen = compose(groups)
    failures = []
    for index in list(chosen):  # a fix whose own result does not parse is dropped, alone
        error = parses(apply(text, [groups[index]]))
        if error is not None:
            chosen.remove(index)
            failures.append((built[index][0], error))
    new_text = apply(text, [groups[i] for i in chosen])
    if chosen and parses(new_text) is not None:  # together they clash: keep only the first this round
        chosen = chosen[:1]
        new_text = apply(text, [groups[chosen[0]]])
    return FixOutcome(new_text, [built[i][0] for i in chosen], [e for i in chosen for e in built[i][1]], failures)


def with_fixes(text: str, findings: Sequence[Finding]) -> list[Finding]:
    """The findings with `fix` filled in (edits against `text`) where a fix can be built."""
    fixes = {id(f): Fix(f.fixable or "safe", _builder(f.code).message(f), tuple(e))
             for f, e in _build_all(text, findings)}
    return [replace(f, fix=fixes[id(f)]) if id(f) in fixes else f for f in findings]
