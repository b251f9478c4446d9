"""Fix snapshots: each input under snapshots/fixes/ fixes (safe and unsafe) to its checked-in
`.fixed.py`; the result parses, has no fixable finding left, and fixing it again changes nothing.
Inputs with `EXAMPLES` also run under JAX: the fixed functions, jit-compiled, return and print
what the original ones do with jit disabled (the meaning the fix must keep)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from jaxlint.config import Settings
from jaxlint.engine import check_source
from jaxlint.fixes.files import fix_file
from jaxlint.rules import rules
from jaxlint.source import Source

SNAPSHOTS = Path(__file__).parent / "snapshots" / "fixes"
CASES = sorted(p for p in SNAPSHOTS.glob("*.py") if not p.name.endswith(".fixed.py"))
CODES = frozenset(r.code for r in rules() if r.default)
FIXABLE = frozenset(r.code for r in rules() if r.info.fix != "none")


def _fix(path: Path, data: bytes):
    def lint(source: Source):
        # the inputs are example programs, not tests, though they live under tests/
        own = path.stem.split("_")[0]  # a rule off by default is on in its own snapshots
        return check_source(source, str(path), Settings(test_files=()), CODES | {own}).findings

    return fix_file(str(path), data, lint, unsafe=True)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_snapshot(case: Path) -> None:
    result = _fix(case, case.read_bytes())
    expected = case.with_name(case.stem + ".fixed.py").read_bytes()
    assert result.fixed.decode() == expected.decode()
    ast.parse(result.fixed)
    code = case.stem.split("_")[0]
    assert result.applied > 0
    assert not [f for f in result.findings if f.code == code and f.fix]  # what is left claims no fix
    again = _fix(case, result.fixed)
    assert again.fixed == result.fixed and again.applied == 0


def test_every_rule_has_snapshots() -> None:
    assert {p.stem.split("_")[0] for p in CASES} >= FIXABLE


BEHAVES = [p for p in CASES if "\nEXAMPLES = [" in p.read_text()]
# Run in a child process: loads a module from its path.
_LOAD = """
import importlib.util, sys

def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
"""
# Loads the input and its fixed copy; for each example, runs the original with jit disabled and
# the fixed one as it is; compares results (values and dtypes) and the lines printed.
_COMPARE = _LOAD + """
import contextlib, io
import jax, numpy as np

def run(function, args, eager):
    out = io.StringIO()
    with contextlib.redirect_stdout(out), (jax.disable_jit() if eager else contextlib.nullcontext()):
        result = function(*args)
        jax.effects_barrier()
    return result, out.getvalue()

def same(a, b):  # as jit returns them: a Python number is a (weakly typed) JAX array
    a, b = np.asarray(jax.numpy.asarray(a)), np.asarray(jax.numpy.asarray(b))
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)

original, fixed = load(sys.argv[1], "original"), load(sys.argv[2], "fixed")
for name, args in original.EXAMPLES:
    want, want_text = run(getattr(original, name), args, eager=True)
    got, got_text = run(getattr(fixed, name), args, eager=False)
    ok = jax.tree.structure(want) == jax.tree.structure(got) and all(
        same(a, b) for a, b in zip(jax.tree.leaves(want), jax.tree.leaves(got)))
    # jax.debug.print without ordered=True may print in another order: the lines, not their order
    if not ok or sorted(want_text.splitlines()) != sorted(got_text.splitlines()):
        print(f"{name}{args}: {want!r} {want_text!r} != {got!r} {got_text!r}")
"""


@pytest.mark.parametrize("case", BEHAVES, ids=lambda p: p.stem)
def test_fixed_snapshot_behaves_as_the_original(case: Path) -> None:
    fixed = case.with_name(case.stem + ".fixed.py")
    run = subprocess.run([sys.executable, "-c", _COMPARE, str(case), str(fixed)], capture_output=True, text=True,
                         timeout=120, env={"JAX_PLATFORMS": "cpu", "PATH": ""}, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout == "", run.stdout


RUNNABLE = [p for p in CASES if "\nRUNS = [" in p.read_text()]
# For fixes of code that cannot run (a name JAX removed, a list where JAX takes arrays, a traced value where
# a concrete one is needed): each function of the input fails under JAX, and the same function of the
# fixed copy runs.
_RUN_BOTH = _LOAD + """
fixed = load(sys.argv[2], "fixed")
try:
    original = load(sys.argv[1], "original")
except ImportError:  # an import of a removed name at the top: nothing of it runs
    original = None
for name, args in fixed.RUNS:
    try:
        if original is not None:
            getattr(original, name)(*args)
            print(f"{name}: the original ran")
    except (AttributeError, ImportError, TypeError, IndexError):  # JAX's tracer errors are TypeErrors
        pass
    getattr(fixed, name)(*args)
"""


@pytest.mark.parametrize("case", RUNNABLE, ids=lambda p: p.stem)
def test_fixed_code_runs_where_the_original_failed(case: Path) -> None:
    fixed = case.with_name(case.stem + ".fixed.py")
    run = subprocess.run([sys.executable, "-c", _RUN_BOTH, str(case), str(fixed)], capture_output=True, text=True,
                         timeout=120, env={"JAX_PLATFORMS": "cpu", "PATH": ""}, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout == "", run.stdout
