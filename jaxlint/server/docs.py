"""Where a rule's document is, for a diagnostic's link, and its summary, for hover."""

from __future__ import annotations

import functools

from jaxlint.commands.catalog import _RULE_DOCS, first_paragraph, rule_document, rule_url
from jaxlint.rules import INTERNAL_ERROR, SYNTAX_ERROR, catalog


@functools.cache  # one entry per rule code: bounded
def rule_href(code: str) -> str | None:
    """The rule's document: its published address when jaxlint has one, else the file of the
    packaged copy (or the checkout's `rules/JAXnnn.md`) as a file URI."""
    url = rule_url(code)
    if url is not None:
        return url
    for folder in _RULE_DOCS:
        path = folder / f"{code}.md"
        if path.is_file():
            return path.as_uri()
    return None


@functools.cache
def rule_summary(code: str) -> str | None:
    """Markdown for hover: the rule's name, severity and summary, its document's first explanation."""
    info = next((i for i in (*catalog(), SYNTAX_ERROR, INTERNAL_ERROR) if i.code == code), None)
    if info is None:
        return None
    lines = [f"**{info.code}** `{info.name}` ({info.severity}; fix: {info.fix})", "", info.summary]
    document = rule_document(code)
    why = first_paragraph(document, "Why is this bad?") if document else None
    if why:
        lines += ["", why]
    href = rule_href(code)
    if href:
        lines += ["", f"[{info.code} documentation]({href}) · `jaxlint explain {info.code}`"]
    return "\n".join(lines)
