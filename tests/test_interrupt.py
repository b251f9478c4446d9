"""Ctrl-C: exit 130 with "jaxlint: interrupted", no worker left behind, no file half-written.

A real process gets a real SIGINT in the middle of a run long enough not to end first; the tests wait
for the run to be under way (a file reported by -v, a file rewritten) before they interrupt it."""

from __future__ import annotations

import ast
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Clean, analysed (it mentions jax) and slow enough: about 10-20 ms per file.
CLEAN = "import jax\nimport jax.numpy as jnp\n\n" + "".join(
    f"@jax.jit\ndef f{i}(x, y):\n    z = jnp.sin(x) + y\n    return x * y + z\n\n\n" for i in range(30))
BAD = CLEAN + "x = jnp.zeros(3)\nx[0] = 1.0\n"
FIXED = CLEAN + "x = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"


def _start(args: list[str], cwd: Path) -> subprocess.Popen:
    # its own session: a signal to the group reaches every worker, as Ctrl-C at a terminal does
    return subprocess.Popen([sys.executable, "-m", "jaxlint", "check", "--no-cache", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


def _assert_interrupted(process: subprocess.Popen, stdout: str, stderr: str, code: int = 130) -> None:
    assert process.returncode == code, (process.returncode, stderr[-2000:])
    assert stderr.endswith("jaxlint: interrupted\n") and stderr.count("jaxlint: interrupted") == 1
    assert "Traceback" not in stderr and "Aborted" not in stderr and "Exception ignored" not in stderr
    assert stdout == ""
    time.sleep(0.2)
    leftover = subprocess.run(["pgrep", "-s", str(process.pid)], capture_output=True, text=True, check=False)
    assert leftover.stdout == "", "worker processes outlived the run"


@pytest.mark.parametrize(("signals", "code"), [((signal.SIGINT,), 130), ((signal.SIGTERM,), 143),
                                               ((signal.SIGINT, signal.SIGINT), 130)], ids=["int", "term", "twice"])
def test_interrupted_check_ends_within_a_second_and_ends_its_workers(tmp_path: Path, signals: tuple, code: int) -> None:
    for i in range(400):
        (tmp_path / f"m{i:03}.py").write_text(CLEAN)
    process = _start(["-v", "--jobs", "2", "."], tmp_path)
    assert process.stderr is not None
    first = process.stderr.readline()  # the first file is done: the run is under way
    assert first.startswith("jaxlint: checked m"), first
    signalled = time.monotonic()
    for signum in signals:  # a second Ctrl-C, while the first unwinds, ends it at once and quietly
        os.killpg(process.pid, signum)
        time.sleep(0.05)
    stdout, stderr = process.communicate(timeout=60)
    took = time.monotonic() - signalled
    assert "checked 400 files" not in stderr, "the run ended before the interrupt; make it longer"
    _assert_interrupted(process, stdout, stderr, code)
    assert took < 1.5, f"{took:.2f} s from the signal to the end"  # 1 s, and room for a loaded machine


@pytest.mark.skipif(shutil.which("timeout") is None, reason="needs coreutils' timeout")
def test_a_ci_step_under_timeout_ends_when_it_fires(tmp_path: Path) -> None:
    # `timeout -s INT` signals the child and then its whole group: the second must not hang the end
    for i in range(400):
        (tmp_path / f"m{i:03}.py").write_text(BAD)
    process = subprocess.Popen(["timeout", "-s", "INT", "1", sys.executable, "-m", "jaxlint", "check", "--no-cache",
                                "--fix", "--jobs", "2", "."], cwd=tmp_path, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 124, stderr  # timeout's own code: it fired
    assert stderr.endswith("jaxlint: interrupted\n") and "Traceback" not in stderr and "Exception ignored" not in stderr
    time.sleep(0.2)
    assert subprocess.run(["pgrep", "-s", str(process.pid)], capture_output=True, check=False).stdout == b""
    for path in tmp_path.iterdir():
        assert path.read_text() in (BAD, FIXED), path


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)], ids=["int", "term"])
def test_an_interrupted_server_says_so_and_exits(tmp_path: Path, signum: int, code: int) -> None:
    pytest.importorskip("pygls")
    process = subprocess.Popen([sys.executable, "-m", "jaxlint", "server"], cwd=tmp_path, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    time.sleep(1.0)  # serving: the reader holds stdin, open
    os.killpg(process.pid, signum)
    stdout, stderr = process.communicate(timeout=30)
    _assert_interrupted(process, stdout, stderr, code)


def test_interrupted_fix_leaves_each_file_whole(tmp_path: Path) -> None:
    files = [tmp_path / f"m{i:03}.py" for i in range(60)]
    for path in files:
        path.write_text(BAD)
    process = _start(["--fix", "--jobs", "1", "."], tmp_path)
    deadline = time.monotonic() + 120
    while files[0].read_text() == BAD:  # files are fixed in order: the first rewritten means fixing has begun
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    texts = [path.read_text() for path in files]
    assert texts[-1] == BAD, "the run ended before the interrupt; make it longer"
    _assert_interrupted(process, stdout, stderr)
    assert all(text in (BAD, FIXED) for text in texts)
    for text in texts:
        ast.parse(text)
    assert sorted(p.name for p in tmp_path.iterdir()) == [p.name for p in files]  # no temporary file left


def test_interrupted_verify_ends_the_child_running_user_code(tmp_path: Path) -> None:
    # verify runs user code in a child of its own session, which Ctrl-C at a terminal does not reach
    (tmp_path / "m.py").write_text(
        "import os\nimport time\n\nimport jax\n\n\n@jax.jit\ndef f(x: jax.Array) -> jax.Array:\n"
        "    open('STARTED', 'w').write(str(os.getpid()))\n    time.sleep(60)\n    print(x)\n    return x\n")
    process = subprocess.Popen([sys.executable, "-m", "jaxlint", "verify", "m.py"], cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    marker, deadline = tmp_path / "STARTED", time.monotonic() + 120
    while not (marker.exists() and marker.read_text()):
        assert process.poll() is None and time.monotonic() < deadline, process.communicate()
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=30)
    _assert_interrupted(process, stdout, stderr)
    try:
        os.kill(int(marker.read_text()), 0)
    except ProcessLookupError:
        return
    raise AssertionError("the child running the user's code outlived the run")
