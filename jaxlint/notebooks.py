"""Jupyter notebooks: code cells joined into one module, with the way back to (cell, row)."""

from __future__ import annotations

import ast
import json
import re

from jaxlint.bound_names import stand_in
from jaxlint.source import BrokenCell, Source, UndecodableSource, split_lines

# Cell magics whose body is still Python (as ruff); a cell under any other (`%%bash`, `%%html`...) is skipped.
PYTHON_CELL_MAGICS = frozenset(("capture", "debug", "prun", "pypy", "python", "python3", "time", "timeit"))
_HELP = re.compile(r"[\w.*]+\?{1,2}")  # `jnp.zeros?`, `obj??`: IPython help
_LINE = re.compile(r"\bline (\d+)\b")
_MAGIC_ASSIGN = re.compile(r"(\s*[\w.]+(?:\s*,\s*[\w.]+)*\s*=\s*)[!%]")  # `files = !ls`, `x = %env HOME`


class NotebookError(UndecodableSource):
    """The file is not a notebook jaxlint can read."""


def load(text: str) -> Source:
    try:
        notebook = json.loads(text)
        cells = notebook["cells"]
    except (ValueError, KeyError, TypeError) as exc:
        raise NotebookError(f"not a valid notebook: {exc}") from None
    if not isinstance(cells, list):
        raise NotebookError("not a valid notebook: `cells` is not a list")
    if not _python_kernel(notebook):
        return Source("", cells=[])  # an R or Julia notebook is not ours to lint (as ruff)
    lines: list[str] = []
    mapping: list[tuple[int, int]] = []
    broken: list[BrokenCell] = []
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
        rows = _python_lines(split_lines(text_cell))
        error = _parse_error("\n".join(rows))
        if error is not None:
            broken.append(BrokenCell(len(lines) + 1, "\n".join(rows), error))
            rows = stand_in(rows)
        for row, line in enumerate(rows, start=1):
            lines.append(line)
            mapping.append((number, row))
    return Source("\n".join(lines) + "\n", cells=mapping, broken=tuple(broken))


def _python_kernel(notebook: dict) -> bool:
    """Whether the notebook's kernel language, where its metadata names one, is Python."""
    metadata = notebook.get("metadata")
    if not isinstance(metadata, dict):
        return True
    for section, key in (("kernelspec", "language"), ("language_info", "name")):
        language = metadata[section].get(key) if isinstance(metadata.get(section), dict) else None
        if isinstance(language, str) and not language.lower().startswith(("python", "ipython")):
            return False
    return True


def _parse_error(cell: str) -> Exception | None:
    try:
        ast.parse(cell)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        return exc
    return None


def cell_lines(message: str, rows: tuple[int, ...], cells: list[tuple[int, int]], cell: int | None) -> str:
    """`line N` in a message, N a row of the joined module, → the row within its cell (`line n of
    cell c` when it is another cell than the finding's)."""
    names = {}
    for row in rows:
        if 0 < row <= len(cells):
            other, within = cells[row - 1]
            names[str(row)] = f"line {within}" if other == cell else f"line {within} of cell {other}"
    return _LINE.sub(lambda found: names.get(found[1], found[0]), message) if names else message


def _is_python(cell: str) -> bool:
    first = next((line.strip() for line in split_lines(cell) if line.strip()), "")
    if not first.startswith("%%"):
        return True
    name = first[2:].split(maxsplit=1)
    return bool(name) and name[0] in PYTHON_CELL_MAGICS


def _python_lines(cell: list[str]) -> list[str]:
    """The cell's rows with IPython syntax made Python, row for row: a magic or shell escape
    (`!git clone … \\` continued on the next rows, as IPython joins them) becomes a comment, or
    `pass` where a statement is needed; `x = !ls` / `x = %who_ls` still bind `x`."""
    out: list[str] = []
    continued = False  # the row before was IPython syntax ending in a backslash
    for line in cell:
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        if continued:
            out.append(f"{indent}# {stripped}")
        elif stripped.startswith(("%", "!", "?")) or _HELP.fullmatch(stripped):
            out.append(f"{indent}pass  # {stripped}" if indent else f"# {stripped}")
        elif (assigned := _MAGIC_ASSIGN.match(line)) is not None:
            out.append(f"{assigned[1]}get_ipython()  # {line[assigned.end(1):]}")
        else:
            out.append(line)
            continue
        continued = line.endswith("\\")
    return out
