"""ruff's everyday options on `check`: --show-fixes, --exit-non-zero-on-fix, --output-file,
--exclude/--extend-exclude, --target-version, -v and -q, through the real command line."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BAD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
TWO = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\nx[1] = 2.0\n"
GOOD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"
UNSAFE_ONLY = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n"


def jaxlint(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([sys.executable, "-m", "jaxlint", "check", *args], capture_output=True, text=True,
                          cwd=cwd, env={**env, "PYTHONPATH": str(ROOT)}, timeout=60, check=False)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_show_fixes_lists_what_was_fixed_per_file_and_rule(tmp_path: Path) -> None:
    write(tmp_path, {"b.py": TWO, "a.py": BAD, "left.py": UNSAFE_ONLY, "clean.py": "x = 1\n"})
    result = jaxlint("--no-cache", "--fix", "--show-fixes", ".", cwd=tmp_path)
    assert result.returncode == 1  # the unsafe-only finding remains
    report, listing = result.stdout.split("Found 1 finding (1 fixable with --fix --unsafe-fixes).\n")
    assert report.startswith("left.py:6:8: JAX103 ")
    assert listing == ("Fixed 3 findings:\n- a.py:\n    1 × JAX104 (in-place-update)\n"
                       "- b.py:\n    2 × JAX104 (in-place-update)\n")
    assert "Fixed 3 findings in 2 files." not in result.stdout  # the listing replaces the one-line summary


def test_exit_non_zero_on_fix(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    fixed = jaxlint("--no-cache", "--fix", "--exit-non-zero-on-fix", "a.py", cwd=tmp_path)
    assert (fixed.returncode, fixed.stdout) == (1, "Fixed 1 finding in 1 file.\nAll checks passed!\n")
    assert (tmp_path / "a.py").read_text() == GOOD
    nothing = jaxlint("--no-cache", "--fix", "--exit-non-zero-on-fix", "a.py", cwd=tmp_path)
    assert nothing.returncode == 0  # nothing fixed this time
    write(tmp_path, {"a.py": BAD})
    assert jaxlint("--no-cache", "--fix", "--exit-non-zero-on-fix", "--exit-zero", "a.py", cwd=tmp_path).returncode == 0


def test_output_file_takes_the_report_without_colour(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    result = jaxlint("--no-cache", "--output-file", "reports/lint.txt", "a.py", cwd=tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (1, "", "")
    expected = jaxlint("--no-cache", "a.py", cwd=tmp_path).stdout
    assert (tmp_path / "reports" / "lint.txt").read_text() == expected
    assert "\x1b[" not in expected and expected.startswith("a.py:4:1: JAX104")
    json_run = jaxlint("--no-cache", "--output-format", "json", "--output-file", "r.json", "--fix", "a.py",
                       cwd=tmp_path)
    assert (json_run.returncode, json_run.stdout) == (0, "")
    assert (tmp_path / "r.json").read_text() == "[]\n"
    assert json_run.stderr == "Fixed 1 finding in 1 file.\n"  # not inside the JSON


def test_output_file_that_cannot_be_written_is_a_usage_error(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "taken": "a file, not a folder\n"})
    result = jaxlint("--no-cache", "--output-file", "taken/lint.txt", "a.py", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("jaxlint: error: --output-file taken/lint.txt: ")
    assert "Traceback" not in result.stderr


def test_exclude_replaces_and_extend_exclude_adds(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": '[tool.jaxlint]\nextend-exclude = ["gen"]\n', "gen/g.py": BAD,
                     "src/a.py": BAD, "src/b.py": BAD, "build/c.py": BAD})

    def files(*args: str) -> list[str]:
        result = jaxlint("--no-cache", "--output-format", "github", *args, ".", cwd=tmp_path)
        assert result.returncode in (0, 1), result.stderr
        return sorted({re.search(r"file=([^,]+)", line)[1] for line in result.stdout.splitlines()})  # type: ignore[index]

    assert files() == ["src/a.py", "src/b.py"]
    assert files("--extend-exclude", "b.py, src/a.py") == []
    assert files("--extend-exclude", "./src/b.py") == ["src/a.py"]
    # --exclude replaces the configured list, defaults included (as ruff): build/ is checked again
    assert files("--exclude", "b.py") == ["build/c.py", "src/a.py"]


def test_target_version_is_a_validated_choice(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    assert jaxlint("--no-cache", "--target-version", "py312", "a.py", cwd=tmp_path).returncode == 1
    wrong = jaxlint("--no-cache", "--target-version", "3.12", "a.py", cwd=tmp_path)
    assert wrong.returncode == 2 and "py312" in wrong.stderr and "Traceback" not in wrong.stderr


def test_verbose_names_files_cache_hits_and_time(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "b.py": "x = 1\n"})
    first = jaxlint("-v", ".", cwd=tmp_path)
    lines = first.stderr.splitlines()
    assert sorted(lines[:2]) == ["jaxlint: checked a.py", "jaxlint: checked b.py"]
    assert re.fullmatch(r"jaxlint: checked 2 files in \d+\.\d\d s \(0 from cache\)", lines[2]), first.stderr
    (tmp_path / "b.py").write_text("y = 2\n")
    second = jaxlint("-v", ".", cwd=tmp_path)
    assert "jaxlint: checked a.py (from cache)" in second.stderr.splitlines()
    assert "jaxlint: checked b.py" in second.stderr.splitlines()
    assert "(1 from cache)" in second.stderr
    assert second.stdout == first.stdout


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_quiet_statistics_has_no_summary(tmp_path: Path, fmt: str) -> None:
    write(tmp_path, {"a.py": TWO})
    result = jaxlint("--no-cache", "-q", "--statistics", "--output-format", fmt, "a.py", cwd=tmp_path)
    assert result.returncode == 1
    assert "Found" not in result.stdout
    if fmt == "text":
        assert result.stdout == "2\tJAX104\t[*] in-place-update\n"


def test_force_color_colours_a_pipe_unless_no_color(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}

    def run(extra: dict[str, str], *args: str) -> str:
        return subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", *args, "a.py"],
                              capture_output=True, text=True, cwd=tmp_path, timeout=60, check=False,
                              env={**env, **extra, "PYTHONPATH": str(ROOT)}).stdout

    plain = run({})
    forced = run({"FORCE_COLOR": "1"})
    assert "\x1b[" not in plain and "\x1b[" in forced
    assert re.sub(r"\x1b\[[0-9;]*m", "", forced) == plain
    assert run({"FORCE_COLOR": "1", "NO_COLOR": "1"}) == plain
    run({"FORCE_COLOR": "1"}, "--output-file", "r.txt")
    assert (tmp_path / "r.txt").read_text() == plain
