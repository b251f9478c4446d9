"""The language server: LSP messages in, lints scheduled, diagnostics and code actions out."""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import sys
import traceback
from typing import NoReturn

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from jaxlint import __version__, interrupts
from jaxlint.server.actions import FIX_ALL, KINDS, any_fixable, fix_all, line_actions, touching, wanted
from jaxlint.server.convert import Positions, diagnostic
from jaxlint.server.docs import rule_summary
from jaxlint.server.freshness import forget_run_memos
from jaxlint.server.lint import STDIN, BufferLint, engine_path, lint_buffer, with_fixes
from jaxlint.server.notebook import as_ipynb, cell_lint, in_cell
from jaxlint.server.scheduler import DEBOUNCE_S, Scheduler
from jaxlint.server.settings import ConfigError, EditorOptions, buffer_settings

_PYTHON_SUFFIXES = (".py", ".pyi")
_PROGRESS_CREATE_S = 2.0  # how long a client may take to accept a progress token
_WATCHED = ("**/*.py", "**/*.pyi", "**/pyproject.toml", "**/jaxlint.toml", "**/.gitignore")


class JaxlintServer(LanguageServer):
    def __init__(self) -> None:
        super().__init__("jaxlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         notebook_document_sync=types.NotebookDocumentSyncOptions(notebook_selector=[
                             types.NotebookDocumentFilterWithCells(
                                 cells=[types.NotebookCellLanguage(language="python")], notebook="*")]))
        self.options = EditorOptions()
        self.lints: dict[str, BufferLint] = {}  # the open buffers' latest lints: nothing else is kept
        self.open: set[str] = set()  # text documents and notebooks (not their cells)
        self.scheduler = Scheduler(self._lint_and_publish)
        self._said: set[str] = set()  # configuration errors shown already (each once)
        self._warm = False
        self._project_seen = False  # a lint with the project around it has ended (its cache is warm)

    # -- linting ---------------------------------------------------------------------------------

    def buffer(self, uri: str) -> tuple[str | None, str, int | None]:
        """What is linted for `uri`: its file's path (None: no file), its text and version; a notebook's
        text is the .ipynb the CLI would read."""
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is not None:
            return to_fs_path(uri) if uri.startswith("file:") else None, as_ipynb(notebook, self.workspace), notebook.version
        document = self.workspace.get_text_document(uri)
        return document.path if uri.startswith("file:") else None, document.source, document.version

    def lintable(self, uri: str) -> bool:
        if uri not in self.open:
            return False
        if self.workspace.get_notebook_document(notebook_uri=uri) is not None:
            return True
        document = self.workspace.get_text_document(uri)
        if not uri.startswith("file:"):
            return document.language_id in (None, "python")
        return (document.path or "").endswith(_PYTHON_SUFFIXES) or document.language_id == "python"

    async def _lint_and_publish(self, uri: str) -> None:
        if not self.lintable(uri):
            return
        path, text, version = self.buffer(uri)
        first = not self._project_seen and path is not None and uri not in self.lints
        cold = first and await self.scheduler.run(self._cold, path)
        if cold:  # the file alone first: a project never checked may take a while
            quick = await self.scheduler.run(self._lint, path, text, version, True)
            if quick is not None and uri in self.open and uri not in self.lints:
                self.publish(uri, quick)
        token = await self._progress_begin() if cold else None
        try:
            lint = await self.scheduler.run(self._lint, path, text, version)
        finally:
            if token is not None:
                self.work_done_progress.end(token, types.WorkDoneProgressEnd(message="done"))
        if lint is None or uri not in self.open:
            return
        self._project_seen = self._project_seen or path is not None
        previous = self.lints.get(uri)
        if previous is not None and (previous.version or 0) > (lint.version or 0):
            return  # a newer lint was published already
        self.lints[uri] = lint
        self.publish(uri, lint)
        if not self._warm:  # the fix machinery, imported while the user reads, not at the first quick fix
            self._warm = True
            await self.scheduler.run(_import_fixes)

    async def _progress_begin(self) -> str | None:
        """A `$/progress` for the project's first analysis, where the client shows them."""
        window = self.client_capabilities.window
        if window is None or not window.work_done_progress:
            return None
        token = f"jaxlint-project-{id(self)}-{len(self.work_done_progress.tokens)}"
        try:
            await asyncio.wait_for(self.work_done_progress.create_async(token), _PROGRESS_CREATE_S)
        except Exception:  # noqa: BLE001 - the client did not take it: no progress shown, the lint goes on
            return None
        self.work_done_progress.begin(token, types.WorkDoneProgressBegin(
            title="jaxlint", message="analysing the project around the open file"))
        return token

    def _cold(self, path: str) -> bool:
        """No cache of the project yet (never checked here, or the cache is off): its analysis starts cold."""
        try:
            root = buffer_settings(engine_path(path), self.options).settings.root
        except Exception:  # noqa: BLE001 - a broken configuration: the lint says so
            return False
        return not self.options.cache or not os.path.isdir(os.path.join(str(root), ".jaxlint_cache"))

    def _lint(self, path: str | None, text: str, version: int | None, alone: bool = False) -> BufferLint | None:
        """In the engine's thread: never raises (a crash is logged, the server goes on)."""
        name = engine_path(path)
        try:
            settings = buffer_settings(name if name != STDIN else os.path.join(os.getcwd(), "-"), self.options)
            lint = lint_buffer(name, text, version, settings, cache=self.options.cache, jobs=os.cpu_count() or 1,
                               show_suppressed=self.options.show_suppressed, alone=alone)
        except ConfigError as exc:
            self._say_once(f"jaxlint: {exc}", types.MessageType.Error)
            return None
        except Exception:  # noqa: BLE001 - a bug of ours: logged, and the next edit is linted again
            self.log(f"jaxlint crashed linting {name}:\n{traceback.format_exc()}", types.MessageType.Error)
            return None
        finally:
            forget_run_memos()  # bounded memory, and the next lint sees the disk as it is then
        for error in lint.result.errors:
            self.log(f"jaxlint: {error}", types.MessageType.Warning)
        return lint

    def publish(self, uri: str, lint: BufferLint) -> None:
        notebook = self.workspace.get_notebook_document(notebook_uri=uri)
        if notebook is None:
            self._publish(uri, lint)
            return
        for cell in notebook.cells:  # every code cell: one without findings now is cleared
            if cell.kind != types.NotebookCellKind.Code:
                continue
            seen = cell_lint(lint, notebook, cell.document, self.workspace)
            if seen is not None:
                self._publish(cell.document, seen)

    def _publish(self, uri: str, lint: BufferLint) -> None:
        positions = Positions(lint.text, self.workspace.position_codec)
        shown = [diagnostic(f, positions, uri=uri) for f in lint.findings]
        shown += [diagnostic(f, positions, suppressed=True, uri=uri) for f in lint.suppressed]
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=shown,
                                                                              version=lint.version))

    async def current(self, uri: str) -> BufferLint | None:
        """The lint of the buffer's text as it is now (waiting for it, or asking for it)."""
        if not self.lintable(uri):
            return None
        for _ in range(3):
            version = self.buffer(uri)[2]
            lint = self.lints.get(uri)
            if lint is not None and lint.version == version:
                return lint
            task = self.scheduler.running(uri) or self.scheduler.request(uri)
            await task
        return None

    def opened(self, uri: str) -> None:
        """A text document or a notebook the editor opened: linted from now on."""
        self.open.add(uri)
        self.scheduler.request(uri)

    def closed(self, uri: str, shown: list[str]) -> None:
        """`uri` closed: forgotten, and its diagnostics, published on `shown` (itself, or a notebook's cells), cleared."""
        self.open.discard(uri)
        self.scheduler.forget(uri)
        self.lints.pop(uri, None)
        for document in shown:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=document, diagnostics=[]))

    def relint_all(self, delay: float = 0.0) -> None:
        for uri in list(self.open):
            self.scheduler.request(uri, delay)

    # -- messages to the user ---------------------------------------------------------------------

    def log(self, message: str, kind: types.MessageType = types.MessageType.Info) -> None:
        try:
            self.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:  # noqa: BLE001 - the client is gone: nothing to tell
            logging.getLogger(__name__).warning(message)

    def _say_once(self, message: str, kind: types.MessageType) -> None:
        self.log(message, kind)
        if message not in self._said and len(self._said) < 100:
            self._said.add(message)
            self.window_show_message(types.ShowMessageParams(type=kind, message=message))


def _import_fixes() -> None:
    try:
        import jaxlint.fixes.files  # noqa: F401
    except Exception:  # noqa: BLE001 - only a head start
        pass


server = JaxlintServer()


@server.feature(types.INITIALIZE)
def initialize(ls: JaxlintServer, params: types.InitializeParams) -> None:
    ls.options = EditorOptions.from_json(params.initialization_options)
    root = _root(params)
    if root is not None and os.path.isdir(root):
        # As `jaxlint check` run from the workspace root: the project, the shown paths and the cache there.
        os.chdir(root)


def _root(params: types.InitializeParams) -> str | None:
    if params.workspace_folders:
        return to_fs_path(params.workspace_folders[0].uri)
    if params.root_uri:
        return to_fs_path(params.root_uri)
    return params.root_path


@server.feature(types.INITIALIZED)
def initialized(ls: JaxlintServer, params: types.InitializedParams) -> None:
    workspace = ls.client_capabilities.workspace
    watched = workspace.did_change_watched_files if workspace else None
    if watched is not None and watched.dynamic_registration:
        watchers = [types.FileSystemWatcher(glob_pattern=glob) for glob in _WATCHED]
        ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
            id="jaxlint-watched-files", method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
            register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))
    ls.log(f"jaxlint {__version__} language server in {os.getcwd()}")


_NOTEBOOK_NOTICES = (types.DidOpenNotebookDocumentParams, types.DidChangeNotebookDocumentParams)


def _linted_uri(params: types.DidOpenTextDocumentParams | types.DidChangeTextDocumentParams
                | types.DidOpenNotebookDocumentParams | types.DidChangeNotebookDocumentParams) -> str:
    """What a notice about a document makes linted: the text document, or the notebook (whole, its cells with it)."""
    return params.notebook_document.uri if isinstance(params, _NOTEBOOK_NOTICES) else params.text_document.uri


@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
@server.feature(types.NOTEBOOK_DOCUMENT_DID_OPEN)
def did_open(ls: JaxlintServer, params: types.DidOpenTextDocumentParams | types.DidOpenNotebookDocumentParams) -> None:
    ls.opened(_linted_uri(params))


@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
@server.feature(types.NOTEBOOK_DOCUMENT_DID_CHANGE)
def did_change(ls: JaxlintServer,
               params: types.DidChangeTextDocumentParams | types.DidChangeNotebookDocumentParams) -> None:
    ls.scheduler.request(_linted_uri(params), DEBOUNCE_S)


@server.feature(types.TEXT_DOCUMENT_DID_SAVE)
@server.feature(types.NOTEBOOK_DOCUMENT_DID_SAVE)
def did_save(ls: JaxlintServer,
             params: types.DidSaveTextDocumentParams | types.DidSaveNotebookDocumentParams) -> None:
    # The file on disk changed: the buffers whose findings depend on it are the other open ones too.
    ls.relint_all()


@server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: JaxlintServer, params: types.DidCloseTextDocumentParams) -> None:
    ls.closed(params.text_document.uri, [params.text_document.uri])


@server.feature(types.NOTEBOOK_DOCUMENT_DID_CLOSE)
def did_close_notebook(ls: JaxlintServer, params: types.DidCloseNotebookDocumentParams) -> None:
    ls.closed(params.notebook_document.uri, [cell.uri for cell in params.cell_text_documents])


@server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
def did_change_watched_files(ls: JaxlintServer, params: types.DidChangeWatchedFilesParams) -> None:
    # Any module may be a caller or a helper of an open buffer, and a configuration file changes
    # them all: every open buffer is linted again (the unchanged modules come from the cache).
    ls.relint_all(DEBOUNCE_S)


@server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
def did_change_configuration(ls: JaxlintServer, params: types.DidChangeConfigurationParams) -> None:
    if isinstance(params.settings, dict) and params.settings:
        ls.options = EditorOptions.from_json(params.settings)
    ls.relint_all()


@server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                types.CodeActionOptions(code_action_kinds=KINDS, resolve_provider=True))
async def code_action(ls: JaxlintServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
    uri = params.text_document.uri
    notebook = ls.workspace.get_notebook_document(cell_uri=uri)
    lint = await ls.current(notebook.uri if notebook is not None else uri)
    shown = lint if lint is None or notebook is None else cell_lint(lint, notebook, uri, ls.workspace)
    if lint is None or shown is None:
        return None
    positions = Positions(shown.text, ls.workspace.position_codec)
    only = params.context.only
    actions = []
    if wanted(types.CodeActionKind.QuickFix, only):
        findings = touching(shown, positions, params.range)
        if any(f.fixable for f in findings):  # fixes are built when first asked for, once per version
            findings = await ls.scheduler.run(_with_fixes, ls, lint, findings)  # a notebook's, on it whole
        if notebook is not None:
            findings = [in_cell(f) for f in findings]
        actions = line_actions(uri, shown, positions, findings)
    if wanted(FIX_ALL, only) and notebook is None and any_fixable(lint):  # a notebook: one fix at a time
        if _resolves_edits(ls):  # built when picked: building runs the fix loop
            actions.append(types.CodeAction(title="jaxlint: fix all", kind=FIX_ALL,
                                            data={"uri": uri, "version": lint.version}))
        else:
            action = await ls.scheduler.run(_fix_all, ls, uri, lint, positions)
            if action is not None:
                actions.append(action)
    return actions


def _resolves_edits(ls: JaxlintServer) -> bool:
    document = ls.client_capabilities.text_document
    code_action = document.code_action if document else None
    support = code_action.resolve_support if code_action else None
    return support is not None and "edit" in support.properties


def _with_fixes(ls: JaxlintServer, lint: BufferLint, findings: list) -> list:
    try:
        return with_fixes(lint, findings)
    except Exception:  # noqa: BLE001 - the findings stay, without quick fixes
        ls.log(f"jaxlint crashed building fixes for {lint.path}:\n{traceback.format_exc()}", types.MessageType.Error)
        return findings


def _fix_all(ls: JaxlintServer, uri: str, lint: BufferLint, positions: Positions) -> types.CodeAction | None:
    try:
        return fix_all(uri, lint, positions)
    except Exception:  # noqa: BLE001 - a bug in fix-all is logged; the server goes on
        ls.log(f"jaxlint crashed fixing {lint.path}:\n{traceback.format_exc()}", types.MessageType.Error)
        return None


@server.feature(types.CODE_ACTION_RESOLVE)
async def code_action_resolve(ls: JaxlintServer, action: types.CodeAction) -> types.CodeAction:
    data = action.data if isinstance(action.data, dict) else {}
    uri = data.get("uri")
    if action.kind != FIX_ALL or not isinstance(uri, str):
        return action
    lint = await ls.current(uri)
    if lint is None:
        return action
    resolved = await ls.scheduler.run(_fix_all, ls, uri, lint, Positions(lint.text, ls.workspace.position_codec))
    if resolved is not None:
        action.edit = resolved.edit
    return action


@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(ls: JaxlintServer, params: types.HoverParams) -> types.Hover | None:
    uri = params.text_document.uri
    notebook = ls.workspace.get_notebook_document(cell_uri=uri)
    lint = ls.lints.get(notebook.uri if notebook is not None else uri)
    if lint is not None and notebook is not None:
        lint = cell_lint(lint, notebook, uri, ls.workspace) if lint.version == notebook.version else None
    if lint is None or lint.version != ls.workspace.get_text_document(uri).version:
        return None
    positions = Positions(lint.text, ls.workspace.position_codec)
    here = positions.location(params.position)
    parts, first = [], None
    for finding in (*lint.findings, *lint.suppressed):
        start, end = finding.location, finding.end_location
        if not (start.row, start.column) <= (here.row, here.column) <= (end.row, max(end.column, start.column + 1)):
            continue
        first = first or positions.range(start, end)
        summary = rule_summary(finding.code)
        parts.append(f"{finding.code}: {finding.message}" + (f"\n\n{summary}" if summary else ""))
    if not parts:
        return None
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="\n\n---\n\n".join(parts)),
                       range=first)


@server.feature(types.SHUTDOWN)
def shutdown(ls: JaxlintServer, params: None) -> None:
    ls.scheduler.stop()


def run() -> NoReturn:
    """Serve stdin/stdout; exit 0 when the client shut the server down before `exit` (LSP's rule), else 1.
    The engine's thread is never waited for: a lint may still be running (a cold project, or one that
    `shutdown` cancelled while in the engine), and its publication would only fail on a closed pipe.
    Its workers end, then the process."""
    server.start_io()
    if interrupts.received():  # Ctrl-C or SIGTERM: pygls took the KeyboardInterrupt as the end of input
        interrupts.end_now()
    code = 0 if server.protocol._shutdown else 1
    for child in multiprocessing.active_children():
        child.terminate()
    try:
        sys.stdout.flush()
    except Exception:  # noqa: BLE001 - the client is gone
        pass
    os._exit(code)
