"""The server's bridge to the engine, in process: what a buffer's text becomes, and the findings the
server publishes when something goes wrong (a rule crashes, the text cannot be encoded)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("lsprotocol")

from jaxlint.rules import rule  # noqa: E402
from jaxlint.server.lint import encoded, engine_path, lint_buffer  # noqa: E402
from jaxlint.server.settings import EditorOptions, buffer_settings  # noqa: E402

SOURCE = "import jax\nimport jax.numpy as jnp\n\n\ndef f(x):\n    x = jnp.asarray(x)\n    x[0] = 1.0\n    print(jax.tree_map(abs, x))\n"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.jaxlint]\nignore = [\"JAX106\"]\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _lint(text: str, **options):
    editor = EditorOptions.from_json(options)
    return lint_buffer("mod.py", text, 1, buffer_settings("mod.py", editor), cache=False,
                       show_suppressed=editor.show_suppressed)


def test_the_buffer_is_linted_with_the_projects_configuration(project: Path) -> None:
    assert sorted(f.code for f in _lint(SOURCE).findings) == ["JAX104", "JAX301"]
    assert [f.code for f in _lint(SOURCE, jaxlint={"select": ["JAX104"]}).findings] == ["JAX104"]
    assert sorted(f.code for f in _lint(SOURCE, ignore="JAX3").findings) == ["JAX104"]


def test_a_crash_in_one_rule_keeps_the_others(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        @staticmethod
        def check(model):
            raise RuntimeError("boom")

    monkeypatch.setattr(type(rule("JAX104")), "check_module",
                        lambda self: Broken if self.code == "JAX104" else __import__(f"{self.package}.check",
                                                                                      fromlist=["check"]))
    lint = _lint(SOURCE)
    assert sorted(f.code for f in lint.findings) == ["JAX301", "JAX999"]
    assert any("boom" in error for error in lint.result.errors)


def test_text_no_encoding_writes_is_a_syntax_error_finding(project: Path) -> None:
    lint = _lint(SOURCE + "s = '\udcff'\n")
    assert [f.code for f in lint.findings] == ["JAX000"]


def test_noqa_suppressed_findings_are_kept_apart(project: Path) -> None:
    lint = _lint(SOURCE.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104"))
    assert [f.code for f in lint.findings] == ["JAX301"] and [f.code for f in lint.suppressed] == ["JAX104"]
    assert _lint(SOURCE.replace("x[0] = 1.0", "x[0] = 1.0  # noqa: JAX104"), showSuppressed=False).suppressed == ()


def test_the_buffer_is_written_in_the_encoding_it_declares() -> None:
    assert encoded("# -*- coding: latin-1 -*-\ns = 'é'\n").endswith(b"'\xe9'\n")
    assert encoded("s = 'é'\n") == "s = 'é'\n".encode()


def test_paths_are_named_as_check_names_them(project: Path) -> None:
    assert engine_path(str(project / "pkg" / "m.py")) == os.path.join("pkg", "m.py")
    assert engine_path(None) == "-"
    assert engine_path("/elsewhere/m.py") == "/elsewhere/m.py"


def test_the_engines_run_memos_are_forgotten_between_lints(project: Path) -> None:
    """A run's memos keep its project index (and every summary) alive and answer from the disk as
    it was: a server forgets them after each lint."""
    from jaxlint.project.resolve import ProjectIndex
    from jaxlint.server.freshness import forget_run_memos

    (project / "helper.py").write_text("def check(x):\n    if x > 0:\n        return 1\n    return 0\n")
    _lint("import jax\n\nfrom helper import check\n\nrun = jax.jit(check)\n")
    assert ProjectIndex.resolve.cache_info().currsize > 0
    assert forget_run_memos() >= 3
    assert ProjectIndex.resolve.cache_info().currsize == 0


def test_fix_all_is_one_edit_of_what_changes(project: Path) -> None:
    from pygls.workspace.position_codec import PositionCodec

    from jaxlint.server.actions import fix_all
    from jaxlint.server.convert import Positions

    text = "import jax\n\n\ndef f(t):\n    return jax.tree_map(abs, t)\n# end\n"
    lint = _lint(text)
    action = fix_all("file:///mod.py", lint, Positions(text, PositionCodec()))
    assert action is not None and action.kind == "source.fixAll.jaxlint"
    change = action.edit.document_changes[0]
    assert change.text_document.version == 1
    (edit,) = change.edits
    assert edit.range.start.line == edit.range.end.line == 4  # the changed middle only
    line = text.splitlines()[4]
    fixed = line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:]
    assert fixed == "    return jax.tree.map(abs, t)"


def test_a_syntax_error_is_placed_in_the_buffer_not_in_the_file_on_disk(project: Path) -> None:
    # CPython, given a filename, reads the error's line from disk: another line there, another column
    (project / "mod.py").write_text("import jax\n\n\ndef ok():\n    return 1\n")
    typed = "import jax\n\n\ndef broken(:\n    return 1\n"
    assert [(f.code, f.location.row, f.location.column) for f in _lint(typed).findings] == [("JAX000", 4, 12)]
