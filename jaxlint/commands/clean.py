"""`jaxlint clean`: remove the cache folder, and only one that jaxlint made."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from jaxlint.config import ConfigError, find_config

CACHE_NAME = ".jaxlint_cache"
_OUR_TAG = "created by jaxlint"  # in the CACHEDIR.TAG the cache writes


def default_cache_dir(start: Path) -> Path:
    """Where `check` keeps its cache: next to the configuration found from `start`, else in `start`."""
    config = find_config(start)
    return (config.parent if config else start) / CACHE_NAME


def remove_cache(directory: Path) -> str:
    """Delete `directory` if it is a jaxlint cache; say what went."""
    shown = os.path.relpath(directory) if directory.is_absolute() else str(directory)
    if not directory.exists():
        return f"No cache at {shown}"
    try:
        tag = (directory / "CACHEDIR.TAG").read_text(encoding="utf-8", errors="replace")
    except OSError:
        tag = ""
    if _OUR_TAG not in tag:  # a mistyped --cache-dir must not delete someone's folder
        raise ConfigError(f"{shown} is not a jaxlint cache (no CACHEDIR.TAG written by jaxlint); nothing removed")
    entries = [path for path in directory.rglob("*") if path.is_file() and path.parent != directory]
    size = sum(path.stat().st_size for path in entries)
    try:
        shutil.rmtree(directory)
    except OSError as exc:
        raise ConfigError(f"cannot remove {shown}: {exc.strerror or exc}") from None
    return f"Removed {shown} ({len(entries)} entr{'y' if len(entries) == 1 else 'ies'}, {_size(size)})"


def _size(count: int) -> str:
    if count < 1024:
        return f"{count} bytes"
    return f"{count / 1024:.1f} KiB" if count < 2**20 else f"{count / 2**20:.1f} MiB"
