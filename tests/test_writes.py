"""How `check --fix` writes: through symlinks, keeping owner, group, mode and hard links, and what it
does with files and folders it may not write. Real files, real permissions, the real CLI.

The tests run as root, whom file permissions do not bind. Where a test needs them to bind, jaxlint
runs with every capability dropped (setpriv): uid 0 then gets what a file's mode grants its owner
(root) and everyone else, like any user."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BAD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx[0] = 1.0\n"
GOOD = "import jax.numpy as jnp\n\nx = jnp.zeros(3)\nx = x.at[0].set(1.0)\n"
NOBODY = 65534


def without_privileges() -> list[str]:
    """The command prefix that makes permissions bind for this process, or [] when they already do."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    prefix = [setpriv or "setpriv", "--inh-caps=-all", "--bounding-set=-all", "--"]
    if setpriv is None or subprocess.run([*prefix, "true"], capture_output=True, check=False).returncode != 0:
        pytest.skip("running as root, and capabilities cannot be dropped here (setpriv missing or refused): "
                    "permissions cannot be made to bind")
    return prefix


def jaxlint(*args: str, cwd: Path, unprivileged: bool = False) -> subprocess.CompletedProcess:
    prefix = without_privileges() if unprivileged else []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([*prefix, sys.executable, "-m", "jaxlint", "check", "--no-cache", *args],
                          capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False)


def _assert_bad_stays(path: Path) -> None:
    assert path.read_text() == BAD


def test_symlink_stays_a_link_and_its_target_is_fixed_once(tmp_path: Path) -> None:
    (tmp_path / "real").mkdir()
    project = tmp_path / "proj"
    project.mkdir()
    target = tmp_path / "real" / "shared.py"
    target.write_text(BAD)
    link = project / "link.py"
    link.symlink_to("../real/shared.py")
    walked = jaxlint("--fix", ".", cwd=project)  # found by walking the folder
    assert walked.returncode == 0, walked.stdout + walked.stderr
    assert link.is_symlink() and os.readlink(link) == "../real/shared.py"
    assert target.read_text() == GOOD
    target.write_text(BAD)
    both = jaxlint("--fix", "link.py", "../real/shared.py", cwd=project)  # one file reached twice
    assert both.returncode == 0, both.stdout + both.stderr
    assert "Fixed 1 finding in 1 file." in both.stdout
    assert link.is_symlink() and target.read_text() == GOOD


def test_read_only_file_is_left_alone_and_reported(tmp_path: Path) -> None:
    read_only, writable = tmp_path / "ro.py", tmp_path / "rw.py"
    for unprivileged in (False, True):  # root (no write bit at all is read-only) and an ordinary process
        read_only.write_text(BAD)
        writable.write_text(BAD)
        read_only.chmod(0o444)
        result = jaxlint("--fix", ".", cwd=tmp_path, unprivileged=unprivileged)
        assert result.returncode == 2, result.stdout + result.stderr
        assert result.stderr.strip() == "jaxlint: error: ro.py: not writable (read-only file)"
        assert "Traceback" not in result.stderr
        _assert_bad_stays(read_only)
        assert stat.S_IMODE(read_only.stat().st_mode) == 0o444
        assert writable.read_text() == GOOD
        assert result.stdout.startswith("Fixed 1 finding in 1 file.\nro.py:4:1: JAX104 ")  # what remains is reported
        read_only.chmod(0o644)


def test_file_writable_only_through_its_group_bits_is_not_read_only(tmp_path: Path) -> None:
    # os.access decides, not the owner bits: a file of someone else's that others may write is written
    target = tmp_path / "a.py"
    target.write_text(BAD)
    os.chown(target, NOBODY, NOBODY)
    target.chmod(0o666)
    result = jaxlint("--fix", "a.py", cwd=tmp_path, unprivileged=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert target.read_text() == GOOD
    info = target.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (NOBODY, NOBODY, 0o666)  # written in place


def test_owner_group_and_mode_kept(tmp_path: Path) -> None:
    target = tmp_path / "o.py"
    target.write_text(BAD)
    os.chown(target, NOBODY, NOBODY)
    target.chmod(0o640)
    result = jaxlint("--fix", "o.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    info = target.stat()
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (NOBODY, NOBODY, 0o640)
    assert target.read_text() == GOOD
    assert [p.name for p in tmp_path.iterdir()] == ["o.py"]  # no temporary file left behind


def test_hard_link_is_not_split(tmp_path: Path) -> None:
    first, second = tmp_path / "a.py", tmp_path / "b.txt"
    first.write_text(BAD)
    os.link(first, second)
    result = jaxlint("--fix", "a.py", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert first.stat().st_ino == second.stat().st_ino and first.stat().st_nlink == 2
    assert second.read_text() == GOOD


def test_unwritable_folder_does_not_stop_the_run(tmp_path: Path) -> None:
    # trial 4.2: a folder without write permission made --fix crash midway with a traceback
    for name in ("a", "rodir", "z"):
        (tmp_path / name).mkdir()
        (tmp_path / name / "m.py").write_text(BAD)
    (tmp_path / "rodir" / "locked.py").write_text(BAD)
    (tmp_path / "rodir" / "locked.py").chmod(0o444)
    (tmp_path / "rodir").chmod(0o555)
    try:
        result = jaxlint("--fix", ".", cwd=tmp_path, unprivileged=True)
        listing = sorted(p.name for p in (tmp_path / "rodir").iterdir())
    finally:
        (tmp_path / "rodir").chmod(0o755)
    assert result.returncode == 2, result.stdout + result.stderr
    assert result.stderr == "jaxlint: error: rodir/locked.py: not writable (read-only file)\n"
    for name in ("a", "rodir", "z"):  # a writable file in an unwritable folder is rewritten in place
        assert (tmp_path / name / "m.py").read_text() == GOOD, name
    _assert_bad_stays(tmp_path / "rodir" / "locked.py")
    assert listing == ["locked.py", "m.py"]
    assert "rodir/locked.py:4:1: JAX104" in result.stdout


def test_read_only_file_without_fix_is_only_reported(tmp_path: Path) -> None:
    # a plain check never writes, so a read-only file is no error there
    target = tmp_path / "ro.py"
    target.write_text(BAD)
    target.chmod(0o444)
    result = jaxlint("ro.py", cwd=tmp_path)
    assert (result.returncode, result.stderr) == (1, "")
