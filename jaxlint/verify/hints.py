"""What verify tells a user whose findings had no inputs: one line naming `--run`, with the exact
command when the project has tests."""

from __future__ import annotations

import configparser
import tomllib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

NO_INPUTS = "no example inputs"
_TEST_FOLDERS = ("tests", "test")


def how_to_give_inputs(results: Iterable[dict[str, Any]], root: Path) -> str | None:
    lacking = sum(1 for r in results if r["status"] == "skipped" and r["reason"] == NO_INPUTS)
    if not lacking:
        return None
    command = test_command(root)
    run = f'--run "{command}"' if command else '--run "COMMAND" (your tests or a short training run)'
    return (f"{lacking} finding{'s' * (lacking != 1)} had no inputs: give them with {run}, which records the "
            f"arguments of the flagged functions' calls, or with an examples file (--examples)")


def test_command(root: Path) -> str | None:
    """`python -m pytest -q ...` when the project has tests or a pytest configuration."""
    folder = next((name for name in _TEST_FOLDERS if (root / name).is_dir()), None)
    if folder is not None:
        return f"python -m pytest -q {folder}"
    if _configures_pytest(root) or any(root.glob("test_*.py")) or (root / "conftest.py").is_file():
        return "python -m pytest -q"
    return None


def _configures_pytest(root: Path) -> bool:
    if (root / "pytest.ini").is_file():
        return True
    try:
        with open(root / "pyproject.toml", "rb") as handle:
            if "pytest" in tomllib.load(handle).get("tool", {}):
                return True
    except (OSError, tomllib.TOMLDecodeError):
        pass
    for name, section in (("setup.cfg", "tool:pytest"), ("tox.ini", "pytest")):
        parser = configparser.ConfigParser()
        try:
            parser.read(root / name, encoding="utf-8")
        except (configparser.Error, UnicodeDecodeError):
            continue
        if parser.has_section(section):
            return True
    return False
