"""Notebooks in the editor (`notebookDocument/*`): the open notebook is linted whole, as `jaxlint
check` lints an .ipynb file (its code cells joined, so that a cell sees the imports and functions of
the cells above it), and each finding goes back to its cell's text document, rows within the cell."""

from __future__ import annotations

import json
from dataclasses import replace

from lsprotocol import types
from pygls.workspace import Workspace

from jaxlint.diagnostics import Finding
from jaxlint.server.lint import BufferLint


def as_ipynb(notebook: types.NotebookDocument, workspace: Workspace) -> str:
    """The notebook as the .ipynb text the engine reads: every cell in order (markdown ones empty),
    so that a finding's cell number is the cell's place in the notebook."""
    cells = []
    for cell in notebook.cells:
        code = cell.kind == types.NotebookCellKind.Code
        text = workspace.get_text_document(cell.document).source if code else ""
        cells.append({"cell_type": "code" if code else "markdown", "metadata": {}, "source": text,
                      **({"outputs": [], "execution_count": None} if code else {})})
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def cell_uri(notebook: types.NotebookDocument, finding: Finding) -> str:
    """The text document a finding is shown in: its cell's (a finding of the whole file, the first cell's)."""
    number = finding.cell if finding.cell is not None and 1 <= finding.cell <= len(notebook.cells) else 1
    return notebook.cells[number - 1].document


def cell_lint(lint: BufferLint, notebook: types.NotebookDocument, uri: str, workspace: Workspace) -> BufferLint | None:
    """The notebook's lint seen from one cell: that cell's text and version, its findings and
    suppressed findings (their fixes as built on the whole notebook: `in_cell` keeps those a cell
    can offer). None for a uri that is no cell of the notebook."""
    if not any(cell.document == uri for cell in notebook.cells):
        return None
    document = workspace.get_text_document(uri)

    def own(found: tuple[Finding, ...]) -> tuple[Finding, ...]:
        return tuple(f for f in found if cell_uri(notebook, f) == uri)

    return replace(lint, version=document.version, text=document.source,
                   result=replace(lint.result, findings=own(lint.findings)), suppressed=own(lint.suppressed),
                   built={})


def in_cell(finding: Finding) -> Finding:
    """The finding with its fix only where the fix edits the finding's own cell alone."""
    if finding.fix is None or all(edit.cell in (None, finding.cell) for edit in finding.fix.edits):
        return finding
    return replace(finding, fix=None)
