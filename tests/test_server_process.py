"""`jaxlint server` as a process: the exit codes LSP asks for, and the message without the extra."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest


def _message(payload: dict) -> bytes:
    body = json.dumps(payload).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def _session(root: Path, *, shutdown: bool) -> subprocess.CompletedProcess:
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": root.as_uri(), "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "initialized", "params": {}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": (root / "a.py").as_uri(), "languageId": "python", "version": 1,
            "text": "import jax\n\ndef f(x):\n    x[0] = 1\n"}}},
    ]
    if shutdown:
        messages.append({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
    messages.append({"jsonrpc": "2.0", "method": "exit", "params": None})
    return subprocess.run([sys.executable, "-m", "jaxlint", "server"], input=b"".join(map(_message, messages)),
                          capture_output=True, cwd=root, timeout=60)


def test_shutdown_then_exit_returns_0(tmp_path: Path) -> None:
    pytest.importorskip("pygls")
    done = _session(tmp_path, shutdown=True)
    assert done.returncode == 0, done.stderr.decode()
    assert b'"id": 2' in done.stdout or b'"id":2' in done.stdout  # shutdown was answered
    assert b"Traceback" not in done.stderr


def test_exit_without_shutdown_returns_1(tmp_path: Path) -> None:
    pytest.importorskip("pygls")
    assert _session(tmp_path, shutdown=False).returncode == 1


def test_without_the_server_extra_a_message_and_exit_2() -> None:
    code = "import sys; sys.modules['pygls'] = None; from jaxlint.cli import main; main(['server'])"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert 'pip install -e ".[server]"' in done.stderr and "Traceback" not in done.stderr
    assert 'pip install "jaxlint[server]"' not in done.stderr  # the index's `jaxlint` is another project


def _read_messages(stream, into: list) -> None:
    while True:
        header = b""
        while not header.endswith(b"\r\n\r\n"):
            byte = stream.read(1)
            if not byte:
                return
            header += byte
        length = next(int(line.split(b":")[1]) for line in header.split(b"\r\n")
                      if line.lower().startswith(b"content-length"))
        into.append(json.loads(stream.read(length)))


def test_a_fresh_checkout_gets_diagnostics_with_stdin_held_open_and_nothing_is_left(tmp_path: Path) -> None:
    # as an editor opens it: a git checkout never checked (no cache), the client's stdin held open
    # while the server works (its reader thread holds stdin's lock: workers must not fork from it)
    pytest.importorskip("pygls")
    import threading
    import time

    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    for n in range(1, 13):  # enough modules for worker processes
        (package / f"m{n}.py").write_text(
            f"import jax\nfrom pkg import m{n % 12 + 1} as other\n\nSCALE = {n}.0\n\n\n@jax.jit\n"
            f"def step(x, key):\n    a = jax.random.normal(key, x.shape)\n    b = jax.random.normal(key, x.shape)\n"
            f"    return x + a + b + other.SCALE\n", encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    server = subprocess.Popen([sys.executable, "-m", "jaxlint", "server"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=tmp_path)
    received: list = []
    threading.Thread(target=_read_messages, args=(server.stdout, received), daemon=True).start()

    def send(payload: dict) -> None:
        server.stdin.write(_message(payload))
        server.stdin.flush()

    uri = (package / "m3.py").as_uri()
    try:
        send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
              "params": {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}}})
        send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
        send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "python", "version": 1, "text": (package / "m3.py").read_text()}}})
        deadline = time.monotonic() + 30
        published: list = []
        while len(published) < 2 and time.monotonic() < deadline:  # the file alone, then with its project
            published = [m for m in received if m.get("method") == "textDocument/publishDiagnostics"]
            time.sleep(0.05)
        assert len(published) == 2, received
        assert [d["code"] for d in published[-1]["params"]["diagnostics"]] == ["JAX102"]
        children = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.split()
        send({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None})
        send({"jsonrpc": "2.0", "method": "exit", "params": None})
        assert server.wait(10) == 0
    finally:
        server.kill()
    time.sleep(1.0)  # a fork server sees its parent gone and ends
    alive = [c for c in children if Path(f"/proc/{c}/stat").exists()
             and Path(f"/proc/{c}/stat").read_text().split()[2] != "Z"]
    assert alive == []


def test_shutdown_during_the_projects_first_analysis_ends_the_server_at_once(tmp_path: Path) -> None:
    # the editor quits while the project is still analysed: `shutdown` cancels the lint in hand, whose
    # engine thread would otherwise finish and report to a client that is gone, with the server waiting
    pytest.importorskip("pygls")
    import time

    module = "import jax\n\n" + "".join(f"@jax.jit\ndef f{i}(x):\n    return x * {i}\n\n\n" for i in range(40))
    for n in range(300):  # a second or more of analysis
        (tmp_path / f"m{n:03}.py").write_text(module, encoding="utf-8")
    server = subprocess.Popen([sys.executable, "-m", "jaxlint", "server"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path)
    received: list = []
    import threading

    threading.Thread(target=_read_messages, args=(server.stdout, received), daemon=True).start()
    uri = (tmp_path / "m000.py").as_uri()
    for payload in ({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                     "params": {"processId": None, "rootUri": tmp_path.as_uri(), "capabilities": {}}},
                    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
                    {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
                        "uri": uri, "languageId": "python", "version": 1,
                        "text": (tmp_path / "m000.py").read_text()}}}):
        server.stdin.write(_message(payload))
    server.stdin.flush()
    try:
        deadline = time.monotonic() + 30
        while not any(m.get("method") == "textDocument/publishDiagnostics" for m in received):
            assert time.monotonic() < deadline, received  # the file alone: the project's analysis is under way
            time.sleep(0.02)
        asked = time.monotonic()
        server.stdin.write(_message({"jsonrpc": "2.0", "id": 2, "method": "shutdown", "params": None}) +
                           _message({"jsonrpc": "2.0", "method": "exit", "params": None}))
        server.stdin.close()
        assert server.wait(10) == 0
        assert time.monotonic() - asked < 2.0
    finally:
        server.kill()
    assert b"Traceback" not in server.stderr.read()
    time.sleep(0.5)
    assert subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True).stdout == b""
