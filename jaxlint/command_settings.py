"""Settings as a command sees them: the configuration found for its paths, with the command line's
overrides (shared by the command line and the language server)."""

from __future__ import annotations

from pathlib import Path

from jaxlint.config import ConfigError, Settings, find_config, load_settings, parse_code_list


def known_codes() -> set[str]:
    from jaxlint.rules import catalog

    return {info.code for info in catalog()}


def resolve_settings(paths: tuple[str, ...], config: str | None, select: str | None, ignore: str | None,
                     extend_select: str | None, *, isolated: bool = False) -> Settings:
    """Config file (explicit or found upward from the first path; none when `isolated`) +
    command-line overrides."""
    known = known_codes()
    path: Path | None
    if config is not None:
        path = Path(config)
        if not path.is_file():
            raise ConfigError(f"--config {config}: no such file")
    elif isolated:
        path = None
    else:
        path = find_config(Path(paths[0]) if paths else Path.cwd())
    settings = load_settings(path, known)
    overrides = {}
    for option, value in (("select", select), ("ignore", ignore), ("extend_select", extend_select)):
        codes = parse_code_list(value, known, f"--{option.replace('_', '-')}")
        if codes is not None:
            overrides[option] = codes if option != "ignore" else settings.ignore + codes
    if "extend_select" in overrides:
        overrides["extend_select"] = settings.extend_select + overrides["extend_select"]
    from dataclasses import replace

    return replace(settings, **overrides)
