"""Fix snapshots: each input under snapshots/fixes/ fixes (safe and unsafe) to its checked-in
`.fixed.py`; the result parses, has no fixable finding left, and fixing it again changes nothing.
Inputs with `EXAMPLES` also run under JAX: the fixed functions, jit-compiled, return and print
what the original ones do with jit disabled (the meaning the fix must keep)."""

from __future__ import annotations

import ast
import json
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
def test_fixed_snapshot_behaves_as_the_original(case: Path, under_jax) -> None:
    run = under_jax(_COMPARE, case)
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
def test_fixed_code_runs_where_the_original_failed(case: Path, under_jax) -> None:
    run = under_jax(_RUN_BOTH, case)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout == "", run.stdout


# Runs each (script, case) of the JSON list in argv[1] as `python -c SCRIPT CASE CASE.fixed.py` would, one
# after the other in this one process: its stdout, whether it ended with an exception (`returncode` 1) and
# the traceback (`stderr`). A line of JSON per case, written as each ends.
_EACH = """
import contextlib, io, json, signal, sys, traceback

def late(signum, frame):
    raise TimeoutError("the case ran for more than 120 s")

signal.signal(signal.SIGALRM, late)
runs, out = json.loads(sys.argv[1]), open(sys.argv[2], "w", encoding="utf-8")
for script, case, fixed in runs:
    sys.argv = ["-c", case, fixed]
    printed = io.StringIO()
    signal.alarm(120)  # each case the time it had as a process of its own
    try:
        with contextlib.redirect_stdout(printed):
            exec(compile(script, "<string>", "exec"), {"__name__": "__main__"})
        returncode, error = 0, ""
    except SystemExit as exc:
        code = exc.code  # as Python exits: None is 0, a number itself, anything else 1
        returncode, error = (0 if code is None else code if isinstance(code, int) else 1), traceback.format_exc()
    except BaseException:
        returncode, error = 1, traceback.format_exc()
    signal.alarm(0)
    out.write(json.dumps([script, case, returncode, printed.getvalue(), error]) + "\\n")
    out.flush()
"""


@pytest.fixture(scope="module")
def under_jax(tmp_path_factory: pytest.TempPathFactory):
    """`under_jax(script, case)`: how `script` ran on the case and its fixed copy. All of them run one after
    the other in one child process (importing JAX takes longer than most cases), each as its own program:
    the scripts load the files as new modules, under names of their own."""
    runs = [(script, str(case), str(case.with_name(case.stem + ".fixed.py")))
            for script, cases in ((_COMPARE, BEHAVES), (_RUN_BOTH, RUNNABLE)) for case in cases]
    out = tmp_path_factory.mktemp("under_jax") / "runs.jsonl"
    child = subprocess.run([sys.executable, "-c", _EACH, json.dumps(runs), str(out)], capture_output=True,
                           text=True, timeout=120 * len(runs), env={"JAX_PLATFORMS": "cpu", "PATH": ""}, check=False)
    done = {}
    for line in out.read_text(encoding="utf-8").splitlines() if out.exists() else []:
        script, case, returncode, stdout, stderr = json.loads(line)
        done[script, case] = subprocess.CompletedProcess([], returncode, stdout, stderr)

    def run(script: str, case: Path) -> subprocess.CompletedProcess:
        # not run: the child died (or timed out) before it, as its output says
        return done.get((script, str(case))) or subprocess.CompletedProcess([], 1, child.stdout, child.stderr)

    return run
