"""Command line: parse options, call the engine, print. No analysis logic lives here."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from jaxlint import __version__
from jaxlint.config import (
    ConfigError,
    Settings,
    enabled_codes,
    find_config,
    load_settings,
    parse_code_list,
    parse_glob_list,
)

OUTPUT_FORMATS = ("text", "json", "json-lines", "github", "sarif", "junit", "gitlab")
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130
TARGET_VERSIONS = tuple(f"py3{minor}" for minor in range(8, 15))


def _known_codes() -> set[str]:
    from jaxlint.checks import catalog

    return {info.code for info in catalog()}


def resolve_settings(paths: tuple[str, ...], config: str | None, select: str | None, ignore: str | None,
                     extend_select: str | None) -> Settings:
    """Config file (explicit or found upward from the first path) + command-line overrides."""
    known = _known_codes()
    if config is not None:
        path = Path(config)
        if not path.is_file():
            raise ConfigError(f"--config {config}: no such file")
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


def _with_check_options(settings: Settings, exclude: str | None, extend_exclude: str | None,
                        target_version: str | None) -> Settings:
    """--exclude replaces the configured excludes (the defaults too), --extend-exclude adds to them (as ruff)."""
    from dataclasses import replace

    changes: dict = {"target_version": target_version}
    if exclude is not None:
        changes["exclude"] = parse_glob_list(exclude)
    if extend_exclude is not None:
        changes["extend_exclude"] = settings.extend_exclude + (parse_glob_list(extend_exclude) or ())
    return replace(settings, **changes)


class _Group(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except ConfigError as exc:
            click.echo(f"jaxlint: error: {exc}", err=True)
            ctx.exit(EXIT_ERROR)
        except KeyboardInterrupt:  # before click turns it into "Aborted!" and exit 1, which means findings
            click.echo("jaxlint: interrupted", err=True)
            ctx.exit(EXIT_INTERRUPTED)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="jaxlint", message="%(prog)s %(version)s")
def main() -> None:
    """jaxlint: find, fix and prove the gotchas of JAX code."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@click.option("--fix", is_flag=True, help="Apply safe fixes in place.")
@click.option("--unsafe-fixes", is_flag=True, default=None, help="Also apply (with --fix) or show unsafe fixes.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff; change nothing.")
@click.option("--select", help="Comma-separated codes or prefixes to enable (replaces the configured set).")
@click.option("--ignore", help="Comma-separated codes or prefixes to disable.")
@click.option("--extend-select", help="Codes or prefixes to enable in addition.")
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="text", show_default=True)
@click.option("--statistics", is_flag=True, help="Show a count per rule instead of each finding.")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when findings remain.")
@click.option("--no-cache", is_flag=True, help="Do not read or write the cache.")
@click.option("--cache-dir", type=click.Path(), help="Cache directory (default: .jaxlint_cache).")
@click.option("--config", "config", type=click.Path(), help="A pyproject.toml or jaxlint.toml to use.")
@click.option("--stdin-filename", help="Read the source from stdin (as the path `-` does), reporting it under this name.")
@click.option("--force-exclude", is_flag=True, help="Apply excludes to paths given explicitly too (pre-commit).")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary.")
@click.option("-v", "--verbose", is_flag=True, help="Say which files are checked and how long it took.")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes (default: all cores).")
@click.option("--show-fixes", is_flag=True, help="After the report, list the fixes applied, per file and rule.")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit 1 when anything was fixed, even if nothing remains.")
@click.option("--output-file", type=click.Path(dir_okay=False), help="Write the report to this file, not stdout.")
@click.option("--exclude", help="Comma-separated globs to skip (replaces the configured exclude).")
@click.option("--extend-exclude", help="Comma-separated globs to skip in addition.")
@click.option("--target-version", type=click.Choice(TARGET_VERSIONS), help="The Python the code is written for.")
def check(paths, fix, unsafe_fixes, diff, select, ignore, extend_select, output_format, statistics, exit_zero,
          no_cache, cache_dir, config, stdin_filename, force_exclude, quiet, verbose, jobs, show_fixes,
          exit_non_zero_on_fix, output_file, exclude, extend_exclude, target_version) -> None:
    """Lint PATHS (default: the current directory)."""
    from jaxlint.commands.check import CheckOptions, run_check

    if statistics and output_format not in ("text", "json", "json-lines"):
        raise ConfigError(f"--statistics is not supported with --output-format {output_format}")
    # The config is looked for from where the stdin source says it lives, as ruff does.
    settings = resolve_settings((stdin_filename,) if stdin_filename else paths, config, select, ignore, extend_select)
    settings = _with_check_options(settings, exclude, extend_exclude, target_version)
    options = CheckOptions(
        paths=list(paths), fix=fix, unsafe_fixes=settings.unsafe_fixes if unsafe_fixes is None else unsafe_fixes,
        diff=diff, output_format=output_format, statistics=statistics, exit_zero=exit_zero,
        cache=not no_cache, cache_dir=cache_dir, stdin_filename=stdin_filename, force_exclude=force_exclude,
        quiet=quiet, verbose=verbose, jobs=jobs or os.cpu_count() or 1, show_fixes=show_fixes,
        exit_non_zero_on_fix=exit_non_zero_on_fix, output_file=output_file)
    sys.exit(run_check(options, settings, enabled_codes(settings, sorted(_known_codes()))))


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@click.option("--examples", type=click.Path(), help="Examples file (default: [tool.jaxlint.verify].examples).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True),
              help="Seconds per function (default: [tool.jaxlint.verify].timeout, else 60).")
@click.option("--select", help="Comma-separated codes or prefixes to enable (replaces the configured set).")
@click.option("--ignore", help="Comma-separated codes or prefixes to disable.")
@click.option("--output-format", type=click.Choice(("text", "json")), default="text", show_default=True)
@click.option("--config", "config", type=click.Path(), help="A pyproject.toml or jaxlint.toml to use.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the confirmed findings and the summary.")
@click.option("--jobs", type=click.IntRange(min=1), help="Modules verified at once (default: cores, at most 4).")
def verify(paths, examples, timeout, select, ignore, output_format, config, quiet, jobs) -> None:
    """Check PATHS, then prove each finding (and its fix) by running it under JAX."""
    from jaxlint.commands.verify import VerifyOptions, run_verify

    settings = resolve_settings(paths, config, select, ignore, None)
    options = VerifyOptions(paths=list(paths) or ["."], examples=examples, timeout=timeout,
                            output_format=output_format, workers=jobs or min(4, os.cpu_count() or 1),
                            quiet=quiet)
    sys.exit(run_verify(options, settings, enabled_codes(settings, sorted(_known_codes()))))


@main.command()
@click.option("--output-format", type=click.Choice(("text", "json")), default="text", show_default=True)
def rules(output_format: str) -> None:
    """List every rule: code, name, severity, fix class, summary."""
    from jaxlint.commands.catalog import render_rules

    click.echo(render_rules(output_format))


@main.command()
@click.argument("code", required=False)
def explain(code: str | None) -> None:
    """Show a rule's documentation (without CODE: list the rules)."""
    from jaxlint.commands.catalog import show_explanation

    show_explanation(code)


@main.command()
@click.option("--cache-dir", type=click.Path(), help="Cache directory (default: .jaxlint_cache at the project root).")
def clean(cache_dir: str | None) -> None:
    """Remove the cache (.jaxlint_cache)."""
    from jaxlint.commands.clean import default_cache_dir, remove_cache

    click.echo(remove_cache(Path(cache_dir) if cache_dir else default_cache_dir(Path.cwd())))
