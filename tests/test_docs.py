"""The documentation: the docs site builds with `mkdocs build --strict` (its links and anchors
resolve), the README stays short, and every relative link of the README and of docs/ names a file
that exists."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README_MAX_LINES = 260

_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"(`+).+?\1", re.DOTALL)
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto:...


@pytest.mark.skipif(importlib.util.find_spec("mkdocs") is None, reason="needs mkdocs (the dev extra)")
def test_the_docs_site_builds_strict(tmp_path: Path) -> None:
    """Strict: a warning (a broken link, a page missing from the navigation) fails the build. MkDocs
    1.6 reports a missing anchor at INFO level only, so that is looked for in its output too."""
    result = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path / "site")],
                            cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "does not contain an anchor" not in output, output
    assert (tmp_path / "site" / "rules" / "JAX104" / "index.html").is_file()  # the rule pages, from rules/


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; the rest belongs in docs/"


def _relative_links(path: Path) -> list[str]:
    """The relative link targets of a Markdown file, outside code blocks and code spans."""
    text = _CODE_SPAN.sub("", _FENCE.sub("", path.read_text(encoding="utf-8")))
    return [target for target in _LINK.findall(text) if not _EXTERNAL.match(target) and not target.startswith("#")]


def _exists(target: Path) -> bool:
    """A file of the repository, or a rule page the docs site makes from rules/ (docs/hooks.py)."""
    if target.exists():
        return True
    return target.parent == DOCS / "rules" and (ROOT / "rules" / target.name).is_file()


@pytest.mark.parametrize("document", ["README.md", *sorted(str(p.relative_to(ROOT)) for p in DOCS.rglob("*.md"))])
def test_relative_links_point_at_files(document: str) -> None:
    path = ROOT / document
    links = _relative_links(path)
    missing = [link for link in links if not _exists((path.parent / link.split("#", 1)[0]).resolve())]
    assert not missing, f"{document} links to files that do not exist: {missing}"
