"""GitHub Actions workflow commands: one annotation a finding.

    ::error file=pkg/train.py,line=12,col=5,endLine=12,endColumn=15,title=JAX104::In-place update ...
"""

from __future__ import annotations

from jaxlint.diagnostics import Finding
from jaxlint.output.common import Judgement, cell_prefix, posix_path

_COMMAND = {"error": "error", "warning": "warning", "info": "notice"}


def render(findings: list[Finding], judgements: list[Judgement] | None = None) -> str:
    """`judgements` (verify), one per finding: the verdict goes into the title, the reason after the
    message, and a finding that does not fail the run is a notice."""
    if judgements is None:
        return "".join(annotation(f) + "\n" for f in findings)
    return "".join(annotation(f, j) + "\n" for f, j in zip(findings, judgements, strict=True))


def annotation(finding: Finding, judgement: Judgement | None = None) -> str:
    properties = {"file": posix_path(finding.filename)}
    if finding.cell is None:  # a row within a notebook cell is no line of the .ipynb file
        properties.update(line=finding.location.row, col=finding.location.column,
                          endLine=finding.end_location.row, endColumn=finding.end_location.column)
    properties["title"] = finding.code if judgement is None else f"{finding.code} {judgement.verdict}"
    props = ",".join(f"{key}={escape_property(str(value))}" for key, value in properties.items())
    command = _COMMAND.get(finding.severity, "error") if judgement is None or judgement.fails else "notice"
    message = cell_prefix(finding) + finding.message
    if judgement is not None:
        message += f"\n\njaxlint verify: {judgement.verdict}: {judgement.reason}"
    return f"::{command} {props}::{escape_data(message)}"


def escape_data(text: str) -> str:
    """As @actions/core escapes a command's message."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """As @actions/core escapes a property value."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
