"""A parsed module with positions and parents, and the edits built from its nodes."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import TypeVar

import libcst as cst
from libcst.metadata import (
    CodeRange,
    MetadataWrapper,
    ParentNodeProvider,
    PositionProvider,
)
from libcst.metadata.position_provider import PositionProvidingCodegenState

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ImportLine, ModuleImports

N = TypeVar("N", bound=cst.CSTNode)


@dataclass
class Context:
    """One module as libcst sees it; positions and parents resolved once for every fix."""

    text: str
    module: cst.Module
    positions: Mapping[cst.CSTNode, CodeRange]
    parents: Mapping[cst.CSTNode, cst.CSTNode]
    _spans: dict[tuple[int, int, int, int], list[cst.CSTNode]] = field(default_factory=dict)
    _names: set[str] | None = None
    _kinds: dict[type, list[cst.CSTNode]] | None = None

    @classmethod
    def parse(cls, text: str) -> Context:
        module = cst.parse_module(text)
        try:
            positions, parents = _positions_and_parents(module)
        except (AttributeError, TypeError):  # libcst's code generator changed: its slower public way
            wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
            metadata = wrapper.resolve_many([PositionProvider, ParentNodeProvider])
            positions, parents = metadata[PositionProvider], metadata[ParentNodeProvider]
        return cls(text, module, positions, parents)

    # --- finding nodes ------------------------------------------------------------------

    def at(self, finding: Finding, kind: type[N]) -> N:
        """The node of type `kind` that spans exactly the finding's range."""
        if not self._spans:
            for node, where in self.positions.items():
                key = (where.start.line, where.start.column, where.end.line, where.end.column)
                self._spans.setdefault(key, []).append(node)
        start, end = finding.location, finding.end_location
        for node in self._spans.get((start.row, start.column - 1, end.row, end.column - 1), []):
            if isinstance(node, kind):
                return node
        raise FixError(f"no {kind.__name__} at {start.row}:{start.column}")

    def of_kind(self, kind: type[N]) -> list[N]:
        """The nodes of exactly the type `kind`, in the module's order. Indexed once for every type,
        so that a fix that looks through the module for each finding stays linear."""
        if self._kinds is None:
            self._kinds = {}
            for node in self.positions:
                self._kinds.setdefault(type(node), []).append(node)
        return self._kinds.get(kind, [])  # type: ignore[return-value]

    def ancestors(self, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        while node in self.parents:
            node = self.parents[node]
            yield node

    def enclosing(self, node: cst.CSTNode, kind: type[N]) -> N:
        for parent in self.ancestors(node):
            if isinstance(parent, kind):
                return parent
        raise FixError(f"not inside a {kind.__name__}")

    def statement(self, node: cst.CSTNode) -> cst.BaseStatement:
        """The statement (a whole line or a compound statement) that holds `node`."""
        if isinstance(node, cst.BaseStatement):
            return node
        return self.enclosing(node, cst.BaseStatement)  # type: ignore[type-abstract]

    def names(self) -> set[str]:
        """Every identifier in the module: fresh names avoid all of them."""
        if self._names is None:
            self._names = {n.value for n in self.of_kind(cst.Name)}
        return self._names

    def fresh(self, base: str, taken: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        name, number = base, 0
        while name in self.names() or name in taken:
            number += 1
            name = f"{base}_{number}"
        return name

    # --- code and edits ---------------------------------------------------------------

    def code(self, node: cst.CSTNode) -> str:
        """Source of `node` as the range of a node it replaces spans: no parentheses, no `;`."""
        if isinstance(node, cst.BaseExpression) and (node.lpar or node.rpar):  # type: ignore[attr-defined]
            node = node.with_changes(lpar=[], rpar=[])
        if isinstance(node, cst.BaseSmallStatement):
            node = node.with_changes(semicolon=cst.MaybeSentinel.DEFAULT)
        return self.module.code_for_node(node)

    def replace(self, old: cst.CSTNode, new: cst.CSTNode | str) -> Edit:
        where = self.positions[old]
        content = new if isinstance(new, str) else self.code(new)
        return Edit(content, Location(where.start.line, where.start.column + 1),
                    Location(where.end.line, where.end.column + 1))

    def line(self, row: int) -> str:
        lines = self.lines
        return lines[row - 1] if 0 < row <= len(lines) else ""

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    @cached_property
    def imports(self) -> ModuleImports:
        """The module's top-level import lines, as fixes/imports.py reads them."""
        lines, leading = [], True
        body = self.module.body
        for index, statement in enumerate(body):
            if index == 0 and _is_docstring(statement):
                continue
            simple = isinstance(statement, cst.SimpleStatementLine)
            parts = statement.body if simple else ()  # type: ignore[attr-defined]
            leading = leading and simple and all(isinstance(s, (cst.Import, cst.ImportFrom)) for s in parts)
            where = self.positions[statement]
            for position, part in enumerate(parts):
                if isinstance(part, (cst.Import, cst.ImportFrom)):
                    lines.append(_import_line(part, where.start.line, where.end.line, leading and position == 0))
        docstring_end = self.positions[body[0]].end.line if body and _is_docstring(body[0]) else None
        first = self.positions[body[0]].start.line if body else None
        return ModuleImports(tuple(lines), docstring_end, first, self.lines)


def _is_docstring(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and isinstance(statement.body[0], cst.Expr) \
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))


def _import_line(node: cst.Import | cst.ImportFrom, start: int, end: int, leading: bool) -> ImportLine:
    if isinstance(node, cst.Import):
        names = tuple((dotted(a.name) or "", a.asname.name.value if a.asname else None) for a in node.names)  # type: ignore[union-attr]
        return ImportLine(start, end, None, names, leading)
    module = "" if node.relative or node.module is None else dotted(node.module) or ""
    if isinstance(node.names, cst.ImportStar):
        return ImportLine(start, end, module, None, leading)
    names = tuple((a.name.value, a.asname.name.value if a.asname else None) for a in node.names)  # type: ignore[union-attr]
    return ImportLine(start, end, module, names, leading)


@dataclass
class _PositionsAndParents(PositionProvidingCodegenState):
    """PositionProvider's code generation, noting each node's parent on the way: one walk of the
    module instead of two (libcst's ParentNodeProvider walks it again, and costs more)."""

    parents: dict[cst.CSTNode, cst.CSTNode] = field(default_factory=dict)
    open_nodes: list[cst.CSTNode] = field(default_factory=list)

    def before_codegen(self, node: cst.CSTNode) -> None:
        if self.open_nodes:
            self.parents[node] = self.open_nodes[-1]
        self.open_nodes.append(node)
        PositionProvidingCodegenState.before_codegen(self, node)

    def after_codegen(self, node: cst.CSTNode) -> None:
        self.open_nodes.pop()
        PositionProvidingCodegenState.after_codegen(self, node)


def _positions_and_parents(module: cst.Module) -> tuple[Mapping[cst.CSTNode, CodeRange], Mapping[cst.CSTNode, cst.CSTNode]]:
    provider = PositionProvider()
    state = _PositionsAndParents(default_indent=module.default_indent, default_newline=module.default_newline,
                                 provider=provider)
    module._codegen(state)
    return provider._computed, state.parents


def dotted(node: cst.BaseExpression) -> str | None:
    """`jax.random.split` → "jax.random.split"; None for anything but names and attributes."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        base = dotted(node.value)
        return f"{base}.{node.attr.value}" if base else None
    return None
