"""--jobs: any number of worker processes gives exactly the findings of a serial run, in order."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from jaxlint.config import Settings
from jaxlint.engine import check_paths
from jaxlint.parallel import SERIAL_BELOW

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = """\
import jax
import jax.numpy as jnp


@jax.jit
def step{n}(x):
    while x > {n}:
        x = x - 1
    return x


def draw{n}(key):
    return jax.random.normal(key, ({n},)) + jax.random.uniform(key)


def update{n}(x):
    y = jnp.zeros({n})
    y[0] = x
    return y
"""
CODES = frozenset(("JAX101", "JAX102", "JAX103", "JAX104", "JAX105", "JAX106"))


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("jobs")
    (root / "pyproject.toml").write_text("[tool.jaxlint]\n")
    package = root / "pkg"
    package.mkdir()
    for n in range(1, 3 * SERIAL_BELOW):
        # Sizes vary so that heaviest-first scheduling finishes files out of order.
        (package / f"m{n:02}.py").write_text(TEMPLATE.format(n=n) * (1 + n % 5))
    (package / "broken.py").write_text("import jax\ndef f(:\n")
    (package / "plain.py").write_text("def f(x):\n    return x[0]\n")
    return root


def jaxlint(project: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jaxlint", "check", "--output-format", "json", *args],
                          cwd=project, capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT)},
                          timeout=300)


def test_any_number_of_jobs_gives_the_serial_findings(project: Path) -> None:
    serial = jaxlint(project, "--no-cache", "--jobs", "1")
    assert serial.returncode == 1, serial.stderr
    assert '"JAX000"' in serial.stdout and '"JAX104"' in serial.stdout
    for jobs in ("2", "3", "8"):
        parallel = jaxlint(project, "--no-cache", "--jobs", jobs)
        assert (parallel.returncode, parallel.stdout, parallel.stderr) == (1, serial.stdout, serial.stderr)
    for _ in ("cold", "warm"):
        cached = jaxlint(project, "--jobs", "2")
        assert (cached.returncode, cached.stdout, cached.stderr) == (1, serial.stdout, serial.stderr)


def in_a_fresh_interpreter(test: str, *args: str) -> None:
    """Run this module's function `test(*args)` in a new Python process. The workers are forked, and
    the pytest process may be running JAX, which other test modules use in-process: JAX's threads make
    a fork unsafe (JAX warns of deadlocks), as do pytest-xdist's in a worker. The new process has
    neither, as a `jaxlint check` run has not."""
    code = f"import sys\nfrom tests.test_jobs import {test}\n{test}(*sys.argv[1:])"
    result = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, capture_output=True, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "fork()" not in result.stderr, result.stderr  # JAX's warning, or Python's (3.12+) of threads


def test_results_keep_the_order_of_the_files(project: Path) -> None:
    in_a_fresh_interpreter("results_keep_the_order_of_the_files", str(project))


def results_keep_the_order_of_the_files(root: str) -> None:
    project = Path(root)
    files = sorted(str(p) for p in (project / "pkg").glob("*.py"))
    settings = Settings(root=project)
    serial = check_paths(files, settings, CODES, jobs=1)
    parallel = check_paths(files, settings, CODES, jobs=3)
    assert parallel == serial
    assert [{f.filename for f in r.findings} for r in parallel] == [{p} if r.findings else set()
                                                                     for p, r in zip(files, serial)]
    # Fields left out of equality must survive the trip through the worker processes too.
    assert [f.context for r in parallel for f in r.findings] == [f.context for r in serial for f in r.findings]


def _dies_on_five(n: int) -> int:
    if n == 5:
        os._exit(1)
    return n * n


def test_a_dead_worker_is_reported_not_fatal() -> None:
    in_a_fresh_interpreter("a_dead_worker_is_reported_not_fatal")


def a_dead_worker_is_reported_not_fatal() -> None:
    from jaxlint.parallel import Workers

    items = list(range(SERIAL_BELOW + 4))
    with Workers(2) as workers:
        results = _mapped(_dies_on_five, items, workers)
        assert results[5] == -1
        assert all(r in (n * n, -1) for n, r in enumerate(results))
        # the next map (a project round) gets a working pool again
        again = _mapped(_square, items, workers)
    assert again == [n * n for n in items]


def _square(n: int) -> int:
    return n * n


def _worker_pid(n: int) -> int:
    return os.getpid()


def test_workers_are_kept_over_the_maps_of_a_run() -> None:
    in_a_fresh_interpreter("workers_are_kept_over_the_maps_of_a_run")


def workers_are_kept_over_the_maps_of_a_run() -> None:
    """The project rounds reuse the first round's processes: what they imported stays imported.
    (Which of them a map's chunks reach is up to the scheduler: the pool's processes are compared.)"""
    import multiprocessing

    from jaxlint.parallel import Workers

    items = list(range(SERIAL_BELOW * 4))
    with Workers(2) as workers:
        first = set(_mapped(_worker_pid, items, workers))
        pool = {process.pid for process in multiprocessing.active_children()}
        second = set(_mapped(_worker_pid, items, workers))
        # a round of a few modules, too few to be worth starting processes for, goes to those running
        few = set(_mapped(_worker_pid, items[:2], workers))
        after = {process.pid for process in multiprocessing.active_children()}
    assert len(pool) == 2
    assert os.getpid() not in first | second | few
    assert first | second | few <= pool
    assert after == pool  # no process was started, none replaced


def _mapped(function, items: list[int], workers) -> list:
    """`ordered_map` of `function` over `items` with `workers`, alike weights, -1 for an item whose
    worker died."""
    from jaxlint.parallel import ordered_map

    return ordered_map(function, items, workers=workers, weights=[1] * len(items), on_crash=lambda n, exc: -1)


def test_a_pool_has_no_more_processes_than_items() -> None:
    in_a_fresh_interpreter("a_pool_has_no_more_processes_than_items")


def a_pool_has_no_more_processes_than_items() -> None:
    import multiprocessing

    from jaxlint.parallel import Workers

    items = list(range(SERIAL_BELOW))
    with Workers(SERIAL_BELOW * 2) as workers:
        results = _mapped(_square, items, workers)
        assert len(multiprocessing.active_children()) == SERIAL_BELOW
    assert results == [n * n for n in items]
