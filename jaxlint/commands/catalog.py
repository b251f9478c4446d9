"""`jaxlint rules` and `jaxlint explain`."""

from __future__ import annotations

import json
from pathlib import Path

from jaxlint.checks import catalog

_RULE_DOCS = (Path(__file__).resolve().parent.parent / "_rules",  # installed wheel
              Path(__file__).resolve().parent.parent.parent / "rules")  # source checkout


def render_rules(output_format: str) -> str:
    infos = catalog()
    if output_format == "json":
        return json.dumps([{"code": i.code, "name": i.name, "severity": i.severity, "fix": i.fix,
                            "summary": i.summary} for i in infos], indent=2)
    width = max(len(i.name) for i in infos)
    lines = [f"{i.code}  {i.name:<{width}}  {i.severity:<7}  fix: {i.fix:<9}  {i.summary}" for i in infos]
    return "\n".join(lines)


def rule_document(code: str) -> str | None:
    for folder in _RULE_DOCS:
        path = folder / f"{code}.md"
        if path.is_file():
            return path.read_text(encoding="utf-8")
    return None


def explain_rule(code: str) -> str | None:
    code = code.strip().upper()
    info = next((i for i in catalog() if i.code == code), None)
    if info is None:
        return None
    document = rule_document(code)
    if document is not None:
        return document.rstrip()
    return f"# {info.code}: {info.name}\n\n**Severity:** {info.severity} · **Fix:** {info.fix}\n\n{info.summary}"
