"""Code actions on a linted buffer: a quick fix per fixable finding, "Disable JAXnnn for this line"
(a `# noqa: JAXnnn`), and `source.fixAll.jaxlint` (every safe fix, as `check --fix` applies them).
Every edit is a WorkspaceEdit on the buffer's version that was linted, so a client drops it when the
buffer moved on."""

from __future__ import annotations

from lsprotocol import types

from jaxlint.diagnostics import Finding, Location
from jaxlint.server.convert import Positions, diagnostic, minimal_edit, text_edits
from jaxlint.server.lint import BufferLint, relint

FIX_ALL = "source.fixAll.jaxlint"
KINDS = [types.CodeActionKind.QuickFix, types.CodeActionKind.SourceFixAll, FIX_ALL]
_NOT_SUPPRESSIBLE = {"JAX000", "JAX999"}  # the file does not parse; jaxlint failed on it


def wanted(kind: str, only: list[str] | None) -> bool:
    """Whether the client asked for this kind (`only` lists kinds and their parents: `source` asks
    for `source.fixAll.jaxlint`)."""
    return not only or any(kind == o or kind.startswith(o + ".") for o in only)


def touching(lint: BufferLint, positions: Positions, range_: types.Range) -> list[Finding]:
    """The findings on the requested range (or its lines)."""
    start, end = positions.location(range_.start), positions.location(range_.end)
    return [f for f in lint.findings if _touches(f, start, end)]


def line_actions(uri: str, lint: BufferLint, positions: Positions, findings: list[Finding]) -> list[types.CodeAction]:
    """Quick fixes (of `findings` with their fixes built) and noqa actions. Unsafe fixes are offered
    too, labelled: the user picks each one, seeing what it does (fix-all never applies them unless
    `unsafeFixes` is on)."""
    fixes: list[types.CodeAction] = []
    disables: list[types.CodeAction] = []
    noqa_done: set[tuple[int, str]] = set()
    for finding in findings:
        shown = diagnostic(finding, positions)
        if finding.fix is not None and finding.fix.edits:
            unsafe = finding.fix.applicability != "safe"
            fixes.append(types.CodeAction(
                title=f"{finding.code}: {finding.fix.message}" + " (unsafe)" * unsafe,
                kind=types.CodeActionKind.QuickFix, diagnostics=[shown], is_preferred=not unsafe,
                edit=_workspace_edit(uri, lint.version, text_edits(finding.fix.edits, positions))))
        row = finding.noqa_row or finding.location.row
        if finding.code in _NOT_SUPPRESSIBLE or (row, finding.code) in noqa_done:
            continue
        noqa_done.add((row, finding.code))
        edit = noqa_edit(lint.text, row, finding.code, positions)
        if edit is not None:
            disables.append(types.CodeAction(title=f"Disable {finding.code} for this line",
                                             kind=types.CodeActionKind.QuickFix, diagnostics=[shown],
                                             edit=_workspace_edit(uri, lint.version, [edit])))
    return fixes + disables


def _touches(finding: Finding, start: Location, end: Location) -> bool:
    first, last = finding.location, finding.end_location
    key = lambda location: (location.row, location.column)  # noqa: E731
    return key(first) <= key(end) and key(start) <= key(last) or start.row <= first.row <= end.row


def noqa_edit(text: str, row: int, code: str, positions: Positions) -> types.TextEdit | None:
    """The edit that adds `code` to the row's `# noqa` (merged into one it has), as `check --add-noqa`
    writes it; None when the row has it already or cannot end in a comment (inside a string)."""
    import tokenize

    from jaxlint.commands.add_noqa import _directive_edit, _layout

    try:
        layout = _layout(text)
    except (tokenize.TokenError, SyntaxError, ValueError):
        return None
    if not 1 <= row <= len(positions.lines):
        return None
    edit = _directive_edit(row, positions.lines[row - 1].rstrip("\r\n"), {code}, layout)
    if edit is None or isinstance(edit, str):
        return None
    return types.TextEdit(range=positions.range(Location(row, edit.start + 1), Location(row, edit.end + 1)),
                          new_text=edit.content)


def fix_all(uri: str, lint: BufferLint, positions: Positions) -> types.CodeAction | None:
    """Every fix `check --fix` would apply to the buffer (unsafe ones only with `unsafeFixes`), as
    one edit of the part that changes. Runs the engine's fix loop: call it off the event loop."""
    from jaxlint.fixes.files import fix_file

    unsafe = lint.settings.unsafe_fixes
    if not any_fixable(lint):
        return None
    fixed = fix_file(lint.path, lint.data, relint(lint), unsafe=unsafe)
    if not fixed.changed:
        return None
    from jaxlint.source import decode

    after = decode(fixed.fixed)[0]  # line endings as the buffer has them
    edit = minimal_edit(lint.text, after, positions)
    if edit is None:
        return None
    return types.CodeAction(title="jaxlint: fix all" + " (unsafe fixes included)" * unsafe, kind=FIX_ALL,
                            edit=_workspace_edit(uri, lint.version, [edit]))


def any_fixable(lint: BufferLint) -> bool:
    """Whether fix-all may have something to do (the rules' intended fixes: they are built by it)."""
    return any(f.fixable == "safe" or (f.fixable and lint.settings.unsafe_fixes) for f in lint.findings)


def _workspace_edit(uri: str, version: int | None, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
    document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
    return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(text_document=document, edits=edits)])
