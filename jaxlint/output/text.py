"""The default report: one header per finding, a code frame under it, a summary line.

    train.py:12:5: JAX104 [*] In-place update of JAX array `x`; use `x = x.at[0].set(1.0)`
       |
    12 |     x[0] = 1.0
       |     ^^^^^^^^^^ JAX104
       |

`[*]`: `--fix` fixes it; `[-]`: only `--fix --unsafe-fixes` does.
Colour is plain ANSI escapes, so nothing heavy is imported for it.
"""

from __future__ import annotations

import unicodedata

from jaxlint.diagnostics import Finding
from jaxlint.output.common import applies, fix_counts, hidden

TAB = "    "  # tabs are shown as four spaces, and carets are counted the same way
_SEVERITY_COLOR = {"error": "1;31", "warning": "1;33", "info": "1;34"}
_GUTTER, _BOLD, _CYAN = "1;34", "1", "36"
MAX_SHOWN = 200  # characters of a source line a frame shows; a longer line is cut around the span
_BEFORE_SPAN = 40  # characters kept before the span when a long line is cut


class Painter:
    """Wraps text in an ANSI style, or leaves it alone when colour is off."""

    def __init__(self, color: bool) -> None:
        self.color = color

    def __call__(self, text: str, style: str) -> str:
        return f"\x1b[{style}m{text}\x1b[0m" if self.color and text else text


def render(findings: list[Finding], *, color: bool, unsafe_fixes: bool, errors: int = 0,
           with_summary: bool = True) -> str:
    paint = Painter(color)
    lines: list[str] = []
    for finding in findings:
        lines.append(header(finding, paint, unsafe_fixes))
        lines.extend(frame(finding, paint))
        lines.append("")
    if with_summary:
        lines.append(summary(findings, unsafe_fixes, errors))
    elif lines:
        lines.pop()  # the blank line after the last finding
    return "\n".join(lines) + "\n" if lines else ""


def marker(finding: Finding, unsafe_fixes: bool) -> str:
    if applies(finding, unsafe_fixes):
        return "[*]"
    return "[-]" if hidden(finding, unsafe_fixes) else ""


def header(finding: Finding, paint: Painter, unsafe_fixes: bool) -> str:
    colon = paint(":", _CYAN)
    where = paint(finding.filename, _BOLD)
    if finding.cell is not None:
        where += colon + f"cell {finding.cell}"
    mark = marker(finding, unsafe_fixes)
    code = paint(finding.code, _SEVERITY_COLOR.get(finding.severity, _BOLD))
    return (f"{where}{colon}{finding.location.row}{colon}{finding.location.column}{colon} {code} "
            + (paint(mark, _CYAN) + " " if mark else "") + finding.message)


def frame(finding: Finding, paint: Painter) -> list[str]:
    """The source lines of the span under carets; a span over several lines is drawn as ruff draws
    it, a bar from its first character to its last. Nothing without context."""
    if not finding.context:
        return []
    first_row = finding.location.row
    width = len(str(first_row + len(finding.context) - 1))
    gutter = _Gutter(paint, width)
    style = _SEVERITY_COLOR.get(finding.severity, _BOLD)
    start, end = finding.location.column - 1, finding.end_location.column - 1
    if finding.end_location.row == first_row:
        text, start, stop = clip(finding.context[0], start, end)
        indent = display_width(text[:start])
        carets = max(1, display_width(text[:stop]) - indent)
        return [gutter.empty, gutter.row(first_row, text),
                f"{gutter.empty} {' ' * indent}" + paint("^" * carets + " " + finding.code, style), gutter.empty]
    text, start, _ = clip(finding.context[0], start, start + 1)
    opening = paint("_" * (display_width(text[:start]) + 1) + "^", style)
    out = [gutter.empty, gutter.row(first_row, text, "  "), f"{gutter.empty}  {opening}"]
    last = finding.end_location.row - first_row  # its index in the context, when the context reaches it
    for offset, line in enumerate(finding.context[1:], start=1):
        text, _, stop = clip(line, max(end - 1, 0), end) if offset == last else clip(line, 0, 0)
        out.append(gutter.row(first_row + offset, text, paint("|", style) + " "))
    if last < len(finding.context):
        under = display_width(text[:max(stop - 1, 0)])
    else:  # the span goes on past the lines shown: its last line is not at hand, so count its characters
        out.append(gutter.label("…") + " " + paint("|", style))
        under = max(end - 1, 0)
    out += [f"{gutter.empty} " + paint("|" + "_" * (under + 1) + "^ " + finding.code, style), gutter.empty]
    return out


class _Gutter:
    """The row-number column of a frame."""

    def __init__(self, paint: Painter, width: int) -> None:
        self.paint, self.width = paint, width
        self.empty = self.label("")

    def label(self, text: str) -> str:
        return self.paint(f"{text:>{self.width}} |", _GUTTER)

    def row(self, row: int, text: str, margin: str = "") -> str:
        shown = margin + text.replace("\t", TAB)
        return self.label(str(row)) + (" " + shown if shown else "")


def clip(line: str, start: int, stop: int) -> tuple[str, int, int]:
    """`line` cut to at most MAX_SHOWN characters around the span [start, stop) (a cut end is shown
    as `…`), with the span's bounds in the cut text: a minified line is not printed whole."""
    if len(line) <= MAX_SHOWN:
        return line, start, stop
    left = max(0, min(start - _BEFORE_SPAN, len(line) - MAX_SHOWN))
    right = left + MAX_SHOWN
    text = ("…" if left else "") + line[left:right] + ("…" if right < len(line) else "")
    shift = 1 if left else 0
    return text, start - left + shift, (len(text) if stop > right else stop - left + shift)


def display_width(text: str) -> int:
    """Terminal columns `text` takes once tabs are expanded (wide CJK: 2, combining marks: 0)."""
    return sum(_char_width(char) for char in text)


def _char_width(char: str) -> int:
    if char == "\t":
        return len(TAB)
    if char.isascii():
        return 1
    if unicodedata.combining(char):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def summary(findings: list[Finding], unsafe_fixes: bool, errors: int = 0) -> str:
    """`Found 3 findings (2 fixable with --fix, 1 with --unsafe-fixes).` or `All checks passed!`; after
    errors (paths not checked) never "passed": `No findings in what was checked; 1 error.`"""
    if not findings:
        return f"No findings in what was checked; {errors} error{'s' * (errors != 1)}." if errors else "All checks passed!"
    fixable, hidden_count = fix_counts(findings, unsafe_fixes)
    parts = [f"{fixable} fixable with --fix"] if fixable else []
    if hidden_count:
        parts.append(f"{hidden_count} with --unsafe-fixes" if parts
                     else f"{hidden_count} fixable with --fix --unsafe-fixes")
    noun = "finding" if len(findings) == 1 else "findings"
    return f"Found {len(findings)} {noun}" + (f" ({', '.join(parts)})" if parts else "") + "."
