"""JUnit XML as ruff writes it: a test suite per file, a failing test case per finding (from verify:
failing where the finding fails the run, else skipped, with its verdict)."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from itertools import groupby

from jaxlint.diagnostics import Finding
from jaxlint.output.common import Judgement, cell_prefix

DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'


def render(findings: list[Finding], judgements: list[Judgement] | None = None) -> str:
    judged = judgements if judgements is not None else [None] * len(findings)
    failing = sum(j is None or j.fails for j in judged)
    root = ET.Element("testsuites", name="jaxlint", tests=str(max(1, len(findings))),
                      skipped=str(len(findings) - failing), failures=str(failing), errors="0")
    if not findings:
        suite = _suite(root, "jaxlint", tests=1, failures=0, skipped=0)
        ET.SubElement(suite, "testcase", name="No findings", classname="jaxlint")
    pairs = list(zip(findings, judged, strict=True))
    for filename, group in groupby(pairs, key=lambda pair: pair[0].filename):
        in_file = list(group)
        fails = sum(j is None or j.fails for _, j in in_file)
        suite = _suite(root, filename, tests=len(in_file), failures=fails, skipped=len(in_file) - fails)
        for finding, judgement in in_file:
            _case(suite, finding, judgement)
    ET.indent(root, space="    ")
    return DECLARATION + ET.tostring(root, encoding="unicode") + "\n"


def _suite(root: ET.Element, name: str, *, tests: int, failures: int, skipped: int) -> ET.Element:
    return ET.SubElement(root, "testsuite", name=name, tests=str(tests), skipped=str(skipped), errors="0",
                         failures=str(failures), package="org.jaxlint")


def _case(suite: ET.Element, finding: Finding, judgement: Judgement | None) -> None:
    case = ET.SubElement(suite, "testcase", name=f"org.jaxlint.{finding.code}",
                         classname=os.path.splitext(finding.filename)[0])
    if finding.cell is None:
        case.set("line", str(finding.location.row))
        case.set("column", str(finding.location.column))
        where = f"line {finding.location.row}, col {finding.location.column}, "
    else:
        where = cell_prefix(finding)
    properties = ET.SubElement(case, "properties")
    ET.SubElement(properties, "property", name="severity", value=finding.severity)
    if judgement is not None:
        ET.SubElement(properties, "property", name="verdict", value=judgement.verdict)
        if not judgement.fails:
            ET.SubElement(case, "skipped", message=f"{judgement.verdict}: {judgement.reason}")
            return
    failure = ET.SubElement(case, "failure", message=finding.message)
    failure.text = where + finding.message + (f"\njaxlint verify: {judgement.verdict}: {judgement.reason}"
                                              if judgement is not None else "")
