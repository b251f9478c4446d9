"""`jaxlint clean`: the real command removes the cache `check` wrote, and nothing that is not one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests.test_cli import SNIPPET, _env, assert_usage_error, jaxlint, write


def test_clean_removes_the_project_cache_and_says_what_went(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": "[tool.jaxlint]\n", "pkg/a.py": SNIPPET, "pkg/b.py": SNIPPET})
    cache = tmp_path / ".jaxlint_cache"
    # not the `jaxlint` helper: it adds --no-cache to `check`
    checked = subprocess.run([sys.executable, "-m", "jaxlint", "check", "pkg"], cwd=tmp_path, capture_output=True,
                             text=True, env=_env(), timeout=60, check=False)
    assert checked.returncode == 1 and cache.is_dir(), checked.stderr
    # from a subfolder, as `check` does, the cache is the one at the project's root
    result = jaxlint("clean", cwd=tmp_path / "pkg")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Removed ../.jaxlint_cache (2 entries, ") and result.stdout.endswith(")\n")
    assert not cache.exists()
    again = jaxlint("clean", cwd=tmp_path)
    assert (again.returncode, again.stdout) == (0, "No cache at .jaxlint_cache\n")


def test_clean_refuses_a_folder_that_is_no_jaxlint_cache(tmp_path: Path) -> None:
    write(tmp_path, {"precious/data.txt": "keep me\n"})
    result = jaxlint("clean", "--cache-dir", "precious", cwd=tmp_path)
    assert_usage_error(result, "precious is not a jaxlint cache")
    assert (tmp_path / "precious" / "data.txt").read_text() == "keep me\n"
