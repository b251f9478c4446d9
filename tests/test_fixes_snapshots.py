"""Fix snapshots: each input under snapshots/fixes/ fixes (safe and unsafe) to its checked-in
`.fixed.py`; the result parses, has no fixable finding left, and fixing it again changes nothing."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from jaxlint.config import Settings
from jaxlint.engine import check_source
from jaxlint.fixes.files import fix_file
from jaxlint.source import Source

SNAPSHOTS = Path(__file__).parent / "snapshots" / "fixes"
CASES = sorted(p for p in SNAPSHOTS.glob("*.py") if not p.name.endswith(".fixed.py"))
MISSION = frozenset(f"JAX10{i}" for i in range(1, 7))


def _fix(path: Path, data: bytes):
    def lint(source: Source):
        # the inputs are example programs, not tests, though they live under tests/
        return check_source(source, str(path), Settings(test_files=()), MISSION).findings

    return fix_file(str(path), data, lint, unsafe=True)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_snapshot(case: Path) -> None:
    result = _fix(case, case.read_bytes())
    expected = case.with_name(case.stem + ".fixed.py").read_bytes()
    assert result.fixed.decode() == expected.decode()
    ast.parse(result.fixed)
    code = case.stem.split("_")[0]
    assert result.applied > 0
    assert not [f for f in result.findings if f.code == code and f.fixable]
    again = _fix(case, result.fixed)
    assert again.fixed == result.fixed and again.applied == 0


def test_every_rule_has_snapshots() -> None:
    assert {p.stem.split("_")[0] for p in CASES} >= MISSION
