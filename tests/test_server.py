"""`jaxlint server` end to end: a real LSP client (pytest-lsp) starts it over stdio in a small
project and does what an editor does (open, edit, ask for code actions, apply them, shut down)."""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

pytest.importorskip("pytest_lsp")
from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

import pytest_lsp  # noqa: E402

pytestmark = [pytest.mark.asyncio(loop_scope="module"),
              pytest.mark.filterwarnings("ignore::pytest.PytestDeprecationWarning")]

LAYERS = textwrap.dedent("""\
    import jax.numpy as jnp


    def clip_norm(grads, max_norm):
        norm = jnp.sqrt(jnp.sum(grads ** 2))
        if norm > max_norm:
            grads = grads * (max_norm / norm)
        return grads
    """)
TRAIN = textwrap.dedent("""\
    import jax

    from pkg.layers import clip_norm


    @jax.jit
    def step(params, grads):
        return params - 0.1 * clip_norm(grads, 1.0)
    """)
SAMPLING = textwrap.dedent("""\
    import jax
    import jax.numpy as jnp


    def noisy(shape):
        key = jax.random.key(0)
        a = jax.random.normal(key, shape)
        b = jax.random.uniform(key, shape)
        return a + b


    def reset_first(x):
        x = jnp.asarray(x)
        x[0] = 0.0
        return x
    """)


def _project(root: Path) -> Path:
    (root / "pkg").mkdir()
    (root / "pyproject.toml").write_text('[project]\nname = "demo"\n')
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "layers.py").write_text(LAYERS)
    (root / "pkg" / "train.py").write_text(TRAIN)
    (root / "sampling.py").write_text(SAMPLING)
    return root


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # checked once, as a user who ran `jaxlint check .` there: its cache is warm, so the server publishes
    # each lint once (a project never checked gets the file alone first: test_server_process.py)
    root = _project(tmp_path_factory.mktemp("project"))
    subprocess.run([sys.executable, "-m", "jaxlint", "check", "--exit-zero", "."], cwd=root, capture_output=True,
                   check=True, timeout=120)
    return root


def _editor_client() -> LanguageClient:
    """pytest-lsp's client, which also records each publication's version and accepts the server's
    registration of file watchers, as editors do."""
    from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features
    from pygls.protocol import default_converter

    client = LanguageClient(converter_factory=default_converter)
    client.versions = {}

    def published(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.diagnostics[params.uri] = params.diagnostics
        client.versions[params.uri] = params.version

    def registered(client: LanguageClient, params: types.RegistrationParams) -> None:
        return None

    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: published,
                                   types.CLIENT_REGISTER_CAPABILITY: registered})
    return client


SERVER = ClientServerConfig(server_command=[sys.executable, "-m", "jaxlint", "server"], client_factory=_editor_client)


@pytest_lsp.fixture(scope="module", config=SERVER)
async def client(lsp_client: LanguageClient, project: Path):
    capabilities = pytest_lsp.client_capabilities("visual-studio-code")
    await lsp_client.initialize_session(types.InitializeParams(
        capabilities=capabilities, root_uri=project.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=project.as_uri(), name="project")]))
    yield
    await lsp_client.shutdown_session()


async def _diagnostics(client: LanguageClient, uri: str, version: int, timeout: float = 20.0) -> list[types.Diagnostic]:
    """The diagnostics published for `uri` at `version` (waiting for them)."""
    deadline = time.monotonic() + timeout
    while True:
        published = client.diagnostics.get(uri)
        if published is not None and client.versions.get(uri) == version:
            return published
        if time.monotonic() > deadline:
            raise AssertionError(f"no diagnostics for {uri} at version {version}: {published}")
        await asyncio.sleep(0.005)


def _open(client: LanguageClient, path: Path, version: int = 1, text: str | None = None) -> str:
    uri = path.as_uri()
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=uri, language_id="python", version=version, text=path.read_text() if text is None else text)))
    return uri


def _change(client: LanguageClient, uri: str, version: int, text: str) -> None:
    client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


def _apply(text: str, edits: list[types.TextEdit]) -> str:
    """The edits applied to text (ASCII text: characters are UTF-16 units), last first."""
    lines = text.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(position: types.Position) -> int:
        return starts[min(position.line, len(lines))] + position.character

    for edit in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[:offset(edit.range.start)] + edit.new_text + text[offset(edit.range.end):]
    return text


async def test_cross_module_finding_in_the_helpers_buffer_names_the_caller(client: LanguageClient, project: Path):
    uri = _open(client, project / "pkg" / "layers.py")
    found = await _diagnostics(client, uri, 1)
    jax103 = [d for d in found if d.code == "JAX103"]
    assert len(jax103) == 1, found
    diagnostic = jax103[0]
    assert diagnostic.range.start == types.Position(line=5, character=7)
    assert "step" in diagnostic.message and "pkg/train.py" in diagnostic.message
    assert diagnostic.source == "jaxlint" and diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.code_description.href.endswith("JAX103.md")

    assert diagnostic.data["fix"] == "unsafe" and diagnostic.message.endswith("(unsafe fix available)")
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic])))
    fix = next(a for a in actions if a.title.startswith("JAX103:"))
    assert fix.title.endswith("(unsafe)") and not fix.is_preferred

    hover = await client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=8)))
    assert hover is not None and "tracer-bool-conversion" in hover.contents.value


async def test_a_crash_finding_points_at_the_step_that_traces_its_operand(client: LanguageClient, project: Path):
    path = project / "chained.py"
    text = "import jax\n\n\ndef f(x, flag):\n    if flag:\n        return x\n    return -x\n\n\ng = jax.jit(f)\n"
    path.write_text(text)
    uri = _open(client, path)
    [found] = [d for d in await _diagnostics(client, uri, 1) if d.code == "JAX103"]
    assert "(`flag` is traced: `jax.jit` at line 10 traces the arguments of `f`)" in found.message
    [step] = found.related_information
    assert step.location.uri == uri and step.location.range.start.line == 9 and "`flag` is traced here" in step.message


async def test_the_unsaved_text_is_linted(client: LanguageClient, project: Path):
    """On disk the file is clean; the editor's buffer has an in-place update: the buffer is what counts."""
    path = project / "unsaved.py"
    path.write_text("import jax.numpy as jnp\n")
    uri = _open(client, path, text=SAMPLING)
    assert sorted(d.code for d in await _diagnostics(client, uri, 1)) == ["JAX102", "JAX104"]


async def test_key_reuse_and_in_place_update_with_a_quick_fix(client: LanguageClient, project: Path):
    path = project / "sampling.py"
    uri = _open(client, path)
    found = await _diagnostics(client, uri, 1)
    assert sorted(d.code for d in found) == ["JAX102", "JAX104"], found
    jax104 = next(d for d in found if d.code == "JAX104")

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=jax104.range,
        context=types.CodeActionContext(diagnostics=[jax104])))
    titles = [a.title for a in actions]
    assert "Disable JAX104 for this line" in titles, titles
    fix = next(a for a in actions if a.title.startswith("JAX104:"))
    change = fix.edit.document_changes[0]
    assert change.text_document.uri == uri and change.text_document.version == 1
    fixed = _apply(SAMPLING, change.edits)
    assert "x = x.at[0].set(0.0)" in fixed and "x[0] = 0.0" not in fixed

    _change(client, uri, 2, fixed)  # the client applied the edit: fresh diagnostics for it
    after = await _diagnostics(client, uri, 2)
    assert [d.code for d in after] == ["JAX102"], after

    noqa = next(a for a in actions if a.title == "Disable JAX104 for this line")
    assert noqa.edit.document_changes[0].edits[0].new_text == "  # noqa: JAX104"


async def test_fix_all_and_noqa_marks_suppressed(client: LanguageClient, project: Path):
    path = project / "fix_all.py"
    text = "import jax\n\n\ndef f(t):\n    return jax.tree_map(lambda v: v, t)\n\n\nmapped = jax.tree_map(abs, [1])\n"
    path.write_text(text)
    uri = _open(client, path)
    found = await _diagnostics(client, uri, 1)
    assert [d.code for d in found] == ["JAX301", "JAX301"], found
    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=types.Range(
            start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=["source.fixAll"])))
    assert [a.kind for a in actions] == ["source.fixAll.jaxlint"]
    action = actions[0] if actions[0].edit else await client.code_action_resolve_async(actions[0])
    fixed = _apply(text, action.edit.document_changes[0].edits)
    assert "tree_map" not in fixed and fixed.count("jax.tree.map(") == 2

    suppressed = text.replace("[1])\n", "[1])  # noqa: JAX301\n")
    _change(client, uri, 2, suppressed)
    after = await _diagnostics(client, uri, 2)
    marked = [d for d in after if d.data and d.data.get("suppressed")]
    assert len(after) == 2 and len(marked) == 1 and marked[0].severity == types.DiagnosticSeverity.Hint


async def test_a_syntax_error_while_typing_is_a_diagnostic(client: LanguageClient, project: Path):
    path = project / "typing_now.py"
    path.write_text(SAMPLING)
    uri = _open(client, path)
    await _diagnostics(client, uri, 1)
    _change(client, uri, 2, SAMPLING.replace("return a + b", "return a +"))
    broken = await _diagnostics(client, uri, 2)
    assert "JAX000" in [d.code for d in broken], broken
    _change(client, uri, 3, SAMPLING + "\ndef bad():\n    return '\udcff'\n")  # no encoding writes it
    assert [d.code for d in await _diagnostics(client, uri, 3)] == ["JAX000"]
    path.unlink()  # deleted under the server
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=uri, type=types.FileChangeType.Deleted)]))
    _change(client, uri, 4, SAMPLING)
    assert sorted(d.code for d in await _diagnostics(client, uri, 4)) == ["JAX102", "JAX104"]


async def test_a_change_on_disk_relints_the_open_buffers(client: LanguageClient, project: Path):
    caller = project / "caller.py"
    helper = project / "helper.py"
    helper.write_text("def check(x):\n    if x > 0:\n        return 1\n    return 0\n")
    uri = _open(client, helper)
    assert not await _diagnostics(client, uri, 1)
    caller.write_text("import jax\n\nfrom helper import check\n\nrun = jax.jit(check)\n")
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
        types.FileEvent(uri=caller.as_uri(), type=types.FileChangeType.Created)]))
    deadline = time.monotonic() + 20
    while not client.diagnostics.get(uri) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    assert [d.code for d in client.diagnostics[uri]] == ["JAX103"]


async def test_latency_of_an_edit_on_a_600_line_buffer(client: LanguageClient, project: Path):
    """75 jitted functions, each with an in-place update (a fixable finding): the median time from
    the change sent to its diagnostics received."""
    body = "".join(textwrap.dedent(f"""\
        @jax.jit
        def f{i}(x, y):
            z = jnp.sin(x) * y + {i}
            x[0] = z.sum()
            v = jnp.where(z > 0, z, -z)
            return v.sum() + x.mean()


        """) for i in range(75))
    text = "import jax\nimport jax.numpy as jnp\n\n\n" + body
    assert 600 <= text.count("\n") <= 610
    path = project / "big.py"
    path.write_text(text)
    uri = _open(client, path)
    await _diagnostics(client, uri, 1)
    times = []
    for version in range(2, 14):
        text = text.replace(f"+ {version}\n", f"+ {version + 100}\n", 1)
        started = time.perf_counter()
        _change(client, uri, version, text)
        found = await _diagnostics(client, uri, version)
        times.append(time.perf_counter() - started)
        assert [d.code for d in found] == ["JAX104"] * 75  # each with a fix: built when a quick fix is asked for
    print(f"median latency {statistics.median(times) * 1000:.0f} ms over {len(times)} edits: "
          + ", ".join(f"{t * 1000:.0f}" for t in times))
    # The target is 0.3 s; on a machine busier than its cores (other jobs' load) wall time stretches.
    busy = os.getloadavg()[0] > (os.cpu_count() or 1)
    assert statistics.median(times) < (0.6 if busy else 0.3)


def _cells(notebook_uri: str, texts: list[str | None]) -> tuple[list[types.NotebookCell], list[types.TextDocumentItem]]:
    """Cells as an editor sends them (None: a markdown cell), each a text document of its own."""
    cells, documents = [], []
    for number, text in enumerate(texts, start=1):
        uri = f"{notebook_uri}#cell{number}"
        markdown = text is None
        cells.append(types.NotebookCell(kind=types.NotebookCellKind.Markup if markdown else types.NotebookCellKind.Code,
                                        document=uri))
        documents.append(types.TextDocumentItem(uri=uri, language_id="markdown" if markdown else "python", version=1,
                                                text="# Notes\n" if markdown else text))
    return cells, documents


async def test_a_notebook_is_linted_whole_and_each_cell_gets_its_own_findings_and_fixes(client: LanguageClient,
                                                                                       project: Path):
    uri = (project / "explore.ipynb").as_uri()
    imports = "import jax\nimport jax.numpy as jnp\n"
    update = "x = jnp.zeros(3)\nx[0] = 1.0\n"  # jnp from the first cell: the cells are one module
    traced = "@jax.jit\ndef f(x):\n    print(x)\n    return x\n"
    cells, documents = _cells(uri, [imports, None, update, traced])
    client.notebook_document_did_open(types.DidOpenNotebookDocumentParams(
        notebook_document=types.NotebookDocument(uri=uri, notebook_type="jupyter-notebook", version=1, cells=cells),
        cell_text_documents=documents))
    first, _, third, fourth = (cell.document for cell in cells)
    [inplace] = await _diagnostics(client, third, 1)
    assert (inplace.code, inplace.range.start) == ("JAX104", types.Position(line=1, character=0))  # rows of the cell
    [printed] = await _diagnostics(client, fourth, 1)
    assert (printed.code, printed.range.start) == ("JAX106", types.Position(line=2, character=4))
    assert list(await _diagnostics(client, first, 1)) == []

    actions = await client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=third), range=inplace.range,
        context=types.CodeActionContext(diagnostics=[inplace])))
    fix = next(a for a in actions if a.title.startswith("JAX104:"))
    [change] = fix.edit.document_changes
    assert change.text_document.uri == third and change.text_document.version == 1
    assert _apply(update, change.edits) == "x = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"

    # the fix applied in the editor: a change of that cell; its finding goes, the other cell's stays
    client.notebook_document_did_change(types.DidChangeNotebookDocumentParams(
        notebook_document=types.VersionedNotebookDocumentIdentifier(uri=uri, version=2),
        change=types.NotebookDocumentChangeEvent(cells=types.NotebookDocumentCellChanges(text_content=[
            types.NotebookDocumentCellContentChanges(
                document=types.VersionedTextDocumentIdentifier(uri=third, version=2),
                changes=[types.TextDocumentContentChangeWholeDocument(text=_apply(update, change.edits))])]))))
    assert list(await _diagnostics(client, third, 2)) == []
    assert [d.code for d in await _diagnostics(client, fourth, 1)] == ["JAX106"]
    client.notebook_document_did_close(types.DidCloseNotebookDocumentParams(
        notebook_document=types.NotebookDocumentIdentifier(uri=uri),
        cell_text_documents=[types.TextDocumentIdentifier(uri=c.document) for c in cells]))
