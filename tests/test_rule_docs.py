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


@pytest.fixture(scope="module")
def flagged() -> dict[tuple[str, str], list[str]]:
    """The codes found in each document's "Example" and "Use instead" blocks, every rule on (one off
    by default too), each block the one file of a project of its own (one that turns x64 on would
    turn it on for its neighbours; in the repository, every fixture would be analysed with it), all
    checked in one run."""
    names = {}
    with tempfile.TemporaryDirectory() as folder:
        for doc in DOCS:
            text = doc.read_text(encoding="utf-8")
            for section, stem in (("Example", "example"), ("Use instead", "instead")):
                project = Path(folder) / f"{doc.stem.lower()}_{stem}"
                project.mkdir()
                (project / "pyproject.toml").write_text("", encoding="utf-8")
                (project / "example.py").write_text(_block_after(text, section), encoding="utf-8")
                names[project.name] = (doc.stem, section)
        codes = ",".join(doc.stem for doc in DOCS)
        result = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json",
                                 "--extend-select", codes, "."], capture_output=True, text=True, cwd=folder, check=False)
    assert result.returncode in (0, 1), result.stderr
    found: dict[tuple[str, str], list[str]] = {where: [] for where in names.values()}
    for finding in json.loads(result.stdout):
        found[names[Path(finding["filename"]).parent.name]].append(finding["code"])
    return found


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
def test_example_is_flagged_and_use_instead_is_not(doc, flagged):
    assert doc.stem in flagged[(doc.stem, "Example")]
    assert doc.stem not in flagged[(doc.stem, "Use instead")]


def test_explain_prints_the_document():
    doc = DOCS[0]
    result = subprocess.run([sys.executable, "-m", "jaxlint", "explain", doc.stem], capture_output=True,
                            text=True, cwd=ROOT, check=False)
    assert result.returncode == 0
    assert result.stdout.strip() == doc.read_text(encoding="utf-8").strip()
