"""JUnit XML as ruff writes it: a test suite per file, a failing test case per finding."""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from itertools import groupby

from jaxlint.diagnostics import Finding
from jaxlint.output.common import cell_prefix

DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'


def render(findings: list[Finding]) -> str:
    root = ET.Element("testsuites", name="jaxlint", tests=str(max(1, len(findings))), skipped="0",
                      failures=str(len(findings)), errors="0")
    if not findings:
        suite = _suite(root, "jaxlint", tests=1, failures=0)
        ET.SubElement(suite, "testcase", name="No findings", classname="jaxlint")
    for filename, group in groupby(findings, key=lambda f: f.filename):
        in_file = list(group)
        suite = _suite(root, filename, tests=len(in_file), failures=len(in_file))
        for finding in in_file:
            _case(suite, finding)
    ET.indent(root, space="    ")
    return DECLARATION + ET.tostring(root, encoding="unicode") + "\n"


def _suite(root: ET.Element, name: str, *, tests: int, failures: int) -> ET.Element:
    return ET.SubElement(root, "testsuite", name=name, tests=str(tests), skipped="0", errors="0",
                         failures=str(failures), package="org.jaxlint")


def _case(suite: ET.Element, finding: Finding) -> None:
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
    failure = ET.SubElement(case, "failure", message=finding.message)
    failure.text = where + finding.message
