"""The progress bar: on stderr, only when stderr is a terminal, the run is long, and the output is for
a person (not -q, not a machine format); erased when done. Real runs on a pseudo-terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.terminal import read_until_closed

ROOT = Path(__file__).resolve().parent.parent
# Analysed (it mentions jax) and slow enough that 300 files take a few seconds with one process.
CLEAN = "import jax\nimport jax.numpy as jnp\n\n" + "".join(
    f"@jax.jit\ndef f{i}(x, y):\n    z = jnp.sin(x) + y\n    return x * y + z\n\n\n" for i in range(30))
FILES = 300


def _run(args: list[str], cwd: Path, *, terminal: bool) -> tuple[str, str]:
    """(stdout, stderr) of a check; stderr on a pseudo-terminal when `terminal`, stdout always piped."""
    import pty

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color", "COLUMNS": "100"}
    argv = [sys.executable, "-m", "jaxlint", "check", "--no-cache", "--jobs", "1", *args, "."]
    if not terminal:
        result = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, env=env, timeout=120, check=False)
        return result.stdout, result.stderr
    master, slave = pty.openpty()
    try:
        process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=slave, env=env)
        os.close(slave)
        written = read_until_closed(master)
        stdout = process.communicate(timeout=120)[0].decode()
    finally:
        os.close(master)
    return stdout, written.decode()


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("slow")
    for i in range(FILES):
        (root / f"m{i:03}.py").write_text(CLEAN)
    return root


def test_bar_on_a_terminal_and_nowhere_else(tree: Path) -> None:
    # -q and a machine format take the same path (progress.wanted); -q stands for both
    with ThreadPoolExecutor(3) as pool:
        bar, piped, quiet = pool.map(lambda case: _run(case[0], tree, terminal=case[1]), [
            ([], True), ([], False), (["-q"], True)])
    stdout, stderr = bar
    assert stdout == "All checks passed!\n"  # the bar never touches stdout
    assert "Checking" in stderr and f"/{FILES}" in stderr, stderr
    assert stderr.rstrip().endswith("\x1b[2K"), repr(stderr[-200:])  # erased at the end
    assert piped == ("All checks passed!\n", "")
    assert quiet == ("", "")
