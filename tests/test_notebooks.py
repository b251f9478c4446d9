"""Notebooks through the real command: a cell that does not parse hides nothing else, names in it
are unknown, non-Python kernels are skipped, and every rule's messages cite rows within cells."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from tests.expectations import UNCHECKED
from tests.test_cli import concurrently, findings, jaxlint, write

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
BROKEN = "def f(:\n    pass\n"


def notebook(*cells: str, language: str | None = "python") -> str:
    metadata = {"kernelspec": {"name": "k", "display_name": "K", "language": language}} if language else {}
    return json.dumps({
        "nbformat": 4, "nbformat_minor": 5, "metadata": metadata,
        "cells": [{"cell_type": "code", "metadata": {}, "source": source.splitlines(keepends=True), "outputs": [],
                   "execution_count": None} for source in cells],
    }, indent=1)


def where(result) -> list[tuple[str, int | None, int, int]]:
    return [(f["code"], f.get("cell"), f["location"]["row"], f["location"]["column"]) for f in findings(result)]


def test_a_broken_cell_is_reported_at_its_row_and_the_other_cells_are_analysed(tmp_path: Path) -> None:
    write(tmp_path, {
        "nb.ipynb": notebook("import jax.numpy as jnp\nx = jnp.zeros(3)\nx[0] = 1\n", "y = 1\n" + BROKEN + "\n\n",
                             "z = jnp.ones(2)\nz[1] = 2\n"),
        # no JAX name at all: only parsed, and still each broken cell is reported
        "plain.ipynb": notebook("a = (\n", "b = 1\n", "\n\nc = ]\n"),
    })
    json_run, text_run = concurrently(lambda: jaxlint("check", "--output-format", "json", ".", cwd=tmp_path),
                                      lambda: jaxlint("check", "nb.ipynb", cwd=tmp_path))
    assert json_run.returncode == 1, json_run.stderr
    assert where(json_run) == [("JAX104", 1, 3, 1), ("JAX000", 2, 2, 7), ("JAX104", 3, 2, 1),
                               ("JAX000", 1, 1, 5), ("JAX000", 3, 3, 5)]
    # the frames show the cells as written, not what stands in for the broken one in the analysis
    assert "nb.ipynb:cell 2:2:7: JAX000 SyntaxError: invalid syntax\n  |\n2 | def f(:\n  |       ^ JAX000\n" \
        in text_run.stdout
    assert "nb.ipynb:cell 3:2:1: JAX104 [*] In-place update of JAX array `z`; use `z = z.at[1].set(2)`\n  |\n" \
           "2 | z[1] = 2\n" in text_run.stdout


def test_a_cells_last_expression_is_displayed_not_discarded(tmp_path: Path) -> None:
    # `jnp.sort(x)` ending a cell shows the sorted array; anywhere else in the cell it is thrown away
    write(tmp_path, {"nb.ipynb": notebook("import jax.numpy as jnp\nx = jnp.arange(3.0)\njnp.sort(x)\n",
                                          "jnp.sort(x)\ny = x + 1\n", "if True:\n    jnp.sort(x)\n")})
    result = jaxlint("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path)
    assert where(result) == [("JAX109", 2, 1, 1), ("JAX109", 3, 2, 5)]


def test_names_a_broken_cell_may_bind_are_unknown_later(tmp_path: Path) -> None:
    """The broken cell may rebind `x` (to a JAX array) and `scale` after `f` reads it: no JAX104 on
    `x`, no JAX101 on `scale`, as if the cell had worked (the same notebook with the cell fixed has
    both); its imports still hold, so `jnp` stays known and `y` is still a JAX array."""
    cells = ["import jax\nx = [1.0]\nscale = 2.0\n",
             "@jax.jit\ndef f(y):\n    return y * scale + k\n",
             "import jax.numpy as jnp\nx = jnp.zeros(3)\n(scale, other) = 3.0, 4\nfor k in range(2): pass\n",
             "x[0] = 1\ny = jnp.ones(2)\ny[0] = 1\nf(y)\n"]
    write(tmp_path, {"fixed.ipynb": notebook(*cells),
                     "broken.ipynb": notebook(*cells[:2], cells[2] + "def g(:\n", cells[3])})
    broken, fixed = concurrently(
        lambda: jaxlint("check", "--output-format", "json", "broken.ipynb", cwd=tmp_path),
        lambda: jaxlint("check", "--output-format", "json", "fixed.ipynb", cwd=tmp_path))
    assert where(broken) == [("JAX000", 3, 5, 7), ("JAX104", 4, 3, 1)]
    assert {"JAX101", "JAX104"} <= {code for code, cell, _, _ in where(fixed) if cell in (2, 4)}


def test_fix_leaves_a_broken_cell_as_written(tmp_path: Path) -> None:
    write(tmp_path, {"nb.ipynb": notebook("import jax.numpy as jnp\nx = jnp.zeros(3)\nx[0] = 1\n", BROKEN)})
    result = jaxlint("check", "--fix", "nb.ipynb", cwd=tmp_path)
    assert result.returncode == 1 and "Fixed 1 finding" in result.stdout, result.stdout + result.stderr
    cells = ["".join(cell["source"]) for cell in json.loads((tmp_path / "nb.ipynb").read_text())["cells"]]
    assert cells == ["import jax.numpy as jnp\nx = jnp.zeros(3)\nx = x.at[0].set(1)\n", BROKEN]


def test_notebooks_of_other_languages_are_skipped(tmp_path: Path) -> None:
    r_code = "x <- c(1, 2)\nx[1] <- 3\n"
    julia = json.loads(notebook("x = [1, 2]\nx[1] = 3 end\n", language=None))
    julia["metadata"] = {"language_info": {"name": "julia"}}
    write(tmp_path, {"r.ipynb": notebook(r_code, "import jax.numpy as jnp\nx = jnp.zeros(3)\nx[0] = 1\n",
                                         language="R"),
                     "julia.ipynb": json.dumps(julia),
                     "py.ipynb": notebook("import jax.numpy as jnp\nx = jnp.zeros(3)\nx[0] = 1\n",
                                          language="python")})
    result = jaxlint("check", "--output-format", "json", ".", cwd=tmp_path)
    assert [(f["filename"], f["code"]) for f in findings(result)] == [("py.ipynb", "JAX104")]


def test_every_rule_cites_rows_within_the_cell(tmp_path: Path, fixtures_report: list[dict]) -> None:
    """Each fixture whose messages cite a line, run as the second cell of a notebook after a
    three-row cell: the messages must be the .py file's word for word (rows within the cell, not
    rows of the joined notebook)."""
    project = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, project, ignore=UNCHECKED)
    citing = {}
    for finding in fixtures_report:  # the .py files' findings: `jaxlint check --output-format json .` there
        # the single-file fixtures (a project's module, moved into a notebook, would lose its imports)
        if re.search(r"\bline \d+", finding["message"]) and finding["code"] != "JAX000" \
                and "/" not in finding["filename"]:
            citing.setdefault(finding["filename"], []).append(finding)
    assert len(citing) >= 3, "the fixtures no longer cite lines: the test lost its subject"
    for name in citing:
        source = (project / name).read_text(encoding="utf-8")
        write(project, {f"{Path(name).stem}.ipynb": notebook("import os\n\nimport sys\n", source)})
    nb_run = jaxlint("check", "--output-format", "json", *(f"{Path(n).stem}.ipynb" for n in citing), cwd=project)
    in_notebooks = {(f["filename"], f["code"], f["location"]["row"], f["location"]["column"]): f["message"]
                    for f in findings(nb_run) if f.get("cell") == 2}
    for name, expected in citing.items():
        for finding in expected:
            key = (f"{Path(name).stem}.ipynb", finding["code"], finding["location"]["row"],
                   finding["location"]["column"])
            assert in_notebooks.get(key) == finding["message"], key
