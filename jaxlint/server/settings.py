"""What the editor asks for (initialization options, workspace/didChangeConfiguration) and the
settings a buffer is linted with: its project's pyproject.toml/jaxlint.toml, found from the buffer's
path as `check --stdin-filename` finds it, with the editor's overrides on top."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from jaxlint.config import ConfigError, Settings


@dataclass(frozen=True)
class EditorOptions:
    """initializationOptions, at the top level or under a `jaxlint` key (both camelCase and the
    command line's dashed names are read)."""

    config: str | None = None  # a pyproject.toml or jaxlint.toml to use (--config)
    select: str | None = None  # comma-separated codes or prefixes (--select)
    ignore: str | None = None  # (--ignore)
    extend_select: str | None = None  # (--extend-select)
    unsafe_fixes: bool | None = None  # fix-all applies unsafe fixes too; None: the project's `unsafe-fixes`
    show_suppressed: bool = True  # publish the findings a noqa comment silences, greyed out as hints
    cache: bool = True  # read and write the project's .jaxlint_cache as `check` does

    @classmethod
    def from_json(cls, raw: Any) -> EditorOptions:
        if not isinstance(raw, dict):
            return cls()
        if isinstance(raw.get("jaxlint"), dict):
            raw = raw["jaxlint"]

        def get(*names: str) -> Any:
            return next((raw[n] for n in names if raw.get(n) is not None), None)

        unsafe, suppressed, cache = get("unsafeFixes", "unsafe-fixes"), get("showSuppressed"), get("cache")
        return cls(config=_text(get("configuration", "config", "configPath")), select=_codes(get("select")),
                   ignore=_codes(get("ignore")), extend_select=_codes(get("extendSelect", "extend-select")),
                   unsafe_fixes=None if unsafe is None else bool(unsafe),
                   show_suppressed=True if suppressed is None else bool(suppressed),
                   cache=True if cache is None else bool(cache))


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _codes(value: Any) -> str | None:
    """A list of codes or a comma-separated string, as the command line takes it."""
    if isinstance(value, (list, tuple)):
        return ",".join(str(v) for v in value) if value else None
    return _text(value)


@dataclass(frozen=True)
class BufferSettings:
    settings: Settings
    enabled: frozenset[str]
    unsafe_fixes: bool  # whether fix-all applies unsafe fixes


def buffer_settings(path: str, options: EditorOptions) -> BufferSettings:
    """The settings `jaxlint check --stdin-filename PATH` would use, with the editor's options as the
    command line's. Raises ConfigError as the command line does (exit 2 there, a message here)."""
    from jaxlint.command_settings import known_codes, resolve_settings
    from jaxlint.config import enabled_codes

    config = options.config
    if config is not None and not Path(config).is_file():
        raise ConfigError(f"configuration {config}: no such file")
    settings = resolve_settings((path,), config, options.select, options.ignore, options.extend_select)
    if options.unsafe_fixes is not None:
        settings = replace(settings, unsafe_fixes=options.unsafe_fixes)
    return BufferSettings(settings, frozenset(enabled_codes(settings, sorted(known_codes()))), settings.unsafe_fixes)


__all__ = ["BufferSettings", "ConfigError", "EditorOptions", "buffer_settings"]
