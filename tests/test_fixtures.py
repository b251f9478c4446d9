"""Every fixture's findings equal its `# expect:` markers exactly (missing and extra both fail)."""

from __future__ import annotations

import pytest

from tests.expectations import actual, expected, fixture_files

FILES = fixture_files()


@pytest.fixture(scope="module")
def results():
    return actual(FILES)


@pytest.mark.parametrize("path", FILES, ids=[p.name for p in FILES])
def test_fixture_findings_match_markers(path, results):
    want = expected(path)
    got = results.get(path.resolve())
    missing = sorted((want - got).elements())
    extra = sorted((got - want).elements())
    assert not missing and not extra, f"{path.name}: missing {missing}, unexpected {extra}"


def test_there_are_fixtures_for_every_mission_rule():
    covered = {code for path in FILES for (_, code) in expected(path)}
    assert {"JAX101", "JAX102", "JAX103", "JAX104", "JAX105", "JAX106"} <= covered
