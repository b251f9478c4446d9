"""More of ruff's options, through the real command line: --add-noqa, --fix-only, --no-fix,
--no-unsafe-fixes, --fixable/--unfixable, --extend-ignore, --per-file-ignores, --ignore-noqa,
--[no-]respect-gitignore, --color, --show-files, --show-settings, `jaxlint rule`, -o, -e, -s/--silent,
--isolated, --extension, --[no-]preview, --no-show-fixes, --watch, and click's usage errors as
`jaxlint: error:` lines."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BAD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
GOOD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"
UNSAFE_ONLY = "import jax\n\n\n@jax.jit\ndef f(x):\n    if x > 0:\n        return x\n    return -x\n"
ESCAPE = "\x1b["


def jaxlint(*args: str, cwd: Path, env: dict[str, str] | None = None, input: str | None = None,
            ) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    return subprocess.run([sys.executable, "-m", "jaxlint", *args], capture_output=True, text=True, cwd=cwd,
                          env={**base, "PYTHONPATH": str(ROOT), **(env or {})}, timeout=60, check=False,
                          input=input)


def check(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    return jaxlint("check", "--no-cache", *args, cwd=cwd, env=env)


def write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


NOQA_CASES = '''import jax
import jax.numpy as jnp


@jax.jit
def f(x):
    print("""value
%s""" % x)
    print(x, \\
          x)
    print(x)  # keep this
    print(x)  # NOQA:E501 why
    y = jnp.zeros(3)
    y[0] = 1.0; print(x)
    return y
'''


def test_add_noqa_appends_merges_and_skips_lines_that_cannot_take_a_comment(tmp_path: Path) -> None:
    write(tmp_path, {"m.py": NOQA_CASES})
    result = check("--add-noqa", "m.py", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "")
    assert result.stderr.splitlines() == [
        "jaxlint: warning: m.py:7:5: no noqa directive for JAX106: the line ends inside a multi-line string",
        "jaxlint: warning: m.py:9:5: no noqa directive for JAX106: the line ends in a backslash continuation",
        "Added 3 noqa directives.",
    ]
    assert (tmp_path / "m.py").read_text() == NOQA_CASES.replace(
        "print(x)  # keep this", "print(x)  # keep this  # noqa: JAX106").replace(
        "# NOQA:E501 why", "# noqa: E501, JAX106 why").replace(
        "y[0] = 1.0; print(x)", "y[0] = 1.0; print(x)  # noqa: JAX104, JAX106")
    after = check("--output-format", "json", "m.py", cwd=tmp_path)
    assert [(f["code"], f["location"]["row"]) for f in json.loads(after.stdout)] == [("JAX106", 7), ("JAX106", 9)]
    written = (tmp_path / "m.py").read_bytes()
    again = check("--add-noqa", "m.py", cwd=tmp_path)
    assert (again.returncode, "Added" in again.stderr, (tmp_path / "m.py").read_bytes()) == (0, False, written)


def test_add_noqa_writes_through_a_symlink_keeping_crlf(tmp_path: Path) -> None:
    (tmp_path / "real.py").write_bytes(BAD.replace("\n", "\r\n").encode())
    (tmp_path / "link.py").symlink_to("real.py")
    result = check("--add-noqa", "link.py", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 1 noqa directive.\n")
    assert (tmp_path / "link.py").is_symlink()
    assert (tmp_path / "real.py").read_bytes() == BAD.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104").replace(
        "\n", "\r\n").encode()
    assert check("link.py", cwd=tmp_path).returncode == 0
    assert check("-q", "--add-noqa", "link.py", cwd=tmp_path).stderr == ""


def test_add_noqa_in_a_notebook_edits_the_cell_source(tmp_path: Path) -> None:
    notebook = {"cells": [
        {"cell_type": "code", "execution_count": 1, "metadata": {}, "source": ["import jax\n", "%matplotlib inline\n"],
         "outputs": [{"name": "stdout", "output_type": "stream", "text": ["hi\n"]}]},
        {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [],
         "source": ["@jax.jit\n", "def f(x):\n", "    print(x)\n", "    return x"]}],
        "metadata": {"kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"}},
        "nbformat": 4, "nbformat_minor": 5}
    (tmp_path / "n.ipynb").write_text(json.dumps(notebook, indent=1) + "\n")
    result = check("--add-noqa", "n.ipynb", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "Added 1 noqa directive.\n")
    notebook["cells"][1]["source"][2] = "    print(x)  # noqa: JAX106\n"
    assert (tmp_path / "n.ipynb").read_text() == json.dumps(notebook, indent=1) + "\n"
    assert check("n.ipynb", cwd=tmp_path).returncode == 0


def test_add_noqa_refuses_fix_and_stdin(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    for extra in (["--fix"], ["--diff"], ["--fix-only"], ["--stdin-filename", "a.py"]):
        result = check("--add-noqa", *extra, "a.py", cwd=tmp_path)
        assert result.returncode == 2 and "--add-noqa cannot be used with" in result.stderr, extra
    assert (tmp_path / "a.py").read_text() == BAD


def test_fix_only_reports_only_what_it_fixed(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY})
    result = check("--fix-only", ".", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "Fixed 1 finding in 1 file.\n")  # u.py's finding: not reported
    assert (tmp_path / "a.py").read_text() == GOOD
    nothing = check("--fix-only", ".", cwd=tmp_path)
    assert (nothing.returncode, nothing.stdout) == (0, "")
    write(tmp_path, {"a.py": BAD})
    assert check("--fix-only", "--exit-non-zero-on-fix", ".", cwd=tmp_path).returncode == 1


def test_no_fix_and_no_unsafe_fixes_override(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY, "jaxlint.toml": "unsafe-fixes = true\n"})
    result = check("--fix", "--no-fix", "a.py", cwd=tmp_path)  # the last one wins, as in ruff
    assert result.returncode == 1 and (tmp_path / "a.py").read_text() == BAD
    kept = check("--fix", "--no-unsafe-fixes", "u.py", cwd=tmp_path)
    assert kept.returncode == 1 and (tmp_path / "u.py").read_text() == UNSAFE_ONLY
    assert "1 fixable with --fix --unsafe-fixes" in kept.stdout
    fixed = check("--fix", "u.py", cwd=tmp_path)  # the config's unsafe-fixes = true
    assert fixed.returncode == 0 and (tmp_path / "u.py").read_text() != UNSAFE_ONLY


def test_unfixable_drops_the_fix_from_markers_counts_json_and_fixing(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY})
    text = check("--unfixable", "JAX104", "--unsafe-fixes", ".", cwd=tmp_path).stdout
    assert "a.py:4:1: JAX104 In-place" in text and "JAX103 [*]" in text
    assert text.endswith("Found 2 findings (1 fixable with --fix).\n")
    rows = json.loads(check("--fixable", "JAX103", "--output-format", "json", ".", cwd=tmp_path).stdout)
    assert [(f["code"], f["fix"] is None) for f in rows] == [("JAX104", True), ("JAX103", False)]
    # As ruff: the most specific selector wins.
    assert "JAX104 [*]" in check("--unfixable", "JAX1", "--fixable", "JAX104", "a.py", cwd=tmp_path).stdout
    result = check("--fix", "--unsafe-fixes", "--unfixable", "JAX104", ".", cwd=tmp_path)
    assert (tmp_path / "a.py").read_text() == BAD and (tmp_path / "u.py").read_text() != UNSAFE_ONLY
    assert result.stdout.endswith("Found 1 finding.\n")


def test_extend_ignore_and_per_file_ignores(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "tests/t.py": BAD, "u.py": UNSAFE_ONLY,
                     "jaxlint.toml": '[per-file-ignores]\n"u.py" = ["JAX103"]\n'})

    def files(*args: str) -> list[str]:
        return sorted(f["filename"] for f in json.loads(check("--output-format", "json", *args, ".",
                                                              cwd=tmp_path).stdout))

    assert files() == ["a.py", "tests/t.py"]
    assert files("--extend-ignore", "JAX104") == []
    # The command line replaces the configured per-file-ignores, as ruff's does.
    assert files("--per-file-ignores", "tests/*:JAX104") == ["a.py", "u.py"]
    assert files("--per-file-ignores", "tests/*:JAX104,a.py:JAX1", "--per-file-ignores", "u.py:JAX103") == []
    assert files("--extend-per-file-ignores", "./tests/*:JAX104") == ["a.py"]
    bad = check("--per-file-ignores", "tests/*", ".", cwd=tmp_path)
    assert bad.returncode == 2 and "`tests/*` is not a <pattern>:<code> pair" in bad.stderr
    assert check("--per-file-ignores", "a.py:XYZ1", ".", cwd=tmp_path).returncode == 2


def test_ignore_noqa_reports_suppressed_findings(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104"),
                     "b.py": "# jaxlint: noqa\n" + BAD})
    assert check(".", cwd=tmp_path).returncode == 0
    result = check("--ignore-noqa", ".", cwd=tmp_path)
    assert (result.returncode, result.stdout.count(": JAX104 [*]")) == (1, 2)
    cached = jaxlint("check", "--ignore-noqa", ".", cwd=tmp_path)  # the cache keeps the two apart
    assert jaxlint("check", ".", cwd=tmp_path).returncode == 0 and cached.returncode == 1


def test_respect_gitignore_switch(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": "x = 1\n", "gen/b.py": BAD, ".gitignore": "gen/\n"})
    assert check(".", cwd=tmp_path).returncode == 0
    assert check("--no-respect-gitignore", ".", cwd=tmp_path).returncode == 1
    write(tmp_path, {"jaxlint.toml": "respect-gitignore = false\n"})
    assert check("--respect-gitignore", ".", cwd=tmp_path).returncode == 0


def test_color_choice(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    assert ESCAPE in check("--color", "always", "a.py", cwd=tmp_path).stdout  # through a pipe
    assert ESCAPE in check("--color", "always", "a.py", cwd=tmp_path, env={"NO_COLOR": "1"}).stdout
    assert ESCAPE not in check("--color", "never", "a.py", cwd=tmp_path, env={"FORCE_COLOR": "1"}).stdout
    assert ESCAPE not in check("a.py", cwd=tmp_path, env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout
    assert ESCAPE in check("a.py", cwd=tmp_path, env={"FORCE_COLOR": "1"}).stdout
    assert check("--color", "sometimes", "a.py", cwd=tmp_path).returncode == 2


def test_show_files_and_show_settings(tmp_path: Path) -> None:
    write(tmp_path, {"b.py": BAD, "a/c.py": "x = 1\n", "gen/d.py": "x = 1\n", "notes.txt": "",
                     "jaxlint.toml": 'extend-exclude = ["gen"]\nselect = ["JAX104"]\n'})
    files = check("--show-files", cwd=tmp_path)
    real = tmp_path.resolve()
    assert (files.returncode, files.stdout) == (0, f"{real / 'a' / 'c.py'}\n{real / 'b.py'}\n")
    settings = check("--show-settings", "--unfixable", "JAX104", "b.py", cwd=tmp_path)
    assert settings.returncode == 0
    lines = settings.stdout.splitlines()
    assert lines[0] == f'Resolved settings for: "{real / "b.py"}"'
    for line in (f'config_file = "{real / "jaxlint.toml"}"', 'select = ["JAX104"]', 'extend_exclude = ["gen"]',
                 'enabled = ["JAX104"]', "fix = false", "respect_gitignore = true"):
        assert line in lines
    assert next(line for line in lines if line.startswith("fixable = ")) != 'fixable = ["ALL"]'
    assert "JAX104" not in next(line for line in lines if line.startswith("fixable = "))


def test_rule_is_explain(tmp_path: Path) -> None:
    one = jaxlint("rule", "JAX104", cwd=tmp_path)
    assert (one.returncode, one.stdout) == (0, jaxlint("explain", "JAX104", cwd=tmp_path).stdout)
    every = jaxlint("rule", "--all", cwd=tmp_path)
    codes = [info["code"] for info in json.loads(jaxlint("rules", "--output-format", "json", cwd=tmp_path).stdout)]
    assert every.returncode == 0 and all(jaxlint("explain", code, cwd=tmp_path).stdout.strip() in every.stdout
                                         for code in codes[:3])
    assert jaxlint("rule", cwd=tmp_path).returncode == 2
    assert jaxlint("rule", "JAX999999", cwd=tmp_path).returncode == 2


def test_short_forms_o_and_e(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    plain = check("a.py", cwd=tmp_path)
    short = check("-e", "-o", "out/report.txt", "a.py", cwd=tmp_path)
    assert (plain.returncode, short.returncode, short.stdout) == (1, 0, "")
    assert (tmp_path / "out" / "report.txt").read_text() == plain.stdout


def test_silent_prints_nothing_and_exits_with_the_code(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "g.py": GOOD})
    assert check("a.py", cwd=tmp_path).stdout  # not silent: a report
    for args, code in ((["a.py"], 1), (["g.py"], 0), (["--statistics", "a.py"], 1), (["--diff", "a.py"], 1),
                       (["--output-format", "json", "a.py"], 1), (["a.py", "empty_dir_missing"], 2)):
        result = check("--silent", *args, cwd=tmp_path)
        assert (result.returncode, result.stdout) == (code, ""), args
        # only the `jaxlint: error:` line of a failing run stays
        assert result.stderr == ("" if code < 2 else "jaxlint: error: empty_dir_missing: no such file or directory\n")
    fixed = check("-s", "--fix", "--show-fixes", "a.py", cwd=tmp_path)
    assert (fixed.returncode, fixed.stdout, fixed.stderr) == (0, "", "")
    assert (tmp_path / "a.py").read_text() == GOOD
    editor = jaxlint("check", "--no-cache", "-s", "--fix", "--stdin-filename", "b.py", cwd=tmp_path, input=BAD)
    assert (editor.returncode, editor.stdout, editor.stderr) == (0, GOOD, "")  # the source is the product
    write(tmp_path, {"b.py": BAD})
    reported = check("-s", "-o", "r.txt", "b.py", cwd=tmp_path)  # a report file asked for is written (quiet)
    assert (reported.returncode, reported.stdout, reported.stderr) == (1, "", "")
    assert (tmp_path / "r.txt").read_text() == check("-q", "b.py", cwd=tmp_path).stdout
    both = check("-s", "-v", "a.py", cwd=tmp_path)
    assert (both.returncode, both.stderr) == (2, "jaxlint: error: --silent cannot be used with --verbose\n")


def test_isolated_ignores_every_configuration_file(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "pkg/b.py": BAD, "jaxlint.toml": 'ignore = ["JAX104"]\n',
                     "pkg/pyproject.toml": '[tool.jaxlint]\nextend-exclude = ["b.py"]\n'})
    assert check(".", cwd=tmp_path).returncode == 0
    assert check("pkg", cwd=tmp_path).returncode == 0
    isolated = check("--isolated", "--output-format", "json", ".", cwd=tmp_path)
    assert sorted(f["filename"] for f in json.loads(isolated.stdout)) == ["a.py", "pkg/b.py"]
    assert 'config_file = null' in check("--isolated", "--show-settings", cwd=tmp_path).stdout
    refused = check("--isolated", "--config", "jaxlint.toml", ".", cwd=tmp_path)
    assert refused.returncode == 2 and refused.stderr.startswith("jaxlint: error: --config cannot be used with "
                                                                 "--isolated")


NOTEBOOK = {"cells": [
    {"cell_type": "code", "execution_count": 1, "metadata": {}, "outputs": [],
     "source": ["import jax.numpy as jnp\n", "x = jnp.zeros(3)\n"]},
    {"cell_type": "code", "execution_count": 2, "metadata": {}, "outputs": [], "source": ["x[0] = 1.0\n"]}],
    "metadata": {"kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"}},
    "nbformat": 4, "nbformat_minor": 5}


def test_extension_maps_suffixes_to_python_or_notebooks(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": GOOD, "b.pyw": BAD, "n.ipy": json.dumps(NOTEBOOK), "notes.txt": BAD})

    def found(*args: str) -> list[tuple[str, int | None, int]]:
        rows = json.loads(check("--output-format", "json", *args, cwd=tmp_path).stdout)
        return [(f["filename"], f.get("cell"), f["location"]["row"]) for f in rows]

    assert found(".") == []  # .pyw and .ipy are not searched for by default
    assert found("--extension", "pyw:python,ipy:ipynb", ".") == [("b.pyw", None, 4), ("n.ipy", 2, 1)]
    assert found("--extension", "pyw:python", "--extension", ".ipy:ipynb", ".") == [("b.pyw", None, 4),
                                                                                  ("n.ipy", 2, 1)]
    fixed = check("--extension", "ipy:ipynb", "--fix", "n.ipy", cwd=tmp_path)
    assert fixed.returncode == 0 and json.loads((tmp_path / "n.ipy").read_text())["cells"][1]["source"] == [
        "x = x.at[0].set(1.0)\n"]
    # jupyterlab-lsp's case: the buffer of a notebook handed over as Python
    lsp = jaxlint("check", "--no-cache", "--extension", "ipynb:python", "--stdin-filename", "n.ipynb",
                  "--output-format", "json", cwd=tmp_path, input=BAD)
    assert [(f["code"], f.get("cell")) for f in json.loads(lsp.stdout)] == [("JAX104", None)]
    for wrong, message in (("pyw", "`pyw` is not an <extension>:<language> pair"),
                           ("pyw:rust", "unknown language `rust` (one of python, pyi, ipynb)")):
        refused = check("--extension", wrong, ".", cwd=tmp_path)
        assert refused.returncode == 2 and message in refused.stderr and refused.stderr.startswith("jaxlint: error:")


def test_preview_is_accepted_and_changes_nothing(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD, "u.py": UNSAFE_ONLY})
    plain = check("--output-format", "json", ".", cwd=tmp_path)
    for flag in ("--preview", "--no-preview"):
        result = check(flag, "--output-format", "json", ".", cwd=tmp_path)
        assert (result.returncode, result.stdout, result.stderr) == (plain.returncode, plain.stdout, plain.stderr)


def test_no_show_fixes_undoes_show_fixes(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    shown = check("--fix", "--show-fixes", "a.py", cwd=tmp_path)
    assert shown.stdout == "All checks passed!\nFixed 1 finding:\n- a.py:\n    1 × JAX104 (in-place-update)\n"
    write(tmp_path, {"a.py": BAD})
    hidden = check("--fix", "--show-fixes", "--no-show-fixes", "a.py", cwd=tmp_path)
    assert hidden.stdout == "Fixed 1 finding in 1 file.\nAll checks passed!\n"


def test_unknown_options_and_bad_values_are_jaxlint_errors(tmp_path: Path) -> None:
    for args, message in ((["check", "--bogus"], "jaxlint: error: no such option '--bogus'."),
                          (["check", "--output-format", "xml"], "jaxlint: error: invalid value for '--output-format'"),
                          (["check", "--select"], "jaxlint: error: option '--select' requires an argument."),
                          (["--bogus"], "jaxlint: error: no such option '--bogus'."),
                          (["bogus"], "jaxlint: error: no such command 'bogus'.")):
        result = jaxlint(*args, cwd=tmp_path)
        assert (result.returncode, result.stdout) == (2, ""), args
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(message) and "--help`)" in lines[0], result.stderr


def test_watch_checks_again_after_a_change_and_exits_130_on_ctrl_c(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": BAD})
    process = subprocess.Popen([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--watch", "a.py"],
                               cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    stop = threading.Timer(60, lambda: os.killpg(process.pid, signal.SIGKILL))  # a hang fails, not blocks
    stop.start()
    try:
        assert process.stdout is not None
        first = [process.stdout.readline() for _ in range(7)]
        assert first[0].startswith("a.py:4:1: JAX104") and first[-1].startswith("Found 1 finding"), first
        write(tmp_path, {"a.py": GOOD})
        assert process.stdout.readline() == "All checks passed!\n"
        write(tmp_path, {"jaxlint.toml": "select = [\"JAX1\"]\n", "a.py": BAD})  # configuration read again
        assert process.stdout.readline().startswith("a.py:4:1: JAX104")
    finally:
        os.killpg(process.pid, signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
        stop.cancel()
    assert process.returncode == 130, stderr
    assert stderr.startswith("jaxlint: watching for changes (Ctrl-C to stop)\n")
    assert stderr.endswith("jaxlint: interrupted\n") and "Traceback" not in stderr
