"""Configuration values are type-checked, empty selectors are usage errors, and `./` globs match.

The real command in a subprocess on real projects (helpers from test_cli)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cli import SNIPPET, assert_usage_error, codes, concurrently, files, jaxlint, lint, write


@pytest.mark.parametrize(("table", "needles"), [
    ('select = "JAX1"\n', ['select must be a list of strings, not a string (write select = ["JAX1"])']),
    ('exclude = "src"\n', ['exclude must be a list of strings, not a string (write exclude = ["src"])']),
    ('extend-exclude = "gen"\n', ["extend-exclude must be a list of strings"]),
    ('jit-decorators = "mylib.jit"\n', ["jit-decorators must be a list of strings"]),
    ('test-files = {a = 1}\n', ["test-files must be a list of strings, not a table"]),
    ('key-names = ["key", 3]\n', ["key-names must be a list of strings, not a list with a non-string item"]),
    ('[tool.jaxlint.per-file-ignores]\n"tests/*" = "JAX102"\n', ["per-file-ignores.tests/* must be a list"]),
])
def test_a_value_of_the_wrong_type_is_a_usage_error(tmp_path: Path, table: str, needles: list[str]) -> None:
    header = "" if table.startswith("[tool.jaxlint.") else "[tool.jaxlint]\n"
    write(tmp_path, {"pyproject.toml": header + table, "a.py": SNIPPET})
    result = jaxlint("check", "a.py", cwd=tmp_path)
    assert_usage_error(result, "pyproject.toml", *needles)
    assert result.stdout == ""


def test_jaxlint_under_a_bare_tool_table_is_read_not_ignored(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": "[tool]\njaxlint = 3\n", "a.py": SNIPPET})
    assert_usage_error(jaxlint("check", "a.py", cwd=tmp_path), "pyproject.toml", "[tool.jaxlint] must be a table")
    write(tmp_path, {"pyproject.toml": '[tool]\njaxlint.select = ["JAX104"]\n'})  # dotted keys: a table
    shown = jaxlint("check", "--show-settings", "a.py", cwd=tmp_path)
    assert 'select = ["JAX104"]' in shown.stdout, shown.stdout + shown.stderr


def test_an_empty_selector_on_the_command_line_is_a_usage_error(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": SNIPPET})
    results = concurrently(*[lambda option=option: jaxlint("check", option, value, "a.py", cwd=tmp_path)
                             for option in ("--select", "--ignore", "--extend-select") for value in ("", " , ")])
    for result in results:
        assert_usage_error(result, "no rule code given")
        assert result.stdout == ""
    # a stray comma next to a code is no mistake
    assert codes(lint("--select", "JAX104,", "a.py", cwd=tmp_path)) == ["JAX104"]


def test_globs_written_with_a_leading_dot_slash_match(tmp_path: Path) -> None:
    write(tmp_path, {"pyproject.toml": '[tool.jaxlint]\nextend-exclude = ["./legacy"]\n'
                                       '[tool.jaxlint.per-file-ignores]\n"./tests/*" = ["JAX104"]\n',
                     "tests/t.py": SNIPPET, "legacy/old.py": SNIPPET, "src/m.py": SNIPPET})
    found = lint(".", cwd=tmp_path)
    assert files(found) == {"tests/t.py", "src/m.py"}
    assert "JAX104" not in {code for filename, code, _, _ in found if filename == "tests/t.py"}
    assert "JAX104" in {code for filename, code, _, _ in found if filename == "src/m.py"}
