"""Notebooks: edits made on the joined code cells go back into each cell's source; the rest of
the JSON (outputs, metadata, key order, indentation) is written as it was."""

from __future__ import annotations

import json
import re
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
    """The json.dumps options that reproduce the file (nbformat's: indent 1, sorted keys), and whether
    its `\\u` escapes are in capitals (Colab writes `\\u001B` where Python writes `\\u001b`). When
    none does, the file's own indentation, key order (as read) and way with non-ASCII text: only the
    lines that differ otherwise are written anew, not every key moved."""
    digits = "".join(m.group(2) for m in _ESCAPE.finditer(text))
    upper = digits != digits.lower() and digits == digits.upper()  # capital hex letters, and no small ones
    wanted = text.rstrip("\n")
    for indent in (1, 2, 4, None):
        for sort_keys in (True, False):
            for ensure_ascii in (False, True):
                options = {"indent": indent, "sort_keys": sort_keys, "ensure_ascii": ensure_ascii, "upper": upper}
                if _dump(notebook, {**options, "newline": False}) == wanted:
                    return {**options, "newline": text.endswith("\n")}
    lines = text.splitlines()
    indent = len(lines[1]) - len(lines[1].lstrip(" ")) if len(lines) > 1 else None
    return {"indent": indent, "sort_keys": False, "ensure_ascii": text.isascii(), "upper": upper,
            "newline": text.endswith("\n")}


# A `\\u` escape: after an even number of backslashes (which escape each other), its four hex digits.
_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\u([0-9a-fA-F]{4})")


def _dump(notebook: Any, layout: dict[str, Any]) -> str:
    options = dict(layout)
    newline, upper = options.pop("newline"), options.pop("upper")
    text = json.dumps(notebook, **options)
    if upper:
        text = _ESCAPE.sub(lambda m: f"{m.group(1)}\\u{m.group(2).upper()}", text)
    return text + ("\n" if newline else "")
