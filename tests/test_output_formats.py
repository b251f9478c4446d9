"""Every --output-format, on findings built by hand: exact shapes, positions in characters."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from jaxlint import __version__
from jaxlint.diagnostics import Edit, Finding, Fix, Location, RuleInfo
from jaxlint.output import FORMATS, render

ROOT = Path(__file__).resolve().parent.parent
MESSAGE = "In-place update of JAX array `x`; use `x = x.at[0].set(1.0)`"
RULES = [
    RuleInfo("JAX102", "prng-key-reuse", "error", "unsafe", "A PRNG key is used twice."),
    RuleInfo("JAX104", "in-place-update", "error", "safe", "In-place update of a JAX array."),
    RuleInfo("JAX106", "print-in-jit", "warning", "safe", "print() inside traced code."),
]


def finding(**overrides) -> Finding:
    fields = dict(
        code="JAX104", name="in-place-update", severity="error", message=MESSAGE,
        filename="pkg/train.py", location=Location(12, 5), end_location=Location(12, 15),
        function="pkg.train.step", noqa_row=12, context=("    x[0] = 1.0",), fixable="safe",
    )
    fields.update(overrides)
    if fields["fixable"] and "fix" not in overrides:  # a fix is advertised only once built: build one
        edit = Edit("x = x.at[0].set(1.0)", Location(12, 5), Location(12, 15))
        fields["fix"] = Fix(fields["fixable"], "Replace with `.at[].set()`", (edit,))
    return Finding(**fields)


def with_fix() -> Finding:
    return finding(fixable="safe")


def notebook() -> Finding:
    return finding(filename="nb.ipynb", cell=3, location=Location(2, 5), end_location=Location(2, 15),
                   noqa_row=2, context=("    x[0] = 1.0",))


def test_unknown_format_is_an_error():
    assert "json-lines" in FORMATS
    with pytest.raises(ValueError, match="unknown output format"):
        render("xml", [], RULES)


# --- json / json-lines ---------------------------------------------------------------------------

def test_json_object_is_the_contract_shape():
    [obj] = json.loads(render("json", [with_fix()], RULES))
    assert obj == {
        "code": "JAX104",
        "name": "in-place-update",
        "severity": "error",
        "message": MESSAGE,
        "filename": "pkg/train.py",
        "location": {"row": 12, "column": 5},
        "end_location": {"row": 12, "column": 15},
        "function": "pkg.train.step",
        "fix": {
            "applicability": "safe",
            "message": "Replace with `.at[].set()`",
            "edits": [{"content": "x = x.at[0].set(1.0)",
                       "location": {"row": 12, "column": 5},
                       "end_location": {"row": 12, "column": 15}}],
        },
        "noqa_row": 12,
        "url": None,
    }
    assert list(obj) == ["code", "name", "severity", "message", "filename", "location", "end_location",
                         "function", "fix", "noqa_row", "url"]


def test_json_fix_is_null_and_cell_only_for_notebooks():
    plain, cell = json.loads(render("json", [finding(function=None, fixable=None), notebook()], RULES))
    assert plain["fix"] is None and plain["function"] is None and "cell" not in plain
    assert cell["cell"] == 3 and cell["location"] == {"row": 2, "column": 5}


def test_json_empty_and_non_ascii():
    assert json.loads(render("json", [], RULES)) == []
    out = render("json", [finding(message="`é` reused")], RULES)
    assert "`é` reused" in out


def test_json_lines_is_one_compact_object_a_line():
    findings = [with_fix(), notebook()]
    out = render("json-lines", findings, RULES)
    lines = out.splitlines()
    assert len(lines) == 2 and out.endswith("\n")
    assert [json.loads(line) for line in lines] == json.loads(render("json", findings, RULES))
    assert render("json-lines", [], RULES) == ""


# --- text ----------------------------------------------------------------------------------------

def test_text_header_frame_and_summary():
    assert render("text", [finding()], RULES) == (
        f"pkg/train.py:12:5: JAX104 [*] {MESSAGE}\n"
        "   |\n"
        "12 |     x[0] = 1.0\n"
        "   |     ^^^^^^^^^^ JAX104\n"
        "   |\n"
        "\n"
        "Found 1 finding (1 fixable with --fix).\n"
    )


def test_text_columns_are_characters():
    line = 'x = "é"; y[0] = 1'
    f = finding(location=Location(3, 10), end_location=Location(3, 18), context=(line,), message="m")
    frame = render("text", [f], RULES).splitlines()
    assert frame[2] == f"3 | {line}"
    caret_line = frame[3]
    assert caret_line.index("^") == frame[2].index("y") and caret_line.endswith("^" * 8 + " JAX104")


def test_text_tabs_and_wide_characters_keep_carets_aligned():
    line = '\tz = "日本"; y[0] = 1'
    column = line.index("y") + 1
    f = finding(location=Location(1, column), end_location=Location(1, column + 8), context=(line,))
    source, carets = render("text", [f], RULES).splitlines()[2:4]
    assert source == '1 |     z = "日本"; y[0] = 1'
    # "日本" takes four terminal columns: carets start under the `y`.
    assert carets.index("^") == len(source.split("y")[0]) + 2
    assert "\t" not in carets


def test_text_multiline_span_is_drawn_from_its_first_character_to_its_last():
    f = finding(location=Location(9, 5), end_location=Location(11, 6),
                context=("    y = foo(", "        1,", "    )"), fixable=None)
    assert render("text", [f], RULES).splitlines()[1:9] == [
        "   |",
        " 9 |       y = foo(",
        "   |  _____^",
        "10 | |         1,",
        "11 | |     )",
        "   | |_____^ JAX104",
        "   |",
        "",
    ]


def test_text_span_longer_than_its_context_ends_at_its_column():
    f = finding(location=Location(1, 1), end_location=Location(7, 6),
                context=("foo(", "    1,", "    2,"), fixable=None)
    assert render("text", [f], RULES).splitlines()[1:9] == [
        "  |",
        "1 |   foo(",
        "  |  _^",
        "2 | |     1,",
        "3 | |     2,",
        "… | |",
        "  | |_____^ JAX104",
        "  |",
    ]


def test_text_at_least_one_caret_and_no_frame_without_context():
    empty_span = finding(location=Location(1, 5), end_location=Location(1, 5), context=("x = 1",))
    assert "  |     ^ JAX104" in render("text", [empty_span], RULES)
    out = render("text", [finding(context=())], RULES)
    assert out == f"pkg/train.py:12:5: JAX104 [*] {MESSAGE}\n\nFound 1 finding (1 fixable with --fix).\n"


def test_text_notebook_header_names_the_cell():
    assert render("text", [notebook()], RULES).startswith(f"nb.ipynb:cell 3:2:5: JAX104 [*] {MESSAGE}\n")


@pytest.mark.parametrize(("unsafe_fixes", "markers", "summary"), [
    (False, ["[*] ", "[-] ", ""], "Found 3 findings (1 fixable with --fix, 1 with --unsafe-fixes)."),
    (True, ["[*] ", "[*] ", ""], "Found 3 findings (2 fixable with --fix)."),
])
def test_text_fix_markers_and_summary(unsafe_fixes, markers, summary):
    findings = [finding(fixable="safe"), finding(fixable="unsafe"), finding(fixable=None)]
    out = render("text", findings, RULES, unsafe_fixes=unsafe_fixes)
    headers = [line for line in out.splitlines() if line.startswith("pkg/")]
    assert headers == [f"pkg/train.py:12:5: JAX104 {mark}{MESSAGE}" for mark in markers]
    assert out.endswith(summary + "\n")


@pytest.mark.parametrize("fixable", ["safe", "unsafe"])
def test_a_fix_the_rule_intends_but_could_not_build_is_not_advertised(fixable):
    unbuilt = finding(fixable=fixable, fix=None)
    for unsafe_fixes in (False, True):
        out = render("text", [unbuilt], RULES, unsafe_fixes=unsafe_fixes)
        assert out.startswith(f"pkg/train.py:12:5: JAX104 {MESSAGE}\n") and out.endswith("\nFound 1 finding.\n")
    stats = json.loads(render("json", [unbuilt], RULES, statistics=True))
    assert stats[0]["fixable"] is False and stats[0]["fixable_count"] == 0


def test_text_summary_variants():
    assert render("text", [], RULES) == "All checks passed!\n"
    assert render("text", [finding(fixable=None)] * 2, RULES).endswith("\nFound 2 findings.\n")
    only_unsafe = render("text", [finding(fixable="unsafe")], RULES)
    assert only_unsafe.endswith("\nFound 1 finding (1 fixable with --fix --unsafe-fixes).\n")


def test_colour_only_when_asked():
    plain = render("text", [finding(), notebook()], RULES)
    assert "\x1b[" not in plain
    coloured = render("text", [finding()], RULES, color=True)
    assert "\x1b[1;31mJAX104\x1b[0m" in coloured
    assert "\x1b" not in render("text", [finding()], RULES, statistics=True)


def test_plain_text_imports_nothing_heavy():
    code = (
        "import sys\n"
        "from jaxlint.diagnostics import Finding, Location\n"
        "from jaxlint.output import render\n"
        "f = Finding('JAX104', 'n', 'error', 'm', 'a.py', Location(1, 1), Location(1, 2), context=('x',))\n"
        "render('text', [f], [])\n"
        "render('text', [f], [], statistics=False, color=True)\n"
        "print(sorted(m for m in ('rich', 'json', 'xml', 'hashlib') if m in sys.modules))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


# --- statistics ----------------------------------------------------------------------------------

def statistics_findings() -> list[Finding]:
    key = dict(code="JAX102", name="prng-key-reuse", fixable="unsafe")
    printing = dict(code="JAX106", name="print-in-jit", severity="warning", fixable=None)
    return [finding(**key), finding(), finding(**printing), finding(), finding(**printing)]


def test_statistics_text_sorted_by_count_then_code():
    out = render("text", statistics_findings(), RULES, statistics=True)
    assert out == (
        "2\tJAX104\t[*] in-place-update\n"
        "2\tJAX106\t[ ] print-in-jit\n"
        "1\tJAX102\t[-] prng-key-reuse\n"
        "Found 5 findings (2 fixable with --fix, 1 with --unsafe-fixes).\n"
    )


def test_statistics_text_pads_counts():
    out = render("text", [finding()] * 10 + [finding(code="JAX1", fixable=None)], RULES, statistics=True)
    assert out.splitlines()[:2] == ["10\tJAX104\t[*] in-place-update", " 1\tJAX1  \t[ ] in-place-update"]


def test_statistics_json():
    assert json.loads(render("json", statistics_findings(), RULES, statistics=True)) == [
        {"code": "JAX104", "name": "in-place-update", "count": 2, "fixable": True, "fixable_count": 2},
        {"code": "JAX106", "name": "print-in-jit", "count": 2, "fixable": False, "fixable_count": 0},
        {"code": "JAX102", "name": "prng-key-reuse", "count": 1, "fixable": False, "fixable_count": 0},
    ]
    lines = render("json-lines", statistics_findings(), RULES, statistics=True, unsafe_fixes=True).splitlines()
    assert json.loads(lines[2])["fixable"] is True


def test_statistics_unsupported_format():
    with pytest.raises(ValueError, match="--statistics"):
        render("sarif", [finding()], RULES, statistics=True)


# --- github --------------------------------------------------------------------------------------

def test_github_annotation_lines():
    findings = [finding(), finding(severity="warning", code="JAX106"), finding(severity="info", code="JAX1")]
    assert render("github", findings, RULES).splitlines() == [
        f"::error file=pkg/train.py,line=12,col=5,endLine=12,endColumn=15,title=JAX104::{MESSAGE}",
        f"::warning file=pkg/train.py,line=12,col=5,endLine=12,endColumn=15,title=JAX106::{MESSAGE}",
        f"::notice file=pkg/train.py,line=12,col=5,endLine=12,endColumn=15,title=JAX1::{MESSAGE}",
    ]
    assert render("github", [], RULES) == ""


def test_github_escapes_data_and_properties():
    f = finding(filename="a,b:c%.py", message="100% wrong\r\nnext: line, here")
    line = render("github", [f], RULES).rstrip("\n")
    assert line == ("::error file=a%2Cb%3Ac%25.py,line=12,col=5,endLine=12,endColumn=15,title=JAX104"
                    "::100%25 wrong%0D%0Anext: line, here")


def test_github_notebook_points_at_the_file_and_names_the_cell():
    assert render("github", [notebook()], RULES) == f"::error file=nb.ipynb,title=JAX104::cell 3:2:5: {MESSAGE}\n"


# --- sarif ---------------------------------------------------------------------------------------

def test_sarif_log():
    log = json.loads(render("sarif", [with_fix(), finding(severity="warning", code="JAX106", fixable=None)], RULES))
    assert log["$schema"] == "https://json.schemastore.org/sarif-2.1.0.json"
    assert log["version"] == "2.1.0"
    [run] = log["runs"]
    driver = run["tool"]["driver"]
    assert (driver["name"], driver["version"]) == ("jaxlint", __version__)
    assert "informationUri" not in driver  # the project has no public home yet: no made-up link
    assert [rule["id"] for rule in driver["rules"]] == ["JAX102", "JAX104", "JAX106"]
    rule = driver["rules"][1]
    assert rule["name"] == "in-place-update"
    assert rule["shortDescription"] == {"text": "In-place update of a JAX array."}
    # the explanation is the rule's document, what `jaxlint explain JAX104` prints
    why = "JAX arrays are immutable, inside and outside `jit`."  # the sentence leading to an example is left out
    assert rule["fullDescription"]["text"] == f"In-place update of a JAX array. {why} `jaxlint check --fix` fixes it."
    assert rule["help"]["markdown"] == rule["help"]["text"] == (ROOT / "rules" / "JAX104.md").read_text()
    assert "helpUri" not in rule
    assert rule["defaultConfiguration"] == {"enabled": True, "level": "error"}
    assert driver["rules"][2]["defaultConfiguration"]["level"] == "warning"
    first, second = run["results"]
    assert first["ruleId"] == "JAX104" and first["level"] == "error"
    assert first["message"] == {"text": MESSAGE}
    assert first["locations"] == [{"physicalLocation": {
        "artifactLocation": {"uri": "pkg/train.py"},
        "region": {"startLine": 12, "startColumn": 5, "endLine": 12, "endColumn": 15},
    }}]
    replacement = first["fixes"][0]["artifactChanges"][0]["replacements"][0]
    assert replacement["insertedContent"] == {"text": "x = x.at[0].set(1.0)"}
    assert first["fixes"][0]["properties"] == {"applicability": "safe"}
    assert second["level"] == "warning" and "fixes" not in second


def test_sarif_relates_a_crash_finding_to_the_step_that_traces_its_operand(tmp_path: Path):
    (tmp_path / "m.py").write_text("import jax\n\n\ndef f(x, flag):\n    if flag:\n        return x\n    return -x\n\n\n"
                                   "g = jax.jit(f)\n")
    out = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "sarif", "m.py"],
                         cwd=tmp_path, capture_output=True, text=True).stdout
    [result] = json.loads(out)["runs"][0]["results"]
    assert result["relatedLocations"] == [{
        "id": 1, "message": {"text": "`flag` is traced here: `jax.jit` at line 10 traces the arguments of `f`"},
        "physicalLocation": {"artifactLocation": {"uri": "m.py"}, "region": {"startLine": 10}}}]
    as_json = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json", "m.py"],
                             cwd=tmp_path, capture_output=True, text=True).stdout
    assert "related" not in json.loads(as_json)[0]  # the JSON keeps its shape: the message says the step


def test_sarif_marks_unsafe_fixes_and_offers_none_that_was_not_built():
    unsafe = finding(code="JAX102", name="prng-key-reuse", fixable="unsafe")
    intent_only = finding(code="JAX102", name="prng-key-reuse", fixable="unsafe", fix=None)
    first, second = json.loads(render("sarif", [unsafe, intent_only], RULES))["runs"][0]["results"]
    assert first["fixes"][0]["properties"] == {"applicability": "unsafe"}
    assert "fixes" not in second


def test_rule_urls_follow_the_repository_once_it_is_known(monkeypatch):
    from jaxlint.commands import catalog

    monkeypatch.setattr(catalog, "REPOSITORY_URL", "https://git.example.org/team/jaxlint")
    [obj] = json.loads(render("json", [with_fix()], RULES))
    expected = f"https://git.example.org/team/jaxlint/blob/v{__version__}/rules/JAX104.md"
    assert obj["url"] == expected
    driver = json.loads(render("sarif", [with_fix()], RULES))["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://git.example.org/team/jaxlint"
    assert {rule["id"]: rule.get("helpUri") for rule in driver["rules"]}["JAX104"] == expected
    # a code without a document (JAX000) gets no link to a page that does not exist
    [syntax] = json.loads(render("json", [finding(code="JAX000", name="syntax-error", fixable=None)], RULES))
    assert syntax["url"] is None


def test_sarif_levels_notebooks_and_codes_outside_the_catalog():
    syntax = finding(code="JAX000", name="syntax-error", severity="info", filename="/abs/a b.py")
    run = json.loads(render("sarif", [notebook(), syntax], RULES))["runs"][0]
    cell, error = run["results"]
    assert cell["message"]["text"] == f"cell 3:2:5: {MESSAGE}"
    assert "region" not in cell["locations"][0]["physicalLocation"]
    assert error["level"] == "note"
    assert error["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] == "file:///abs/a%20b.py"
    extra = run["tool"]["driver"]["rules"][-1]
    assert (extra["id"], extra["name"], extra["defaultConfiguration"]["level"]) == ("JAX000", "syntax-error", "note")


# --- junit ---------------------------------------------------------------------------------------

def test_junit_parses_with_a_suite_per_file():
    findings = [finding(), finding(location=Location(14, 1)), finding(filename="other.py"), notebook()]
    out = render("junit", findings, RULES)
    assert out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n')
    root = ET.fromstring(out)
    assert root.tag == "testsuites" and root.get("tests") == "4" and root.get("failures") == "4"
    suites = root.findall("testsuite")
    assert [(s.get("name"), s.get("tests")) for s in suites] == [("pkg/train.py", "2"), ("other.py", "1"),
                                                                 ("nb.ipynb", "1")]
    case = suites[0].find("testcase")
    assert case.attrib == {"name": "org.jaxlint.JAX104", "classname": "pkg/train", "line": "12", "column": "5"}
    assert case.find("properties/property").attrib == {"name": "severity", "value": "error"}
    failure = case.find("failure")
    assert failure.get("message") == MESSAGE and failure.text == f"line 12, col 5, {MESSAGE}"
    cell_case = suites[2].find("testcase")
    assert "line" not in cell_case.attrib and cell_case.find("failure").text == f"cell 3:2:5: {MESSAGE}"


def test_junit_without_findings():
    root = ET.fromstring(render("junit", [], RULES))
    assert root.get("failures") == "0"
    assert root.find("testsuite/testcase").get("name") == "No findings"


# --- gitlab --------------------------------------------------------------------------------------

def test_gitlab_issues():
    findings = [finding(), finding(severity="warning"), finding(severity="info"), notebook()]
    issues = json.loads(render("gitlab", findings, RULES))
    assert issues[0] == {
        "check_name": "JAX104",
        "description": f"JAX104: {MESSAGE}",
        "severity": "major",
        "fingerprint": issues[0]["fingerprint"],
        "location": {"path": "pkg/train.py", "positions": {"begin": {"line": 12, "column": 5},
                                                           "end": {"line": 12, "column": 15}}},
    }
    assert [i["severity"] for i in issues] == ["major", "minor", "info", "major"]
    assert issues[3]["location"] == {"path": "nb.ipynb", "lines": {"begin": 1}}
    assert issues[3]["description"] == f"JAX104: cell 3:2:5: {MESSAGE}"


def test_gitlab_fingerprints_are_unique_and_stable():
    same_line_twice = [finding(), finding(location=Location(30, 5), end_location=Location(30, 15))]
    findings = [*same_line_twice, finding(filename="other.py"), finding(message="other")]
    prints = [i["fingerprint"] for i in json.loads(render("gitlab", findings, RULES))]
    assert len(set(prints)) == len(prints)
    assert prints == [i["fingerprint"] for i in json.loads(render("gitlab", findings, RULES))]
    # A finding keeps its fingerprint when the code above it moves it down a few lines.
    moved = finding(location=Location(40, 5), end_location=Location(40, 15))
    assert json.loads(render("gitlab", [moved], RULES))[0]["fingerprint"] == prints[0]


def test_gitlab_absolute_paths_become_project_relative(tmp_path, monkeypatch):
    monkeypatch.setenv("CI_PROJECT_DIR", str(tmp_path))
    f = finding(filename=str(tmp_path / "pkg" / "train.py"))
    assert json.loads(render("gitlab", [f], RULES))[0]["location"]["path"] == "pkg/train.py"
