"""The pre-commit configuration of docs/ci.md, as written, on a fresh clone (its own module: pytest-xdist
runs it beside the fix hook's test, each building a hook environment)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_fix_cli import BAD, ROOT


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_readme_pre_commit_configuration_in_a_fresh_clone(tmp_path: Path) -> None:
    """The `.pre-commit-config.yaml` of docs/ci.md, as written (`rev: main`), with a fresh clone of this
    repository as `<repository-url>`: the hook installs and reports the finding."""
    pre_commit = Path(sys.executable).with_name("pre-commit")
    if not pre_commit.exists():
        pytest.skip("needs pre-commit")
    page = (ROOT / "docs" / "ci.md").read_text()
    documented = page[page.index("repos:\n- repo: <repository-url>"):]
    documented = documented[:documented.index("```")]
    clone = tmp_path / "jaxlint"
    subprocess.run(["git", "clone", "-q", "--branch", "main", str(ROOT), str(clone)], check=True)
    repo = tmp_path / "project"
    repo.mkdir()
    (repo / "a.py").write_text(BAD)
    (repo / ".pre-commit-config.yaml").write_text(documented.replace("<repository-url>", str(clone)))
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    subprocess.run(["git", "add", "a.py", ".pre-commit-config.yaml"], cwd=repo, check=True)
    result = subprocess.run([str(pre_commit), "run", "--all-files"], cwd=repo, capture_output=True, text=True,
                            check=False, env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache")})
    assert result.returncode == 1, result.stdout + result.stderr  # the hook found the in-place update
    assert "JAX104" in result.stdout, result.stdout + result.stderr
    assert (repo / "a.py").read_text() == BAD  # `jaxlint` checks; `jaxlint-fix` is the hook that writes
