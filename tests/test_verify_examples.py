"""`jaxlint verify` with a broken examples file, a module that cannot be imported, a notebook
(real CLI, real JAX on CPU, temporary projects)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_verify import make_project, run_jaxlint

pytest.importorskip("jax")

MODEL = '''
import jax
import jax.numpy as jnp


@jax.jit
def relu(x):
    if x > 0:
        return x
    return jnp.zeros_like(x)
'''

NEEDS_PACKAGE = '''
import jax
import jaxlint_no_such_package


@jax.jit
def first(x):
    print(x)
    return x


@jax.jit
def second(x):
    print(x)
    return x
'''

BROKEN_EXAMPLES = '''
import jax.numpy as jnp
from jaxlint.verify import example

example("pkg.model:nope", 1.0)
example("pkg.nomod:f", 1.0)
example("pkg.model:relu", jnp.array(2.0))
example("pkg.model:relu", jnp.array(-1.0))
raise RuntimeError("boom")
'''

NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None, "source": ["import jax\n"]},
        {"cell_type": "markdown", "metadata": {}, "source": ["text"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": None,
         "source": ["@jax.jit\n", "def f(x):\n", "    print(x)\n", "    return x\n"]},
    ],
    "metadata": {"kernelspec": {"name": "python3", "language": "python"}}, "nbformat": 4, "nbformat_minor": 5,
}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("verify_examples")
    make_project(root, {"pkg/__init__.py": "", "pkg/model.py": MODEL, "pkg/needs_package.py": NEEDS_PACKAGE,
                        "broken.py": BROKEN_EXAMPLES, "syntax.py": "x = (\n"})
    (root / "notes.ipynb").write_text(json.dumps(NOTEBOOK), encoding="utf-8")
    return root


def test_syntax_error_stops_before_running(project: Path) -> None:
    result = run_jaxlint(project, "verify", "pkg", "--examples", "syntax.py")
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.strip() == ("jaxlint: error: examples file syntax.py:1:5: SyntaxError: '(' was never closed; "
                                     "nothing was verified")


def test_broken_examples_file_is_reported_and_exits_2(project: Path) -> None:
    result = run_jaxlint(project, "verify", "pkg", "--examples", "broken.py")
    assert result.returncode == 2, result.stdout
    progress = [line for line in result.stderr.splitlines() if line.startswith("jaxlint: [")]
    assert len(progress) == len(json.loads(run_jaxlint(project, "verify", "pkg", "--examples", "broken.py",
                                                       "--output-format", "json").stdout)["results"])
    assert [line for line in result.stderr.splitlines() if line not in progress] == [
        "jaxlint: error: examples file broken.py:4: example('pkg.model:nope'): module `pkg.model` has no `nope`",
        ("jaxlint: error: examples file broken.py:5: example('pkg.nomod:f'): ModuleNotFoundError: "
         "No module named 'pkg.nomod'"),
        "jaxlint: error: examples file broken.py:8: RuntimeError: boom",
    ]
    assert "The examples file has 3 errors (on stderr)" in result.stdout
    # The run went on with the examples that resolved: both input sets of relu.
    assert "pkg/model.py:7: JAX103 confirmed" in result.stdout
    assert "    inputs: set 1 of 2: (float32[]=2.0) from examples" in result.stdout


def test_module_that_cannot_be_imported_is_one_line(project: Path) -> None:
    result = run_jaxlint(project, "verify", "pkg/needs_package.py")
    lines = [line for line in result.stdout.splitlines() if "needs_package" in line]
    expected = ("pkg/needs_package.py: 2 findings not verified: importing pkg.needs_package raised "
                "ModuleNotFoundError at line 2: No module named 'jaxlint_no_such_package' "
                "(not installed: pip install jaxlint_no_such_package)")
    assert lines == [expected], result.stdout
    assert result.returncode == 0  # errors of the analysed code are results, not a broken run


def test_json_lists_examples_errors_and_cells(project: Path) -> None:
    result = run_jaxlint(project, "verify", "pkg/model.py", "notes.ipynb", "--examples", "broken.py",
                         "--output-format", "json")
    assert result.returncode == 2
    document = json.loads(result.stdout)
    assert document["errors"] == ["broken.py:4: example('pkg.model:nope'): module `pkg.model` has no `nope`",
                                  ("broken.py:5: example('pkg.nomod:f'): ModuleNotFoundError: No module named "
                                   "'pkg.nomod'"),
                                  "broken.py:8: RuntimeError: boom"]
    notebook = next(r for r in document["results"] if r["filename"] == "notes.ipynb")
    assert (notebook["cell"], notebook["row"], notebook["status"]) == (3, 3, "skipped")


def test_notebook_finding_names_its_cell(project: Path) -> None:
    result = run_jaxlint(project, "verify", "notes.ipynb")
    assert result.stdout.startswith("notes.ipynb:cell 3:3: JAX106 skipped: notebooks are not verified"), result.stdout
