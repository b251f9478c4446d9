"""Suite-wide setup for running the tests in parallel (pytest-xdist: `-n auto --dist loadscope` in
pyproject.toml's addopts).

- A module's tests run on one worker (a class's, for the classes of test_cli.py): many modules share a
  module fixture (one `jaxlint verify` run, one language server, one generated project), and spread
  over workers each worker would build it again; these fixtures are the suite's most expensive steps.
  (`--dist loadgroup` with `xdist_group` marks would do it per fixture, but pytest 9.2 changed node
  IDs in a way that xdist 3.8's loadgroup silently ignores: pytest-dev/pytest-xdist#1386.)
- The slowest modules go out first (FIRST): started last, one of them would keep a worker busy long
  after the other had finished.
- The one fixture that tests of several modules share (`fixtures_report`) is made once for the run,
  whichever worker asks first, and read from a file by the others.
- jaxlint's bytecode is written before the tests start: most tests run `python -m jaxlint` in a fresh
  process, hundreds of times, and where PYTHONDONTWRITEBYTECODE is set (as in some CI images) each of
  them would otherwise compile all of jaxlint's modules again (twice the time of a small check).
"""

from __future__ import annotations

import compileall
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:  # not POSIX: each worker makes the shared fixture for itself
    fcntl = None  # type: ignore[assignment]

ROOT = Path(__file__).resolve().parents[1]

# The modules that take longest (real JAX, or a check or fix of a whole tree), slowest first: the
# workers take these before the rest, which fill in around them. Out of date, it costs only time.
FIRST = (
    "tests/test_verify_run.py",
    "tests/test_verify_sharp_bits.py",
    "tests/test_verify_observed.py",
    "tests/test_verify_observe_checks.py",
    "tests/test_verify_verdicts.py",
    "tests/test_verify_in_place.py",
    "tests/test_verify_callers.py",
    "tests/test_fix_engine.py",
    "tests/test_verify.py",
    "tests/test_verify_fixes.py",
    "tests/test_fixture_projects.py",
    "tests/test_real_code.py",
    "tests/test_notebooks.py",
    "tests/test_fixes_snapshots.py",
    "tests/test_verify_performance.py",
    "tests/test_jobs.py",
    "tests/test_progress.py",
    "tests/test_pre_commit_config.py",
    "tests/test_fix_cli.py",
    "tests/test_ruff_habits.py",
    "tests/test_syntax_recovery.py",
    "tests/test_numpy_functions.py",
    "tests/test_cache.py",
)


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config, "workerinput"):  # an xdist worker: the controller has done it
        return
    compileall.compile_dir(ROOT / "jaxlint", quiet=2)  # up-to-date files are left as they are


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if hasattr(config, "workerinput"):  # xdist sends the modules out in this order (--no-loadscope-reorder)
        rank = {module: index for index, module in enumerate(FIRST)}
        items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0], len(FIRST)))  # stable: same on all


@pytest.fixture(scope="session")
def fixtures_report(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    """The JSON report of `jaxlint check --output-format json .` in a copy of fixtures/ (a project of its
    own there, as in a temporary folder), for the tests that start from the findings of every fixture."""
    if not os.environ.get("PYTEST_XDIST_WORKER") or fcntl is None:  # one process: no one to share it with
        return _check_fixtures(tmp_path_factory)
    shared = tmp_path_factory.getbasetemp().parent / "fixtures_report.json"  # the run's, for all workers
    with open(f"{shared}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not shared.exists():
            shared.write_text(json.dumps(_check_fixtures(tmp_path_factory)), encoding="utf-8")
    return json.loads(shared.read_text(encoding="utf-8"))


def _check_fixtures(tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    from tests.expectations import UNCHECKED
    from tests.test_cli import _env

    root = tmp_path_factory.mktemp("fixtures_report") / "fixtures"
    shutil.copytree(ROOT / "fixtures", root, ignore=UNCHECKED)
    # every rule, the off-by-default JAX302 included: its fixture is snapshotted as the others are
    result = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--extend-select", "JAX302",
                             "--output-format", "json", "."],
                            cwd=root, capture_output=True, text=True, env=_env(), timeout=300, check=False)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)
