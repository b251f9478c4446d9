"""`jaxlint rules` and `jaxlint explain`."""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path

from jaxlint import __version__
from jaxlint.config import ConfigError
from jaxlint.rules import catalog

_RULE_DOCS = (Path(__file__).resolve().parent.parent / "_rules",  # installed wheel
              Path(__file__).resolve().parent.parent.parent / "rules")  # source checkout

# The project's public git repository (https, no trailing slash). None while it has no public home:
# then a finding's JSON `url` is null and SARIF rules carry no `helpUri`, rather than a made-up link.
REPOSITORY_URL: str | None = None


def render_rules(output_format: str) -> str:
    infos = catalog()
    if output_format == "json":
        return json.dumps([{"code": i.code, "name": i.name, "severity": i.severity, "fix": i.fix,
                            "summary": i.summary} for i in infos], indent=2)
    width = max(len(i.name) for i in infos)
    lines = [f"{i.code}  {i.name:<{width}}  {i.severity:<7}  fix: {i.fix:<9}  {i.summary}" for i in infos]
    return "\n".join(lines)


def rule_url(code: str) -> str | None:
    """The rule's document as published with this release (the tag `v<version>`), or None."""
    if REPOSITORY_URL is None or rule_document(code) is None:
        return None
    return f"{REPOSITORY_URL}/blob/v{__version__}/rules/{code}.md"


def first_paragraph(document: str, heading: str) -> str | None:
    """The first paragraph under `## heading`, its lines joined: a rule's short explanation."""
    lines = document.splitlines()
    try:
        start = lines.index(f"## {heading}") + 1
    except ValueError:
        return None
    paragraph: list[str] = []
    for line in lines[start:]:
        if not line.strip() or line.startswith("#"):
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    return " ".join(paragraph) or None


@functools.cache
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


def show_explanation(code: str | None) -> None:
    """`jaxlint explain [CODE]`: the rule's document, rendered by rich on a terminal and raw Markdown
    through a pipe (pagers, files, other tools); with no code, the catalog and how to go on."""
    if code is None:
        sys.stdout.write(render_rules("text") + "\n\nRun `jaxlint explain CODE` for a rule's documentation.\n")
        return
    text = explain_rule(code)
    if text is None:
        raise ConfigError(f"unknown rule code `{code}` (see `jaxlint rules`)")
    if not sys.stdout.isatty():
        sys.stdout.write(text + "\n")
        return
    from rich.console import Console  # only on a terminal: it costs start-up time
    from rich.markdown import Markdown

    Console().print(Markdown(text))
