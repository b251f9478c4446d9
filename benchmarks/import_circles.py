"""Import circles between the files of jaxlint/, and imports that cross the layers downwards.

    python benchmarks/import_circles.py [--type-checking]

An edge is any import of a jaxlint module, at module level or inside a function (a lazy import
still ties the two files together); imports under `if TYPE_CHECKING:` are left out, as they
never run, unless --type-checking asks for them (the graph a type checker reads). A circle is a strongly connected component of more than one file. Also lists each
file of jaxlint/semantic/ or jaxlint/project/ that imports a rule, and each import from the bottom
layer (jaxlint/knowledge/ and jaxlint/written.py) of a module above it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "jaxlint"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_names(tree: ast.Module, module: str, is_package: bool, type_checking: bool) -> set[str]:
    """Every jaxlint module the tree imports (a `from X import y` counts X and X.y)."""
    found: set[str] = set()
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if not type_checking and isinstance(node, ast.If) and is_type_checking(node.test):
            pending.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            package = module if is_package else module.rpartition(".")[0]
            for _ in range(node.level - 1):
                package = package.rpartition(".")[0]
            base = ".".join(part for part in (package if node.level else "", node.module or "") if part)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
        pending.extend(ast.iter_child_nodes(node))
    return {name for name in found if name == "jaxlint" or name.startswith("jaxlint.")}


def import_graph(type_checking: bool = False) -> dict[str, set[str]]:
    paths = {module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in paths.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[module] = {name for name in imported_names(tree, module, path.name == "__init__.py", type_checking)
                         if name in paths and name != module}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for successor in successors:
                if successor not in index:
                    index[successor] = low[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                    break
                if successor in on_stack:
                    low[node] = min(low[node], index[successor])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def rules_imported_below(graph: dict[str, set[str]]) -> list[str]:
    lower = ("jaxlint.semantic", "jaxlint.project")
    return sorted(f"{module} → {target}" for module, targets in graph.items() if module.startswith(lower)
                  for target in targets if target.startswith("jaxlint.rules"))


# The bottom layer: JAX's API as data, and how an expression is written (pure `ast`); it imports nothing above it.
BOTTOM = ("jaxlint.knowledge", "jaxlint.written")


def knowledge_imports_above(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{module} → {target}" for module, targets in graph.items() if module.startswith(BOTTOM)
                  for target in targets if not target.startswith(BOTTOM))


def main() -> int:
    graph = import_graph(type_checking="--type-checking" in sys.argv[1:])
    found = circles(graph)
    for component in found:
        print(f"circle of {len(component)}: " + ", ".join(component))
    crossings = rules_imported_below(graph) + knowledge_imports_above(graph)
    for line in crossings:
        print(f"import against the layers: {line}")
    print(f"{len(found)} circles, {len(crossings)} imports against the layers")
    return 1 if found or crossings else 0


if __name__ == "__main__":
    sys.exit(main())
