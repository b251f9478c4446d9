"""SARIF 2.1.0, for GitHub code scanning and editors: one run, one rule entry per code."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jaxlint import __version__
from jaxlint.commands import catalog
from jaxlint.commands.catalog import first_paragraph, rule_document, rule_url
from jaxlint.diagnostics import Edit, Finding, RuleInfo
from jaxlint.output.common import Judgement, cell_prefix, posix_path

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
LEVEL = {"error": "error", "warning": "warning", "info": "note"}
FIX_SENTENCE = {
    "safe": "`jaxlint check --fix` fixes it.",
    "unsafe": "`jaxlint check --fix --unsafe-fixes` fixes it (the fix may change behaviour).",
    "sometimes": "`jaxlint check --fix` fixes it in some cases.",
    "none": "No automatic fix; the message says what to write instead.",
}


def render(findings: list[Finding], rules: list[RuleInfo], judgements: list[Judgement] | None = None) -> str:
    """`judgements` (verify), one per finding: each result's properties hold its verdict; one that
    does not fail the run is a note."""
    results = [result_object(f) for f in findings]
    for result, judgement in zip(results, judgements or [], strict=judgements is not None):
        result["properties"] = {"verdict": judgement.verdict, "verifyReason": judgement.reason}
        if not judgement.fails:
            result["level"] = "note"
    log = {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "jaxlint",
                "version": __version__,
                **({"informationUri": catalog.REPOSITORY_URL} if catalog.REPOSITORY_URL else {}),
                "rules": [rule_object(rule) for rule in _all_rules(findings, rules)],
            }},
            "columnKind": "unicodeCodePoints",  # our columns count characters, not UTF-16 units
            "results": results,
        }],
    }
    return json.dumps(log, indent=2, ensure_ascii=False) + "\n"


def _all_rules(findings: list[Finding], rules: list[RuleInfo]) -> list[RuleInfo]:
    """The catalog, plus an entry for any code outside it (e.g. a syntax error), so every result has a rule."""
    known = {rule.code for rule in rules}
    extra: dict[str, RuleInfo] = {}
    for f in findings:
        if f.code not in known and f.code not in extra:
            extra[f.code] = RuleInfo(f.code, f.name, f.severity, "none", f.name.replace("-", " ").capitalize() + ".")
    return [*rules, *extra.values()]


def rule_object(rule: RuleInfo) -> dict[str, Any]:
    """The rule with its explanation from rules/CODE.md (what `jaxlint explain` prints): code
    scanning shows `help` next to each alert."""
    document = rule_document(rule.code)
    why = _whole_sentences(first_paragraph(document, "Why is this bad?") or "") if document else None
    obj: dict[str, Any] = {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": " ".join(filter(None, (rule.summary, why, FIX_SENTENCE.get(rule.fix))))},
        "help": ({"text": document, "markdown": document} if document else
                 {"text": f"{rule.summary} {FIX_SENTENCE.get(rule.fix, '')}".strip()}),
        "defaultConfiguration": {"enabled": True, "level": LEVEL.get(rule.severity, "warning")},
        "properties": {"problem.severity": rule.severity, "fix": rule.fix},
    }
    url = rule_url(rule.code)
    if url:
        obj["helpUri"] = url
    return obj


def _whole_sentences(text: str) -> str:
    """Drop a closing sentence that introduces an example (`... as soon as it runs:`), which the
    description does not show."""
    if text.endswith(":"):
        return text[:text.rfind(". ") + 1]
    return text


def result_object(finding: Finding) -> dict[str, Any]:
    location: dict[str, Any] = {"artifactLocation": {"uri": file_uri(finding.filename)}}
    if finding.cell is None:  # rows within a notebook cell are no region of the .ipynb file
        location["region"] = region(finding.location.row, finding.location.column,
                                    finding.end_location.row, finding.end_location.column)
    result: dict[str, Any] = {
        "ruleId": finding.code,
        "level": LEVEL.get(finding.severity, "warning"),
        "message": {"text": cell_prefix(finding) + finding.message},
        "locations": [{"physicalLocation": location}],
    }
    related = [r for r in finding.related if r.cell is None]  # (a notebook's rows are no region of the file)
    if related:
        result["relatedLocations"] = [
            {"id": number, "message": {"text": r.message},
             "physicalLocation": {"artifactLocation": {"uri": file_uri(finding.filename)},
                                  "region": {"startLine": r.row}}}
            for number, r in enumerate(related, start=1)]
    if finding.fix is not None and finding.cell is None:
        result["fixes"] = [{
            "description": {"text": finding.fix.message},
            "artifactChanges": [{"artifactLocation": {"uri": file_uri(finding.filename)},
                                 "replacements": [replacement(edit) for edit in finding.fix.edits]}],
            # SARIF has no word for it; a consumer must not apply an unsafe fix unasked
            "properties": {"applicability": finding.fix.applicability},
        }]
    return result


def region(row: int, column: int, end_row: int, end_column: int) -> dict[str, int]:
    return {"startLine": row, "startColumn": column, "endLine": end_row, "endColumn": end_column}


def replacement(edit: Edit) -> dict[str, Any]:
    deleted = region(edit.location.row, edit.location.column, edit.end_location.row, edit.end_location.column)
    return {"deletedRegion": deleted, "insertedContent": {"text": edit.content}}


def file_uri(filename: str) -> str:
    """A relative path stays a relative URI reference (posix, percent-encoded); an absolute one is file://."""
    if os.path.isabs(filename):
        return Path(filename).as_uri()
    return quote(posix_path(filename))
