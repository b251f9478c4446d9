"""[tool.jaxlint] in pyproject.toml or jaxlint.toml → Settings, validated."""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

DEFAULT_EXCLUDE = (".git", ".venv", "venv", "build", "dist", "__pycache__", ".tox", "node_modules",
                   "site-packages", ".jaxlint_cache", ".mypy_cache", ".pytest_cache", ".ruff_cache",
                   ".ipynb_checkpoints", ".nox", ".eggs")
_KEYS = {"select", "ignore", "extend-select", "per-file-ignores", "exclude", "extend-exclude",
         "respect-gitignore", "unsafe-fixes", "max-unroll", "jit-decorators", "key-names", "test-files", "verify",
         "src", "target-jax"}
_VERIFY_KEYS = {"examples", "timeout", "run", "record-calls"}
DEFAULT_SELECT = ("ALL",)
SUFFIXES = (".py", ".pyi", ".ipynb")  # what a folder is searched for
LANGUAGES = ("python", "pyi", "ipynb")  # what --extension maps a suffix to, as ruff's
DEFAULT_SRC = (".", "src")  # as ruff: where a project's own top-level modules are found
# Test files, where rules that flag testing idioms (one key fed to two code paths to compare
# them) stay quiet. A pattern ending in "/" names a folder anywhere in the path.
DEFAULT_TEST_FILES = ("test_*.py", "*_test.py", "conftest.py", "tests/", "test/")


class ConfigError(Exception):
    """A configuration or usage problem: exit code 2 with this message."""


@dataclass(frozen=True)
class Settings:
    root: Path = Path(".")
    config_file: Path | None = None
    select: tuple[str, ...] = DEFAULT_SELECT
    ignore: tuple[str, ...] = ()
    extend_select: tuple[str, ...] = ()
    per_file_ignores: tuple[tuple[str, tuple[str, ...]], ...] = ()
    exclude: tuple[str, ...] = DEFAULT_EXCLUDE
    extend_exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    unsafe_fixes: bool = False
    max_unroll: int = 32
    jit_decorators: tuple[str, ...] = ()
    key_names: tuple[str, ...] = ("key", "rng", "prng_key", "*_key", "*_rng", "rng_key")
    test_files: tuple[str, ...] = DEFAULT_TEST_FILES
    src: tuple[str, ...] = DEFAULT_SRC  # import roots, relative to the configuration's folder
    verify_examples: str | None = None
    verify_timeout: float = 60.0
    verify_run: str | None = None  # the project's own command whose calls give verify its inputs
    verify_record_calls: int = 3  # calls recorded per function from that command
    target_version: str | None = None  # "py311"..., from --target-version: the Python the code is written for
    target_jax: str | None = None  # "0.4.30": the JAX release the project targets; None: read from its requirements
    ignore_noqa: bool = False  # --ignore-noqa: report what noqa comments suppress
    # --extension: (a file name suffix without its dot, "python" | "pyi" | "ipynb"), how such files are read
    extension: tuple[tuple[str, str], ...] = ()
    explicit_select: bool = field(default=False, compare=False)

    def fingerprint(self) -> str:
        """What changes findings: used in the cache key."""
        return repr((self.select, self.ignore, self.extend_select, self.per_file_ignores, self.max_unroll,
                     self.jit_decorators, self.key_names, self.test_files, self.target_version,
                     self.ignore_noqa, self.target_jax, self.extension))

    def notebook(self, path: str) -> bool:
        """Whether `path` is read as a Jupyter notebook: its suffix is `.ipynb`, unless --extension says
        how files with its suffix are read."""
        return is_notebook(path, self.extension)

    def suffixes(self) -> tuple[str, ...]:
        """The suffixes of the files a folder is searched for: .py, .pyi, .ipynb and --extension's."""
        return SUFFIXES + tuple(f".{suffix}" for suffix, _ in self.extension)


def is_notebook(path: str, extension: tuple[tuple[str, str], ...] = ()) -> bool:
    """Whether `path` is read as a notebook, with --extension's (suffix, language) pairs."""
    suffix = os.path.splitext(path)[1][1:]
    return dict(extension).get(suffix, suffix) == "ipynb"


def find_config(start: Path) -> Path | None:
    """jaxlint.toml, or a pyproject.toml with [tool.jaxlint], from `start` upward."""
    directory = start.resolve()
    if not os.path.isdir(directory):  # os.path: a path in an unreadable folder is no error here (discovery says so)
        directory = directory.parent
    for folder in [directory, *directory.parents]:
        candidate = folder / "jaxlint.toml"
        if _is_file(candidate):
            return candidate
        candidate = folder / "pyproject.toml"
        if _is_file(candidate) and _has_tool_table(candidate):
            return candidate
    return None


def _is_file(path: Path) -> bool:
    """An unreadable folder on the way up holds no config for us (the walk reports it)."""
    try:
        return path.is_file()
    except OSError:
        return False


def _has_tool_table(path: Path) -> bool:
    """The pyproject.toml configures jaxlint, in any TOML spelling (`[tool.jaxlint]`, dotted keys,
    `[tool]` with `jaxlint = ...`: a value that is no table is then an error, never ignored)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return False
    if "[tool.jaxlint" in text:
        return True
    if "jaxlint" not in text:
        return False
    try:
        tool = tomllib.loads(text).get("tool", {})
    except tomllib.TOMLDecodeError:
        return False  # not ours to judge unless it names jaxlint's table
    return isinstance(tool, dict) and "jaxlint" in tool


def load_settings(path: Path | None, known_codes: set[str]) -> Settings:
    if path is None:
        return Settings()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read {path}: {exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path} is not valid TOML: {exc}") from None
    table = data.get("tool", {}).get("jaxlint", {}) if path.name == "pyproject.toml" else data
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [tool.jaxlint] must be a table")
    where = f"{path}: " + ("[tool.jaxlint]" if path.name == "pyproject.toml" else "")
    return _from_table(table, path, where.rstrip(": ") + ":", known_codes)


def _from_table(table: dict, path: Path, where: str, known: set[str]) -> Settings:
    unknown = sorted(set(table) - _KEYS)
    if unknown:
        raise ConfigError(f"{where} unknown key{'s' if len(unknown) > 1 else ''} {', '.join(unknown)} "
                          f"(known: {', '.join(sorted(_KEYS))})")
    settings = Settings(root=path.parent, config_file=path)
    changes: dict = {}
    for key in ("select", "ignore", "extend-select"):
        if key in table:
            changes[key.replace("-", "_")] = validate_codes(_strings(table[key], key, where), known, f"{where} {key}")
    if "select" in table:
        changes["explicit_select"] = True
    if "per-file-ignores" in table:
        mapping = table["per-file-ignores"]
        if not isinstance(mapping, dict):
            raise ConfigError(f"{where} per-file-ignores must be a table of glob = [codes]")
        changes["per_file_ignores"] = tuple(
            (_relative_glob(glob), validate_codes(_strings(codes, f"per-file-ignores.{glob}", where), known,
                                  f"{where} per-file-ignores"))
            for glob, codes in mapping.items())
    for key in ("exclude", "extend-exclude"):
        if key in table:
            changes[key.replace("-", "_")] = tuple(_relative_glob(glob) for glob in _strings(table[key], key, where))
    for key in ("jit-decorators", "key-names", "test-files", "src"):
        if key in table:
            changes[key.replace("-", "_")] = _strings(table[key], key, where)
    for key in ("respect-gitignore", "unsafe-fixes"):
        if key in table:
            if not isinstance(table[key], bool):
                raise ConfigError(f"{where} {key} must be true or false")
            changes[key.replace("-", "_")] = table[key]
    if "target-jax" in table:
        value = table["target-jax"]
        if not isinstance(value, str) or not re.fullmatch(r"v?\d+(\.\d+){0,2}", value.strip()):
            raise ConfigError(f"{where} target-jax must be a JAX release such as \"0.4.30\"")
        changes["target_jax"] = value.strip().lstrip("v")
    if "max-unroll" in table:
        if not isinstance(table["max-unroll"], int) or isinstance(table["max-unroll"], bool) or table["max-unroll"] < 1:
            raise ConfigError(f"{where} max-unroll must be a positive integer")
        changes["max_unroll"] = table["max-unroll"]
    if "verify" in table:
        changes.update(_verify_table(table["verify"], path, where))
    return replace(settings, **changes)


def _verify_table(table, path: Path, where: str) -> dict:
    if not isinstance(table, dict):
        raise ConfigError(f"{where} verify must be a table")
    unknown = sorted(set(table) - _VERIFY_KEYS)
    if unknown:
        raise ConfigError(f"{where} unknown key{'s' if len(unknown) > 1 else ''} in verify: {', '.join(unknown)}")
    changes: dict = {}
    if "examples" in table:
        if not isinstance(table["examples"], str):
            raise ConfigError(f"{where} verify.examples must be a path string")
        changes["verify_examples"] = str(path.parent / table["examples"])
    if "run" in table:
        if not isinstance(table["run"], str) or not table["run"].strip():
            raise ConfigError(f"{where} verify.run must be a command string, e.g. \"python -m pytest -q tests\"")
        changes["verify_run"] = table["run"]
    if "record-calls" in table:
        value = table["record-calls"]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ConfigError(f"{where} verify.record-calls must be a positive integer")
        changes["verify_record_calls"] = value
    if "timeout" in table:
        value = table["timeout"]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise ConfigError(f"{where} verify.timeout must be a positive number of seconds")
        changes["verify_timeout"] = float(value)
    return changes


def _strings(value, key: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        example = f' (write {key} = ["{value}"])' if isinstance(value, str) else ""
        raise ConfigError(f"{where} {key} must be a list of strings, not {_toml_type(value)}{example}")
    return tuple(value)


def _toml_type(value: object) -> str:
    if isinstance(value, list):
        return "a list with a non-string item"
    names = {str: "a string", bool: "a boolean", int: "an integer", float: "a number", dict: "a table"}
    return names.get(type(value), type(value).__name__)


def _relative_glob(glob: str) -> str:
    """Globs match paths relative to the config's folder, written without `./` (`./tests/*` is `tests/*`)."""
    while glob.startswith("./"):
        glob = glob[2:]
    return glob


def validate_codes(codes: tuple[str, ...] | list[str], known: set[str], where: str) -> tuple[str, ...]:
    """Codes or prefixes (`JAX1`, `ALL`); anything matching no known code is an error."""
    cleaned = []
    for code in codes:
        code = code.strip().upper()
        if not code:
            continue
        if code != "ALL" and not any(k.startswith(code) for k in known):
            raise ConfigError(f"{where}: unknown rule code or prefix `{code}` "
                              f"(see `jaxlint rules`)")
        cleaned.append(code)
    return tuple(cleaned)


def parse_code_list(text: str | None, known: set[str], option: str) -> tuple[str, ...] | None:
    if text is None:
        return None
    codes = validate_codes(text.split(","), known, option)
    if not codes:  # as in ruff: an empty selector is a mistake, not "no rules"
        raise ConfigError(f"{option}: no rule code given (comma-separated codes or prefixes, e.g. {option} JAX104)")
    return codes


def parse_glob_list(text: str | None) -> tuple[str, ...] | None:
    """Comma-separated globs from the command line (--exclude), written as in the config."""
    if text is None:
        return None
    return tuple(_relative_glob(glob.strip()) for glob in text.split(",") if glob.strip())


def parse_per_file_ignores(values: tuple[str, ...], known: set[str],
                           option: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """`--per-file-ignores tests/*:JAX102,docs/*:JAX1` (repeatable), ruff's `pattern:code` pairs."""
    pairs = []
    for value in values:
        for item in value.split(","):
            glob, _, code = item.strip().rpartition(":")
            if not glob or not code.strip():
                raise ConfigError(f"{option}: `{item.strip()}` is not a <pattern>:<code> pair (e.g. tests/*:JAX102)")
            pairs.append((_relative_glob(glob), validate_codes([code], known, option)))
    return tuple(pairs)


def parse_extensions(values: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """`--extension pyw:python,ipy:ipynb` (repeatable), ruff's `extension:language` pairs; the last
    pair for a suffix wins."""
    pairs: dict[str, str] = {}
    for value in values:
        for item in value.split(","):
            suffix, colon, language = (part.strip() for part in item.strip().partition(":"))
            suffix = suffix.lstrip(".")
            if not colon or not suffix or not language:
                raise ConfigError(f"--extension: `{item.strip()}` is not an <extension>:<language> pair "
                                  "(e.g. pyw:python or ipy:ipynb)")
            if language not in LANGUAGES:
                raise ConfigError(f"--extension {item.strip()}: unknown language `{language}` "
                                  f"(one of {', '.join(LANGUAGES)})")
            pairs[suffix] = language
    return tuple(pairs.items())


def enabled_codes(settings: Settings, known: list[str]) -> set[str]:
    """ruff's rule: the most specific selector wins; ignore beats select at equal specificity."""
    from jaxlint.rules import off_by_default

    return chosen_codes(settings.select + settings.extend_select, settings.ignore, known, off_by_default())


def chosen_codes(selected: tuple[str, ...], ignored: tuple[str, ...], known: list[str],
                 off_by_default: frozenset[str] = frozenset()) -> set[str]:
    """The codes `selected` and not `ignored` (rule selection, also `--fixable`/`--unfixable`)."""
    enabled = set()
    selectors = [(s, True) for s in selected] + [(s, False) for s in ignored]
    for code in known:
        best: tuple[int, bool] | None = None
        for selector, on in selectors:
            if selector == "ALL" or code.startswith(selector):
                length = 0 if selector == "ALL" else len(selector)
                if best is None or length > best[0] or (length == best[0] and not on):
                    best = (length, on)
        if best and best[1]:
            default_off = code in off_by_default and best[0] < len(code)
            if not default_off:
                enabled.add(code)
    return enabled
