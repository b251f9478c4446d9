"""The fix engine: fixes are advertised only when built, fixing is linear, bad fixes are dropped
alone, and a signature-changing fix never breaks a caller in another module."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from jaxlint.config import Settings
from jaxlint.diagnostics import Edit, Finding, Fix, Location
from jaxlint.engine import check_source
from jaxlint.fixes import fix_source
from jaxlint.fixes import apply as apply_module
from jaxlint.fixes.files import fix_file
from jaxlint.source import Source
from tests.expectations import UNCHECKED

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
MISSION = frozenset(f"JAX10{i}" for i in range(1, 7))


def jaxlint(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "jaxlint", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, check=False)


def as_json(cwd: Path, *paths: str) -> list[dict]:
    result = jaxlint("check", "--no-cache", "--output-format", "json", *paths, cwd=cwd)
    assert result.returncode in (0, 1), result.stderr
    return json.loads(result.stdout)


def test_after_fixing_everything_nothing_left_claims_a_fix(tmp_path: Path, fixtures_report: list[dict]) -> None:
    """The bundled fixtures hold every fix shape: after `--fix --unsafe-fixes` no remaining finding
    carries a fix, in JSON or as a text marker or count, and a second run changes nothing."""
    work = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, work, ignore=UNCHECKED)
    before = fixtures_report  # as_json(work, ".") before fixing: the same files, checked in the same way
    assert sum(f["fix"] is not None for f in before) > 100
    fixed = jaxlint("check", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=work)
    assert fixed.returncode == 1, fixed.stderr
    after = as_json(work, ".")
    assert [(f["filename"], f["location"], f["code"]) for f in after if f["fix"] is not None] == []
    text = jaxlint("check", "--no-cache", "--unsafe-fixes", ".", cwd=work).stdout
    assert "[*]" not in text and "[-]" not in text and "fixable" not in text
    snapshot = {p: p.read_bytes() for p in work.rglob("*.py")}
    jaxlint("check", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=work)
    assert {p: p.read_bytes() for p in work.rglob("*.py")} == snapshot


def test_every_advertised_fix_applies_alone(fixtures_report: list[dict]) -> None:
    """Each fix of the JSON output, applied by itself, leaves a file that parses."""
    for finding in fixtures_report:
        if finding["fix"] is None or finding.get("cell"):
            continue
        text = (FIXTURES / finding["filename"]).read_text()
        edits = [Edit(e["content"], Location(**e["location"]), Location(**e["end_location"]))
                 for e in finding["fix"]["edits"]]
        result = apply_module.apply(text, [apply_module.spans(apply_module.Offsets.of(text), edits)])
        assert not isinstance(apply_module.parsed(result), str), (finding["filename"], finding["location"])


def _program(functions: int) -> str:
    body = ["import jax", "import jax.numpy as jnp", ""]
    for i in range(functions):
        body += ["", "@jax.jit", f"def f{i}(x):", "    y = jnp.zeros(3)", "    y[0] = 1.0", "    print(x)",
                 "    return y + x", ""]
    return "\n".join(body)


@pytest.mark.parametrize("functions", [5, 40])
def test_fixing_takes_the_same_number_of_rounds_whatever_the_number_of_fixes(functions: int, monkeypatch) -> None:
    """Linear fixing: per round one lint (one libcst parse, one parse checking the fixes built) and
    one parse of the result; the number of rounds does not grow with the number of fixes."""
    lints, parses = [], []
    real_parsed = apply_module.parsed
    monkeypatch.setattr(apply_module, "parsed", lambda text: parses.append(1) or real_parsed(text))

    def lint(source: Source) -> list[Finding]:
        lints.append(1)
        return list(check_source(source, "gen.py", Settings(), MISSION).findings)

    result = fix_file("gen.py", _program(functions).encode(), lint, unsafe=False)
    assert result.changed and result.findings == [] and result.applied == 2 * functions
    assert len(lints) == 2 and len(parses) == 2


def _finding(row: int, content: str, column: int = 1, end_column: int = 2) -> Finding:
    edit = Edit(content, Location(row, column), Location(row, end_column))
    return Finding("JAX104", "in-place-update", "error", "m", "a.py", Location(row, 1), Location(row, 2),
                   fix=Fix("safe", "m", (edit,)), fixable="safe")


def test_a_fix_that_breaks_the_file_is_dropped_alone() -> None:
    text = "a = 1\nb = 2\nc = 3\nd = 4\n"
    good, bad, other = _finding(1, "x"), _finding(2, "("), _finding(4, "y")
    outcome = fix_source(text, [good, bad, other], unsafe=False)
    assert outcome.text == "x = 1\nb = 2\nc = 3\ny = 4\n"
    assert outcome.applied == [good, other] and [f for f, _ in outcome.failures] == [bad]


def test_an_unsafe_fix_waits_for_unsafe_fixes() -> None:
    unsafe = _finding(1, "x")
    unsafe = Finding(**{**unsafe.__dict__, "fix": Fix("unsafe", "m", unsafe.fix.edits)})
    assert fix_source("a = 1\n", [unsafe], unsafe=False).applied == []
    assert fix_source("a = 1\n", [unsafe], unsafe=True).text == "x = 1\n"


MODEL = """\
import jax

scale = 2.0


@jax.jit
def apply(x):
    return x * scale


def run(x):
    return apply(x)


def set_scale(value):
    global scale
    scale = value


set_scale(3.0)  # a number: the fix may pass it as a traced argument
"""


def test_a_signature_changing_fix_is_withdrawn_when_another_module_calls_the_function(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "train.py").write_text("import model\n\nprint(model.apply(1.0))\n")
    for paths in ((".",), ("model.py",)):  # a subset of the files finds the caller on disk too
        [finding] = as_json(tmp_path, *paths)
        assert (finding["code"], finding["fix"]) == ("JAX101", None)
    jaxlint("check", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert (tmp_path / "model.py").read_text() == MODEL


def test_a_signature_changing_fix_updates_its_own_module_when_nobody_else_calls(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "other.py").write_text("print('unrelated')\n")
    [finding] = as_json(tmp_path, ".")
    assert finding["fix"]["applicability"] == "unsafe"
    jaxlint("check", "--no-cache", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    fixed = (tmp_path / "model.py").read_text()
    assert "def apply(x, scale):" in fixed and "return apply(x, scale=scale)" in fixed


def test_callers_in_other_modules_are_found_for_many_fixes(tmp_path: Path) -> None:
    """Past the first few names, the other modules' words are indexed once instead of scanned per
    name (a module with thousands of such fixes stayed linear): the same functions are withdrawn."""
    (tmp_path / "model.py").write_text("\n\n".join(MODEL.replace("apply", f"apply_{i}").replace("scale", f"scale_{i}")
                                                  for i in range(10)))
    (tmp_path / "train.py").write_text("import model\n\nprint(model.apply_3(1.0), model.apply_7(2.0))\n"
                                       "# apply_8 is named in a comment: a mention all the same\n")
    found = {f["function"]: f["fix"] for f in as_json(tmp_path, ".") if f["code"] == "JAX101"}
    withdrawn = {name.rsplit(".", 1)[-1] for name, fix in found.items() if fix is None}
    assert len(found) == 10 and withdrawn == {"apply_3", "apply_7", "apply_8"}


def test_a_fix_whose_finding_comes_back_is_not_offered() -> None:
    """The check lints each fix's result once more: a finding that reappears within its own fix's
    edits (rows in the message shifted) was not fixed by it."""
    text = "a = 1\nb = 2\n"
    finding = Finding("JAX102", "prng-key-reuse", "error", "reused (line 1)", "a.py", Location(1, 1),
                      Location(1, 2), fixable="unsafe")
    inserted = Edit("c = 0\n", Location(1, 1), Location(1, 1))
    built = Finding(**{**finding.__dict__, "fix": Fix("unsafe", "m", (inserted,))})
    again = Finding(**{**finding.__dict__, "message": "reused (line 2)", "location": Location(1, 1)})
    elsewhere = Finding(**{**again.__dict__, "location": Location(3, 1)})
    [kept] = _with_prebuilt([built], text, relint=lambda fixed, tree: [elsewhere])
    [dropped] = _with_prebuilt([built], text, relint=lambda fixed, tree: [again])
    assert kept.fix is not None and dropped.fix is None


def _with_prebuilt(findings: list[Finding], text: str, relint) -> list[Finding]:
    """with_fixes on findings whose fixes are given (as if a rule's builder had made them)."""
    import jaxlint.fixes as fixes

    def built(_text: str, wanted, _tree):
        offsets = apply_module.Offsets.of(text)
        return [fixes._Built(f, list(f.fix.edits), apply_module.spans(offsets, f.fix.edits)) for f in wanted]

    real, fixes._build_all = fixes._build_all, built
    try:
        return fixes.with_fixes(text, findings, relint)
    finally:
        fixes._build_all = real


LOOP_REUSE = """\
import jax


def train(rng, steps):
    total = 0.0
    for _ in range(steps):
        rng, _ = jax.random.split(rng)
        keys = jax.random.split(rng, 4)
        total += jax.random.normal(keys[0])
    return total
"""


def test_after_fix_unsafe_fixes_a_loop_reuse_claims_no_fix(tmp_path: Path) -> None:
    (tmp_path / "loop.py").write_text(LOOP_REUSE)
    jaxlint("check", "--no-cache", "--fix", "--unsafe-fixes", "loop.py", cwd=tmp_path)
    assert [f for f in as_json(tmp_path, "loop.py") if f["fix"] is not None] == []
    assert not isinstance(apply_module.parsed((tmp_path / "loop.py").read_text()), str)


def test_the_examples_file_of_verify_is_not_a_caller(tmp_path: Path) -> None:
    (tmp_path / "model.py").write_text(MODEL)
    (tmp_path / "ex.py").write_text("from jaxlint.verify import example\nfrom model import apply\n\nexample(apply, 1.0)\n")
    (tmp_path / "pyproject.toml").write_text('[tool.jaxlint.verify]\nexamples = "ex.py"\n')
    [finding] = as_json(tmp_path, ".")
    assert finding["fix"]["applicability"] == "unsafe"


METHOD = """\
import functools

import jax
import jax.numpy as jnp


class Objective:
    def __init__(self, target, weight):
        self.target = target
        self.weight = weight

    @functools.partial(jax.jit, static_argnums=0)
    def compute(self, x):
        return (x - self.target) * self.weight


def perturb(objective, x, new_target):
    objective.target = new_target
    return objective.compute(x)


objective = Objective(1.0, 2.0)
print(perturb(objective, jnp.ones(3), 0.0))
"""


def test_a_fix_that_keeps_the_signature_stays_when_another_module_calls(tmp_path: Path) -> None:
    """The compiled method's body moves to a new method: `compute` keeps its signature, so callers
    in other modules need no change."""
    (tmp_path / "objective.py").write_text(METHOD)
    (tmp_path / "use.py").write_text("from objective import Objective\n\nprint(Objective(1.0).compute(2.0))\n")
    [finding] = as_json(tmp_path, ".")
    assert finding["code"] == "JAX101" and finding["fix"] is not None


def test_no_removed_name_is_replaced_by_a_removed_name():
    """JAX301/JAX303 fixes are not linted again (REMOVES_FINDING): they replace the flagged name by
    its replacement, so no replacement (nor a module on its way) may be removed itself."""
    from jaxlint.knowledge.removed_api import REMOVED

    for name, entry in REMOVED.items():
        if entry.replacement is None:
            continue
        parts = entry.replacement.split(".")
        prefixes = {".".join(parts[:cut]) for cut in range(1, len(parts) + 1)}
        assert not prefixes & set(REMOVED), f"{name} → {entry.replacement} names a removed name"


def _reuses(count: int) -> str:
    """One function consuming one key `count` times: `count - 1` alike JAX102 findings."""
    return "\n".join(["import jax", "", "def run(key):",
                      *(f"    a{i} = jax.random.normal(key, (3,))" for i in range(count)), "    return a0", ""])


def test_many_alike_findings_in_one_function_cost_linear_time() -> None:
    """Whether each fix's finding comes back is looked up, not compared with every alike finding
    found again (that was quadratic: 8,000 reuses took a minute). Counted in calls, not timed."""
    from tests.test_scaling import calls

    def check(count: int) -> None:
        result = check_source(Source(_reuses(count)), "gen.py", Settings(), frozenset({"JAX102"}))
        assert len(result.findings) == count - 1

    check(50)  # imports
    small, large = calls(lambda: check(200)), calls(lambda: check(1600))
    assert large < 16 * small, f"8x the findings made {large / small:.1f}x the calls"


def test_fixes_built_on_the_text_do_not_import_libcst() -> None:
    """Renames, key splits, `.at[]` updates, `math.prod`, hoisted jits, `static_argnames`, `jnp.where`,
    `jax.debug.print` and `fori_loop` are built on `ast`'s positions: a check pays neither libcst's
    import nor its parse for them (a file where every function has such a finding is linear and fast)."""
    program = ("import jax\nimport jax.numpy as jnp\n\ndef f(key, x):\n    a = jax.random.normal(key, (3,))\n"
               "    b = jax.random.normal(key, (3,))\n    return jax.tree_map(lambda t: t + a + b, x)\n\n"
               "@jax.jit\ndef g(x):\n    y = jnp.zeros(3)\n    y[0] = x\n    y.at[1].set(x)\n"
               "    print(x)\n    return y.reshape(jnp.prod(jnp.array(y.shape)))\n\n"
               "def h(w, xs):\n    for x in xs:\n        w = jax.jit(lambda v: v * 2)(x)\n    return w\n\n"
               "@jax.jit\ndef k(x, n):\n    for i in range(100):\n        x = x + i\n"
               "    if x.sum() > 0:\n        return x\n    return jnp.zeros(int(n)) - x\n")
    codes = ("JAX102", "JAX103", "JAX104", "JAX105", "JAX106", "JAX108", "JAX109", "JAX201", "JAX202", "JAX301")
    script = ("import sys\nfrom jaxlint.config import Settings\nfrom jaxlint.engine import check_source\n"
              "from jaxlint.source import Source\n"
              f"result = check_source(Source({program!r}), 'f.py', Settings(), frozenset({codes!r}))\n"
              "print(sorted((f.code, f.fix is not None) for f in result.findings), 'libcst' in sys.modules)\n")
    output = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert output.strip() == f"{[(code, True) for code in codes]} False"


CERTAIN = ("JAX104", "JAX105", "JAX106", "JAX109", "JAX201", "JAX205", "JAX301", "JAX302", "JAX303")  # REMOVES_FINDING in their fix modules


def test_fixes_that_remove_their_finding_by_construction(tmp_path: Path) -> None:
    """The rules whose fix removes its finding by construction (REMOVES_FINDING: the result is not
    linted again to see it gone): applied to the rules' fixtures, every fixed finding is gone and only
    the unfixable ones are left."""
    from jaxlint.fixes import _builder

    assert all(getattr(_builder(code), "REMOVES_FINDING", False) for code in CERTAIN)
    for code in CERTAIN:
        for fixture in FIXTURES.glob(f"{code}_*.py"):
            shutil.copy(fixture, tmp_path / fixture.name)
    selected = ("--select", ",".join(CERTAIN))  # JAX302 is off by default
    found = as_json(tmp_path, *selected, ".")
    before = Counter(f["code"] for f in found)
    fixed = Counter(f["code"] for f in found if f["fix"] is not None)
    assert all(fixed[code] >= 3 for code in CERTAIN), fixed
    jaxlint("check", "--no-cache", "--fix", "--unsafe-fixes", *selected, ".", cwd=tmp_path)
    after = Counter(f["code"] for f in as_json(tmp_path, *selected, "."))
    assert {code: after[code] for code in CERTAIN} == {code: before[code] - fixed[code] for code in CERTAIN}
