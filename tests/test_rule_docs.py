"""The examples in rules/*.md are run through the real CLI: "Example" is flagged, "Use instead" is not."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted((ROOT / "rules").glob("JAX*.md"))
SECTIONS = ("Example", "Use instead", "What it does", "Why is this bad?", "Fix safety", "Verification")


def _block_after(text: str, heading: str) -> str:
    section = text.split(f"## {heading}\n", 1)[1]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, f"no python block after '## {heading}'"
    return match.group(1)


def _codes(source: str, code: str) -> list[str]:
    """The codes found in `source`, with the document's rule on (a rule off by default too), as a
    file of an empty project (in the repository, every fixture would be analysed with it)."""
    with tempfile.TemporaryDirectory() as folder:
        result = subprocess.run(
            [sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json",
             "--extend-select", code, "--stdin-filename", "example.py"],
            input=source, capture_output=True, text=True, cwd=folder, check=False)
    assert result.returncode in (0, 1), result.stderr
    return [f["code"] for f in json.loads(result.stdout)]


def test_every_rule_has_a_document():
    from jaxlint.rules import rules

    documented = {p.stem for p in DOCS}
    assert {r.code for r in rules()} <= documented


@pytest.mark.parametrize("doc", DOCS, ids=[d.stem for d in DOCS])
def test_document_layout(doc):
    text = doc.read_text(encoding="utf-8")
    assert text.startswith(f"# {doc.stem}: ")
    for heading in SECTIONS:
        assert f"## {heading}\n" in text, f"{doc.name} lacks '## {heading}'"


@pytest.mark.parametrize("doc", DOCS, ids=[d.stem for d in DOCS])
def test_example_is_flagged_and_use_instead_is_not(doc):
    text = doc.read_text(encoding="utf-8")
    assert doc.stem in _codes(_block_after(text, "Example"), doc.stem)
    assert doc.stem not in _codes(_block_after(text, "Use instead"), doc.stem)


def test_explain_prints_the_document():
    doc = DOCS[0]
    result = subprocess.run([sys.executable, "-m", "jaxlint", "explain", doc.stem], capture_output=True,
                            text=True, cwd=ROOT, check=False)
    assert result.returncode == 0
    assert result.stdout.strip() == doc.read_text(encoding="utf-8").strip()
