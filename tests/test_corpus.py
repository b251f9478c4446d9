"""The blind corpus (tests/corpus/): realistic programs written and checked against real JAX by
someone who did not look at jaxlint. Their markers are not tuned to the linter, so the bar is
a rate, not an exact match: precision and recall per mission rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.expectations import scores

CORPUS = sorted((Path(__file__).parent / "corpus").glob("*.py"))
MISSION = ("JAX101", "JAX102", "JAX103", "JAX104", "JAX105", "JAX106")


@pytest.fixture(scope="module")
def table():
    return scores(CORPUS)


@pytest.mark.parametrize("code", MISSION)
def test_precision_and_recall_on_the_blind_corpus(code, table):
    entry = table.get(code, {"tp": 0, "fp": 0, "fn": 0})
    assert entry["tp"] >= 10, f"too few {code} cases in the corpus to measure"
    precision = entry["tp"] / (entry["tp"] + entry["fp"])
    recall = entry["tp"] / (entry["tp"] + entry["fn"])
    assert precision >= 0.9 and recall >= 0.9, f"{code}: {entry}"
