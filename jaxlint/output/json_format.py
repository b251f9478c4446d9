"""`json` (one array) and `json-lines` (one object a line): ruff's shape plus name and severity."""

from __future__ import annotations

import json
from typing import Any

from jaxlint.commands.catalog import rule_url
from jaxlint.diagnostics import Finding, Fix, Location


def render(findings: list[Finding], *, lines: bool) -> str:
    objects = [finding_object(f) for f in findings]
    if lines:
        return "".join(dump_line(obj) + "\n" for obj in objects)
    return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"


def dump_line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def finding_object(finding: Finding) -> dict[str, Any]:
    obj: dict[str, Any] = {
        "code": finding.code,
        "name": finding.name,
        "severity": finding.severity,
        "message": finding.message,
        "filename": finding.filename,
    }
    if finding.cell is not None:  # only notebook findings carry it; rows are then within the cell
        obj["cell"] = finding.cell
    obj.update({
        "location": location_object(finding.location),
        "end_location": location_object(finding.end_location),
        "function": finding.function,
        "fix": fix_object(finding.fix),
        "noqa_row": finding.noqa_row,
        "url": rule_url(finding.code),
    })
    return obj


def location_object(location: Location) -> dict[str, int]:
    return {"row": location.row, "column": location.column}


def fix_object(fix: Fix | None) -> dict[str, Any] | None:
    if fix is None:
        return None
    return {
        "applicability": fix.applicability,
        "message": fix.message,
        "edits": [{"content": edit.content, "location": location_object(edit.location),
                   "end_location": location_object(edit.end_location)} for edit in fix.edits],
    }
