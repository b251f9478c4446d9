"""Which files `jaxlint check PATHS` reads: explicit paths, ignore files, unreadable and empty folders.

The real command in a subprocess on real folders (helpers from test_cli)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli import SNIPPET, _env, assert_usage_error, files, jaxlint, lint, write
from tests.test_writes import without_privileges


class TestIgnoreFiles:
    def test_an_ignored_directory_given_explicitly_is_checked(self, tmp_path: Path) -> None:
        write(tmp_path, {".git/HEAD": "ref: refs/heads/main\n", ".gitignore": "gen/\nskip_*.py\n",
                         "gen/m.py": SNIPPET, "gen/sub/n.py": SNIPPET, "gen/skip_me.py": SNIPPET, "ok.py": SNIPPET})
        assert files(lint(".", cwd=tmp_path)) == {"ok.py"}
        # the folder itself is named, so it is checked; the .gitignore still applies below it
        assert files(lint("gen", cwd=tmp_path)) == {"gen/m.py", "gen/sub/n.py"}
        assert files(lint("gen/sub", cwd=tmp_path)) == {"gen/sub/n.py"}

    def test_git_info_exclude_is_honoured_and_a_deeper_gitignore_can_re_include(self, tmp_path: Path) -> None:
        write(tmp_path, {".git/info/exclude": "local/\n*_scratch.py\n", "local/a.py": SNIPPET,
                         "src/x_scratch.py": SNIPPET, "src/keep_scratch.py": SNIPPET,
                         "src/.gitignore": "!keep_scratch.py\n", "src/y.py": SNIPPET})
        assert files(lint(".", cwd=tmp_path)) == {"src/keep_scratch.py", "src/y.py"}
        (tmp_path / "pyproject.toml").write_text("[tool.jaxlint]\nrespect-gitignore = false\n", encoding="utf-8")
        assert files(lint(".", cwd=tmp_path)) == {"local/a.py", "src/x_scratch.py", "src/keep_scratch.py",
                                                  "src/y.py"}


class TestExplicitPaths:
    def test_an_explicit_file_is_python_whatever_its_suffix(self, tmp_path: Path) -> None:
        # as ruff does: a file named on the command line is checked; only the walk filters by suffix
        write(tmp_path, {"script": SNIPPET, "notes.txt": SNIPPET, "pkg/other.txt": SNIPPET, "pkg/a.py": SNIPPET})
        assert files(lint("script", "notes.txt", "pkg", cwd=tmp_path)) == {"script", "notes.txt", "pkg/a.py"}

    def test_a_folder_with_nothing_to_check_is_a_warning(self, tmp_path: Path) -> None:
        write(tmp_path, {"empty/readme.txt": "hi\n", "ok.py": SNIPPET})
        result = jaxlint("check", "--output-format", "json", "empty", "ok.py", cwd=tmp_path)
        assert result.returncode == 1, result.stderr
        assert result.stderr == "jaxlint: warning: no Python files found under empty\n"
        alone = jaxlint("check", "empty", cwd=tmp_path)
        assert (alone.returncode, alone.stdout.strip()) == (0, "All checks passed!"), alone.stderr
        assert "no Python files found under empty" in alone.stderr
        assert jaxlint("check", "-q", "empty", cwd=tmp_path).stderr == ""

    def test_a_folder_named_twice_is_no_empty_folder(self, tmp_path: Path) -> None:
        write(tmp_path, {"pkg/sub/a.py": SNIPPET})
        result = jaxlint("check", "pkg", "pkg/sub", cwd=tmp_path)
        assert result.returncode == 1 and result.stderr == "", result.stderr

    def test_a_missing_path_is_an_error_line_and_the_rest_is_checked(self, tmp_path: Path) -> None:
        # as ruff's E902: the bad path is said, the good ones are still reported, exit 2 at the end
        write(tmp_path, {"ok.py": SNIPPET})
        result = jaxlint("check", "--output-format", "json", "nope", "ok.py", "gone/", cwd=tmp_path)
        assert_usage_error(result)
        assert result.stderr.splitlines() == ["jaxlint: error: nope: no such file or directory",
                                              "jaxlint: error: gone/: no such file or directory"]
        assert {f["filename"] for f in json.loads(result.stdout)} == {"ok.py"}
        alone = jaxlint("check", "nope", cwd=tmp_path)  # nothing was checked: never "All checks passed!"
        assert (alone.returncode, alone.stdout) == (2, "No findings in what was checked; 1 error.\n")


def _as_a_user(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """`python -m jaxlint ARGS`, obeying file permissions even when the tests run as root."""
    argv = [*without_privileges(), sys.executable, "-m", "jaxlint", *args]
    return subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=_env(), timeout=60, check=False)


@pytest.mark.skipif(not hasattr(os, "geteuid") or (os.geteuid() == 0 and shutil.which("setpriv") is None),
                    reason="needs a user that file permissions apply to")
class TestUnreadable:
    def test_unreadable_folders_and_files_are_errors_and_the_rest_is_checked(self, tmp_path: Path) -> None:
        write(tmp_path, {"closed/c.py": SNIPPET, "pkg/locked/l.py": SNIPPET, "pkg/ok.py": SNIPPET,
                         "secret.py": SNIPPET, "ok.py": SNIPPET})
        locked = [tmp_path / "closed", tmp_path / "pkg" / "locked", tmp_path / "secret.py"]
        for path in locked:
            path.chmod(0)
        try:
            explicit = _as_a_user("check", "--no-cache", "--output-format", "json", "closed", "secret.py", "ok.py",
                                  cwd=tmp_path)
            walked = _as_a_user("check", "--no-cache", "--output-format", "json", "pkg", cwd=tmp_path)
            # a file inside an unreadable folder, named: its config search and its read fail quietly
            inside = _as_a_user("check", "--no-cache", "closed/c.py", "pkg/locked/l.py", cwd=tmp_path)
        finally:
            for path in locked:
                path.chmod(0o755)
        assert explicit.returncode == 2
        assert explicit.stderr.splitlines() == ["jaxlint: error: closed: cannot read: Permission denied",
                                                "jaxlint: error: secret.py: cannot read: Permission denied"]
        assert {f["filename"] for f in json.loads(explicit.stdout)} == {"ok.py"}
        assert walked.returncode == 2
        assert walked.stderr == "jaxlint: error: pkg/locked: cannot read: Permission denied\n"
        assert {f["filename"] for f in json.loads(walked.stdout)} == {"pkg/ok.py"}
        assert (inside.returncode, inside.stdout) == (2, "No findings in what was checked; 2 errors.\n")
        assert inside.stderr.splitlines() == ["jaxlint: error: closed/c.py: cannot read: Permission denied",
                                              "jaxlint: error: pkg/locked/l.py: cannot read: Permission denied"]
