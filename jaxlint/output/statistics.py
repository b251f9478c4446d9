"""`--statistics`: a count per rule instead of the list, most frequent first (as ruff).

    3	JAX104	[*] in-place-update
    1	JAX102	[-] prng-key-reuse
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from jaxlint.diagnostics import Finding
from jaxlint.output.common import applies, hidden
from jaxlint.output.json_format import dump_line
from jaxlint.output.text import Painter, summary


@dataclass(frozen=True)
class RuleCount:
    code: str
    name: str
    count: int
    fixable_count: int  # fixed by --fix as configured
    hidden_count: int  # fixed only with --unsafe-fixes


def render(fmt: str, findings: list[Finding], *, color: bool, unsafe_fixes: bool, errors: int = 0,
           with_summary: bool = True) -> str:
    counts = count(findings, unsafe_fixes)
    if fmt == "text":
        return as_text(counts, findings, color=color, unsafe_fixes=unsafe_fixes, errors=errors,
                       with_summary=with_summary)
    if fmt in ("json", "json-lines"):
        objects = [as_object(c) for c in counts]
        if fmt == "json-lines":
            return "".join(dump_line(obj) + "\n" for obj in objects)
        return json.dumps(objects, indent=2, ensure_ascii=False) + "\n"
    raise ValueError(f"--statistics is not supported with --output-format {fmt}")


def count(findings: list[Finding], unsafe_fixes: bool) -> list[RuleCount]:
    totals = Counter(f.code for f in findings)
    names = {f.code: f.name for f in findings}
    fixable = Counter(f.code for f in findings if applies(f, unsafe_fixes))
    hidden_fixes = Counter(f.code for f in findings if hidden(f, unsafe_fixes))
    ordered = sorted(totals.items(), key=lambda item: (-item[1], item[0]))
    return [RuleCount(code, names[code], n, fixable[code], hidden_fixes[code]) for code, n in ordered]


def as_object(rule: RuleCount) -> dict[str, Any]:
    return {"code": rule.code, "name": rule.name, "count": rule.count,
            "fixable": rule.fixable_count > 0, "fixable_count": rule.fixable_count}


def as_text(counts: list[RuleCount], findings: list[Finding], *, color: bool, unsafe_fixes: bool,
            errors: int = 0, with_summary: bool = True) -> str:
    paint = Painter(color)
    count_width = max((len(str(c.count)) for c in counts), default=1)
    code_width = max((len(c.code) for c in counts), default=1)
    lines = []
    for rule in counts:
        mark = "[*]" if rule.fixable_count else "[-]" if rule.hidden_count else "[ ]"
        lines.append(f"{rule.count:>{count_width}}\t{paint(f'{rule.code:<{code_width}}', '1;31')}\t"
                     f"{paint(mark, '36')} {rule.name}")
    if with_summary:
        lines.append(summary(findings, unsafe_fixes, errors))
    return "\n".join(lines) + "\n" if lines else ""

