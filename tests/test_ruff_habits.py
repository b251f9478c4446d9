"""More of ruff's options, through the real command line: --add-noqa, --fix-only, --no-fix,
--no-unsafe-fixes, --fixable/--unfixable, --extend-ignore, --per-file-ignores, --ignore-noqa,
--[no-]respect-gitignore, --color, --show-files, --show-settings, and `jaxlint rule`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
GOOD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"
UNSAFE_ONLY = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n"
ESCAPE = "\x1b["


def jaxlint(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([sys.executable, "-m", "jaxlint", *args], capture_output=True, text=True, cwd=cwd,
                          env={**base, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=60, check=False)


def check(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return jaxlint("check", "--no-cache", *args, cwd=cwd, env=env)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


NOQA_CASES = '''import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    print("""value
%s""" % x)
    print(x, \\
          x)
    print(x)  # keep this
    print(x)  # NOQA:E501 why
    y = jnp.zeros(3)
    y[0] = 1.0; print(x)
    return y
'''


def test_add_noqa_appends_merges_and_skips_lines_that_cannot_take_a_comment(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": NOQA_CASES})
    result = check("--add-noqa", "m.py", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr.splitlines() == [
        "jaxlint: warning: m.py:7:5: no noqa directive for JAX106: the line ends inside a multi-line string",
        "jaxlint: warning: m.py:9:5: no noqa directive for JAX106: the line ends in a backslash continuation",
        "Added 3 noqa directives.",
    ]
    assert (tmp_path / "m.py").read_text() == NOQA_CASES.replace(
        "print(x)  # keep this", "print(x)  # keep this  # noqa: JAX106").replace(
        "# NOQA:E501 why", "# noqa: E501, JAX106 why").replace(
        "y[0] = 1.0; print(x)", "y[0] = 1.0; print(x)  # noqa: JAX104, JAX106")
    after = check("--output-format", "json", "m.py", cwd=tmp_path)
    assert [(f["code"], f["location"]["row"]) for f in json.loads(after.stdout)] == [("JAX106", 7), ("JAX106", 9)]
    written = (tmp_path / "m.py").read_bytes()
    again = check("--add-noqa", "m.py", cwd=tmp_path)
    assert (again.returncode, "Added" in again.stderr, (tmp_path / "m.py").read_bytes()) == (0, False, written)


def test_add_noqa_writes_through_a_symlink_keeping_crlf(tmp_path: Path) -> None:
    (tmp_path / "real.py").write_bytes(BAD.replace("\n", "\r\n").encode())
    (tmp_path / "link.py").symlink_to("real.py")
    result = check("--add-noqa", "link.py", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 1 noqa directive.\n")
    assert (tmp_path / "link.py").is_symlink()
    assert (tmp_path / "real.py").read_bytes() == BAD.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104").replace(
        "\n", "\r\n").encode()
    assert check("link.py", cwd=tmp_path).returncode == 0
    assert check("-q", "--add-noqa", "link.py", cwd=tmp_path).stderr == ""


def test_add_noqa_in_a_notebook_edits_the_cell_source(tmp_path: Path) -> None:
    notebook = {"cells": [
        {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": ["import jax\n", "%matplotlib inline\n"],
         "outputs": [{"name": "stdout", "output_type": "stream", "text": ["hi\n"]}]},
        {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
         "source": ["@jax.jit\n", "def f(x):\n", "    print(x)\n", "    return x"]}],
        "metadata": {"kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"}},
        "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "n.ipynb").write_text(json.dumps(notebook, indent=1) + "\n")
    result = check("--add-noqa", "n.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 1 noqa directive.\n")
    notebook["cells"][1]["source"][2] = "    print(x)  # noqa: JAX106\n"
    assert (tmp_path / "n.ipynb").read_text() == json.dumps(notebook, indent=1) + "\n"
    assert check("n.ipynb", cwd=tmp_path).returncode == 0


def test_add_noqa_refuses_fix_and_stdin(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    for extra in (["--fix"], ["--diff"], ["--fix-only"], ["--stdin-filename", "a.py"]):
        result = check("--add-noqa", *extra, "a.py", cwd=tmp_path)
        assert result.returncode == 2 and "--add-noqa cannot be used with" in result.stderr, extra
    assert (tmp_path / "a.py").read_text() == BAD


def test_fix_only_reports_only_what_it_fixed(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY})
    result = check("--fix-only", ".", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "Fixed 1 finding in 1 file.\n")  # u.py's finding: not reported
    assert (tmp_path / "a.py").read_text() == GOOD
    nothing = check("--fix-only", ".", cwd=tmp_path)
    assert (nothing.returncode, nothing.stdout) == (0, "")
    write(tmp_path, {"a.py": BAD})
    assert check("--fix-only", "--exit-non-zero-on-fix", ".", cwd=tmp_path).returncode == 1


def test_no_fix_and_no_unsafe_fixes_override(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY, "jaxlint.toml": "unsafe-fixes = true\n"})
    result = check("--fix", "--no-fix", "a.py", cwd=tmp_path)  # the last one wins, as in ruff
    assert result.returncode == 1 and (tmp_path / "a.py").read_text() == BAD
    kept = check("--fix", "--no-unsafe-fixes", "u.py", cwd=tmp_path)
    assert kept.returncode == 1 and (tmp_path / "u.py").read_text() == UNSAFE_ONLY
    assert "1 fixable with --fix --unsafe-fixes" in kept.stdout
    fixed = check("--fix", "u.py", cwd=tmp_path)  # the config's unsafe-fixes = true
    assert fixed.returncode == 0 and (tmp_path / "u.py").read_text() != UNSAFE_ONLY


def test_unfixable_drops_the_fix_from_markers_counts_json_and_fixing(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY})
    text = check("--unfixable", "JAX104", "--unsafe-fixes", ".", cwd=tmp_path).stdout
    assert "a.py:4:1: JAX104 In-place" in text and "JAX103 [*]" in text
    assert text.endswith("Found 2 findings (1 fixable with --fix).\n")
    rows = json.loads(check("--fixable", "JAX103", "--output-format", "json", ".", cwd=tmp_path).stdout)
    assert [(f["code"], f["fix"] is None) for f in rows] == [("JAX104", True), ("JAX103", False)]
    # As ruff: the most specific selector wins.
    assert "JAX104 [*]" in check("--unfixable", "JAX1", "--fixable", "JAX104", "a.py", cwd=tmp_path).stdout
    result = check("--fix", "--unsafe-fixes", "--unfixable", "JAX104", ".", cwd=tmp_path)
    assert (tmp_path / "a.py").read_text() == BAD and (tmp_path / "u.py").read_text() != UNSAFE_ONLY
    assert result.stdout.endswith("Found 1 finding.\n")


def test_extend_ignore_and_per_file_ignores(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "tests/t.py": BAD, "u.py": UNSAFE_ONLY,
                     "jaxlint.toml": '[per-file-ignores]\n"u.py" = ["JAX103"]\n'})

    def files(*args: str) -> list[str]:
        return sorted(f["filename"] for f in json.loads(check("--output-format", "json", *args, ".",
                                                              cwd=tmp_path).stdout))

    assert files() == ["a.py", "tests/t.py"]
    assert files("--extend-ignore", "JAX104") == []
    # The command line replaces the configured per-file-ignores, as ruff's does.
    assert files("--per-file-ignores", "tests/*:JAX104") == ["a.py", "u.py"]
    assert files("--per-file-ignores", "tests/*:JAX104,a.py:JAX1", "--per-file-ignores", "u.py:JAX103") == []
    assert files("--extend-per-file-ignores", "./tests/*:JAX104") == ["a.py"]
    bad = check("--per-file-ignores", "tests/*", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "`tests/*` is not a <pattern>:<code> pair" in bad.stderr
    assert check("--per-file-ignores", "a.py:XYZ1", ".", cwd=tmp_path).returncode == 2


def test_ignore_noqa_reports_suppressed_findings(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104"),
                     "b.py": "# jaxlint: noqa\n" + BAD})
    assert check(".", cwd=tmp_path).returncode == 0
    result = check("--ignore-noqa", ".", cwd=tmp_path)
    assert (result.returncode, result.stdout.count(": JAX104 [*]")) == (1, 2)
    cached = jaxlint("check", "--ignore-noqa", ".", cwd=tmp_path)  # the cache keeps the two apart
    assert jaxlint("check", ".", cwd=tmp_path).returncode == 0 and cached.returncode == 1


def test_respect_gitignore_switch(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": "x = 1\n", "gen/b.py": BAD, ".gitignore": "gen/\n"})
    assert check(".", cwd=tmp_path).returncode == 0
    assert check("--no-respect-gitignore", ".", cwd=tmp_path).returncode == 1
    write(tmp_path, {"jaxlint.toml": "respect-gitignore = false\n"})
    assert check("--respect-gitignore", ".", cwd=tmp_path).returncode == 0


def test_color_choice(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    assert ESCAPE in check("--color", "always", "a.py", cwd=tmp_path).stdout  # through a pipe
    assert ESCAPE in check("--color", "always", "a.py", cwd=tmp_path, env={"NO_COLOR": "1"}).stdout
    assert ESCAPE not in check("--color", "never", "a.py", cwd=tmp_path, env={"FORCE_COLOR": "1"}).stdout
    assert ESCAPE not in check("a.py", cwd=tmp_path, env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout
    assert ESCAPE in check("a.py", cwd=tmp_path, env={"FORCE_COLOR": "1"}).stdout
    assert check("--color", "sometimes", "a.py", cwd=tmp_path).returncode == 2


def test_show_files_and_show_settings(tmp_path: Path) -> None:
    write(tmp_path, {"b.py": BAD, "a/c.py": "x = 1\n", "gen/d.py": "x = 1\n", "notes.txt": "",
                     "jaxlint.toml": 'extend-exclude = ["gen"]\nselect = ["JAX104"]\n'})
    files = check("--show-files", cwd=tmp_path)
    real = tmp_path.resolve()
    assert (files.returncode, files.stdout) == (0, f"{real / 'a' / 'c.py'}\n{real / 'b.py'}\n")
    settings = check("--show-settings", "--unfixable", "JAX104", "b.py", cwd=tmp_path)
    assert settings.returncode == 0
    lines = settings.stdout.splitlines()
    assert lines[0] == f'Resolved settings for: "{real / "b.py"}"'
    for line in (f'config_file = "{real / "jaxlint.toml"}"', 'select = ["JAX104"]', 'extend_exclude = ["gen"]',
                 'enabled = ["JAX104"]', "fix = false", "respect_gitignore = true"):
        assert line in lines
    assert next(line for line in lines if line.startswith("fixable = ")) != 'fixable = ["ALL"]'
    assert "JAX104" not in next(line for line in lines if line.startswith("fixable = "))


def test_rule_is_explain(tmp_path: Path) -> None:
    one = jaxlint("rule", "JAX104", cwd=tmp_path)
    assert (one.returncode, one.stdout) == (0, jaxlint("explain", "JAX104", cwd=tmp_path).stdout)
    every = jaxlint("rule", "--all", cwd=tmp_path)
    codes = [info["code"] for info in json.loads(jaxlint("rules", "--output-format", "json", cwd=tmp_path).stdout)]
    assert every.returncode == 0 and all(jaxlint("explain", code, cwd=tmp_path).stdout.strip() in every.stdout
                                         for code in codes[:3])
    assert jaxlint("rule", cwd=tmp_path).returncode == 2
    assert jaxlint("rule", "JAX999999", cwd=tmp_path).returncode == 2
