"""Command line: parse options, call the engine, print. No analysis logic lives here."""

from __future__ import annotations

import os
import sys
from dataclasses import replace
from pathlib import Path
from typing import NoReturn

import click

from jaxlint import __version__, interrupts
from jaxlint.command_settings import known_codes, resolve_settings
from jaxlint.config import (
    ConfigError,
    Settings,
    chosen_codes,
    enabled_codes,
    parse_code_list,
    parse_extensions,
    parse_glob_list,
    parse_per_file_ignores,
)
from jaxlint.exit_status import ExitStatus

OUTPUT_FORMATS = ("text", "json", "json-lines", "github", "sarif", "junit", "gitlab")
TARGET_VERSIONS = tuple(f"py3{minor}" for minor in range(8, 15))


def _with_check_options(settings: Settings, exclude: str | None, extend_exclude: str | None,
                        target_version: str | None, extend_ignore: str | None, per_file_ignores: tuple[str, ...],
                        extend_per_file_ignores: tuple[str, ...], ignore_noqa: bool,
                        respect_gitignore: bool | None, unsafe_fixes: bool | None) -> Settings:
    """Command-line overrides of check's settings, as ruff: --exclude and --per-file-ignores replace
    the configured ones (default excludes too), the --extend-* options add to them."""
    known = known_codes()
    changes: dict = {"target_version": target_version, "ignore_noqa": ignore_noqa}
    if exclude is not None:
        changes["exclude"] = parse_glob_list(exclude)
    if extend_exclude is not None:
        changes["extend_exclude"] = settings.extend_exclude + (parse_glob_list(extend_exclude) or ())
    if extend_ignore is not None:  # deprecated in ruff, where it is --ignore that adds
        changes["ignore"] = settings.ignore + (parse_code_list(extend_ignore, known, "--extend-ignore") or ())
    if per_file_ignores:
        changes["per_file_ignores"] = parse_per_file_ignores(per_file_ignores, known, "--per-file-ignores")
    if extend_per_file_ignores:
        changes["per_file_ignores"] = changes.get("per_file_ignores", settings.per_file_ignores) + \
            parse_per_file_ignores(extend_per_file_ignores, known, "--extend-per-file-ignores")
    if respect_gitignore is not None:
        changes["respect_gitignore"] = respect_gitignore
    if unsafe_fixes is not None:
        changes["unsafe_fixes"] = unsafe_fixes
    return replace(settings, **changes)


def _fixable_codes(fixable: str | None, extend_fixable: str | None, unfixable: str | None) -> frozenset[str] | None:
    """The codes whose fixes --fixable/--extend-fixable/--unfixable allow (selected as rules are); None: all."""
    if fixable is None and extend_fixable is None and unfixable is None:
        return None
    known = known_codes()
    on = (parse_code_list(fixable, known, "--fixable") or ("ALL",)) + \
        (parse_code_list(extend_fixable, known, "--extend-fixable") or ())
    return frozenset(chosen_codes(on, parse_code_list(unfixable, known, "--unfixable") or (), sorted(known)))


class _Group(click.Group):
    def parse_args(self, ctx, args):
        try:
            return super().parse_args(ctx, args)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:  # `jaxlint --bogus`
            _usage_error(exc, ctx.command_path)

    def invoke(self, ctx):
        interrupts.install()
        try:
            return super().invoke(ctx)
        except ConfigError as exc:
            click.echo(f"jaxlint: error: {exc}", err=True)
            ctx.exit(ExitStatus.ERROR)
        except click.exceptions.NoArgsIsHelpError:
            raise
        except click.UsageError as exc:  # a command's options (`jaxlint check --bogus`), an unknown command
            _usage_error(exc, " ".join(filter(None, (ctx.command_path, ctx.invoked_subcommand))))
        except KeyboardInterrupt:  # before click turns it into "Aborted!" and exit 1, which means findings
            interrupts.end_now()  # 130 (143 for SIGTERM), children ended, no exit join to hang in


def _usage_error(exc: click.UsageError, command: str) -> NoReturn:
    """click's usage errors as jaxlint's other usage errors read: one `jaxlint: error:` line, exit 2."""
    message = exc.format_message()
    message = message[:1].lower() + message[1:] if message[1:2].islower() else message
    where = exc.ctx.command_path if exc.ctx is not None else command
    click.echo(f"jaxlint: error: {message} (see `{where} --help`)", err=True)
    raise click.exceptions.Exit(ExitStatus.ERROR)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="jaxlint", message="%(prog)s %(version)s")
def main() -> None:
    """jaxlint: find, fix and prove the gotchas of JAX code."""


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@click.option("--fix/--no-fix", default=None, help="Apply safe fixes in place.")
@click.option("--unsafe-fixes/--no-unsafe-fixes", default=None, help="Also apply (with --fix) or show unsafe fixes.")
@click.option("--fix-only/--no-fix-only", default=None, help="Apply fixes; report only what was fixed.")
@click.option("--add-noqa", is_flag=True, help="Add `# noqa` directives to the lines with findings.")
@click.option("--diff", is_flag=True, help="Print the fixes as a unified diff; change nothing.")
@click.option("--select", help="Comma-separated codes or prefixes to enable (replaces the configured set).")
@click.option("--ignore", help="Comma-separated codes or prefixes to disable.")
@click.option("--extend-select", help="Codes or prefixes to enable in addition.")
@click.option("--extend-ignore", help="Like --ignore (deprecated in ruff).")
@click.option("--per-file-ignores", multiple=True, help="PATTERN:CODE pairs, comma-separated (replace the configured).")
@click.option("--extend-per-file-ignores", multiple=True, help="PATTERN:CODE pairs in addition.")
@click.option("--fixable", help="Codes or prefixes whose fixes may be applied (default: all).")
@click.option("--extend-fixable", help="Codes or prefixes fixable in addition.")
@click.option("--unfixable", help="Codes or prefixes whose fixes are never applied.")
@click.option("--ignore-noqa", is_flag=True, help="Report findings that `# noqa` comments suppress.")
@click.option("--output-format", type=click.Choice(OUTPUT_FORMATS), default="text", show_default=True)
@click.option("--statistics", is_flag=True, help="Show a count per rule instead of each finding.")
@click.option("-e", "--exit-zero", is_flag=True, help="Exit 0 even when findings remain.")
@click.option("-n", "--no-cache", is_flag=True, help="Do not read or write the cache.")
@click.option("--cache-dir", type=click.Path(), help="Cache directory (default: .jaxlint_cache).")
@click.option("--config", "config", type=click.Path(), help="A pyproject.toml or jaxlint.toml to use.")
@click.option("--stdin-filename", help="Read the source from stdin (as the path `-` does), reporting it under this name.")
@click.option("--force-exclude", is_flag=True, help="Apply excludes to paths given explicitly too (pre-commit).")
@click.option("-q", "--quiet", is_flag=True, help="Print findings only, no summary.")
@click.option("-s", "--silent", is_flag=True, help="Print nothing (errors aside): the exit code tells.")
@click.option("-v", "--verbose", is_flag=True, help="Say which files are checked and how long it took.")
@click.option("--jobs", type=click.IntRange(min=1), help="Worker processes (default: all cores).")
@click.option("--show-fixes/--no-show-fixes", default=False,
              help="After the report, list the fixes applied, per file and rule.")
@click.option("--exit-non-zero-on-fix", is_flag=True, help="Exit 1 when anything was fixed, even if nothing remains.")
@click.option("-o", "--output-file", type=click.Path(dir_okay=False), help="Write the report to this file, not stdout.")
@click.option("--exclude", help="Comma-separated globs to skip (replaces the configured exclude).")
@click.option("--extend-exclude", help="Comma-separated globs to skip in addition.")
@click.option("--target-version", type=click.Choice(TARGET_VERSIONS), help="The Python the code is written for.")
@click.option("--respect-gitignore/--no-respect-gitignore", default=None, help="Skip what .gitignore ignores.")
@click.option("--color", type=click.Choice(("auto", "always", "never")), default="auto", show_default=True,
              help="Colour the report (always: even through a pipe).")
@click.option("--show-files", is_flag=True, help="List the files that would be checked, and exit.")
@click.option("--show-settings", is_flag=True, help="Print the resolved settings, and exit.")
@click.option("--isolated", is_flag=True, help="Ignore every configuration file (jaxlint.toml, [tool.jaxlint]).")
@click.option("--extension", multiple=True, metavar="EXT:LANG",
              help="Read files ending in .EXT as LANG (python, pyi or ipynb), and search folders for them "
                   "(e.g. pyw:python, ipy:ipynb).")
@click.option("--preview/--no-preview", default=False,
              help="Accepted for ruff's sake: jaxlint has no preview rules, so it changes nothing.")
@click.option("--watch", is_flag=True, help="Check again whenever a checked file or a configuration file changes.")
def check(paths, fix, unsafe_fixes, fix_only, add_noqa, diff, select, ignore, extend_select, extend_ignore,
          per_file_ignores, extend_per_file_ignores, fixable, extend_fixable, unfixable, ignore_noqa, output_format,
          statistics, exit_zero, no_cache, cache_dir, config, stdin_filename, force_exclude, quiet, verbose, jobs,
          show_fixes, exit_non_zero_on_fix, output_file, exclude, extend_exclude, target_version, respect_gitignore,
          color, show_files, show_settings, silent, isolated, extension, preview, watch) -> None:
    """Lint PATHS (default: the current directory)."""
    from jaxlint.commands.check import CheckOptions, run_check

    if statistics and output_format not in ("text", "json", "json-lines"):
        raise ConfigError(f"--statistics is not supported with --output-format {output_format}")
    if add_noqa and (fix or fix_only or diff or stdin_filename or "-" in paths):
        raise ConfigError("--add-noqa cannot be used with --fix, --fix-only, --diff or standard input")
    _refuse_together(silent=silent, verbose=verbose, isolated=isolated, config=config, watch=watch,
                     stdin=bool(stdin_filename or "-" in paths), add_noqa=add_noqa, show=show_files or show_settings)
    del preview  # jaxlint has no preview rules: --preview and --no-preview are accepted and change nothing

    def configured() -> tuple[CheckOptions, Settings, set[str]]:
        """The run's options, settings and rules, from the configuration files as they are now."""
        # The config is looked for from where the stdin source says it lives, as ruff does.
        settings = resolve_settings((stdin_filename,) if stdin_filename else paths, config, select, ignore,
                                    extend_select, isolated=isolated)
        settings = _with_check_options(settings, exclude, extend_exclude, target_version, extend_ignore,
                                       per_file_ignores, extend_per_file_ignores, ignore_noqa, respect_gitignore,
                                       unsafe_fixes)
        if extension:
            settings = replace(settings, extension=parse_extensions(extension))
        options = CheckOptions(
            paths=list(paths), fix=bool(fix or fix_only), unsafe_fixes=settings.unsafe_fixes, diff=diff,
            output_format=output_format, statistics=statistics, exit_zero=exit_zero,
            cache=not no_cache, cache_dir=cache_dir, stdin_filename=stdin_filename, force_exclude=force_exclude,
            quiet=quiet or silent, verbose=verbose, jobs=jobs or os.cpu_count() or 1, show_fixes=show_fixes,
            exit_non_zero_on_fix=exit_non_zero_on_fix, output_file=output_file, fix_only=bool(fix_only),
            add_noqa=add_noqa, fixable=_fixable_codes(fixable, extend_fixable, unfixable), color=color,
            silent=silent)
        return options, settings, enabled_codes(settings, sorted(known_codes()))

    options, settings, enabled = configured()
    if show_files or show_settings:
        from jaxlint.commands import show

        sys.exit(show.show_files(options, settings) if show_files else show.show_settings(options, settings, enabled))
    if watch:
        from jaxlint.commands.watch import watch_check

        sys.exit(watch_check(configured, (options, settings, enabled)))
    sys.exit(run_check(options, settings, enabled))


def _refuse_together(*, silent: bool, verbose: bool, isolated: bool, config: str | None, watch: bool, stdin: bool,
                     add_noqa: bool, show: bool) -> None:
    """The check options that contradict each other (as ruff's do), a usage error."""
    if silent and verbose:
        raise ConfigError("--silent cannot be used with --verbose")
    if isolated and config is not None:
        raise ConfigError("--config cannot be used with --isolated (which ignores every configuration file)")
    if watch and (stdin or add_noqa or show):
        raise ConfigError("--watch cannot be used with standard input, --add-noqa, --show-files or --show-settings")


@main.command()
@click.argument("paths", nargs=-1, type=click.Path(readable=False))
@click.option("--run", "run_command", metavar="COMMAND",
              help='The project\'s own command (e.g. "python -m pytest -q tests"): the arguments of the flagged '
                   'functions\' first calls become their inputs (default: [tool.jaxlint.verify].run).')
@click.option("--record-calls", type=click.IntRange(min=1), metavar="N",
              help="Calls recorded per function with --run (default: [tool.jaxlint.verify].record-calls, else 3).")
@click.option("--examples", type=click.Path(), help="Examples file (default: [tool.jaxlint.verify].examples).")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True),
              help="Seconds per function (default: [tool.jaxlint.verify].timeout, else 60).")
@click.option("--select", help="Comma-separated codes or prefixes to enable (replaces the configured set).")
@click.option("--ignore", help="Comma-separated codes or prefixes to disable.")
@click.option("--output-format", type=click.Choice(("text", "json", "github", "sarif", "junit")), default="text",
              show_default=True, help="The CI formats carry each finding's verdict (title, properties, test case).")
@click.option("--config", "config", type=click.Path(), help="A pyproject.toml or jaxlint.toml to use.")
@click.option("-q", "--quiet", is_flag=True, help="Print only the confirmed findings and the summary.")
@click.option("--jobs", type=click.IntRange(min=1), help="Modules verified at once (default: cores, at most 4).")
@click.option("--observe-checks", "observe_checks", metavar="CHECKS",
              help="With --run, run the command once more under JAX's own checks (comma-separated: key_reuse, "
                   "nan, leak, or all), each failure kept at its line and the program let go on. Slower: key "
                   "reuse several times, leaks far more.")
@click.option("--fail-on-observed", "fail_on_observed", metavar="KINDS",
              help="With --run, exit 1 too when the run shows one of these comma-separated kinds: recompile, "
                   "eager_compile, host_sync, stale_global, key_reuse, nan, leak, or all.")
@click.option("--fail-on", type=click.Choice(("confirmed", "unrefuted")), default="confirmed", show_default=True,
              help="Exit 1 for confirmed findings only, or for every finding verify did not refute (a CI gate "
                   "on proof).")
def verify(paths, run_command, record_calls, examples, timeout, select, ignore, output_format, config, quiet,
           jobs, fail_on, observe_checks, fail_on_observed) -> None:
    """Check PATHS, then prove each finding (and its fix) by running it under JAX."""
    from jaxlint.commands.verify import CHECKS, OBSERVED_KINDS, VerifyOptions, kinds_named, run_verify

    settings = resolve_settings(paths, config, select, ignore, None)
    options = VerifyOptions(paths=list(paths) or ["."], examples=examples, timeout=timeout, run=run_command,
                            record_calls=record_calls,
                            output_format=output_format, workers=jobs or min(4, os.cpu_count() or 1),
                            quiet=quiet, fail_on=fail_on,
                            observe_checks=kinds_named("--observe-checks", observe_checks, CHECKS),
                            fail_on_observed=kinds_named("--fail-on-observed", fail_on_observed, OBSERVED_KINDS))
    sys.exit(run_verify(options, settings, enabled_codes(settings, sorted(known_codes()))))


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
@click.argument("code", required=False)
@click.option("--all", "all_rules", is_flag=True, help="Every rule's documentation.")
def rule(code: str | None, all_rules: bool) -> None:
    """Show a rule's documentation (ruff's name for `explain`)."""
    from jaxlint.commands.catalog import explain_rule, show_explanation
    from jaxlint.rules import catalog

    if (code is None) == (not all_rules):
        raise click.UsageError("give a rule CODE or --all")
    if code is not None:
        show_explanation(code)
        return
    click.echo("\n\n".join(explain_rule(info.code) or "" for info in catalog()))


@main.command()
@click.option("--cache-dir", type=click.Path(), help="Cache directory (default: .jaxlint_cache at the project root).")
def clean(cache_dir: str | None) -> None:
    """Remove the cache (.jaxlint_cache)."""
    from jaxlint.commands.clean import default_cache_dir, remove_cache

    click.echo(remove_cache(Path(cache_dir) if cache_dir else default_cache_dir(Path.cwd())))


@main.command()
def server() -> None:
    """Run the language server (LSP over stdio) for editors; needs the `server` extra."""
    from jaxlint.server import serve

    sys.exit(serve())
