"""GitLab Code Quality report (a JSON array), as ruff writes it."""

from __future__ import annotations

import hashlib
import json
import os
from typing import Any

from jaxlint.diagnostics import Finding
from jaxlint.output.common import cell_prefix, posix_path

SEVERITY = {"error": "major", "warning": "minor", "info": "info"}


def render(findings: list[Finding]) -> str:
    seen: set[str] = set()
    return json.dumps([issue(f, seen) for f in findings], indent=2, ensure_ascii=False) + "\n"


def issue(finding: Finding, seen: set[str]) -> dict[str, Any]:
    if finding.cell is None:
        where: dict[str, Any] = {"positions": {
            "begin": {"line": finding.location.row, "column": finding.location.column},
            "end": {"line": finding.end_location.row, "column": finding.end_location.column},
        }}
    else:  # a row within a notebook cell is no line of the .ipynb file: point at the file
        where = {"lines": {"begin": 1}}
    return {
        "check_name": finding.code,
        "description": f"{finding.code}: {cell_prefix(finding)}{finding.message}",
        "severity": SEVERITY.get(finding.severity, "major"),
        "fingerprint": fingerprint(finding, seen),
        "location": {"path": project_path(finding.filename), **where},
    }


def fingerprint(finding: Finding, seen: set[str]) -> str:
    """Stable across runs and line shifts (file, code, message, the line's text), unique in the report.

    Identical findings on identical lines get successive salts, in report order.
    """
    line = finding.context[0].strip() if finding.context else ""
    key = "\0".join((posix_path(finding.filename), finding.code, finding.message, line))
    salt = 0
    while True:
        digest = hashlib.sha256(f"{key}\0{salt}".encode()).hexdigest()[:16]
        if digest not in seen:
            seen.add(digest)
            return digest
        salt += 1


def project_path(filename: str) -> str:
    """GitLab wants paths relative to the project: an absolute path is made relative to $CI_PROJECT_DIR or the cwd."""
    if os.path.isabs(filename):
        filename = os.path.relpath(filename, os.environ.get("CI_PROJECT_DIR") or os.getcwd())
    return posix_path(filename)
