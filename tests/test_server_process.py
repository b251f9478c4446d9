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
    assert 'pip install "jaxlint[server]"' in done.stderr and "Traceback" not in done.stderr
