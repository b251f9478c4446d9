"""A module as CPython's `ast` sees it, for the fixes whose edits can be built from the positions
`ast` gives and the text they span (renames, inserted lines and keywords, a call or an `if` chain
rewritten from its parts' code): without libcst, whose parse and position walk cost many times the
analysis (a check shows `[*]` markers on every file with a fixable finding, so their fixes are
built on every run)."""

from __future__ import annotations

import ast
import bisect
import io
import re
import tokenize
from collections.abc import Iterable, Iterator
from functools import cached_property
from typing import TypeVar

from jaxlint.diagnostics import Edit, Finding, Location
from jaxlint.fixes.apply import Offsets
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ImportLine, ModuleImports
from jaxlint.semantic.scopes import child_fields
from jaxlint.source import Source

A = TypeVar("A", bound=ast.AST)


class TextContext:
    """One module parsed by `ast`; every index (spans, lines, parents) is built once, on first use."""

    def __init__(self, text: str, tree: ast.Module) -> None:
        self.text = text
        self.tree = tree
        self._source = Source(text)
        self._walked: set[int] = set()  # top-level statements indexed so far
        self._by_line: dict[int, list[ast.AST]] = {}
        self._parents: dict[ast.AST, ast.AST] = {}
        # each statement's block (a body, an `else:`...) and its place there
        self._blocks: dict[int, tuple[list[ast.stmt], int]] = {id(s): (tree.body, i) for i, s in enumerate(tree.body)}
        self._kinds: dict[type, list[ast.AST]] | None = None
        self._named: dict[str, list[ast.Name]] | None = None
        # What a fix asks of the whole module, answered once for all its findings (the file's style).
        self.answers: dict[str, object] = {}

    @classmethod
    def parse(cls, text: str, tree: ast.Module | None = None) -> TextContext:
        """The context of `text`; `tree`, its tree when the caller parsed it already."""
        if "\r" in text.replace("\r\n", ""):
            raise FixError("a lone carriage return: rows are counted differently by edits and by Python")
        return cls(text, tree if tree is not None else ast.parse(text))

    # --- positions ------------------------------------------------------------------------

    def start(self, node: ast.AST) -> Location:
        row = node.lineno  # type: ignore[attr-defined]
        return Location(row, self._source.char_column(row, node.col_offset) + 1)  # type: ignore[attr-defined]

    def end(self, node: ast.AST) -> Location:
        row = node.end_lineno  # type: ignore[attr-defined]
        return Location(row, self._source.char_column(row, node.end_col_offset) + 1)  # type: ignore[attr-defined]

    def _walk(self, row: int) -> None:
        """Index the top-level statements that hold `row` (once each): their nodes by the row they
        start on, and each node's parent. Only the statements that fixes look into are walked."""
        body = self.tree.body
        index = bisect.bisect_right(self._starts, row) - 1
        while index >= 0 and (body[index].end_lineno or 0) >= row:  # more than one: `a = 1; b = 2`
            if index not in self._walked:
                self._walked.add(index)
                self._index(body[index])
            index -= 1

    def _index(self, statement: ast.stmt) -> None:
        parents, by_line, blocks, node_type = self._parents, self._by_line, self._blocks, ast.AST
        parents[statement] = self.tree
        pending: list[ast.AST] = [statement]
        while pending:
            node = pending.pop()
            start = getattr(node, "lineno", None)
            if start is not None:
                by_line.setdefault(start, []).append(node)
            for name in reversed(child_fields(type(node))):  # in field order, as it always was
                value = getattr(node, name)
                if type(value) is list:
                    for place, child in enumerate(value):
                        if isinstance(child, node_type):
                            parents[child] = node
                            pending.append(child)
                            if isinstance(child, ast.stmt):
                                blocks[id(child)] = (value, place)
                elif isinstance(value, node_type):
                    parents[value] = node
                    pending.append(value)

    @cached_property
    def _starts(self) -> list[int]:
        return [min([s.lineno, *(d.lineno for d in getattr(s, "decorator_list", ()))]) for s in self.tree.body]

    def at(self, finding: Finding, kind: type[A]) -> A:
        """The node of type `kind` that spans exactly the finding's range."""
        start, end = finding.location, finding.end_location
        for node in self.starting_on(start.row, kind):
            if getattr(node, "end_lineno", None) is not None and self.start(node) == start and self.end(node) == end:
                return node
        raise FixError(f"no {kind.__name__} at {start.row}:{start.column}")

    def starting_on(self, line: int, kind: type[A]) -> list[A]:
        self._walk(line)
        return [node for node in self._by_line.get(line, ()) if isinstance(node, kind)]

    def of_kind(self, kind: type[A]) -> list[A]:
        """The nodes of exactly the type `kind`, in the module's order. The whole module is indexed
        once, for every type: a fix that looks through the module for each finding stays linear."""
        if self._kinds is None:
            for index, statement in enumerate(self.tree.body):
                if index not in self._walked:
                    self._walked.add(index)
                    self._index(statement)
            self._kinds = {}
            for node in self._parents:
                self._kinds.setdefault(type(node), []).append(node)
            for nodes in self._kinds.values():
                nodes.sort(key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0)))
        return self._kinds.get(kind, [])  # type: ignore[return-value]

    def named(self, identifier: str) -> list[ast.Name]:
        """The names (`ast.Name`: variables, not attributes or keywords) spelled `identifier`, in the
        module's order."""
        if self._named is None:
            self._named = {}
            for node in self.of_kind(ast.Name):
                self._named.setdefault(node.id, []).append(node)
        return self._named.get(identifier, [])

    def ancestors(self, node: ast.AST) -> Iterator[ast.AST]:
        while node in self._parents:
            node = self._parents[node]
            yield node

    def parent(self, node: ast.AST) -> ast.AST | None:
        return self._parents.get(node)

    def enclosing(self, node: ast.AST, kind: type[A]) -> A:
        for parent in self.ancestors(node):
            if isinstance(parent, kind):
                return parent
        raise FixError(f"not inside a {kind.__name__}")

    def function_of(self, node: ast.AST, finding: Finding) -> ast.FunctionDef | ast.AsyncFunctionDef:
        """The function the finding is about (by its qualified name), among `node`'s ancestors."""
        name = (finding.function or "").rsplit(".", 1)[-1]
        for parent in self.ancestors(node):
            if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and parent.name == name:
                return parent
        raise FixError("the traced function was not found")

    def statement(self, node: ast.AST) -> ast.stmt:
        """The statement that holds `node`; of statements that share a line (`a = 1; b = 2`), the
        first, as libcst's statement lines are."""
        statement = node if isinstance(node, ast.stmt) else self.enclosing(node, ast.stmt)  # type: ignore[type-abstract]
        block, index = self._blocks[id(statement)]
        while index > 0 and block[index - 1].end_lineno == block[index].lineno:
            index -= 1
        return block[index]

    def block_of(self, statement: ast.stmt) -> list[ast.stmt]:
        """The list of statements (a body, an `else:`, ...) that holds `statement`."""
        return self._blocks[id(statement)][0]

    def name_of(self, definition: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> tuple[Location, Location]:
        """Where the name of a `def` or `class` is written (`ast` keeps no node for it)."""
        start = self.start(definition)
        line = self.line(start.row)
        found = _DEFINES.match(line, start.column - 1)
        if found is None or not line.startswith(definition.name, found.end()):
            raise FixError("the name is not on the line of its `def`")
        return Location(start.row, found.end() + 1), Location(start.row, found.end() + len(definition.name) + 1)

    def parameters_of(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Location, Location]:
        """Where the text between a `def`'s parentheses starts and ends (`ast` keeps no position for
        its `arguments`): read from the tokens after its name."""
        _, after_name = self.name_of(function)
        offset = self.offsets.offset(after_name)
        opening = len(self.text) - len(self.text[offset:].lstrip(" \t"))
        if self.text[opening:opening + 1] != "(":  # `def f[T](...)` (type parameters), a line continuation
            raise FixError("no `(` right after the function's name")
        row, column = after_name.row, after_name.column + (opening - offset)  # of `(`, 1-based
        header = self.text[opening:self.offsets.offset(self.start(function.body[0]))]  # not the rest of the file
        depth = 0
        tokens = tokenize.generate_tokens(io.StringIO(header).readline)
        try:
            for token in tokens:
                if token.type != tokenize.OP or token.string not in "()[]{}":
                    continue
                depth += 1 if token.string in "([{" else -1
                if depth == 0:
                    line, col = token.start
                    end = Location(row + line - 1, (column - 1 if line == 1 else 0) + col + 1)
                    return Location(row, column + 1), end
        except (tokenize.TokenError, SyntaxError):
            pass
        raise FixError("the parameters' closing `)` was not found")

    # --- text and edits ---------------------------------------------------------------------

    def source(self, node: ast.AST, *, after: ast.AST | None = None) -> str:
        """The text of `node`, or from the end of `after` to the end of `node`."""
        return self.source_between(self.end(after) if after is not None else self.start(node), self.end(node))

    def source_between(self, start: Location, end: Location) -> str:
        offsets = self.offsets
        return self.text[offsets.offset(start):offsets.offset(end)]

    @cached_property
    def offsets(self) -> Offsets:
        return Offsets.of(self.text)

    @cached_property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def line(self, row: int) -> str:
        return self.lines[row - 1] if 0 < row <= len(self.lines) else ""

    def replace(self, node: ast.AST, content: str, *, comment: bool = False) -> Edit:
        """An edit that replaces `node`; with `comment`, also the comment that ends its last line
        (a block rewritten whole carries its lines' comments itself)."""
        end = self.end(node)
        if comment and self.line(end.row)[end.column - 1:].lstrip().startswith("#"):
            end = Location(end.row, len(self.line(end.row)) + 1)
        return Edit(content, self.start(node), end)

    def append_argument(self, call: ast.Call, text: str) -> Edit:
        """An edit that adds `text` as the call's last argument."""
        every = [*call.args, *call.keywords]
        if every:
            at = self.end(max(every, key=lambda n: (n.end_lineno, n.end_col_offset)))  # type: ignore[attr-defined]
            return Edit(f", {text}", at, at)
        end = self.end(call)  # just after `)`
        at = Location(end.row, end.column - 1)
        return Edit(text, at, at)

    def insert_before(self, statement: ast.stmt, line: str) -> Edit:
        """A new line of code just above `statement` (its first decorator), at its indentation."""
        first = min([statement, *getattr(statement, "decorator_list", ())], key=lambda n: n.lineno)  # type: ignore[attr-defined]
        where = self.start(first)
        if isinstance(first, ast.expr):  # a decorator: the `@` is one column before it
            where = Location(where.row, where.column - 1)
        indent = self.line(where.row)[: where.column - 1]
        if indent.strip():
            raise FixError("the statement shares its line with other code")
        return Edit(f"{indent}{line}\n", Location(where.row, 1), Location(where.row, 1))

    def names(self) -> set[str]:
        """Every identifier in the module: fresh names avoid all of them."""
        return self._names

    @cached_property
    def _names(self) -> set[str]:
        return spelled_names(ast.walk(self.tree), attributes=True)

    def fresh(self, base: str, taken: set[str] = frozenset()) -> str:  # type: ignore[assignment]
        name, number = base, 0
        while name in self.names() or name in taken:
            number += 1
            name = f"{base}_{number}"
        return name

    # --- imports ------------------------------------------------------------------------------

    @cached_property
    def imports(self) -> ModuleImports:
        """The module's top-level import lines, as fixes/imports.py reads them."""
        body = self.tree.body
        lines: list[ImportLine] = []
        groups = _by_line(body)
        leading = True
        for index, group in enumerate(groups):
            first = group[0]
            if index == 0 and _is_docstring(first):
                continue
            only_imports = all(isinstance(s, (ast.Import, ast.ImportFrom)) for s in group)
            leading = leading and only_imports
            for statement in group:
                if isinstance(statement, (ast.Import, ast.ImportFrom)):
                    lines.append(_import_line(statement, leading and statement is first))
        docstring_end = groups[0][0].end_lineno if groups and _is_docstring(groups[0][0]) else None
        first_statement = body[0].lineno if body else None
        if body and getattr(body[0], "decorator_list", None):
            first_statement = min(d.lineno for d in body[0].decorator_list)  # type: ignore[attr-defined]
        return ModuleImports(tuple(lines), docstring_end, first_statement, self.lines)


def spelled_names(nodes: Iterable[ast.AST], *, attributes: bool) -> set[str]:
    """The identifiers `nodes` use or bind: names, definitions, parameters, imports, `global`s,
    `except ... as` names; with `attributes`, attribute names too."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute) and attributes:
            found.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, ast.arg):
            found.add(node.arg)
        elif isinstance(node, ast.alias):
            found.update((node.asname or node.name).split("."))
            found.update(node.name.split("."))
        elif isinstance(node, (ast.Global, ast.Nonlocal)):
            found.update(node.names)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            found.add(node.name)
    return found


_DEFINES = re.compile(r"(?:async\s+)?(?:def|class)\s+")


def first_argument(call: ast.Call) -> ast.expr | None:
    """The call's first argument as written, positional or keyword."""
    every = [*call.args, *(k.value for k in call.keywords)]
    return min(every, key=lambda n: (n.lineno, n.col_offset)) if every else None


def _by_line(body: list[ast.stmt]) -> list[list[ast.stmt]]:
    """Top-level statements grouped by the line they share (`import a; import b`)."""
    groups: list[list[ast.stmt]] = []
    for statement in body:
        if groups and groups[-1][-1].end_lineno == statement.lineno:
            groups[-1].append(statement)
        else:
            groups.append([statement])
    return groups


def _is_docstring(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant) \
        and isinstance(statement.value.value, (str, bytes))


def _import_line(statement: ast.Import | ast.ImportFrom, leading: bool) -> ImportLine:
    start, end = statement.lineno, statement.end_lineno or statement.lineno
    names = tuple((a.name, a.asname) for a in statement.names)
    if isinstance(statement, ast.Import):
        return ImportLine(start, end, None, names, leading)
    module = "" if statement.level or statement.module is None else statement.module
    star = any(a.name == "*" for a in statement.names)
    return ImportLine(start, end, module, None if star else names, leading)
