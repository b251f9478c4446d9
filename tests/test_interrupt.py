"""Ctrl-C: exit 130 with "jaxlint: interrupted", no worker left behind, no file half-written.

A real process gets a real SIGINT in the middle of a run long enough not to end first; the tests wait
for the run to be under way (a file reported by -v, a file rewritten) before they interrupt it."""

from __future__ import annotations

import ast
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

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


def _assert_interrupted(process: subprocess.Popen, stdout: str, stderr: str) -> None:
    assert process.returncode == 130, (process.returncode, stderr[-2000:])
    assert stderr.endswith("jaxlint: interrupted\n") and "Traceback" not in stderr and "Aborted" not in stderr
    assert stdout == ""
    time.sleep(0.2)
    leftover = subprocess.run(["pgrep", "-s", str(process.pid)], capture_output=True, text=True, check=False)
    assert leftover.stdout == "", "worker processes outlived the run"


def test_interrupted_check_exits_130_and_ends_its_workers(tmp_path: Path) -> None:
    for i in range(400):
        (tmp_path / f"m{i:03}.py").write_text(CLEAN)
    process = _start(["-v", "--jobs", "2", "."], tmp_path)
    assert process.stderr is not None
    first = process.stderr.readline()  # the first file is done: the run is under way
    assert first.startswith("jaxlint: checked m"), first
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert "checked 400 files" not in stderr, "the run ended before the interrupt; make it longer"
    _assert_interrupted(process, stdout, stderr)


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
