"""The editor protocol, as ruff has it: `--stdin-filename NAME` or the path `-` reads the source from
stdin; with `--fix` stdout is exactly the resulting source and everything else goes to stderr."""

from __future__ import annotations

import codecs
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
GOOD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"
UNSAFE_ONLY = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n"


def jaxlint(*args: str, source: bytes, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", *args], input=source,
                          capture_output=True, cwd=cwd, env=env, timeout=60, check=False)


def test_fix_prints_exactly_the_fixed_source(tmp_path: Path) -> None:
    # BOM and CRLF survive: the editor's buffer is replaced byte for byte
    source = codecs.BOM_UTF8 + BAD.replace("\n", "\r\n").encode()
    result = jaxlint("--fix", "--stdin-filename", "pkg/edited.py", source=source, cwd=tmp_path)
    assert result.stdout == codecs.BOM_UTF8 + GOOD.replace("\n", "\r\n").encode()
    assert result.stderr.decode() == "Fixed 1 finding in 1 file.\nAll checks passed!\n"
    assert result.returncode == 0
    assert list(tmp_path.iterdir()) == []  # nothing written anywhere


def test_fix_with_nothing_to_fix_echoes_the_source(tmp_path: Path) -> None:
    result = jaxlint("--fix", "--stdin-filename", "f.py", source=UNSAFE_ONLY.encode(), cwd=tmp_path)
    assert result.stdout == UNSAFE_ONLY.encode()
    assert "f.py:6:8: JAX103" in result.stderr.decode()
    assert result.returncode == 1  # a finding remains
    clean = "x = 1\n"
    result = jaxlint("--fix", "-", source=clean.encode(), cwd=tmp_path)
    assert (result.stdout, result.stderr.decode(), result.returncode) == (clean.encode(), "All checks passed!\n", 0)


def test_fix_on_source_that_does_not_parse_echoes_it(tmp_path: Path) -> None:
    broken = b"import jax\ndef (:\n"
    result = jaxlint("--fix", "-q", "--stdin-filename", "f.py", source=broken, cwd=tmp_path)
    assert result.stdout == broken
    assert "f.py:2:5: JAX000" in result.stderr.decode()
    assert result.returncode == 1


def test_a_syntax_error_is_placed_in_stdins_text_not_in_the_file_on_disk(tmp_path: Path) -> None:
    (tmp_path / "f.py").write_text("import jax\n\n\ndef ok():\n    return 1\n")  # the saved file differs
    result = jaxlint("--stdin-filename", "f.py", source=b"import jax\n\n\ndef broken(:\n    return 1\n", cwd=tmp_path)
    assert result.stdout.decode().startswith("f.py:4:12: JAX000 "), result.stdout


def test_dash_reads_stdin_and_reports_as_dash(tmp_path: Path) -> None:
    result = jaxlint("--output-format", "github", "-", source=BAD.encode(), cwd=tmp_path)
    assert result.stdout.decode().startswith("::error file=-,line=4,col=1,")
    assert (result.returncode, result.stderr) == (1, b"")


def test_paths_beside_stdin_are_ignored_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "other.py").write_text(BAD)
    result = jaxlint("--output-format", "github", "--stdin-filename", "f.py", "other.py", source=b"x = 1\n",
                     cwd=tmp_path)
    assert result.stderr.decode() == "jaxlint: warning: Ignoring file other.py in favor of standard input.\n"
    assert (result.stdout, result.returncode) == (b"", 0)


def test_diff_from_stdin_prints_the_diff_only(tmp_path: Path) -> None:
    result = jaxlint("--diff", "--stdin-filename", "f.py", source=BAD.encode(), cwd=tmp_path)
    assert result.stdout.decode() == ("--- f.py\n+++ f.py\n@@ -1,4 +1,4 @@\n import jax.numpy as jnp\n \n"
                                      " x = jnp.zeros(3)\n-x[0] = 1.0\n+x = x.at[0].set(1.0)\n")
    assert result.stderr.decode() == "Would fix 1 finding in 1 file.\n"
    assert result.returncode == 1


def test_config_is_found_from_the_stdin_filename(tmp_path: Path) -> None:
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "pyproject.toml").write_text('[tool.jaxlint]\nignore = ["JAX104"]\n')
    result = jaxlint("--stdin-filename", "pkg/m.py", source=BAD.encode(), cwd=tmp_path)
    assert (result.returncode, result.stdout.decode()) == (0, "All checks passed!\n")
