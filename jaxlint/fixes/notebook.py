"""Notebooks: edits made on the joined code cells go back into each cell's source; the rest of
the JSON (outputs, metadata, key order, indentation) is written as it was."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from jaxlint.diagnostics import Edit, Location
from jaxlint.fixes.apply import Offsets, apply, spans
from jaxlint.fixes.errors import FixError
from jaxlint.source import Source


def to_cells(edits: Sequence[Edit], source: Source) -> dict[int, list[Edit]]:
    """Edits of the joined module → edits per cell (1-based), rows within the cell."""
    cells = source.cells or []
    per_cell: dict[int, list[Edit]] = {}
    for edit in edits:
        if edit.location.row > len(cells) or edit.end_location.row > len(cells):
            raise FixError("an edit past the last code cell")
        cell, row = cells[edit.location.row - 1]
        end_cell, end_row = cells[edit.end_location.row - 1]
        if end_cell != cell:
            raise FixError("an edit across two cells")
        per_cell.setdefault(cell, []).append(
            Edit(edit.content, Location(row, edit.location.column), Location(end_row, edit.end_location.column)))
    return per_cell


def rewrite(text: str, source: Source, edits: Sequence[Edit]) -> str:
    """The notebook's JSON text with the edits applied to the cells' sources."""
    notebook = json.loads(text)
    layout = _layout(notebook, text)
    for number, cell_edits in to_cells(edits, source).items():
        cell = notebook["cells"][number - 1]
        old = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        new = apply(old, [spans(Offsets.of(old), cell_edits)])
        cell["source"] = new.splitlines(keepends=True) if isinstance(cell["source"], list) else new
    return _dump(notebook, layout)


def _layout(notebook: Any, text: str) -> dict[str, Any]:
    """The json.dumps options that reproduce the file (nbformat's: indent 1, sorted keys)."""
    for indent in (1, 2, 4, None):
        for sort_keys in (True, False):
            for ensure_ascii in (False, True):
                options = {"indent": indent, "sort_keys": sort_keys, "ensure_ascii": ensure_ascii}
                if json.dumps(notebook, **options).rstrip("\n") == text.rstrip("\n"):
                    return {**options, "newline": text.endswith("\n")}
    return {"indent": 1, "sort_keys": True, "ensure_ascii": False, "newline": True}


def _dump(notebook: Any, layout: dict[str, Any]) -> str:
    options = dict(layout)
    newline = options.pop("newline")
    return json.dumps(notebook, **options) + ("\n" if newline else "")
