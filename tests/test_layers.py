"""The layering, checked on every run (benchmarks/import_circles.py prints the same): no import circle
between jaxlint's files, no rule imported by the semantic model or the project analysis, and nothing
above the bottom layer (knowledge/, written.py) imported by it."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import import_circles  # noqa: E402

# The graph a type checker reads (annotation-only imports too) still has one circle: the semantic
# model and the analyses that take it as a parameter. It must not grow while it is taken apart.
ANNOTATION_CIRCLE_AT_MOST = 18


def test_no_import_circle_and_no_import_against_the_layers() -> None:
    graph = import_circles.import_graph()
    assert import_circles.circles(graph) == []
    assert import_circles.rules_imported_below(graph) == []
    assert import_circles.knowledge_imports_above(graph) == []


def test_the_annotation_only_circle_does_not_grow() -> None:
    found = import_circles.circles(import_circles.import_graph(type_checking=True))
    assert len(found) <= 1 and all(len(component) <= ANNOTATION_CIRCLE_AT_MOST for component in found), found
    assert all(module.startswith("jaxlint.semantic.") for component in found for module in component), found
