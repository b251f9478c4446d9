"""Inline expectations in fixtures: `# expect: JAX104, JAX106` on the line a finding starts."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
from collections import Counter
from pathlib import Path

MARKER = re.compile(r"#\s*expect:\s*(?P<codes>JAX\d{3}(?:\s*,\s*JAX\d{3})*)")
ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "fixtures"


def expected(path: Path) -> Counter:
    """(row, code) → count from the markers of one fixture file."""
    found: Counter = Counter()
    source = path.read_text(encoding="utf-8")
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            match = MARKER.search(token.string)
            if match:
                for code in re.split(r"\s*,\s*", match.group("codes")):
                    found[(token.start[0], code)] += 1
    return found


def actual(paths: list[Path]) -> dict[Path, Counter]:
    """Run the real CLI once over the files; (row, code) counts per file."""
    from jaxlint.rules import off_by_default

    # A rule that is off by default is checked in its own fixtures only (`JAX302_*.py`), as a user
    # who selects it would see it; elsewhere it stays off.
    optional = off_by_default()
    selected = [f"--extend-select={code}" for code in sorted(optional)]
    command = [sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json", *selected,
               *[str(p) for p in paths]]
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode in (0, 1), result.stderr
    per_file: dict[Path, Counter] = {p.resolve(): Counter() for p in paths}
    for finding in json.loads(result.stdout):
        path = (ROOT / finding["filename"]).resolve()
        if finding["code"] in optional and not path.name.startswith(finding["code"]):
            continue
        per_file.setdefault(path, Counter())[(finding["location"]["row"], finding["code"])] += 1
    return per_file


def fixture_files() -> list[Path]:
    return sorted(p for p in FIXTURES.glob("JAX*.py"))


def fixture_projects() -> list[Path]:
    """The multi-module fixture projects (fixtures/projects/*/)."""
    return sorted(p for p in (FIXTURES / "projects").iterdir() if p.is_dir())


# What a copy of a fixture folder leaves out: nothing jaxlint checks, and tests running at the same time
# (pytest-xdist) may be writing there (bytecode of the fixtures that `verify` imports, a cache).
UNCHECKED = shutil.ignore_patterns("__pycache__", ".jaxlint_cache")


def project_copy(project: Path, into: Path) -> Path:
    """The project copied alone into `into`: its modules are found from its own root, as when it runs."""
    copy = into / project.name
    shutil.copytree(project, copy, ignore=UNCHECKED)
    return copy


def project_findings(root: Path, *paths: str, stdin: str | None = None) -> dict[str, Counter]:
    """Run the real CLI in a project's folder on `paths` (default: all of it); (row, code) per file."""
    command = [sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json",
               *(["--stdin-filename", paths[0], "-"] if stdin is not None else paths or ["."])]
    result = subprocess.run(command, capture_output=True, text=True, cwd=root, input=stdin, check=False)
    assert result.returncode in (0, 1), result.stderr
    per_file: dict[str, Counter] = {}
    for finding in json.loads(result.stdout):
        per_file.setdefault(Path(finding["filename"]).as_posix(), Counter())[
            (finding["location"]["row"], finding["code"])] += 1
    return per_file


def project_expected(root: Path) -> dict[str, Counter]:
    return {path.relative_to(root).as_posix(): want for path in sorted(root.rglob("*.py"))
            if (want := expected(path))}


def _tally(table: dict[str, dict[str, int]], want: Counter, got: Counter) -> None:
    for (row, code) in set(want) | set(got):
        entry = table.setdefault(code, {"tp": 0, "fp": 0, "fn": 0})
        hit = min(want[(row, code)], got[(row, code)])
        entry["tp"] += hit
        entry["fp"] += got[(row, code)] - hit
        entry["fn"] += want[(row, code)] - hit


def scores(files: list[Path]) -> dict[str, dict[str, int]]:
    """Per code: true positives, false positives, false negatives over the fixture files."""
    results = actual(files)
    table: dict[str, dict[str, int]] = {}
    for path in files:
        _tally(table, expected(path), results.get(path.resolve(), Counter()))
    return table


def project_scores(projects: list[Path]) -> dict[str, dict[str, int]]:
    """The same over the fixture projects, each checked as a whole from its own folder."""
    table: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for project in projects:
            root = project_copy(project, Path(folder))
            want, got = project_expected(root), project_findings(root)
            for name in set(want) | set(got):
                _tally(table, want.get(name, Counter()), got.get(name, Counter()))
    return table


def _print(title: str, table: dict[str, dict[str, int]]) -> None:
    print(title)
    for code in sorted(table):
        e = table[code]
        precision = e["tp"] / (e["tp"] + e["fp"]) if e["tp"] + e["fp"] else 1.0
        recall = e["tp"] / (e["tp"] + e["fn"]) if e["tp"] + e["fn"] else 1.0
        print(f"  {code}: tp={e['tp']} fp={e['fp']} fn={e['fn']} precision={precision:.0%} recall={recall:.0%}")


if __name__ == "__main__":
    _print("Single-file fixtures (fixtures/JAX*.py):", scores(fixture_files()))
    _print("Multi-module fixture projects (fixtures/projects/):", project_scores(fixture_projects()))
