"""Jupyter notebooks: code cells joined into one module, with the way back to (cell, row)."""

from __future__ import annotations

import json
import re

from jaxlint.source import Source

# Cell magics whose body is still Python (as ruff); a cell under any other (`%%bash`, `%%html`...) is skipped.
PYTHON_CELL_MAGICS = frozenset(("capture", "debug", "prun", "pypy", "python", "python3", "time", "timeit"))
_HELP = re.compile(r"[\w.*]+\?{1,2}")  # `jnp.zeros?`, `obj??`: IPython help


class NotebookError(Exception):
    """The file is not a notebook jaxlint can read."""


def load(text: str) -> Source:
    try:
        notebook = json.loads(text)
        cells = notebook["cells"]
    except (ValueError, KeyError, TypeError) as exc:
        raise NotebookError(f"not a valid notebook: {exc}") from None
    if not isinstance(cells, list):
        raise NotebookError("not a valid notebook: `cells` is not a list")
    lines: list[str] = []
    mapping: list[tuple[int, int]] = []
    for number, cell in enumerate(cells, start=1):
        if not isinstance(cell, dict) or cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        if isinstance(source, list) and all(isinstance(part, str) for part in source):
            text_cell = "".join(source)
        elif isinstance(source, str):
            text_cell = source
        else:
            raise NotebookError(f"not a valid notebook: cell {number} has a `source` that is not text")
        if not _is_python(text_cell):
            continue
        for row, line in enumerate(text_cell.splitlines(), start=1):
            lines.append(_neutralise_magic(line))
            mapping.append((number, row))
    return Source("\n".join(lines) + "\n", cells=mapping)


def _is_python(cell: str) -> bool:
    first = next((line.strip() for line in cell.splitlines() if line.strip()), "")
    if not first.startswith("%%"):
        return True
    name = first[2:].split(maxsplit=1)
    return bool(name) and name[0] in PYTHON_CELL_MAGICS


def _neutralise_magic(line: str) -> str:
    """IPython magics and shell escapes are not Python: keep the row, drop the code."""
    stripped = line.lstrip()
    if stripped.startswith(("%", "!", "?")) or _HELP.fullmatch(stripped):
        indent = line[: len(line) - len(stripped)]
        return f"{indent}pass  # {stripped}" if indent else f"# {stripped}"
    return line
