"""A .py file that does not parse, through the real command line: a JAX000 for each syntax error and
the findings of the rest of the file, at their true rows and columns; the names a broken statement
may bind are unknown afterwards; nothing writes the file (--fix, --add-noqa)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.test_cli import concurrently, findings, jaxlint, write

SOURCE = """\
import jax
import jax.numpy as jnp

table = jnp.zeros(3)


def clip(x:
    return jnp.minimum(x, 1.0)


table = [0.0, 1.0,


@jax.jit
def step(x):
    if x > 0:
        x = x + 1
    print(x)
    if clip(x) > 0:
        return x
    return -x


table[0] = 1.0
"""
BROKEN_ROWS = (7, 8, 11)
# The same module without the broken statements, row for row: `table` stays the JAX array there.
WITHOUT = "".join("\n" if row in BROKEN_ROWS else line
                  for row, line in enumerate(SOURCE.splitlines(keepends=True), start=1))


def where(result) -> list[tuple[str, int, int]]:
    return [(f["code"], f["location"]["row"], f["location"]["column"]) for f in findings(result)]


def test_syntax_errors_and_the_findings_of_the_rest_of_the_file(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": SOURCE, "control.py": WITHOUT})
    report, control, text = concurrently(
        lambda: jaxlint("check", "--output-format", "json", "m.py", cwd=tmp_path),
        lambda: jaxlint("check", "--output-format", "json", "control.py", cwd=tmp_path),
        lambda: jaxlint("check", "m.py", cwd=tmp_path))
    assert report.returncode == 1, report.stderr
    # Both syntax errors; the jitted `if` and `print` after them; nothing on `clip(x)` (clip is defined
    # only in a broken statement) nor on `table[0] = 1.0` (the broken statement may rebind `table`,
    # which without it is a JAX array: JAX104 in the control).
    assert where(report) == [("JAX000", 8, 5), ("JAX000", 11, 9), ("JAX103", 16, 8), ("JAX106", 18, 5)]
    assert where(control) == [("JAX103", 16, 8), ("JAX106", 18, 5), ("JAX104", 24, 1)]
    first, second = findings(report)[:2]
    # CPython's words for the first error (the parser stumbles on `return` inside the parentheses)
    assert (first["message"], second["message"]) == ("SyntaxError: invalid syntax",
                                                     "SyntaxError: '[' was never closed")
    # no fix is offered in a file that does not parse; the frames show the rows as written
    assert all(f["fix"] is None for f in findings(report))
    assert [f["fix"] is not None for f in findings(jaxlint("check", "--output-format", "json", "--unsafe-fixes",
                                                           "control.py", cwd=tmp_path))] == [True, True, True]
    assert "[*]" not in text.stdout and text.stdout.endswith("Found 4 findings.\n")
    assert "8 |     return jnp.minimum(x, 1.0)\n  |     ^ JAX000\n" in text.stdout
    assert "11 | table = [0.0, 1.0,\n   |         ^ JAX000\n" in text.stdout


def test_fix_diff_and_add_noqa_leave_a_file_that_does_not_parse_as_it_is(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": SOURCE.replace("\n", "\r\n")})
    before = (tmp_path / "m.py").read_bytes()
    for args in (["--fix"], ["--fix", "--unsafe-fixes"]):
        result = jaxlint("check", *args, "m.py", cwd=tmp_path)
        assert result.returncode == 1 and (tmp_path / "m.py").read_bytes() == before, (args, result.stderr)
        assert "Fixed" not in result.stdout + result.stderr
    diff = jaxlint("check", "--diff", "--unsafe-fixes", "m.py", cwd=tmp_path)
    assert (diff.returncode, diff.stdout, diff.stderr) == (0, "", "")  # nothing would change
    noqa = jaxlint("check", "--add-noqa", "m.py", cwd=tmp_path)
    assert (tmp_path / "m.py").read_bytes() == before
    assert noqa.stderr == "jaxlint: warning: m.py: no noqa directives added (the file does not parse)\n"
    fixed_stdin = jaxlint("check", "--fix", "--unsafe-fixes", "--stdin-filename", "m.py", cwd=tmp_path,
                          input=SOURCE)
    assert fixed_stdin.stdout == SOURCE and "m.py:16:8: JAX103" in fixed_stdin.stderr


def test_sarif_and_json_lines_carry_the_syntax_errors_with_the_other_findings(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": SOURCE})
    sarif, lines = concurrently(lambda: jaxlint("check", "--output-format", "sarif", "m.py", cwd=tmp_path),
                                lambda: jaxlint("check", "--output-format", "json-lines", "m.py", cwd=tmp_path))
    results = json.loads(sarif.stdout)["runs"][0]["results"]
    assert [(r["ruleId"], r["locations"][0]["physicalLocation"]["region"]["startLine"]) for r in results] == [
        ("JAX000", 8), ("JAX000", 11), ("JAX103", 16), ("JAX106", 18)]
    assert not any("fixes" in r for r in results)
    assert [json.loads(line)["code"] for line in lines.stdout.splitlines()] == ["JAX000", "JAX000", "JAX103",
                                                                                "JAX106"]


def test_a_broken_statement_inside_a_function_costs_only_that_statement(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": "import jax\n\n\n@jax.jit\ndef f(x):\n    y = x * 2\n    while y > 0\n"
                             "        y = y - 1\n    print(x)\n    if x > 0:\n        return y\n    return x\n"})
    assert where(jaxlint("check", "--output-format", "json", "m.py", cwd=tmp_path)) == [
        ("JAX000", 7, 16), ("JAX106", 9, 5), ("JAX103", 10, 8)]


def test_too_many_syntax_errors_leave_the_first_alone(tmp_path: Path) -> None:
    """Python 2 code: past 20 errors the file is not analysed, as before recovery."""
    body = 'print "one"\n' * 25 + "import jax\n\n\n@jax.jit\ndef f(x):\n    print(x)\n    return x\n"
    write(tmp_path, {"py2.py": body, "few.py": 'print "one"\n' * 3 + body[12 * 25:]})
    many, few = concurrently(lambda: jaxlint("check", "--output-format", "json", "py2.py", cwd=tmp_path),
                             lambda: jaxlint("check", "--output-format", "json", "few.py", cwd=tmp_path))
    assert where(many) == [("JAX000", 1, 1)]
    assert where(few) == [("JAX000", 1, 1), ("JAX000", 2, 1), ("JAX000", 3, 1), ("JAX106", 9, 5)]


def test_an_else_without_its_colon_and_a_decorated_def_cost_only_themselves(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": "import jax\n\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        y = x\n    else\n"
                             "        y = -x\n    print(x)\n    return y\n\n\n@jax.jit\ndef g(x) -> :\n    return x\n\n\n"
                             "@jax.jit\ndef h(x):\n    print(x)\n    return x\n"})
    assert where(jaxlint("check", "--output-format", "json", "m.py", cwd=tmp_path)) == [
        ("JAX103", 6, 8), ("JAX000", 8, 9), ("JAX106", 10, 5), ("JAX000", 15, 10), ("JAX106", 21, 5)]
