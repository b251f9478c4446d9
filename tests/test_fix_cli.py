"""`check --fix` / `--diff` through the real command line, on temporary files."""

from __future__ import annotations

import codecs
import json
import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BAD = "import jax.numpy as jnp\n\n\ndef f():\n    x = jnp.zeros(3)  # keep me\n    x[0] = 1.0\n    return x\n"
GOOD = "import jax.numpy as jnp\n\n\ndef f():\n    x = jnp.zeros(3)  # keep me\n    x = x.at[0].set(1.0)\n    return x\n"


def jaxlint(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", *args],
                          capture_output=True, text=True, cwd=cwd, env=env, check=False)


def test_fix_rewrites_and_second_run_changes_nothing(tmp_path: Path) -> None:
    target = tmp_path / "a.py"
    target.write_text(BAD)
    clean = tmp_path / "clean.py"
    clean.write_text("x = 1\n")
    os.utime(clean, (1, 1))
    result = jaxlint("--fix", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Fixed 1 finding" in result.stdout
    assert target.read_text() == GOOD
    assert clean.stat().st_mtime == 1  # files without findings are never rewritten
    again = jaxlint("--fix", ".", cwd=tmp_path)
    assert again.returncode == 0 and target.read_text() == GOOD and "Fixed" not in again.stdout


def test_diff_changes_nothing_and_exits_1(tmp_path: Path) -> None:
    target = tmp_path / "a.py"
    target.write_text(BAD)
    result = jaxlint("--diff", "a.py", cwd=tmp_path)
    assert result.returncode == 1
    assert "-    x[0] = 1.0\n+    x = x.at[0].set(1.0)\n" in result.stdout
    assert target.read_text() == BAD
    target.write_text(GOOD)
    assert jaxlint("--diff", "a.py", cwd=tmp_path).returncode == 0


def test_crlf_bom_and_mode_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "a.py"
    target.write_bytes(codecs.BOM_UTF8 + BAD.replace("\n", "\r\n").encode())
    target.chmod(0o750)
    assert jaxlint("--fix", "a.py", cwd=tmp_path).returncode == 0
    assert target.read_bytes() == codecs.BOM_UTF8 + GOOD.replace("\n", "\r\n").encode()
    assert stat.S_IMODE(target.stat().st_mode) == 0o750


def test_unsafe_fixes_only_when_asked(tmp_path: Path) -> None:
    source = "import jax\n\n\ndef f(key):\n    a = jax.random.normal(key)\n    b = jax.random.normal(key)\n    return a, b\n"
    target = tmp_path / "a.py"
    target.write_text(source)
    assert jaxlint("--fix", "a.py", cwd=tmp_path).returncode == 1
    assert target.read_text() == source
    assert jaxlint("--fix", "--unsafe-fixes", "a.py", cwd=tmp_path).returncode == 0
    assert "key, subkey = jax.random.split(key)" in target.read_text()


def test_json_shows_edits(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text(BAD)
    findings = json.loads(jaxlint("--output-format", "json", "a.py", cwd=tmp_path).stdout)
    assert findings[0]["fix"] == {
        "applicability": "safe", "message": "Replace with `.at[].set()`",
        "edits": [{"content": "x = x.at[0].set(1.0)", "location": {"row": 6, "column": 5},
                   "end_location": {"row": 6, "column": 15}}]}


def test_notebook_cell_is_rewritten_and_outputs_kept(tmp_path: Path) -> None:
    notebook = {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": ["# title"]},
        {"cell_type": "code", "execution_count": 1, "metadata": {"tags": ["x"]},
         "outputs": [{"name": "stdout", "output_type": "stream", "text": ["hi\n"]}],
         "source": BAD.splitlines(keepends=True)}],
        "metadata": {"kernelspec": {"name": "python3"}}, "nbformat": 4, "nbformat_minor": 5}
    target = tmp_path / "a.ipynb"
    target.write_text(json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n")
    assert jaxlint("--fix", "a.ipynb", cwd=tmp_path).returncode == 0
    notebook["cells"][1]["source"] = GOOD.splitlines(keepends=True)
    assert target.read_text() == json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def test_a_colab_notebook_keeps_its_key_order_indentation_and_escapes(tmp_path: Path) -> None:
    """Colab writes the keys unsorted, indents by 2 and writes `\\u001B` where Python's json writes
    `\\u001b`: the fix changes the fixed cell's lines and nothing else."""
    notebook = {"nbformat": 4, "nbformat_minor": 0, "metadata": {"colab": {"name": "demo"}}, "cells": [
        {"cell_type": "code", "metadata": {"id": "a"}, "execution_count": 1,
         "outputs": [{"output_type": "stream", "name": "stdout", "text": ["done\u001b[K\n"]}],
         "source": BAD.splitlines(keepends=True)}]}
    target = tmp_path / "a.ipynb"
    target.write_text(json.dumps(notebook, indent=2, ensure_ascii=False).replace("\\u001b", "\\u001B") + "\n")
    assert jaxlint("--fix", "a.ipynb", cwd=tmp_path).returncode == 0
    notebook["cells"][0]["source"] = GOOD.splitlines(keepends=True)
    assert target.read_text() == json.dumps(notebook, indent=2, ensure_ascii=False).replace("\\u001b", "\\u001B") + "\n"


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_pre_commit_fix_hook(tmp_path: Path) -> None:
    pre_commit = Path(sys.executable).with_name("pre-commit")
    if not pre_commit.exists():
        pytest.skip("needs pre-commit")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "a.py").write_text(BAD)
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "a.py"], cwd=repo, check=True)
    result = subprocess.run([str(pre_commit), "try-repo", str(ROOT), "jaxlint-fix", "--all-files"],
                            cwd=repo, capture_output=True, text=True, check=False,
                            env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")})
    assert result.returncode == 1, result.stdout + result.stderr  # files were modified by the hook
    assert (repo / "a.py").read_text() == GOOD, result.stdout + result.stderr


def test_no_fix_throws_away_an_update_meant_for_the_caller(tmp_path: Path) -> None:
    # rebinding a parameter nobody reads again would silently drop the update: no fix there
    source = ("import jax.numpy as jnp\n\n\ndef zero_first(arr):\n    arr[0] = 0.0\n\n\n"
              "def scaled(arr, s):\n    arr[1] *= s\n    return arr\n\n\n"
              "def main():\n    x = jnp.arange(4.0)\n    zero_first(x)\n    return scaled(x, 2.0)\n")
    target = tmp_path / "a.py"
    target.write_text(source)
    result = jaxlint("--fix", "--output-format", "json", ".", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    remaining = json.loads(result.stdout)
    assert [(f["code"], f["location"]["row"], f["fix"]) for f in remaining] == [("JAX104", 5, None)]
    assert "return `arr.at[0].set(0.0)`" in remaining[0]["message"]
    fixed = target.read_text()
    assert "    arr[0] = 0.0\n" in fixed and "    arr = arr.at[1].multiply(s)\n" in fixed


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
@pytest.mark.parametrize("odd", ["\x0c", "\u2028", "\x1c", "\x85", "\v"])
def test_diff_splits_lines_as_python_does(tmp_path: Path, odd: str) -> None:
    # trial 4.9: str.splitlines() also breaks on these (inside comments and strings, and a form feed
    # alone on a line); the diff then did not apply
    source = (f"import jax.numpy as jnp\n\x0c\n# a comment{odd}with it inside\ns = '{odd}'\n"
              "x = jnp.zeros(3)\nx[0] = 1.0\ny = 2")  # and no newline at the end
    target = tmp_path / "a.py"
    target.write_text(source, encoding="utf-8", newline="")
    result = jaxlint("--diff", "a.py", cwd=tmp_path)
    assert result.returncode == 1, result.stderr
    patch = tmp_path / "fix.diff"
    patch.write_text(result.stdout.replace("--- a.py", "--- a/a.py").replace("+++ a.py", "+++ b/a.py"),
                     encoding="utf-8", newline="")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    applied = subprocess.run(["git", "apply", "fix.diff"], cwd=tmp_path, capture_output=True, text=True, check=False)
    assert applied.returncode == 0, applied.stderr + result.stdout
    assert target.read_bytes().decode() == source.replace("x[0] = 1.0", "x = x.at[0].set(1.0)")


def test_findings_across_modules_stay_reported_after_fixing(tmp_path: Path) -> None:
    """A helper's finding that only the caller's module reveals (its `if` runs under the caller's jit)
    has no fix: after `--fix` rewrites the helper's module for another finding, the report still
    lists it, as a plain check does."""
    (tmp_path / "helpers.py").write_text(
        "import jax.numpy as jnp\n\n\ndef clip(x, limit):\n    y = jnp.zeros(3)\n    y[0] = 1.0\n"
        "    if x.sum() > limit:\n        return x * 0.5\n    return x + y\n")
    (tmp_path / "train.py").write_text(
        "import jax\n\nfrom helpers import clip\n\n\n@jax.jit\ndef step(x, limit):\n    return clip(x, limit)\n")
    fixed = jaxlint("--fix", "--output-format", "json", ".", cwd=tmp_path)
    after = jaxlint("--output-format", "json", ".", cwd=tmp_path)
    assert "y = y.at[0].set(1.0)" in (tmp_path / "helpers.py").read_text()
    remaining = [(f["filename"], f["code"], f["location"]["row"]) for f in json.loads(fixed.stdout)]
    assert remaining == [("helpers.py", "JAX103", 7)]
    assert remaining == [(f["filename"], f["code"], f["location"]["row"]) for f in json.loads(after.stdout)]
