"""`check --watch`: check, then check again each time a file the check would read, or a
configuration file, changes; until Ctrl-C (exit 130). Polling, standard library only."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from jaxlint.commands.check import CheckOptions, run_check
from jaxlint.config import ConfigError, Settings
from jaxlint.discovery import discover

POLL_SECONDS = 0.5
_CONFIG_NAMES = ("jaxlint.toml", "pyproject.toml", ".gitignore")

Configured = tuple[CheckOptions, Settings, set[str]]


def watch_check(configure: Callable[[], Configured], first: Configured) -> int:
    """Never returns but by Ctrl-C (KeyboardInterrupt, which the command line turns into exit 130).
    `configure` reads the configuration again after a change; `first` is what it gave at the start."""
    options, settings, enabled = first
    _say("jaxlint: watching for changes (Ctrl-C to stop)", options)
    while True:
        # As the files are when the check reads them: an edit made while it runs is a change. With
        # --fix, as they are after it, so that what it wrote is none (an edit made meanwhile waits).
        writes = options.fix and not options.diff
        before = None if writes else _snapshot(options, settings)
        run_check(options, settings, enabled)
        sys.stdout.flush()
        if before is None:
            before = _snapshot(options, settings)
        time.sleep(POLL_SECONDS)
        while _snapshot(options, settings) == before:
            time.sleep(POLL_SECONDS)
        _say("jaxlint: change detected, checking again", options)
        try:
            options, settings, enabled = configure()
        except ConfigError as exc:  # a half-edited configuration: say so, keep the last good one
            print(f"jaxlint: error: {exc}", file=sys.stderr)


def _say(line: str, options: CheckOptions) -> None:
    if not options.quiet:
        print(line, file=sys.stderr, flush=True)


def _snapshot(options: CheckOptions, settings: Settings) -> dict[str, tuple[int, int] | str]:
    """(modification time, size) of every file the check would read and of the configuration files
    that may apply to it (a file that appears or goes away is a change too)."""
    paths = options.paths or ["."]
    found = discover(paths, settings, options.force_exclude)
    files = found.files
    candidates = [*files, *(str(f) for f in _config_files(paths, settings))]
    # a named path that goes away or comes back is a change, reported by the next check
    state: dict[str, tuple[int, int] | str] = {"": "\n".join(found.errors)}
    for path in candidates:
        try:
            status = os.stat(path)
        except OSError:
            continue
        state[path] = (status.st_mtime_ns, status.st_size)
    return state


def _config_files(paths: list[str], settings: Settings) -> list[Path]:
    """The configuration in use, and every file that could become one: jaxlint.toml, pyproject.toml
    and .gitignore in each named folder and the folders above the first."""
    folders = {Path(p).resolve() if os.path.isdir(p) else Path(p).resolve().parent for p in paths}
    first = Path(paths[0]).resolve()
    folders.update(first.parents)
    found = [folder / name for folder in sorted(folders) for name in _CONFIG_NAMES]
    return [settings.config_file, *found] if settings.config_file is not None else found
