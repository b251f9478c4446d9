"""`jaxlint explain`: raw Markdown through a pipe, rendered on a terminal, the catalog without a code."""

from __future__ import annotations

from pathlib import Path

from tests.test_cli import ANSI, _env, _run_on_pty, concurrently, jaxlint

ROOT = Path(__file__).resolve().parent.parent


def test_without_a_code_it_lists_every_rule(tmp_path: Path) -> None:
    explained, rules = concurrently(lambda: jaxlint("explain", cwd=tmp_path), lambda: jaxlint("rules", cwd=tmp_path))
    assert explained.returncode == 0, explained.stderr
    assert explained.stdout == rules.stdout + "\nRun `jaxlint explain CODE` for a rule's documentation.\n"


def test_markdown_is_raw_through_a_pipe_and_rendered_on_a_terminal(tmp_path: Path) -> None:
    piped, on_tty = concurrently(
        lambda: jaxlint("explain", "JAX104", cwd=tmp_path),
        lambda: _run_on_pty(["explain", "JAX104"], tmp_path, _env({"TERM": "xterm-256color", "COLUMNS": "100"})))
    assert piped.stdout == (ROOT / "rules" / "JAX104.md").read_text(encoding="utf-8").rstrip() + "\n"
    assert ANSI.search(on_tty), on_tty
    rendered = ANSI.sub("", on_tty)
    assert "JAX104: in-place-update" in rendered and "What it does" in rendered
    assert "# JAX104" not in rendered and "## What it does" not in rendered and "**Severity:**" not in rendered
