"""One file checked in a big project (pre-commit, an editor) analyses only the project's files an
import links to it: what it imports, what imports it, and what those importers import; a module
that turns x64 on counts for every module. The rest cannot tell it anything."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from jaxlint.project.links import linked_files

PROJECT = {
    "pyproject.toml": "",
    "pkg/__init__.py": "",
    "pkg/named.py": "import jax\nfrom .helpers import (\n    scale,  # a comment\n    shift,\n)\n"
                    "try: import pkg.optional as opt\nexcept ImportError: opt = None\n",
    "pkg/helpers.py": "from pkg.deep import thing\n\ndef scale(x):\n    return thing(x)\n\ndef shift(x):\n    return x\n",
    "pkg/deep.py": "def thing(x):\n    return x\n",
    "pkg/optional.py": "VALUE = 1\n",
    "pkg/caller.py": "import jax\nfrom pkg import named\n",
    "app.py": "import os, pkg.caller as c\nimport settings\n",
    "settings.py": "LR = 0.1\n",
    "pkg/unrelated.py": "import jax\nimport numpy as np\n",
    "other.py": "from pkg.unrelated import np\n",
    "wide.py": "import jax\njax.config.update('jax_enable_x64', True)\n",
    "notes.py": '"""A docstring line that reads as an import is a link too (a superset is safe):\n\n'
                'from pkg import named\n"""\n',
    "explore.ipynb": json.dumps({"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                                            "source": ["import jax\n", "from pkg.named import scale\n"]}],
                                 "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, indent=1),
}
LINKED = {"pkg/__init__.py", "pkg/helpers.py", "pkg/deep.py", "pkg/optional.py", "pkg/caller.py", "app.py",
          "settings.py", "wide.py", "notes.py", "explore.ipynb"}


def _write(root: Path) -> list[str]:
    for name, text in PROJECT.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return [str(root / name) for name in PROJECT if name.endswith((".py", ".ipynb"))]


def test_linked_files_follow_imports_both_ways(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    named = str(tmp_path / "pkg/named.py")
    others = [p for p in paths if p != named]
    data = {p: Path(p).read_bytes() for p in paths}
    kept = linked_files([named], others, data)
    assert {os.path.relpath(p, tmp_path) for p in kept} == LINKED
    assert kept == [p for p in others if p in kept]  # in the order given


def test_an_unreadable_file_is_kept(tmp_path: Path) -> None:
    paths = _write(tmp_path)
    named, lost = str(tmp_path / "pkg/named.py"), str(tmp_path / "other.py")
    data: dict[str, bytes | None] = {p: Path(p).read_bytes() for p in paths}
    data[lost] = None
    assert lost in linked_files([named], [p for p in paths if p != named], data)


def test_one_file_check_analyses_only_the_linked_files(tmp_path: Path) -> None:
    _write(tmp_path)
    done = subprocess.run([sys.executable, "-m", "jaxlint", "check", "-v", "--no-cache", "pkg/named.py"],
                          cwd=tmp_path, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert f"project: {len(LINKED) + 1} files" in done.stderr
