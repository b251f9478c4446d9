"""The real command, end to end: `python -m jaxlint ...` in a subprocess on small projects.

These tests check the surface of docs/contract.md that users, CI bots and editors depend on:
exit codes, every output format, configuration, suppression comments, bad inputs,
notebooks, stdin, `rules`/`explain`, and that `check` stays light (no jax, libcst, rich).
Nothing here imports jax.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import ClassVar, TypeVar

import pytest

from jaxlint import __version__
from tests.terminal import read_until_closed

# --------------------------------------------------------------------------------------------
# Helpers
# --------------------------------------------------------------------------------------------

SNIPPET = """\
import jax
import jax.numpy as jnp

def f():
    x = jnp.zeros(3)
    x[0] = 1.0
    return x

@jax.jit
def g(x):
    print(x)
    return x
"""
# SNIPPET's findings: JAX104 at 6:5-6:15 (in f), JAX106 at 11:5-11:13 (in g).
MESSAGE_104 = "In-place update of JAX array `x`; use `x = x.at[0].set(1.0)`"

CLEAN = "import jax.numpy as jnp\n\n\ndef f(x):\n    return jnp.sin(x)\n"

JSON_FIELDS = ["code", "name", "severity", "message", "filename", "location", "end_location", "function",
               "fix", "noqa_row", "url"]
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _env(extra: dict[str, str] | None = None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_COLOR", "FORCE_COLOR", "CLICOLOR_FORCE", "PYTHONPATH", "CI_PROJECT_DIR")}
    env.update(extra or {})
    return env


def jaxlint(*args: str, cwd: Path, input: str | bytes | None = None,
            env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """Run `python -m jaxlint ARGS` in `cwd`; `check` runs get --no-cache so runs stay independent."""
    argv = list(args)
    if argv and argv[0] == "check" and "--no-cache" not in argv:
        argv.insert(1, "--no-cache")
    binary = isinstance(input, bytes)
    result = subprocess.run([sys.executable, "-m", "jaxlint", *argv], cwd=cwd, input=input,
                            capture_output=True, text=not binary, env=_env(env), timeout=60, check=False)
    if binary:
        result.stdout = result.stdout.decode("utf-8")
        result.stderr = result.stderr.decode("utf-8")
    return result


T = TypeVar("T")


def concurrently(*calls: Callable[[], T]) -> list[T]:
    """Independent commands side by side (each is a subprocess, so threads suffice); results in order."""
    with ThreadPoolExecutor(max_workers=len(calls)) as pool:
        return list(pool.map(lambda call: call(), calls))


def write(root: Path, files: dict[str, str | bytes]) -> Path:
    for name, content in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def findings(result: subprocess.CompletedProcess) -> list[dict]:
    """The JSON report of a `--output-format json` run (stdout must be exactly one JSON array)."""
    assert result.stdout.strip(), result.stderr
    return json.loads(result.stdout)


_GITHUB = re.compile(r"::(?:error|warning|notice) file=(?P<file>[^,]+)"
                     r"(?:,line=(?P<row>\d+),col=(?P<col>\d+),endLine=\d+,endColumn=\d+)?,title=(?P<code>\w+)::")


def lint(*args: str, cwd: Path, **kwargs) -> list[tuple[str, str, int, int]]:
    """(filename, code, row, column) of each finding, from the `github` format.

    The tests that only need where findings are use it: unlike json it has no fix edits to
    build, so it runs faster. The exit code must be 0 or 1 and stderr empty.
    """
    result = jaxlint("check", "--output-format", "github", *args, cwd=cwd, **kwargs)
    assert result.returncode in (0, 1) and not result.stderr, (result.returncode, result.stderr)
    found = [_GITHUB.match(line) for line in result.stdout.splitlines()]
    assert all(found), result.stdout
    assert result.returncode == (1 if found else 0)
    return [(m["file"], m["code"], int(m["row"] or 0), int(m["col"] or 0)) for m in found]  # type: ignore[index]


def codes(found: list[tuple[str, str, int, int]]) -> list[str]:
    return [code for _, code, _, _ in found]


def files(found: list[tuple[str, str, int, int]]) -> set[str]:
    return {filename for filename, _, _, _ in found}


def assert_usage_error(result: subprocess.CompletedProcess, *needles: str, case: str = "") -> None:
    """Exit 2 with a message on stderr naming each needle, and no traceback."""
    assert result.returncode == 2, (case, result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr, (case, result.stderr)
    for needle in needles:
        assert needle in result.stderr, (case, needle, result.stderr)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A project: pyproject with an empty [tool.jaxlint], pkg/train.py with SNIPPET, pkg/clean.py."""
    return write(tmp_path, {"pyproject.toml": "[tool.jaxlint]\n", "pkg/__init__.py": "",
                            "pkg/train.py": SNIPPET, "pkg/clean.py": CLEAN})


# --------------------------------------------------------------------------------------------
# Exit codes and usage errors
# --------------------------------------------------------------------------------------------


class TestExitCodes:
    def test_clean_is_0(self, project: Path) -> None:
        result = jaxlint("check", "pkg/clean.py", cwd=project)
        assert (result.returncode, result.stdout, result.stderr) == (0, "All checks passed!\n", "")

    def test_findings_are_1(self, project: Path) -> None:
        result = jaxlint("check", "pkg", cwd=project)
        assert result.returncode == 1, result.stderr
        assert "JAX104" in result.stdout and "JAX106" in result.stdout

    def test_exit_zero_still_reports(self, project: Path) -> None:
        result = jaxlint("check", "--exit-zero", "pkg", cwd=project)
        assert result.returncode == 0
        assert result.stdout.rstrip().endswith("Found 2 findings (2 fixable with --fix).")

    def test_exit_zero_does_not_hide_a_usage_error(self, project: Path) -> None:
        assert_usage_error(jaxlint("check", "--exit-zero", "missing.py", cwd=project), "missing.py")

    def test_default_path_is_cwd(self, project: Path) -> None:
        assert files(lint(cwd=project)) == {"pkg/train.py"}

    @pytest.mark.parametrize("option", ["--select", "--ignore", "--extend-select"])
    def test_unknown_code_on_command_line(self, project: Path, option: str) -> None:
        assert_usage_error(jaxlint("check", option, "JAX104,NOPE42", "pkg", cwd=project), "NOPE42")

    def test_missing_explicit_path(self, project: Path) -> None:
        result = jaxlint("check", "pkg", "no/such/file.py", cwd=project)
        assert_usage_error(result, "no/such/file.py")

    def test_dangling_symlink_is_a_missing_path(self, project: Path) -> None:
        (project / "dangling.py").symlink_to(project / "gone.py")
        assert_usage_error(jaxlint("check", "dangling.py", cwd=project), "dangling.py")

    def test_statistics_with_a_format_that_has_none(self, project: Path) -> None:
        result = jaxlint("check", "--statistics", "--output-format", "github", "pkg", cwd=project)
        assert_usage_error(result, "--statistics", "github")
        assert result.stdout == ""

    def test_unknown_output_format(self, project: Path) -> None:
        assert_usage_error(jaxlint("check", "--output-format", "xml", "pkg", cwd=project), "xml")

    def test_version(self, project: Path) -> None:
        result = jaxlint("--version", cwd=project)
        assert (result.returncode, result.stdout) == (0, f"jaxlint {__version__}\n")

    def test_console_script_behaves_like_python_m(self, project: Path) -> None:
        script = Path(sys.executable).with_name("jaxlint")
        if not script.exists():
            script = Path(shutil.which("jaxlint") or "")
        if not script.is_file():
            pytest.skip("no `jaxlint` console script next to this interpreter (pip install -e .)")
        commands = (["--version"], ["check", "--no-cache", "pkg"], ["check", "--no-cache", "missing.py"],
                    ["rules", "--output-format", "json"])
        runs = concurrently(
            *[lambda args=args: jaxlint(*args, cwd=project) for args in commands],
            *[lambda args=args: subprocess.run([str(script), *args], cwd=project, capture_output=True, text=True,
                                               env=_env(), timeout=60, check=False) for args in commands])
        for args, module, console in zip(commands, runs[:len(commands)], runs[len(commands):]):
            assert (console.returncode, console.stdout, console.stderr) == \
                (module.returncode, module.stdout, module.stderr), args
        assert [run.returncode for run in runs[:len(commands)]] == [0, 1, 2, 0]


class TestConfigErrors:
    """Every configuration mistake is exit 2 with a message naming the file and the problem."""

    # name: ([tool.jaxlint] content, what stderr must name)
    CASES: ClassVar[dict[str, tuple[str, list[str]]]] = {
        "broken-toml": ('select = ["JAX104"\n', ["pyproject.toml", "TOML"]),
        "unknown-key": ('selct = ["JAX104"]\n', ["selct"]),
        "unknown-select": ('select = ["JAX104", "FOO1"]\n', ["FOO1"]),
        "unknown-ignore-prefix": ('ignore = ["JAX7"]\n', ["JAX7"]),
        "unknown-extend-select": ('extend-select = ["E501"]\n', ["E501"]),
        "unknown-per-file-ignore": ('[tool.jaxlint.per-file-ignores]\n"tests/*" = ["JAX104", "XYZ9"]\n', ["XYZ9"]),
        "select-string": ('select = "JAX104, JAX106"\n', ["select"]),  # one string holding a list: no code
        "select-int": ("select = 104\n", ["select"]),
        "gitignore-str": ('respect-gitignore = "yes"\n', ["respect-gitignore"]),
        "unsafe-int": ("unsafe-fixes = 1\n", ["unsafe-fixes"]),
        "unroll-str": ('max-unroll = "8"\n', ["max-unroll"]),
        "unroll-zero": ("max-unroll = 0\n", ["max-unroll"]),
        "exclude-ints": ("exclude = [1, 2]\n", ["exclude"]),
        "pfi-list": ('per-file-ignores = ["JAX104"]\n', ["per-file-ignores"]),
        "verify-timeout": ('[tool.jaxlint.verify]\ntimeout = "soon"\n', ["timeout"]),
        "verify-unknown-key": ('[tool.jaxlint.verify]\nexample = "ex.py"\n', ["example"]),
    }

    def test_pyproject(self, tmp_path: Path) -> None:
        for name, (table, _) in self.CASES.items():
            header = "" if table.startswith("[tool.jaxlint.") else "[tool.jaxlint]\n"
            write(tmp_path / name, {"pyproject.toml": header + table, "a.py": SNIPPET})
        results = concurrently(*[lambda name=name: jaxlint("check", "a.py", cwd=tmp_path / name)
                                 for name in self.CASES])
        for (name, (_, needles)), result in zip(self.CASES.items(), results):
            assert_usage_error(result, *needles, case=name)
            assert result.stdout == "", name

    def test_jaxlint_toml_unknown_key(self, tmp_path: Path) -> None:
        write(tmp_path, {"jaxlint.toml": 'select = ["JAX1"]\nline-length = 88\n', "a.py": SNIPPET})
        assert_usage_error(jaxlint("check", "a.py", cwd=tmp_path), "jaxlint.toml", "line-length")

    def test_missing_config_file(self, tmp_path: Path) -> None:
        write(tmp_path, {"a.py": SNIPPET})
        assert_usage_error(jaxlint("check", "--config", "nope.toml", "a.py", cwd=tmp_path), "nope.toml")

    def test_pyproject_without_our_table_is_not_validated(self, tmp_path: Path) -> None:
        write(tmp_path, {"pyproject.toml": '[tool.ruff]\nselect = ["E"]\n', "a.py": CLEAN})
        assert jaxlint("check", "a.py", cwd=tmp_path).returncode == 0


# --------------------------------------------------------------------------------------------
# Output formats
# --------------------------------------------------------------------------------------------

EXPECTED_TEXT = """\
pkg/train.py:6:5: JAX104 [*] In-place update of JAX array `x`; use `x = x.at[0].set(1.0)`
  |
6 |     x[0] = 1.0
  |     ^^^^^^^^^^ JAX104
  |

pkg/train.py:11:5: JAX106 [*] {message_106}
   |
11 |     print(x)
   |     ^^^^^^^^ JAX106
   |

Found 2 findings (2 fixable with --fix).
"""


def _run_on_pty(args: list[str], cwd: Path, env: dict[str, str]) -> str:
    """stdout of the command when stdout is a terminal."""
    import pty

    master, slave = pty.openpty()
    try:
        process = subprocess.Popen([sys.executable, "-m", "jaxlint", *args], cwd=cwd, stdout=slave,
                                   stderr=subprocess.DEVNULL, env=env)
        os.close(slave)
        written = read_until_closed(master)
        process.wait(timeout=60)
    finally:
        os.close(master)
    return written.decode("utf-8").replace("\r\n", "\n")


class TestTextOutput:
    def test_exact_report(self, project: Path) -> None:
        result, github = concurrently(lambda: jaxlint("check", "pkg", cwd=project),
                                      lambda: jaxlint("check", "--output-format", "github", "pkg", cwd=project))
        message_106 = github.stdout.splitlines()[1].split("::", 2)[2]  # the rule's wording may change
        assert result.stdout == EXPECTED_TEXT.format(message_106=message_106)
        assert result.stderr == ""

    def test_colour_only_on_a_terminal_and_no_color_honoured(self, project: Path) -> None:
        piped, on_tty, no_color = concurrently(
            lambda: jaxlint("check", "pkg", cwd=project, env={"TERM": "xterm-256color"}),
            lambda: _run_on_pty(["check", "--no-cache", "pkg"], project, _env({"TERM": "xterm-256color"})),
            lambda: _run_on_pty(["check", "--no-cache", "pkg"], project,
                                _env({"TERM": "xterm-256color", "NO_COLOR": "1"})))
        assert "\x1b[" not in piped.stdout
        assert ANSI.search(on_tty), on_tty
        assert ANSI.sub("", on_tty) == piped.stdout
        assert no_color == piped.stdout

    def test_quiet_prints_findings_only(self, project: Path) -> None:
        result = jaxlint("check", "-q", "pkg", cwd=project)
        assert result.returncode == 1
        assert result.stdout.startswith("pkg/train.py:6:5: JAX104 ")
        assert "Found" not in result.stdout
        clean = jaxlint("check", "-q", "pkg/clean.py", cwd=project)
        assert (clean.returncode, clean.stdout.strip()) == (0, "")

    def test_statistics_text(self, tmp_path: Path) -> None:
        two_104 = SNIPPET.replace("    x[0] = 1.0\n", "    x[0] = 1.0\n    x[1] = 2.0\n")
        write(tmp_path, {"a.py": two_104})
        result = jaxlint("check", "--statistics", "a.py", cwd=tmp_path)
        assert result.returncode == 1
        lines = result.stdout.splitlines()
        assert [line.split("\t")[:2] for line in lines[:2]] == [["2", "JAX104"], ["1", "JAX106"]]
        assert lines[0].split("\t")[2] == "[*] in-place-update"
        assert lines[-1] == "Found 3 findings (3 fixable with --fix)."
        assert "a.py:" not in result.stdout

    def test_statistics_json(self, project: Path) -> None:
        result = jaxlint("check", "--statistics", "--output-format", "json", "pkg", cwd=project)
        stats = json.loads(result.stdout)
        assert [(s["code"], s["name"], s["count"]) for s in stats] == \
            [("JAX104", "in-place-update", 1), ("JAX106", "print-in-jit", 1)]


class TestJsonOutput:
    def test_fields_and_values(self, project: Path) -> None:
        result = jaxlint("check", "--output-format", "json", "pkg", cwd=project)
        assert result.returncode == 1
        report = findings(result)
        assert [list(f) for f in report] == [JSON_FIELDS, JSON_FIELDS]
        first, second = report
        assert first["code"] == "JAX104" and first["name"] == "in-place-update" and first["severity"] == "error"
        assert first["message"] == MESSAGE_104
        assert first["filename"] == "pkg/train.py"
        assert (first["location"], first["end_location"]) == ({"row": 6, "column": 5}, {"row": 6, "column": 15})
        assert first["function"] == "pkg.train.f"
        assert first["noqa_row"] == 6 and first["url"] is None
        assert (second["code"], second["name"], second["severity"]) == ("JAX106", "print-in-jit", "warning")
        assert (second["location"], second["end_location"]) == ({"row": 11, "column": 5}, {"row": 11, "column": 13})
        assert second["function"] == "pkg.train.g"
        assert first["fix"] == {
            "applicability": "safe", "message": "Replace with `.at[].set()`",
            "edits": [{"content": "x = x.at[0].set(1.0)", "location": {"row": 6, "column": 5},
                       "end_location": {"row": 6, "column": 15}}]}
        assert second["fix"]["applicability"] == "safe"
        assert [(edit["location"], edit["end_location"]) for edit in second["fix"]["edits"]] == \
            [({"row": 11, "column": 5}, {"row": 11, "column": 13})]
        assert "jax.debug.print(" in second["fix"]["edits"][0]["content"]

    def test_function_is_qualified_and_null_at_module_level(self, project: Path) -> None:
        write(project, {"pkg/nested.py": textwrap.dedent("""\
            import jax
            import jax.numpy as jnp

            class Trainer:
                def step(self):
                    x = jnp.ones(2)
                    x[1] = 0.0
                    return x

            y = jnp.ones(2)
            y[0] = 5.0
            """)})
        report = findings(jaxlint("check", "--output-format", "json", "pkg/nested.py", cwd=project))
        assert [(f["location"]["row"], f["function"]) for f in report] == \
            [(7, "pkg.nested.Trainer.step"), (11, None)]

    def test_sorted_by_filename_row_column_code(self, tmp_path: Path) -> None:
        """Every format reports in this order (checked here on the lightest one)."""
        write(tmp_path, {"b.py": SNIPPET, "a.py": SNIPPET, "sub/c.py": SNIPPET,
                         # two findings on one line: ordered by column
                         "a2.py": "import jax.numpy as jnp\nx = jnp.ones(2)\nx[0] = 1.0; x[1] = 2.0\n"})
        assert lint("sub", "b.py", ".", cwd=tmp_path) == [
            ("a.py", "JAX104", 6, 5), ("a.py", "JAX106", 11, 5),
            ("a2.py", "JAX104", 3, 1), ("a2.py", "JAX104", 3, 13),
            ("b.py", "JAX104", 6, 5), ("b.py", "JAX106", 11, 5),
            ("sub/c.py", "JAX104", 6, 5), ("sub/c.py", "JAX106", 11, 5),
        ]

    def test_filename_as_given(self, project: Path) -> None:
        absolute = str(project / "pkg" / "train.py")
        given = ["./pkg/train.py", "pkg/../pkg/train.py", absolute, "pkg"]
        *runs, from_below = concurrently(*[lambda path=path: lint(path, cwd=project) for path in given],
                                         lambda: jaxlint("check", "--output-format", "json", "train.py",
                                                         cwd=project / "pkg"))
        assert [files(run) for run in runs] == [{"pkg/train.py"}, {"pkg/train.py"}, {absolute}, {"pkg/train.py"}]
        assert {(f["filename"], f["function"]) for f in findings(from_below)} == \
            {("train.py", "pkg.train.f"), ("train.py", "pkg.train.g")}

    def test_function_starts_at_the_package_root(self, tmp_path: Path) -> None:
        """A site-packages folder linted from above: no filesystem prefix in module names."""
        site = "venv/lib/python3.11/site-packages"
        write(tmp_path, {f"{site}/lib/__init__.py": "", f"{site}/lib/mcmc/__init__.py": SNIPPET,
                         f"{site}/lib/mcmc/hmc.py": SNIPPET, f"{site}/single.py": SNIPPET,
                         "scripts/run.py": SNIPPET})
        report = findings(jaxlint("check", "--output-format", "json", "--select", "JAX106", f"{site}/lib",
                                  f"{site}/single.py", "scripts", cwd=tmp_path))
        assert sorted(f["function"] for f in report) == ["lib.mcmc.g", "lib.mcmc.hmc.g", "run.g", "single.g"]

    def test_json_lines_is_the_same_objects(self, project: Path) -> None:
        array, lines = concurrently(lambda: jaxlint("check", "--output-format", "json", "pkg", cwd=project),
                                    lambda: jaxlint("check", "--output-format", "json-lines", "pkg", cwd=project))
        array = findings(array)
        assert lines.returncode == 1
        assert [json.loads(line) for line in lines.stdout.splitlines()] == array

    def test_clean_json_is_an_empty_array(self, project: Path) -> None:
        result, lines = concurrently(
            lambda: jaxlint("check", "--output-format", "json", "pkg/clean.py", cwd=project),
            lambda: jaxlint("check", "--output-format", "json-lines", "pkg/clean.py", cwd=project))
        assert (result.returncode, json.loads(result.stdout)) == (0, [])
        assert (lines.returncode, lines.stdout.strip()) == (0, "")


class TestMachineFormats:
    def test_github(self, project: Path) -> None:
        result = jaxlint("check", "--output-format", "github", "pkg", cwd=project)
        assert result.returncode == 1
        lines = result.stdout.splitlines()
        assert lines[0] == ("::error file=pkg/train.py,line=6,col=5,endLine=6,endColumn=15,title=JAX104::"
                            + MESSAGE_104)
        assert re.fullmatch(r"::warning file=pkg/train\.py,line=11,col=5,endLine=11,endColumn=13,"
                            r"title=JAX106::`print` .+", lines[1])
        assert len(lines) == 2

    def test_sarif(self, project: Path) -> None:
        result = jaxlint("check", "--output-format", "sarif", "pkg", cwd=project)
        assert result.returncode == 1
        log = json.loads(result.stdout)
        assert log["version"] == "2.1.0"
        (run,) = log["runs"]
        driver = run["tool"]["driver"]
        assert driver["name"] == "jaxlint" and driver["version"] == __version__
        rules = {rule["id"]: rule for rule in driver["rules"]}
        assert len(rules) == len(driver["rules"])
        assert {f"JAX10{n}" for n in range(1, 7)} <= set(rules)
        for rule in rules.values():
            assert rule["name"] and rule["shortDescription"]["text"] and rule["fullDescription"]["text"]
        assert rules["JAX104"]["name"] == "in-place-update"
        results = run["results"]
        assert [r["ruleId"] for r in results] == ["JAX104", "JAX106"]
        location = results[0]["locations"][0]["physicalLocation"]
        assert location["artifactLocation"]["uri"] == "pkg/train.py"
        assert location["region"] == {"startLine": 6, "startColumn": 5, "endLine": 6, "endColumn": 15}
        assert results[0]["message"]["text"] == MESSAGE_104
        assert results[0]["level"] == "error" and results[1]["level"] == "warning"
        (fix,) = results[0]["fixes"]
        (change,) = fix["artifactChanges"]
        assert change["artifactLocation"]["uri"] == "pkg/train.py"
        assert change["replacements"] == [{
            "deletedRegion": {"startLine": 6, "startColumn": 5, "endLine": 6, "endColumn": 15},
            "insertedContent": {"text": "x = x.at[0].set(1.0)"}}]

    def test_junit(self, project: Path) -> None:
        result = jaxlint("check", "--output-format", "junit", "pkg", cwd=project)
        assert result.returncode == 1
        root = ET.fromstring(result.stdout.encode("utf-8"))
        assert root.tag == "testsuites" and root.get("failures") == "2"
        (suite,) = root.findall("testsuite")
        assert suite.get("name") == "pkg/train.py"
        cases = suite.findall("testcase")
        assert [(c.get("name"), c.get("line"), c.get("column")) for c in cases] == \
            [("org.jaxlint.JAX104", "6", "5"), ("org.jaxlint.JAX106", "11", "5")]
        assert cases[0].find("failure").get("message") == MESSAGE_104

    def test_junit_clean(self, project: Path) -> None:
        result = jaxlint("check", "--output-format", "junit", "pkg/clean.py", cwd=project)
        assert result.returncode == 0
        assert ET.fromstring(result.stdout.encode("utf-8")).get("failures") == "0"

    def test_gitlab(self, tmp_path: Path) -> None:
        write(tmp_path, {"a.py": SNIPPET, "b.py": SNIPPET})
        result = jaxlint("check", "--output-format", "gitlab", ".", cwd=tmp_path)
        assert result.returncode == 1
        issues = json.loads(result.stdout)
        assert isinstance(issues, list) and len(issues) == 4
        assert [(i["check_name"], i["location"]["path"], i["location"]["positions"]["begin"]["line"])
                for i in issues] == [("JAX104", "a.py", 6), ("JAX106", "a.py", 11),
                                     ("JAX104", "b.py", 6), ("JAX106", "b.py", 11)]
        fingerprints = [i["fingerprint"] for i in issues]
        assert len(set(fingerprints)) == 4 and all(re.fullmatch(r"[0-9a-f]+", f) for f in fingerprints)
        assert {i["severity"] for i in issues} <= {"info", "minor", "major", "critical", "blocker"}
        again = json.loads(jaxlint("check", "--output-format", "gitlab", ".", cwd=tmp_path).stdout)
        assert [i["fingerprint"] for i in again] == fingerprints  # stable across runs


# --------------------------------------------------------------------------------------------
# Columns count characters, not bytes
# --------------------------------------------------------------------------------------------


class TestCharacterColumns:
    SOURCE = 'import jax.numpy as jnp\nx = jnp.zeros(3)\ns = "héllo😀"; x[0] = 1.0\n'
    # 's = "héllo😀"; ' is 14 characters (18 UTF-8 bytes, 15 UTF-16 units)

    def test_json_github_and_text(self, tmp_path: Path) -> None:
        write(tmp_path, {"u.py": self.SOURCE})
        as_json, github, text = concurrently(
            *[lambda fmt=fmt: jaxlint("check", "--output-format", fmt, "u.py", cwd=tmp_path)
              for fmt in ("json", "github", "text")])
        (finding,) = findings(as_json)
        assert (finding["location"], finding["end_location"]) == \
            ({"row": 3, "column": 15}, {"row": 3, "column": 25})
        assert github.stdout.startswith("::error file=u.py,line=3,col=15,endLine=3,endColumn=25,title=JAX104::")
        lines = text.stdout.splitlines()
        assert lines[0].startswith("u.py:3:15: JAX104 ")
        assert lines[2] == '3 | s = "héllo😀"; x[0] = 1.0'
        # the emoji is two terminal columns wide, so the carets start one column later
        assert lines[3] == "  | " + " " * 15 + "^" * 10 + " JAX104"


# --------------------------------------------------------------------------------------------
# Configuration
# --------------------------------------------------------------------------------------------


class TestConfigDiscovery:
    def test_pyproject_found_upward_from_first_path(self, tmp_path: Path) -> None:
        write(tmp_path, {"proj/pyproject.toml": '[tool.jaxlint]\nselect = ["JAX106"]\n',
                         "proj/src/deep/a.py": SNIPPET})
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        # found from the path, not from the working directory
        assert concurrently(lambda: codes(lint("proj/src/deep/a.py", cwd=tmp_path)),
                            lambda: codes(lint(str(tmp_path / "proj/src"), cwd=elsewhere))) == [["JAX106"]] * 2

    def test_pyproject_without_our_table_is_skipped(self, tmp_path: Path) -> None:
        write(tmp_path, {"pyproject.toml": '[tool.jaxlint]\nignore = ["JAX104"]\n',
                         "sub/pyproject.toml": '[project]\nname = "sub"\n[tool.ruff]\nselect = ["E"]\n',
                         "sub/a.py": SNIPPET})
        assert codes(lint("sub", cwd=tmp_path)) == ["JAX106"]

    def test_jaxlint_toml(self, tmp_path: Path) -> None:
        write(tmp_path, {"jaxlint.toml": 'ignore = ["JAX106"]\n', "a.py": SNIPPET})
        assert codes(lint("a.py", cwd=tmp_path)) == ["JAX104"]

    def test_explicit_config(self, tmp_path: Path) -> None:
        write(tmp_path, {"pyproject.toml": '[tool.jaxlint]\nselect = ["JAX104"]\n',
                         "configs/strict.toml": 'select = ["JAX106"]\n',
                         "configs/pyproject.toml": '[tool.jaxlint]\nignore = ["JAX104"]\n', "a.py": SNIPPET})
        found = concurrently(lambda: codes(lint("a.py", cwd=tmp_path)),
                             lambda: codes(lint("--config", "configs/strict.toml", "a.py", cwd=tmp_path)),
                             lambda: codes(lint("--config", "configs/pyproject.toml", "a.py", cwd=tmp_path)))
        assert found == [["JAX104"], ["JAX106"], ["JAX106"]]

    def test_per_file_ignores_relative_to_config(self, tmp_path: Path) -> None:
        write(tmp_path, {"proj/pyproject.toml": textwrap.dedent("""\
                            [tool.jaxlint.per-file-ignores]
                            "tests/*" = ["JAX104"]
                            "scripts/run.py" = ["JAX1"]
                            "*_gen.py" = ["ALL"]
                            """),
                         "proj/tests/test_a.py": SNIPPET, "proj/scripts/run.py": SNIPPET,
                         "proj/scripts/other.py": SNIPPET, "proj/lib/x_gen.py": SNIPPET})
        assert [(f, c) for f, c, _, _ in lint("proj", cwd=tmp_path)] == [
            ("proj/scripts/other.py", "JAX104"), ("proj/scripts/other.py", "JAX106"),
            ("proj/tests/test_a.py", "JAX106")]


    KEY_REUSE = "import jax\n\n\ndef f(key):\n    return jax.random.normal(key) + jax.random.uniform(key)\n"

    def test_key_reuse_is_quiet_in_test_files_by_default(self, tmp_path: Path) -> None:
        layout = {"proj/lib/model.py": self.KEY_REUSE, "proj/lib/test_model.py": self.KEY_REUSE,
                  "proj/lib/model_test.py": self.KEY_REUSE, "proj/tests/helpers.py": self.KEY_REUSE,
                  "proj/conftest.py": self.KEY_REUSE, "proj/lib/contest.py": self.KEY_REUSE}
        write(tmp_path, layout)
        assert sorted((f, c) for f, c, _, _ in lint("proj", cwd=tmp_path)) == [
            ("proj/lib/contest.py", "JAX102"), ("proj/lib/model.py", "JAX102")]
        # other rules still report in tests
        write(tmp_path, {"proj/tests/test_snippet.py": SNIPPET})
        assert codes(lint("proj/tests", cwd=tmp_path)) == ["JAX104", "JAX106"]

    def test_test_files_is_configurable(self, tmp_path: Path) -> None:
        write(tmp_path, {"a/pyproject.toml": "[tool.jaxlint]\ntest-files = []\n",
                         "a/tests/test_x.py": self.KEY_REUSE,
                         "b/pyproject.toml": '[tool.jaxlint]\ntest-files = ["check_*.py", "spec/"]\n',
                         "b/check_x.py": self.KEY_REUSE, "b/spec/x.py": self.KEY_REUSE, "b/tests/test_x.py": self.KEY_REUSE})
        assert files(lint("a", cwd=tmp_path)) == {"a/tests/test_x.py"}
        assert files(lint("b", cwd=tmp_path)) == {"b/tests/test_x.py"}
        write(tmp_path, {"c/pyproject.toml": "[tool.jaxlint]\ntest-files = 3\n", "c/x.py": CLEAN})
        assert_usage_error(jaxlint("check", "c", cwd=tmp_path), "test-files")

class TestSelection:
    # (configured [tool.jaxlint], command-line options, codes reported on SNIPPET)
    CASES: ClassVar[list[tuple[str, list[str], list[str]]]] = [
        ("", [], ["JAX104", "JAX106"]),
        ("", ["--select", "JAX104"], ["JAX104"]),
        ("", ["--select", "JAX1", "--ignore", "JAX106"], ["JAX104"]),
        ("", ["--select", "ALL", "--ignore", "JAX10"], []),
        ("", ["--select", "JAX104", "--extend-select", "JAX106"], ["JAX104", "JAX106"]),
        ("", ["--select", "JAX104,JAX106"], ["JAX104", "JAX106"]),
        ('select = ["JAX10"]\nignore = ["JAX104"]\n', [], ["JAX106"]),
        # the most specific selector wins, as in ruff
        ('select = ["JAX104"]\nignore = ["JAX1"]\n', [], ["JAX104"]),
        ('select = ["JAX106"]\n', ["--extend-select", "JAX104"], ["JAX104", "JAX106"]),
        ('extend-select = ["JAX104"]\nselect = ["JAX105"]\n', [], ["JAX104"]),
        # --select replaces the configured select; --ignore adds to the configured ignore
        ('select = ["JAX104"]\n', ["--select", "JAX106"], ["JAX106"]),
        ('ignore = ["JAX104"]\n', ["--ignore", "JAX106"], []),
    ]

    def test_select_ignore_extend(self, tmp_path: Path) -> None:
        for number, (config, _, _) in enumerate(self.CASES):
            write(tmp_path / str(number), {"pyproject.toml": "[tool.jaxlint]\n" + config, "a.py": SNIPPET})
        found = concurrently(*[lambda number=number, args=args: codes(lint(*args, "a.py", cwd=tmp_path / str(number)))
                               for number, (_, args, _) in enumerate(self.CASES)])
        assert [(config, args, codes) for (config, args, _), codes in zip(self.CASES, found)] == self.CASES


class TestDiscovery:
    def test_default_excluded_directories(self, tmp_path: Path) -> None:
        skipped = [".git", ".venv", "venv", "build", "dist", "__pycache__", ".tox", "node_modules",
                   "lib/python3.11/site-packages"]
        write(tmp_path, {"keep.py": SNIPPET, "pkg/stub.pyi": "import jax.numpy as jnp\nx = jnp.ones(2)\nx[0] = 1\n",
                         **{f"{d}/mod.py": SNIPPET for d in skipped}, "pkg/build/deep/mod.py": SNIPPET,
                         "notes.txt": "x[0] = 1\n", "script.pyc": b"\x00\x01"})
        walked, explicit = concurrently(lambda: files(lint(".", cwd=tmp_path)),
                                        lambda: files(lint("build/mod.py", ".venv", cwd=tmp_path)))
        assert walked == {"keep.py", "pkg/stub.pyi"}
        # a path given explicitly is always checked, and so is what is under it
        assert explicit == {"build/mod.py", ".venv/mod.py"}

    def test_exclude_and_extend_exclude(self, tmp_path: Path) -> None:
        write(tmp_path, {"pyproject.toml": textwrap.dedent("""\
                            [tool.jaxlint]
                            extend-exclude = ["legacy", "*_pb2.py", "pkg/gen/*.py"]
                            """),
                         "pkg/a.py": SNIPPET, "pkg/a_pb2.py": SNIPPET, "pkg/gen/g.py": SNIPPET,
                         "legacy/old.py": SNIPPET, "build/b.py": SNIPPET})
        assert concurrently(lambda: files(lint(".", cwd=tmp_path)),
                            lambda: files(lint("pkg/a_pb2.py", cwd=tmp_path))) == [{"pkg/a.py"}, {"pkg/a_pb2.py"}]
        # `exclude` replaces the defaults (as in ruff): build/ is then checked
        (tmp_path / "pyproject.toml").write_text('[tool.jaxlint]\nexclude = ["legacy"]\n', encoding="utf-8")
        assert files(lint(".", cwd=tmp_path)) == {"build/b.py", "pkg/a.py", "pkg/a_pb2.py", "pkg/gen/g.py"}

    def test_respect_gitignore(self, tmp_path: Path) -> None:
        write(tmp_path, {".git/HEAD": "ref: refs/heads/main\n", ".gitignore": "ignored.py\nout/\n",
                         "src/.gitignore": "local_*.py\n",
                         "ok.py": SNIPPET, "ignored.py": SNIPPET, "out/gen.py": SNIPPET,
                         "src/local_x.py": SNIPPET, "src/y.py": SNIPPET})
        walked, from_below, explicit = concurrently(
            lambda: files(lint(".", cwd=tmp_path)),
            lambda: files(lint("../src", cwd=tmp_path / "src")),
            lambda: files(lint("ignored.py", "src/local_x.py", cwd=tmp_path)))
        assert walked == {"ok.py", "src/y.py"}
        # the .gitignore files above the given directory (inside the repository) still apply
        assert from_below == {"../src/y.py"}
        # an ignored file given explicitly is checked
        assert explicit == {"ignored.py", "src/local_x.py"}
        (tmp_path / "pyproject.toml").write_text("[tool.jaxlint]\nrespect-gitignore = false\n", encoding="utf-8")
        assert files(lint(".", cwd=tmp_path)) == {"ok.py", "ignored.py", "out/gen.py", "src/local_x.py", "src/y.py"}

    def test_same_file_twice_is_reported_once(self, project: Path) -> None:
        assert len(lint("pkg/train.py", "pkg", "./pkg/train.py", cwd=project)) == 2


# --------------------------------------------------------------------------------------------
# Suppression comments
# --------------------------------------------------------------------------------------------


class TestNoqa:
    def test_line_comments(self, tmp_path: Path) -> None:
        write(tmp_path, {"a.py": textwrap.dedent("""\
            import jax
            import jax.numpy as jnp

            @jax.jit
            def f(x):
                y = jnp.zeros(3)
                y[0] = 1.0  # noqa: JAX104
                y[1] = 1.0  # noqa: JAX106
                y[2] = 1.0; print(x)  # noqa: JAX104, JAX106
                y[0] = 2.0; print(x)  # noqa
                y[1] = 2.0  # NOQA:JAX104
                y[2] = 2.0; s = "# noqa: JAX104"
                y[0] = 3.0  # a comment; noqa: JAX104 has no `#` of its own
                print(  # noqa: JAX106
                    x,
                )
                print(
                    x,  # noqa: JAX106
                )
                y[1] = 3.0  # type: ignore  # noqa: JAX104
                return y
            """)})
        # reported: a code the comment does not name (8), noqa inside a string (12), noqa without `#` (13),
        # and a suppression on a later line of a multi-line finding (17: only its first line counts)
        assert [(code, row) for _, code, row, _ in lint("a.py", cwd=tmp_path)] == \
            [("JAX104", 8), ("JAX104", 12), ("JAX104", 13), ("JAX106", 17)]

    def test_file_wide(self, tmp_path: Path) -> None:
        write(tmp_path, {
            "all.py": "# jaxlint: noqa\n" + SNIPPET,
            "one_code.py": SNIPPET + "# jaxlint: noqa: JAX106\n",
            "two_codes.py": "#jaxlint:noqa:JAX104,JAX106\n" + SNIPPET,
            # not alone on its line: no file-wide suppression
            "trailing.py": SNIPPET.replace("import jax\n", "import jax  # jaxlint: noqa\n", 1),
            # inside a string it is no comment at all
            "in_string.py": '"""\n# jaxlint: noqa\n"""\n' + SNIPPET,
        })
        assert [(filename, code, row) for filename, code, row, _ in lint(".", cwd=tmp_path)] == [
            ("in_string.py", "JAX104", 9), ("in_string.py", "JAX106", 14),
            ("one_code.py", "JAX104", 6),
            ("trailing.py", "JAX104", 6), ("trailing.py", "JAX106", 11)]


# --------------------------------------------------------------------------------------------
# Bad inputs: syntax errors, encodings, unreadable files, notebooks
# --------------------------------------------------------------------------------------------


def _notebook(*cells: tuple[str, str]) -> str:
    return json.dumps({
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "cells": [{"cell_type": kind, "metadata": {}, "source": source.splitlines(keepends=True),
                   **({"outputs": [], "execution_count": None} if kind == "code" else {})}
                  for kind, source in cells],
    }, indent=1)


class TestBadInputs:
    def test_unparsable_files_are_findings_and_the_run_goes_on(self, tmp_path: Path) -> None:
        write(tmp_path, {"a_broken.py": "import jax\n\ndef f(:\n    pass\n",
                         "b_unclosed.py": "x = (1,\n",  # no jax in it: still parsed, still reported
                         "c_undecodable.py": b"\xff\xfe invalid utf8\n",
                         "d.py": SNIPPET})
        result, text = concurrently(lambda: jaxlint("check", "--output-format", "json", ".", cwd=tmp_path),
                                    lambda: jaxlint("check", "a_broken.py", cwd=tmp_path))
        assert result.returncode == 1 and result.stderr == ""
        report = findings(result)
        assert [(f["filename"], f["code"], f["location"]["row"], f["location"]["column"]) for f in report] == [
            ("a_broken.py", "JAX000", 3, 7), ("b_unclosed.py", "JAX000", 1, 5), ("c_undecodable.py", "JAX000", 1, 1),
            ("d.py", "JAX104", 6, 5), ("d.py", "JAX106", 11, 5)]
        broken, unclosed, undecodable = report[:3]
        assert {(f["name"], f["severity"], f["fix"]) for f in report[:3]} == {("syntax-error", "error", None)}
        # the parser's own words
        assert "invalid syntax" in broken["message"]
        assert "'(' was never closed" in unclosed["message"]
        assert "decode" in undecodable["message"] and "utf-8" in undecodable["message"].lower()
        assert text.returncode == 1 and text.stdout.startswith("a_broken.py:3:7: JAX000 ")
        assert text.stdout.rstrip().endswith("Found 1 finding.")

    def test_latin1_with_coding_cookie(self, tmp_path: Path) -> None:
        source = "# -*- coding: latin-1 -*-\nimport jax.numpy as jnp\nx = jnp.zeros(3)\ns = 'café'; x[0] = 1.0\n"
        write(tmp_path, {"l.py": source.encode("latin-1"), "bom.py": b"\xef\xbb\xbf" + source[26:].encode()})
        assert lint(".", cwd=tmp_path) == [("bom.py", "JAX104", 3, 13), ("l.py", "JAX104", 4, 13)]
        text = jaxlint("check", "l.py", cwd=tmp_path).stdout
        assert "4 | s = 'café'; x[0] = 1.0" in text

    @pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root can read any file")
    def test_unreadable_explicit_file(self, tmp_path: Path) -> None:
        write(tmp_path, {"locked.py": SNIPPET, "ok.py": SNIPPET})
        (tmp_path / "locked.py").chmod(0)
        try:
            result = jaxlint("check", "--output-format", "json", "locked.py", "ok.py", cwd=tmp_path)
        finally:
            (tmp_path / "locked.py").chmod(0o644)
        assert result.returncode == 2
        assert "locked.py" in result.stderr and "Traceback" not in result.stderr
        assert {f["filename"] for f in findings(result)} == {"ok.py"}

    def test_notebook(self, tmp_path: Path) -> None:
        notebook = _notebook(
            ("markdown", "# Title\nx[0] = 1.0 is fine in markdown\n"),
            ("code", "%matplotlib inline\n!pip install x\nimport jax\nimport jax.numpy as jnp\n"),
            ("code", "def f():\n    x = jnp.zeros(3)\n    x[0] = 1.0\n    return x"),
            ("code", "%%time\n@jax.jit\ndef g(x):\n    %time y = 1\n    print(x)  # noqa: JAX104\n    return x\n"),
            ("code", "%%bash\nif [ -n \"$X\" ]; then echo x[0] = 1; fi\n"),  # not Python: skipped
            ("code", "jnp.zeros?\ng??\n"),  # IPython help
        )
        suppressed = notebook.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104")
        write(tmp_path, {"nb.ipynb": notebook, "suppressed.ipynb": suppressed})
        result, text, suppressed_run = concurrently(
            lambda: jaxlint("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path),
            lambda: jaxlint("check", "nb.ipynb", cwd=tmp_path),
            lambda: lint("suppressed.ipynb", cwd=tmp_path))
        assert result.returncode == 1, result.stderr
        report = findings(result)
        assert [(f["code"], f.get("cell"), f["location"], f["end_location"]) for f in report] == [
            ("JAX104", 3, {"row": 3, "column": 5}, {"row": 3, "column": 15}),
            ("JAX106", 4, {"row": 5, "column": 5}, {"row": 5, "column": 13}),
        ]
        assert report[0]["filename"] == "nb.ipynb" and list(report[0]) == \
            JSON_FIELDS[:5] + ["cell"] + JSON_FIELDS[5:]
        text = text.stdout.splitlines()
        assert text[0].startswith("nb.ipynb:cell 3:3:5: JAX104 ")
        assert text[2] == "3 |     x[0] = 1.0"
        assert any(line.startswith("nb.ipynb:cell 4:5:5: JAX106 ") for line in text)
        # suppression works on the row within the cell
        assert codes(suppressed_run) == ["JAX106"]

    def test_notebook_ipython_syntax_continued_lines(self, tmp_path: Path) -> None:
        """IPython joins a magic or shell line ending in `\\` with the next: no JAX000 that hides the
        other cells; `x = !cmd` binds `x`; a non-Python cell magic's body is skipped."""
        write(tmp_path, {"nb.ipynb": _notebook(
            ("code", "!git clone https://example.org/repo.git \\\n    /content/repo\n%cd /content/repo\n"
                     "files = !ls \\\n  -la\nimport jax.numpy as jnp\n"),
            ("code", "if True:\n    !pip install \\\n        jax\n    x = jnp.zeros(3)\n    x[0] = 1.0\n"),
            ("code", "%%bash\nls \\\n  -la\n(\n"),
        )})
        report = findings(jaxlint("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path))
        assert [(f["code"], f["cell"], f["location"]["row"]) for f in report] == [("JAX104", 2, 5)]

    def test_notebook_messages_name_rows_within_cells(self, tmp_path: Path) -> None:
        write(tmp_path, {"nb.ipynb": _notebook(
            ("code", "import jax\n\nkey = jax.random.key(0)\na = jax.random.normal(key)\n"),
            ("code", "b = jax.random.uniform(key)\n"),
            ("code", "\n\nc = jax.random.key(1)\nd = jax.random.normal(c)\ne = jax.random.normal(c)\n"),
        )})
        report = findings(jaxlint("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path))
        assert [(f["cell"], f["location"]["row"], re.search(r"\(([^)]*)\)", f["message"])[1]) for f in report] == [
            (2, 1, "already consumed on line 4 of cell 1"), (3, 5, "already consumed on line 4")]

    def test_notebooks_found_in_directories(self, tmp_path: Path) -> None:
        write(tmp_path, {"notebooks/nb.ipynb": _notebook(("code", "import jax.numpy as jnp\nx = jnp.ones(2)\nx[0] = 1\n")),
                         "notebooks/.ipynb_checkpoints/nb-checkpoint.ipynb": "{}"})
        assert files(lint(".", cwd=tmp_path)) == {"notebooks/nb.ipynb"}

    def test_invalid_notebooks(self, tmp_path: Path) -> None:
        write(tmp_path, {"a_not_json.ipynb": "{not json", "b_cells_int.ipynb": '{"cells": 3}', "c_list.ipynb": "[]",
                         "d_no_cells.ipynb": '{"nbformat": 4}',
                         "e_bad_source.ipynb": '{"cells": [{"cell_type": "code", "source": [1, 2]}]}',
                         "ok.py": SNIPPET})
        assert [(f, c) for f, c, _, _ in lint(".", cwd=tmp_path)] == [
            ("a_not_json.ipynb", "JAX000"), ("b_cells_int.ipynb", "JAX000"), ("c_list.ipynb", "JAX000"),
            ("d_no_cells.ipynb", "JAX000"), ("e_bad_source.ipynb", "JAX000"), ("ok.py", "JAX104"), ("ok.py", "JAX106")]


class TestInternalErrors:
    def test_a_crashing_rule_does_not_stop_the_run(self, tmp_path: Path) -> None:
        write(tmp_path, {
            "hooks/sitecustomize.py": textwrap.dedent("""\
                import jaxlint.rules.jax104_in_place_update.check as rule

                def check(model):
                    raise RuntimeError("boom from a test")

                rule.check = check
                """),
            "a.py": SNIPPET, "b.py": SNIPPET,
        })
        env = {"PYTHONPATH": str(tmp_path / "hooks")}
        result, exit_zero = concurrently(
            lambda: jaxlint("check", "--output-format", "json", "a.py", "b.py", cwd=tmp_path, env=env),
            lambda: jaxlint("check", "--exit-zero", "a.py", cwd=tmp_path, env=env))
        assert result.returncode == 2
        report = findings(result)
        assert [(f["filename"], f["code"]) for f in report] == \
            [("a.py", "JAX999"), ("a.py", "JAX106"), ("b.py", "JAX999"), ("b.py", "JAX106")]
        assert report[0]["name"] == "internal-error" and "JAX104" in report[0]["message"]
        assert "a.py" in result.stderr and "b.py" in result.stderr and "JAX104" in result.stderr
        assert "boom from a test" in result.stderr
        # --exit-zero does not hide jaxlint's own failure
        assert exit_zero.returncode == 2


# --------------------------------------------------------------------------------------------
# stdin, rules, explain
# --------------------------------------------------------------------------------------------


class TestStdin:
    def test_reports_under_the_given_name(self, project: Path) -> None:
        result = jaxlint("check", "--output-format", "json", "--stdin-filename", "pkg/edited.py", cwd=project,
                         input=SNIPPET)
        assert result.returncode == 1
        assert [(f["filename"], f["code"], f["function"]) for f in findings(result)] == \
            [("pkg/edited.py", "JAX104", "pkg.edited.f"), ("pkg/edited.py", "JAX106", "pkg.edited.g")]

    def test_file_on_disk_is_not_read(self, project: Path) -> None:
        result = jaxlint("check", "--stdin-filename", "pkg/train.py", cwd=project, input=CLEAN)
        assert (result.returncode, result.stdout) == (0, "All checks passed!\n")

    def test_stdin_text_and_per_file_ignores(self, tmp_path: Path) -> None:
        write(tmp_path, {"pyproject.toml": '[tool.jaxlint.per-file-ignores]\n"tests/*" = ["JAX104"]\n'})
        result = jaxlint("check", "--stdin-filename", "tests/test_x.py", cwd=tmp_path, input=SNIPPET.encode())
        assert result.returncode == 1
        assert result.stdout.startswith("tests/test_x.py:11:5: JAX106 ")
        assert "JAX104" not in result.stdout


class TestRulesAndExplain:
    def test_rules_text(self, tmp_path: Path) -> None:
        result = jaxlint("rules", cwd=tmp_path)
        assert result.returncode == 0
        by_code = {line.split()[0]: line for line in result.stdout.splitlines() if line.strip()}
        assert {f"JAX10{n}" for n in range(1, 7)} <= set(by_code)
        assert "in-place-update" in by_code["JAX104"] and "print-in-jit" in by_code["JAX106"]

    def test_rules_json(self, tmp_path: Path) -> None:
        result = jaxlint("rules", "--output-format", "json", cwd=tmp_path)
        assert result.returncode == 0
        rules = {rule["code"]: rule for rule in json.loads(result.stdout)}
        assert {f"JAX10{n}" for n in range(1, 7)} <= set(rules)
        for code in (f"JAX10{n}" for n in range(1, 7)):
            rule = rules[code]
            assert list(rule) == ["code", "name", "severity", "fix", "summary"]
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)+", rule["name"]), rule
            assert rule["severity"] in ("error", "warning", "info")
            assert rule["fix"] in ("safe", "unsafe", "sometimes", "none")
            assert rule["summary"]
        assert (rules["JAX104"]["name"], rules["JAX104"]["fix"]) == ("in-place-update", "safe")

    def test_explain(self, tmp_path: Path) -> None:
        result = jaxlint("explain", "JAX104", cwd=tmp_path)
        assert result.returncode == 0
        assert result.stdout.startswith("# JAX104") and "in-place-update" in result.stdout
        assert jaxlint("explain", "jax104", cwd=tmp_path).stdout == result.stdout

    def test_explain_unknown_code(self, tmp_path: Path) -> None:
        result = jaxlint("explain", "JAX777", cwd=tmp_path)
        assert_usage_error(result, "JAX777")
        assert result.stdout == ""


# --------------------------------------------------------------------------------------------
# `check` stays light and never runs the analysed code
# --------------------------------------------------------------------------------------------

_IN_PROCESS = """\
import runpy, sys
sys.argv = ["jaxlint", *sys.argv[1:]]
try:
    runpy.run_module("jaxlint", run_name="__main__", alter_sys=True)
except SystemExit as exc:
    code = exc.code
heavy = sorted(m for m in sys.modules if m.split(".")[0] in {"jax", "jaxlib", "libcst", "rich", "numpy"})
print("EXIT", code, "HEAVY", heavy, file=sys.stderr)
"""


class TestLightweight:
    # A fix is advertised only once built; the fixes of these findings (an item assignment, a print)
    # are built on `ast`'s positions, so even fixable findings load nothing heavy.
    @pytest.mark.parametrize(("fmt", "snippet", "found"), [
        ("text", SNIPPET, True), ("github", SNIPPET, True), ("json", SNIPPET, True),
        ("text", "import jax.numpy as jnp\n\nx = jnp.zeros(3)\n", False)])
    def test_check_imports_no_jax_libcst_rich(self, tmp_path: Path, fmt: str, snippet: str, found: bool) -> None:
        marker = tmp_path / "EXECUTED"
        write(tmp_path, {"a.py": f"open({str(marker)!r}, 'w').close()\n" + snippet, "run.py": _IN_PROCESS})
        result = subprocess.run([sys.executable, "run.py", "check", "--no-cache", "--output-format", fmt, "a.py"],
                                cwd=tmp_path, capture_output=True, text=True, env=_env(), timeout=60, check=False)
        match = re.search(r"EXIT (\S+) HEAVY (\[.*\])", result.stderr)
        assert match, result.stderr
        heavy = {name.split(".")[0] for name in ast.literal_eval(match[2])}
        assert (match[1], heavy) == ("1" if found else "0", set())
        assert ("JAX104" in result.stdout) == found
        if found and fmt == "json":
            assert all(f["fix"] for f in json.loads(result.stdout)), "the fixes were built without libcst"
        assert not marker.exists(), "check ran the code it analyses"

    def test_rules_and_explain_import_no_jax(self, tmp_path: Path) -> None:
        write(tmp_path, {"run.py": _IN_PROCESS})
        for args in (["rules"], ["explain", "JAX101"]):
            result = subprocess.run([sys.executable, "run.py", *args], cwd=tmp_path, capture_output=True,
                                    text=True, env=_env(), timeout=60, check=False)
            assert re.search(r"EXIT (0|None) HEAVY \[\]", result.stderr), (args, result.stderr)
