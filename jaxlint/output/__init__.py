"""Reports of findings in every `--output-format`; `render` is the one entry point.

Each format lives in its own module, imported only when asked for, so a plain text run
never loads json, xml or rich.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jaxlint.diagnostics import Finding, RuleInfo
    from jaxlint.output.common import Judgement

FORMATS = ("text", "json", "json-lines", "github", "sarif", "junit", "gitlab")


def render(fmt: str, findings: list[Finding], rules: list[RuleInfo], *, color: bool = False,
           statistics: bool = False, unsafe_fixes: bool = False, judgements: list[Judgement] | None = None,
           errors: int = 0, summary: bool = True) -> str:
    """Whole report as a string (the caller writes it to stdout). findings are already sorted;
    `judgements`, one per finding, are verify's verdicts (the github, sarif and junit formats);
    `errors`: how many paths or files could not be checked (said on stderr; the text summary counts them);
    `summary`: the text formats' last line ("Found 3 findings ...", "All checks passed!"), which -q leaves out.

    Raises ValueError for an unknown format, or for `statistics` with a format other than
    text, json and json-lines (as ruff does).
    """
    if fmt not in FORMATS:
        raise ValueError(f"unknown output format {fmt!r}; expected one of {', '.join(FORMATS)}")
    if statistics:
        from jaxlint.output import statistics as stats

        return stats.render(fmt, findings, color=color, unsafe_fixes=unsafe_fixes, errors=errors, with_summary=summary)
    if fmt == "text":
        from jaxlint.output import text

        return text.render(findings, color=color, unsafe_fixes=unsafe_fixes, errors=errors, with_summary=summary)
    if fmt in ("json", "json-lines"):
        from jaxlint.output import json_format

        return json_format.render(findings, lines=fmt == "json-lines")
    if fmt == "github":
        from jaxlint.output import github

        return github.render(findings, judgements)
    if fmt == "sarif":
        from jaxlint.output import sarif

        return sarif.render(findings, rules, judgements)
    if fmt == "junit":
        from jaxlint.output import junit

        return junit.render(findings, judgements)
    from jaxlint.output import gitlab

    return gitlab.render(findings)
