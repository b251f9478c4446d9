"""The content cache, through the real CLI: hits, misses on any change of input, corrupt entries,
concurrent runs, and the cache directory's layout."""

from __future__ import annotations

import json
import marshal
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MODEL = """\
import jax
import jax.numpy as jnp


@jax.jit
def step(x):
    if x > 0:
        return x
    return -x


def reuse(key):
    a = jax.random.normal(key, (3,))
    b = jax.random.normal(key, (3,))
    return a + b


def update():
    x = jnp.zeros(3)
    x[0] = 1.0
    return x
"""
PLANTED = "planted in the cache"


def jaxlint(project: Path, *args: str, prelude: str = "", installed: Path = ROOT) -> subprocess.CompletedProcess:
    """`python -m jaxlint check --output-format json ARGS` in `project`; `prelude` runs first;
    `installed`: the folder jaxlint is imported from."""
    code = f"{prelude}\nfrom jaxlint.cli import main\nmain()"
    return subprocess.run([sys.executable, "-c", code, "check", "--output-format", "json", *args], cwd=project,
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(installed)}, timeout=120)


def findings(result: subprocess.CompletedProcess) -> list[dict]:
    assert result.returncode == 1, result.stderr
    assert result.stderr == ""
    return json.loads(result.stdout)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.jaxlint]\n")
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "plain.py").write_text("import os\n\nprint(os.sep)\n")
    return tmp_path


def entries(project: Path) -> list[Path]:
    return sorted(p for p in (project / ".jaxlint_cache").glob("*/*") if not p.name.startswith("."))


def plant(project: Path) -> None:
    """Rewrite every cached finding's message, so a run that prints it must have read the cache."""
    for entry in entries(project):
        summary, asked, cached = marshal.loads(entry.read_bytes())
        entry.write_bytes(marshal.dumps((summary, asked, tuple(f[:3] + (PLANTED,) + f[4:] for f in cached))))


def messages(result: subprocess.CompletedProcess) -> set[str]:
    return {f["message"] for f in findings(result)}


def test_a_second_run_reads_the_cache(project: Path) -> None:
    cold = findings(jaxlint(project))
    assert [f["code"] for f in cold] == ["JAX103", "JAX102", "JAX104"]
    assert (project / ".jaxlint_cache" / "CACHEDIR.TAG").read_text().startswith(
        "Signature: 8a477f597d28d172789f06886806bc55")
    assert (project / ".jaxlint_cache" / ".gitignore").read_text().splitlines()[-1] == "*"
    assert findings(jaxlint(project)) == cold
    plant(project)
    assert messages(jaxlint(project)) == {PLANTED}


def test_a_changed_file_misses(project: Path) -> None:
    jaxlint(project)
    plant(project)
    (project / "model.py").write_text(MODEL + "\n# edited\n")
    assert PLANTED not in messages(jaxlint(project))


def test_changed_settings_miss(project: Path) -> None:
    jaxlint(project)
    plant(project)
    assert PLANTED not in messages(jaxlint(project, "--ignore", "JAX106"))
    (project / "pyproject.toml").write_text('[tool.jaxlint]\nkey-names = ["key"]\n')
    assert PLANTED not in messages(jaxlint(project))


def test_another_jaxlint_version_misses(project: Path) -> None:
    jaxlint(project)
    plant(project)
    result = jaxlint(project, prelude="import jaxlint; jaxlint.__version__ = '99.0'")
    assert PLANTED not in messages(result)
    assert (project / ".jaxlint_cache" / "99.0").is_dir()


def install(into: Path, stamp: int) -> Path:
    """A copy of the package, its files dated `stamp` (seconds), as a fresh install of it would be."""
    shutil.copytree(ROOT / "jaxlint", into / "jaxlint", ignore=shutil.ignore_patterns("__pycache__"))
    for path in (into / "jaxlint").rglob("*.py"):
        os.utime(path, (stamp, stamp))
    return into


def test_a_reinstall_of_the_same_code_reads_the_cache(project: Path, tmp_path: Path) -> None:
    """CI installs jaxlint afresh in each run: new file times, the same code."""
    jaxlint(project, installed=install(tmp_path / "monday", 1_700_000_000))
    plant(project)
    assert messages(jaxlint(project, installed=install(tmp_path / "tuesday", 1_700_086_400))) == {PLANTED}


def test_edited_jaxlint_code_misses(project: Path, tmp_path: Path) -> None:
    """A development install edited in place: same version, same file times, other code."""
    installed = install(tmp_path / "dev", 1_700_000_000)
    jaxlint(project, installed=installed)
    plant(project)
    rule = next((installed / "jaxlint" / "rules").glob("jax103_*/check.py"))
    text = rule.read_text()
    rule.write_text(text.replace("# ", "#_", 1))  # the same size: only the bytes tell
    assert len(rule.read_text()) == len(text)
    os.utime(rule, (1_700_000_000, 1_700_000_000))
    assert PLANTED not in messages(jaxlint(project, installed=installed))


def test_a_warm_run_trusts_a_settled_files_stat_and_nothing_else(project: Path) -> None:
    """A file unchanged since the last run (the same size, times and inode, all of it older than
    the clock's granularity) is not read again: its recorded digest keys the cache. Any change of
    its bytes changes its status-change time, which no tool can set back."""
    time.sleep(2.1)  # the files written by the fixture settle
    jaxlint(project)
    digests = next((project / ".jaxlint_cache").glob("*/.digests"))
    assert {Path(p).name for p in marshal.loads(digests.read_bytes())} == {"model.py", "plain.py"}
    plant(project)
    assert messages(jaxlint(project)) == {PLANTED}
    model = project / "model.py"
    before = model.stat()
    model.write_text(MODEL.replace("(3,)", "(4,)"))  # the same size, its times set back
    os.utime(model, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert model.stat().st_size == before.st_size and model.stat().st_mtime_ns == before.st_mtime_ns
    assert PLANTED not in messages(jaxlint(project))


@pytest.mark.parametrize("damage", ["empty", "garbage", "a list", "a bad record"])
def test_damaged_digests_are_a_miss(project: Path, damage: str) -> None:
    jaxlint(project)
    model = os.path.abspath(project / "model.py")
    data = {"empty": b"", "garbage": b"\x00garbage\xff", "a list": marshal.dumps([1]),
            "a bad record": marshal.dumps({model: 5, str(project / "plain.py"): ((1,), None)})}[damage]
    for folder in (project / ".jaxlint_cache").glob("*/"):
        (folder / ".digests").write_bytes(data)
    assert [f["code"] for f in findings(jaxlint(project))] == ["JAX103", "JAX102", "JAX104"]


def test_no_cache_neither_reads_nor_writes(project: Path, tmp_path: Path) -> None:
    jaxlint(project)
    plant(project)
    assert PLANTED not in messages(jaxlint(project, "--no-cache"))
    elsewhere = tmp_path / "elsewhere"
    jaxlint(project, "--cache-dir", str(elsewhere))
    assert (elsewhere / "CACHEDIR.TAG").is_file()
    fresh = project / "fresh"
    jaxlint(project, "--no-cache", "--cache-dir", str(fresh))
    assert not fresh.exists()


@pytest.mark.parametrize("damage", [b"", b"\x00garbage\xff", b"\xe9\x03\x00\x00\x00"])
def test_a_corrupt_entry_is_recomputed(project: Path, damage: bytes) -> None:
    expected = findings(jaxlint(project))
    for entry in entries(project):
        entry.write_bytes(damage + entry.read_bytes()[: len(damage)])
    assert findings(jaxlint(project)) == expected
    assert findings(jaxlint(project)) == expected  # and the entry was rewritten whole


def test_concurrent_runs_agree_and_leave_whole_entries(project: Path) -> None:
    for index in range(12):
        (project / f"copy{index}.py").write_text(MODEL.replace("update", f"update{index}"))
    expected = findings(jaxlint(project, "--no-cache"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = [subprocess.Popen([sys.executable, "-m", "jaxlint", "check", "--output-format", "json", "--jobs", "2"],
                             cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
            for _ in range(4)]
    for run in runs:
        stdout, stderr = run.communicate(timeout=120)
        assert (run.returncode, stderr) == (1, "")
        assert json.loads(stdout) == expected
    assert not [p for p in (project / ".jaxlint_cache").rglob(".*.tmp")]
    assert len(entries(project)) == 14
    assert findings(jaxlint(project)) == expected


def test_fields_outside_equality_survive_the_cache(project: Path) -> None:
    from jaxlint.config import Settings
    from jaxlint.engine import check_paths

    files, settings = [str(project / "model.py")], Settings(root=project)
    codes = frozenset(("JAX102", "JAX103", "JAX104"))
    cold = check_paths(files, settings, codes, cache_dir=str(project / "c"))
    warm = check_paths(files, settings, codes, cache_dir=str(project / "c"))
    assert warm == cold and cold[0].findings
    assert [(f.context, f.fix_data) for f in warm[0].findings] == [(f.context, f.fix_data) for f in cold[0].findings]


def test_an_unwritable_cache_directory_is_only_slower(tmp_path):
    project = tmp_path / "p"
    project.mkdir()
    (project / "m.py").write_text("import jax.numpy as jnp\n\ndef f():\n    x = jnp.zeros(3)\n    x[0] = 1.0\n")
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("")
    result = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--cache-dir", str(blocker), "m.py"],
                            capture_output=True, text=True, cwd=project, check=False)
    assert result.returncode == 1, result.stderr
    assert "JAX104" in result.stdout and "Traceback" not in result.stderr


def _age(path: Path, days: float) -> None:
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_unused_entries_are_pruned_at_most_once_a_day(project: Path) -> None:
    cold = findings(jaxlint(project))
    cache = project / ".jaxlint_cache"
    live = entries(project)
    stale = [cache / "0.0.9" / ("a" * 40), cache / live[0].parent.name / ("b" * 40)]
    for path in stale:
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(b"old")
        _age(path, 40)
    _age(live[0], 10)  # not used for 10 days: kept, and a hit makes it fresh again
    findings(jaxlint(project))
    assert all(path.exists() for path in stale), "the first run only starts the daily clock"
    _age(cache / ".pruned", 2)
    assert findings(jaxlint(project)) == cold
    assert not any(path.exists() for path in stale)
    assert entries(project) == live and time.time() - live[0].stat().st_mtime < 3600
    stale[1].write_bytes(b"old")
    _age(stale[1], 40)
    findings(jaxlint(project))
    assert stale[1].exists(), "pruned again within a day"


def test_the_least_recently_used_entries_go_beyond_the_size_cap(project: Path) -> None:
    findings(jaxlint(project))
    cache = project / ".jaxlint_cache"
    live = entries(project)
    big = cache / "0.0.9" / ("c" * 40)
    big.parent.mkdir()
    with open(big, "wb") as handle:  # sparse: the size counts, no disk is used
        handle.truncate(300 * 2**20)
    _age(big, 2)
    _age(cache / ".pruned", 2)
    findings(jaxlint(project))
    assert not big.exists()
    assert entries(project) == live
