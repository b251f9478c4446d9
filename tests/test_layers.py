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


# Underscored names of other objects that are public API after all (namedtuples, sys), and the one
# memo jaxlint keeps on the syntax tree's own nodes.
NOT_PRIVATE = frozenset(("_fields", "_replace", "_asdict", "_make", "_getframe", "_jaxlint_qualified"))


def test_no_analysis_or_rule_reaches_into_another_objects_privates() -> None:
    import ast

    package = Path(__file__).resolve().parents[1] / "jaxlint"
    reached = []
    for folder in ("semantic", "rules", "project"):
        for path in sorted((package / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                        and node.attr not in NOT_PRIVATE
                        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                    reached.append(f"{path.relative_to(package)}:{node.lineno}: {ast.unparse(node)}")
    assert reached == [], "\n".join(reached)


def test_rules_see_the_semantic_analysis_through_its_api_only() -> None:
    # the model they are handed, the scopes' types, and semantic/api.py: what lies below may move
    graph = import_circles.import_graph(type_checking=True)
    allowed = {"jaxlint.semantic", "jaxlint.semantic.api", "jaxlint.semantic.model", "jaxlint.semantic.scopes"}
    below = sorted(f"{module} → {target}" for module, targets in graph.items() if module.startswith("jaxlint.rules")
                   for target in targets if target.startswith("jaxlint.semantic") and target not in allowed)
    assert below == [], "\n".join(below)
