"""`check --show-files` and `check --show-settings`: what a check would look at, and with which settings."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
from pathlib import Path

from jaxlint.commands.check import CheckOptions
from jaxlint.config import Settings
from jaxlint.discovery import discover
from jaxlint.exit_status import ExitStatus


def show_files(options: CheckOptions, settings: Settings) -> int:
    """The files a check would analyse, absolute and sorted, one per line (as ruff)."""
    found = discover(options.paths or ["."], settings, options.force_exclude)
    for error in found.errors:
        print(f"jaxlint: error: {error}", file=sys.stderr)
    for path in sorted(os.path.abspath(f) for f in found.files):
        print(path)
    return ExitStatus.ERROR if found.errors else ExitStatus.CLEAN


def show_settings(options: CheckOptions, settings: Settings, enabled: set[str]) -> int:
    """The resolved settings as `key = value` lines, values in JSON (as ruff's, in its spirit)."""
    first = os.path.abspath(options.stdin_filename or (options.paths or ["."])[0])
    lines = [f"Resolved settings for: {json.dumps(first)}", "", "# Settings"]
    for field in dataclasses.fields(settings):
        if field.name != "explicit_select":
            lines.append(f"{field.name} = {_value(getattr(settings, field.name))}")
    lines.append(f"enabled = {_value(sorted(enabled))}")
    lines += ["", "# Run"]
    for name in ("fix", "fix_only", "show_fixes", "output_format", "cache", "cache_dir", "jobs"):
        lines.append(f"{name} = {_value(getattr(options, name))}")
    lines.append(f"fixable = {_value(sorted(options.fixable) if options.fixable is not None else ['ALL'])}")
    print("\n".join(lines))
    return 0


def _value(value: object) -> str:
    # Tuples as lists, a path absolute.
    return json.dumps(value, default=lambda v: str(v.resolve()) if isinstance(v, Path) else str(v))
