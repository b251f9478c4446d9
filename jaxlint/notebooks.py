"""Jupyter notebooks: code cells joined into one module, with the way back to (cell, row)."""

from __future__ import annotations

import json

from jaxlint.source import Source


class NotebookError(Exception):
    """The file is not a notebook jaxlint can read."""


def load(text: str) -> Source:
    try:
        notebook = json.loads(text)
        cells = notebook["cells"]
    except (ValueError, KeyError, TypeError) as exc:
        raise NotebookError(f"not a valid notebook: {exc}") from None
    lines: list[str] = []
    mapping: list[tuple[int, int]] = []
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        text_cell = "".join(source) if isinstance(source, list) else str(source)
        for row, line in enumerate(text_cell.splitlines(), start=1):
            lines.append(_neutralise_magic(line))
            mapping.append((number, row))
    return Source("\n".join(lines) + "\n", cells=mapping)


def _neutralise_magic(line: str) -> str:
    """IPython magics and shell escapes are not Python: keep the row, drop the code."""
    stripped = line.lstrip()
    if stripped.startswith(("%", "!", "?")):
        indent = line[: len(line) - len(stripped)]
        return f"{indent}pass  # {stripped}" if indent else f"# {stripped}"
    return line
