"""Every multi-module fixture project's findings equal its `# expect:` markers, whether the whole
project is checked or one file of it alone (by name, or on stdin, as editors do)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from tests.expectations import (
    fixture_projects,
    project_copy,
    project_expected,
    project_findings,
)

PROJECTS = fixture_projects()


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory):
    """`checked(project)`: a copy of the project, and its findings checked as a whole there, made once
    for both tests of the project (checking does not change the copy)."""
    made: dict[Path, tuple[Path, dict[str, Counter]]] = {}

    def check(project: Path) -> tuple[Path, dict[str, Counter]]:
        if project not in made:
            root = project_copy(project, tmp_path_factory.mktemp(project.name))
            made[project] = root, project_findings(root)
        return made[project]

    return check


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_project_findings_match_markers(project: Path, checked) -> None:
    root, got = checked(project)
    want = project_expected(root)
    for name in sorted(set(want) | set(got)):
        missing = sorted((want.get(name, Counter()) - got.get(name, Counter())).elements())
        extra = sorted((got.get(name, Counter()) - want.get(name, Counter())).elements())
        assert not missing and not extra, f"{project.name}/{name}: missing {missing}, unexpected {extra}"


@pytest.mark.parametrize("project", PROJECTS, ids=[p.name for p in PROJECTS])
def test_a_file_checked_alone_finds_the_same(project: Path, checked) -> None:
    """What pre-commit (changed files by name) and editors (one file on stdin) see."""
    root, whole = checked(project)
    for name in project_expected(root):
        alone = project_findings(root, name)
        assert alone.get(name, Counter()) == whole.get(name, Counter()), f"{name} checked alone"
    name = min(project_expected(root))
    piped = project_findings(root, name, stdin=(root / name).read_text(encoding="utf-8"))
    assert piped.get(name, Counter()) == whole.get(name, Counter()), f"{name} on stdin"


def test_every_mission_rule_has_a_cross_module_fixture() -> None:
    codes = {code for project in PROJECTS for want in project_expected(project).values() for (_, code) in want}
    assert {"JAX101", "JAX102", "JAX103", "JAX104", "JAX105", "JAX106"} <= codes
