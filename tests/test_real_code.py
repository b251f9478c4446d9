"""jaxlint over the installed JAX sources: mostly correct code by the people who know it best.
No crash, no file it cannot read, and few findings (the bar of the check issue: 25 per 100k lines)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

jax = pytest.importorskip("jax")
PACKAGE = Path(jax.__file__).parent


def test_installed_jax_sources_lint_cleanly(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json", str(PACKAGE)],
        capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode in (0, 1), result.stderr
    findings = json.loads(result.stdout)
    assert not [f for f in findings if f["code"] in ("JAX000", "JAX999")]
    lines = sum(p.read_bytes().count(b"\n") for p in PACKAGE.rglob("*.py"))
    assert lines > 100_000
    assert len(findings) * 100_000 / lines <= 25, [f"{f['filename']}:{f['location']['row']} {f['code']}"
                                                   for f in findings]
