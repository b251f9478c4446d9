"""Autofixes: built on the positions of CPython's `ast` (fixes/text_context.py), or through libcst
for the fixes that need its tree (imported only when such a finding exists).

`fix_source` applies the fixes of one round to a text; `with_fixes` fills `Finding.fix` with the
fixes that were built and whose result parses: only those are advertised. The rule modules each
expose `build_text(ctx, finding)` (a TextContext) or `build(ctx, finding)` (a libcst Context),
returning a list of `Edit` or raising `FixError` when this finding cannot be fixed, and
`message(finding) -> str`.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import TYPE_CHECKING, NamedTuple

from jaxlint.diagnostics import Edit, Finding, Fix
from jaxlint.rules import part

if TYPE_CHECKING:
    from jaxlint.fixes.apply import Offsets

_CHECK_ROUNDS = 16  # fixes overlapping more deeply than this are not advertised (never seen in practice)


@dataclass
class FixOutcome:
    text: str
    applied: list[Finding] = field(default_factory=list)
    edits: list[Edit] = field(default_factory=list)  # everything applied, in the input's coordinates
    failures: list[tuple[Finding, str]] = field(default_factory=list)  # fixes dropped: result did not parse


def _builder(code: str) -> ModuleType | None:
    return part(code, "fix")


@dataclass(frozen=True)
class _Built:
    finding: Finding
    edits: list[Edit]
    spans: list[tuple[int, int, str]]


def _build_all(text: str, findings: Sequence[Finding], tree: ast.Module | None) -> list[_Built]:
    """Every fix the rules can build for these findings, in their order: on the text (`build_text`,
    with `ast`'s positions), or with libcst (`build`) when the builder has no text form or says it
    needs the tree, in one parse of the functions they are in (and the module's other statements).
    libcst is parsed only when a finding needs it.
    `tree`: the text's, when the caller has it (None: parsed here)."""
    from jaxlint.fixes.apply import Offsets, spans

    wanted = [f for f in findings if f.fixable and _builder(f.code)]
    on_text = [f for f in wanted if hasattr(_builder(f.code), "build_text")]
    edits, need_tree = _built_on_text(text, on_text, tree)
    edits.update(_built_on_tree(text, [*need_tree, *(f for f in wanted if not hasattr(_builder(f.code), "build_text"))],
                                tree))
    offsets = Offsets.of(text)
    built = []
    for finding in wanted:
        if id(finding) not in edits:
            continue
        where = spans(offsets, edits[id(finding)])
        if any(text[start:end] != content for start, end, content in where):  # a no-op is no fix
            built.append(_Built(finding, edits[id(finding)], where))
    return built


_Edits = dict[int, list[Edit]]  # id(finding) → its fix's edits


def _built_on_text(text: str, findings: Sequence[Finding], tree: ast.Module | None) -> tuple[_Edits, list[Finding]]:
    """The text-level fixes, and the findings whose builder says libcst must make theirs (NeedsTree)."""
    from jaxlint.fixes.errors import NeedsTree
    from jaxlint.fixes.text_context import TextContext

    if not findings:
        return {}, []
    try:
        ctx = TextContext.parse(text, tree)
    except Exception:  # noqa: BLE001 - rows counted otherwise (a lone carriage return), or no parse: no fixes
        return {}, []
    found: _Edits = {}
    need_tree = []
    for finding in findings:
        try:
            found[id(finding)] = _builder(finding.code).build_text(ctx, finding)
        except NeedsTree:
            need_tree.append(finding)
        except Exception:  # noqa: BLE001 - FixError, or a bug in one fix builder: that finding stays unfixed
            continue
    return found, need_tree


def _built_on_tree(text: str, findings: Sequence[Finding], tree: ast.Module | None) -> _Edits:
    if not findings:
        return {}
    from jaxlint.fixes.context import Context, FixError
    from jaxlint.fixes.sparse import without_other_definitions

    rows = {row for f in findings for row in range(f.location.row, f.end_location.row + 1)}
    try:
        ctx = Context.parse(without_other_definitions(text, rows, tree))
    except Exception:  # noqa: BLE001 - libcst cannot parse what CPython can (rare): no fixes for this file
        return {}
    found: _Edits = {}
    for finding in findings:
        try:
            found[id(finding)] = _builder(finding.code).build(ctx, finding)
        except FixError:
            continue
        except Exception:  # noqa: BLE001 - a bug in one fix builder must not end the run: that finding stays unfixed
            continue
    return found


def build_one(text: str, finding: Finding) -> list[Edit]:
    """The edits of one finding's fix, built as a check builds them; FixError says why there is none."""
    from jaxlint.fixes.errors import FixError, NeedsTree

    builder = _builder(finding.code)
    if builder is None:
        raise FixError(f"{finding.code} has no fix")
    if hasattr(builder, "build_text"):
        from jaxlint.fixes.text_context import TextContext

        try:
            return builder.build_text(TextContext.parse(text), finding)
        except NeedsTree:
            pass
    from jaxlint.fixes.context import Context

    return builder.build(Context.parse(text), finding)


class _Admitted(NamedTuple):
    fixes: list[_Built]  # applied together, their result parses
    failures: list[tuple[_Built, str]]  # each with the error its result gave
    tree: ast.Module | None  # of the result, when it was parsed whole (every candidate admitted)


def _admissible(text: str, base: list[_Built], candidates: list[_Built]) -> _Admitted:
    """The candidates that, applied with `base`, leave a text that parses, and the others with the
    error. One parse when all are fine; bisection finds the bad ones in O(bad · log n) parses."""
    from jaxlint.fixes.apply import apply, parsed

    tree = parsed(apply(text, [b.spans for b in base + candidates]))
    if not isinstance(tree, str):
        return _Admitted(candidates, [], tree)
    if len(candidates) == 1:
        return _Admitted([], [(candidates[0], tree)], None)
    middle = len(candidates) // 2
    left = _admissible(text, base, candidates[:middle])
    right = _admissible(text, base + left.fixes, candidates[middle:])
    return _Admitted(left.fixes + right.fixes, left.failures + right.failures, None)


def _round(text: str, built: list[_Built]) -> tuple[_Admitted, list[_Built]]:
    """The fixes applied together (and those dropped: would not parse), and those left for a later
    round because they overlap."""
    from jaxlint.fixes.apply import compose

    chosen = set(compose([b.spans for b in built]))
    return _admissible(text, [], [b for i, b in enumerate(built) if i in chosen]), [
        b for i, b in enumerate(built) if i not in chosen]


def fix_source(text: str, findings: Sequence[Finding], *, unsafe: bool) -> FixOutcome:
    """One round: apply every built fix (`Finding.fix`, edits against `text`) that this run may apply
    and that does not overlap an earlier one; the rest wait for the next round."""
    from jaxlint.fixes.apply import Offsets, apply, spans

    offsets = Offsets.of(text)
    wanted = [_Built(f, list(f.fix.edits), spans(offsets, f.fix.edits)) for f in findings if f.fixed_by(unsafe)]
    admitted, _ = _round(text, wanted)
    return FixOutcome(apply(text, [b.spans for b in admitted.fixes]), [b.finding for b in admitted.fixes],
                      [e for b in admitted.fixes for e in b.edits], [(b.finding, why) for b, why in admitted.failures])


def with_fixes(text: str, findings: Sequence[Finding], relint: Relint | None = None,
               tree: ast.Module | None = None) -> list[Finding]:
    """The findings with `fix` filled in (edits against `text`) where a fix was built, its result
    parses and, when `relint` can lint the result, its finding is gone there; every other finding
    has no fix. Overlapping fixes are each checked against the text in later rounds, as `--fix`
    would apply them. `tree`: the text's, when the caller has it."""
    valid: dict[int, _Built] = {}
    pending = _build_all(text, findings, tree)
    for _ in range(_CHECK_ROUNDS):
        if not pending:
            break
        admitted, pending = _round(text, pending)
        fixes = admitted.fixes
        if relint is not None and not all(_certain(b) for b in fixes):
            fixes = _effective(text, admitted, relint)
        valid.update((id(b.finding), b) for b in fixes)
    out = []
    for finding in findings:
        built = valid.get(id(finding))
        fix = Fix(finding.fixable or "safe", _builder(finding.code).message(finding), tuple(built.edits)) if built else None
        out.append(replace(finding, fix=fix))
    return out


# A text, and its tree when the caller parsed it already → its findings (without fixes).
Relint = Callable[[str, "ast.Module | None"], Sequence[Finding]]


def _effective(text: str, admitted: _Admitted, relint: Relint) -> list[_Built]:
    """The fixes whose finding is gone once they are applied: one lint of the text with all of
    them. A finding that comes back within its own fix's edits (a split inserted before a key the
    loop consumed already) is not fixed by it, and that fix is not offered."""
    from jaxlint.fixes.apply import Offsets, apply, back_map

    groups = [b.spans for b in admitted.fixes]
    fixed = apply(text, groups)
    back, before, after = back_map(groups), Offsets.of(text), Offsets.of(fixed)
    again: dict[tuple[str, str], list[int]] = {}
    for finding in relint(fixed, admitted.tree):
        again.setdefault(_identity(finding), []).append(back(after.offset(finding.location)))
    for places in again.values():
        places.sort()
    return [b for b in admitted.fixes if _certain(b) or not _comes_back(b, before, again.get(_identity(b.finding), []))]


def _comes_back(built: _Built, offsets: Offsets, places: list[int]) -> bool:
    """Whether one of `places` (sorted offsets of the same problem, found again) lies within the
    finding's own range or its fix's edits: a binary search each, so that a file with thousands
    of alike findings stays linear."""
    ranges = [(offsets.offset(built.finding.location), offsets.offset(built.finding.end_location)),
              *((start, end) for start, end, _ in built.spans)]
    return any(bisect.bisect_left(places, start) < bisect.bisect_right(places, end) for start, end in ranges)


def _certain(built: _Built) -> bool:
    """Whether the rule's fix removes its finding by construction (`REMOVES_FINDING`: it replaces the
    flagged name itself), so that no lint of the result is needed to know it."""
    return getattr(_builder(built.finding.code), "REMOVES_FINDING", False)


def _identity(finding: Finding) -> tuple[str, str]:
    """What makes two findings the same problem across an edit: the rows a message cites shift,
    and so do the numbered fresh names it suggests (`subkey_1`)."""
    return finding.code, re.sub(r"_?\d+", "", finding.message)
