"""Reading source as CPython does and showing it: rows split where Python splits them, code frames
of multi-line spans and of very long lines, and the encoding rules CPython applies."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from tests.test_cli import findings, jaxlint, write

INSIDE_A_LINE = ["\x0c", "\x0b", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@pytest.mark.parametrize("break_char", INSIDE_A_LINE, ids=[f"U+{ord(c):04X}" for c in INSIDE_A_LINE])
def test_a_line_break_python_does_not_count_leaves_the_frame_on_the_right_row(tmp_path: Path, break_char: str) -> None:
    # in a comment and in a string: str.splitlines() would see a new row in both places
    source = f"import jax.numpy as jnp\n# a{break_char}b\ns = 'c{break_char}d'\nx = jnp.zeros(3)\nx[0] = 1\n"
    write(tmp_path, {"a.py": source})
    out = jaxlint("check", "a.py", cwd=tmp_path).stdout.splitlines()
    assert out[0].startswith("a.py:5:1: JAX104 ")
    assert out[2:4] == ["5 | x[0] = 1", "  | ^^^^^^^^ JAX104"]


def test_lone_cr_and_crlf_rows(tmp_path: Path) -> None:
    write(tmp_path, {"cr.py": b"import jax.numpy as jnp\rx = jnp.zeros(3)\r\nx[0] = 1\r"})
    out = jaxlint("check", "cr.py", cwd=tmp_path).stdout.splitlines()
    assert out[0].startswith("cr.py:3:1: JAX104 ") and out[2] == "3 | x[0] = 1"


def test_a_multi_line_span_is_drawn_from_its_first_character_to_its_last(tmp_path: Path) -> None:
    write(tmp_path, {"a.py": "import jax\n\n\n@jax.jit\ndef f(x):\n    print(\n        x,\n    )\n    return x\n"})
    out = jaxlint("check", "a.py", cwd=tmp_path).stdout.splitlines()
    assert out[0].startswith("a.py:6:5: JAX106 ")
    assert out[1:8] == ["  |",
                        "6 |       print(",
                        "  |  _____^",
                        "7 | |         x,",
                        "8 | |     )",
                        "  | |_____^ JAX106",
                        "  |"]


def test_a_very_long_line_is_cut_around_the_span(tmp_path: Path) -> None:
    """A minified line of 200,000 characters: the frame shows at most ~200 of them, with the span
    and `…` where the line was cut, and the carets still under the span."""
    long_line = f"    y = '{'a' * 200_000}'; print(x); z = '{'b' * 5_000}'"
    write(tmp_path, {"a.py": f"import jax\n\n\n@jax.jit\ndef f(x):\n{long_line}\n    return x\n"})
    result = jaxlint("check", "a.py", cwd=tmp_path)
    assert result.returncode == 1 and len(result.stdout) < 1_000, len(result.stdout)
    header, _, shown, carets, *_ = result.stdout.splitlines()
    assert header.startswith(f"a.py:6:{long_line.index('print') + 1}: JAX106 ")
    assert shown.startswith("6 | …aaa") and shown.endswith("bbb…") and "print(x)" in shown
    assert carets.index("^") == shown.index("print(x)") and carets.endswith("^" * len("print(x)") + " JAX106")


def _cpython_reads(data: bytes) -> str | None:
    """CPython's SyntaxError message for the bytes, or None when it reads them."""
    try:
        compile(data, "m.py", "exec")
    except SyntaxError as exc:
        return exc.msg
    return None


ENCODINGS = {
    "bom_latin1": codecs.BOM_UTF8 + b"# -*- coding: latin-1 -*-\nimport jax\n",
    "bom_utf8": codecs.BOM_UTF8 + b"# coding: utf-8\nimport jax\n",
    "bom_utf8_spelled": codecs.BOM_UTF8 + b"# coding: utf8\nimport jax\n",  # not `utf-8` to CPython's tokenizer
    "bom_cookie_line_2": codecs.BOM_UTF8 + b"#!/usr/bin/env python\n# vim: set fileencoding=cp1252 :\nimport jax\n",
    "cookie_after_code": b"import jax\n# coding: latin-1\ns = '\xc3\xa9'\n",  # too late: read as UTF-8
    "latin1": b"# coding: latin-1\nimport jax\ns = '\xe9'\n",
}


def test_encodings_are_read_as_cpython_reads_them(tmp_path: Path) -> None:
    write(tmp_path, {f"{name}.py": data for name, data in ENCODINGS.items()})
    report = findings(jaxlint("check", "--output-format", "json", ".", cwd=tmp_path))
    got = {f["filename"].removesuffix(".py"): f["message"] for f in report if f["code"] == "JAX000"}
    want = {name: f"SyntaxError: {message}" for name, data in ENCODINGS.items()
            if (message := _cpython_reads(data)) is not None}
    assert got == want
    assert want["bom_latin1"] == "SyntaxError: encoding problem: iso-8859-1 with BOM"
