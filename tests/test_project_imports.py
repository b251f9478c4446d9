"""Project-wide analysis through the real CLI: every import style finds the helper another module's
jitted code calls, as Python would resolve it from the project's root; unknown imports and callers
that hand static values find nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_cli import findings, jaxlint, write

HELPER = '''import jax.numpy as jnp


def clip_norm(g, max_norm):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    if norm > max_norm:
        g = g * (max_norm / norm)
    return g
'''
STEP = '''import jax
{imports}


@jax.jit
def step(g):
    return {call}(g, 1.0)
'''

# (files other than the step, where the step lives, its import lines, how it calls the helper, the helper's file)
IMPORT_STYLES = {
    "from package import": ({"pkg/__init__.py": "", "pkg/layers.py": HELPER}, "pkg/train.py",
                            "from pkg.layers import clip_norm", "clip_norm", "pkg/layers.py"),
    "import as alias": ({"pkg/__init__.py": "", "pkg/layers.py": HELPER}, "pkg/train.py",
                        "import pkg.layers as L", "L.clip_norm", "pkg/layers.py"),
    "from . import module": ({"pkg/__init__.py": "", "pkg/layers.py": HELPER}, "pkg/train.py",
                             "from . import layers", "layers.clip_norm", "pkg/layers.py"),
    "from .module import": ({"pkg/__init__.py": "", "pkg/layers.py": HELPER}, "pkg/train.py",
                            "from .layers import clip_norm as clip", "clip", "pkg/layers.py"),
    "from .. two levels up": ({"pkg/__init__.py": "", "pkg/common.py": HELPER, "pkg/steps/__init__.py": ""},
                              "pkg/steps/train.py", "from ..common import clip_norm", "clip_norm", "pkg/common.py"),
    "re-exported by __init__": ({"pkg/__init__.py": "from .ops.norms import clip_norm\n", "pkg/ops/__init__.py": "",
                                 "pkg/ops/norms.py": HELPER}, "train.py", "import pkg", "pkg.clip_norm",
                                "pkg/ops/norms.py"),
    "plain scripts side by side": ({"utils.py": HELPER}, "train.py", "import utils", "utils.clip_norm", "utils.py"),
    "src layout, default roots": ({"pyproject.toml": "[project]\nname = 'app'\n", "src/app/__init__.py": "",
                                   "src/app/norms.py": HELPER}, "scripts/train.py", "from app.norms import clip_norm",
                                  "clip_norm", "src/app/norms.py"),
    "configured src": ({"pyproject.toml": "[tool.jaxlint]\nsrc = ['lib']\n", "lib/norms.py": HELPER},
                       "experiments/train.py", "import norms", "norms.clip_norm", "lib/norms.py"),
    "star import": ({"utils.py": HELPER}, "train.py", "from utils import *", "clip_norm", "utils.py"),
    "callable object": ({"utils.py": HELPER + "\n\nclass Clipper:\n    def __call__(self, g, max_norm):\n"
                                              "        return clip_norm(g, max_norm)\n"},
                        "train.py", "from utils import Clipper\n\nclip = Clipper()", "clip", "utils.py"),
}


def _project(root: Path, style: str) -> tuple[Path, str, str]:
    files, step_file, imports, call, helper_file = IMPORT_STYLES[style]
    write(root, {**files, step_file: STEP.format(imports=imports, call=call)})
    return root, step_file, helper_file


@pytest.mark.parametrize("style", sorted(IMPORT_STYLES))
def test_every_import_style_finds_the_helper_and_names_its_caller(tmp_path: Path, style: str) -> None:
    root, step_file, helper_file = _project(tmp_path, style)
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=root))
    assert [(f["filename"], f["location"]["row"], f["code"]) for f in found] == [(helper_file, 6, "JAX103")]
    assert "(`clip_norm` is called from " in found[0]["message"]
    assert f"jit-compiled `step` in {step_file}:{7 if style != 'callable object' else 9})" in found[0]["message"]


@pytest.mark.parametrize("style", ["from .module import", "plain scripts side by side", "configured src"])
def test_checking_the_helper_alone_finds_the_same(tmp_path: Path, style: str) -> None:
    root, _, helper_file = _project(tmp_path, style)
    whole = findings(jaxlint("check", ".", "--output-format", "json", cwd=root))
    alone = findings(jaxlint("check", helper_file, "--output-format", "json", cwd=root))
    piped = findings(jaxlint("check", "--stdin-filename", helper_file, "--output-format", "json", "-", cwd=root,
                             input=(root / helper_file).read_text()))
    assert alone == whole
    assert [(f["location"]["row"], f["message"]) for f in piped] == [(f["location"]["row"], f["message"]) for f in whole]


@pytest.mark.parametrize("named", ["pkg/ops", "./pkg/ops/", "pkg"])
def test_checking_a_folder_finds_what_callers_elsewhere_make_of_it(tmp_path: Path, named: str) -> None:
    """The rest of the project is walked for context, the named folder not again: its caller and
    the package that re-exports the helper are outside it (or the helper is all it holds)."""
    root, step_file, helper_file = _project(tmp_path, "re-exported by __init__")
    whole = findings(jaxlint("check", ".", "--output-format", "json", cwd=root))
    assert [f["filename"] for f in whole] == [helper_file]
    assert findings(jaxlint("check", named, "--output-format", "json", cwd=root)) == whole


NEGATIVES = {
    # the helper's flag is a constant at the only traced call: Python control flow on it is fine
    "constant argument": ('''import jax

from helpers import scale


@jax.jit
def step(x):
    return scale(x, 2)
''', '''def scale(x, factor):
    if factor > 1:
        return x * factor
    return x
'''),
    # static_argnames keeps `factor` a Python value in the jitted function, and so in the helper
    "static argument": ('''from functools import partial

import jax

from helpers import scale


@partial(jax.jit, static_argnames="factor")
def step(x, factor):
    return scale(x, factor)
''', '''def scale(x, factor):
    if factor > 1:
        return x * factor
    return x
'''),
    # only eager code calls the helper: concrete arrays, `if` and `print` are fine
    "eager caller": ('''import jax.numpy as jnp

from helpers import report


def evaluate(x):
    return report(jnp.sum(x))
''', '''def report(total):
    print("total", total)
    if total > 0:
        return total
    return 0.0
'''),
    # a module that is not part of the project (installed elsewhere) stays unknown: nothing is guessed
    "third-party helper": ('''import jax

from somelib.ops import clip


@jax.jit
def step(g):
    return clip(g, 1.0)
''', None),
    # an import the code makes at run time names nothing the analysis can follow
    "dynamic import": ('''import importlib

import jax

helpers = importlib.import_module("helpers")


@jax.jit
def step(x):
    return helpers.scale(x, x)
''', '''def scale(x, factor):
    if factor > 1:
        return x * factor
    return x
'''),
}


@pytest.mark.parametrize("case", sorted(NEGATIVES))
def test_what_cannot_raise_is_not_flagged(tmp_path: Path, case: str) -> None:
    train, helpers = NEGATIVES[case]
    write(tmp_path, {"train.py": train, **({"helpers.py": helpers} if helpers else {})})
    result = jaxlint("check", ".", cwd=tmp_path)
    assert result.returncode == 0, result.stdout


def test_module_names_that_repeat_across_projects_resolve_within_each(tmp_path: Path) -> None:
    """A folder of examples: each has its own `train.py` and `model.py`; only one model is buggy."""
    buggy = '''def forward(x):
    print("activations", x)
    return x * 2
'''
    fine = '''def forward(x):
    return x * 2
'''
    train = '''import jax

import model


@jax.jit
def step(x):
    return model.forward(x)
'''
    write(tmp_path, {"mnist/train.py": train, "mnist/model.py": buggy, "cifar/train.py": train,
                     "cifar/model.py": fine})
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["code"]) for f in found] == [("mnist/model.py", "JAX106")]
    assert "mnist/train.py:8" in found[0]["message"]


def test_a_chain_across_three_modules(tmp_path: Path) -> None:
    write(tmp_path, {
        "train.py": "import jax\n\nimport model\n\n\n@jax.jit\ndef step(x, n):\n    return model.forward(x, 3)\n",
        "model.py": "import layers\n\n\ndef forward(x, depth):\n    return layers.norm(x, depth)\n",
        "layers.py": "def norm(x, depth):\n    for _ in range(depth):\n        x = x / 2\n    x[0] = 0.0\n    return x\n",
    })
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["location"]["row"], f["code"]) for f in found] == [("layers.py", 4, "JAX104")]
    assert found[0]["message"].endswith("(`norm` is called from `forward` in model.py:5, which is called from "
                                        "jit-compiled `step` in train.py:8)")


def test_a_warm_run_follows_an_edit_in_another_module(tmp_path: Path) -> None:
    """The helper's findings depend on the caller's module: the cache must not keep them stale."""
    root, step_file, _ = _project(tmp_path / "project", "plain scripts side by side")
    command = [sys.executable, "-m", "jaxlint", "check", ".", "--output-format", "json", "--cache-dir",
               str(tmp_path / "cache")]  # the cache on, unlike tests.test_cli.jaxlint

    def codes() -> list[str]:
        result = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60, check=False)
        return [f["code"] for f in findings(result)]

    assert codes() == ["JAX103"]
    jitted = (root / step_file).read_text()
    (root / step_file).write_text(jitted.replace("@jax.jit\n", ""))
    assert codes() == []
    (root / step_file).write_text(jitted)
    assert codes() == ["JAX103"]


def test_a_crash_in_the_project_pass_keeps_the_per_file_findings(tmp_path: Path) -> None:
    """A bug of ours in the project pass is an error (exit 2) that says what is missing, and the
    findings each file gives alone are still reported."""
    write(tmp_path, {"train.py": "import jax\n\n\n@jax.jit\ndef step(x):\n    print(x)\n    return x\n"})
    crashing = ("import sys\nimport jaxlint.project.propagate as propagate\n\n\n"
                "def crash(*args):\n    raise RuntimeError('a bug')\n\n\n"
                "propagate.incoming_facts = crash\nfrom jaxlint.cli import main\n\n"
                "sys.argv = ['jaxlint', 'check', '--no-cache', '.']\nmain()\n")
    result = subprocess.run([sys.executable, "-c", crashing], cwd=tmp_path, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 2
    assert "train.py:6:5: JAX106" in result.stdout
    assert "jaxlint crashed in the project pass (findings across modules are missing)" in result.stderr
    assert "RuntimeError: a bug" in result.stderr


def test_an_array_handed_to_another_modules_helper_by_eager_code(tmp_path: Path) -> None:
    """`x[0] = v` raises on a JAX array outside jit too: the helper is reported where the assignment
    is, naming the call that hands it the array, without a fix (callers elsewhere may pass lists)."""
    write(tmp_path, {
        "utils.py": "def set_first(values, value):\n    values[0] = value\n    return values\n\n\n"
                    "def fill_list(values):\n    values[0] = 1\n    return values\n",
        "main.py": "import jax.numpy as jnp\n\nimport utils\n\nx = utils.set_first(jnp.zeros(3), 1.0)\n"
                   "y = utils.fill_list([0, 0])\n",
    })
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["location"]["row"], f["code"], f["fix"]) for f in found] == [("utils.py", 2, "JAX104", None)]
    assert found[0]["message"].endswith("(`set_first` is given a JAX array in main.py:5)")


def test_stale_globals_across_modules(tmp_path: Path) -> None:
    """JAX101 twice over: a helper of `train.py`'s jitted step reads its own module's global that a
    function there rebinds; and a jitted function reads `config.SCALE`, which the training loop of
    another module assigns. Straight-line module code (run once, at import) changes nothing later."""
    write(tmp_path, {
        "schedule.py": "LEARNING_RATE = 0.1\n\n\ndef scaled_update(params, grads):\n    return params - LEARNING_RATE * grads"
                       "\n\n\ndef decay(factor):\n    global LEARNING_RATE\n    LEARNING_RATE = LEARNING_RATE * factor\n",
        "config.py": "SCALE = 1.0\nOFFSET = 0.0\n",
        "train.py": "import jax\n\nimport config\nimport schedule\n\n\n@jax.jit\ndef step(params, grads):\n"
                    "    return schedule.scaled_update(params, grads) * config.SCALE + config.OFFSET\n",
        "main.py": "import config\nimport train\n\nconfig.OFFSET = 1.0\n\n\ndef run(params, grads):\n"
                   "    for epoch in range(3):\n        config.SCALE = 1.0 + epoch\n"
                   "        params = train.step(params, grads)\n    return params\n",
    })
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["location"]["row"], f["code"]) for f in found] == [
        ("schedule.py", 5, "JAX101"), ("train.py", 9, "JAX101")]
    assert found[0]["message"].startswith("`scaled_update` reads `LEARNING_RATE` from the module")
    assert "(`scaled_update` is called from jit-compiled `step` in train.py:9)" in found[0]["message"]
    assert "`config.SCALE`, which is assigned in main.py:9 (in `run`)" in found[1]["message"]


def test_transforms_applied_to_another_modules_function(tmp_path: Path) -> None:
    """`jax.jit(lib.step)` and `lax.scan(steps.body, ...)` trace the function where it is defined,
    through a package's re-export; what the transform keeps static stays a Python value there."""
    write(tmp_path, {
        "lib/__init__.py": "from .steps import scan_body, train_step\n",
        "lib/steps.py": "def train_step(params, x, verbose=False):\n    if verbose:\n        print('step')\n"
                        "    return params - 0.1 * x\n\n\ndef scan_body(carry, x, scale=2.0):\n    if scale > 1:\n"
                        "        carry = carry * scale\n    if x > 0:\n        carry = carry + x\n    return carry, x\n\n\n"
                        "def scale_rows(x, double):\n    if double:\n        return x * 2\n    return x\n",
        "run.py": "import jax\nimport jax.numpy as jnp\n\nimport lib\nfrom lib import steps\n\n"
                  "step = jax.jit(lib.train_step, static_argnames='verbose')\n"
                  "total, _ = jax.lax.scan(steps.scan_body, 0.0, jnp.arange(3.0))\n"
                  "rows = jax.vmap(steps.scale_rows, in_axes=(0, None))(jnp.ones(3), True)\n",
    })
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["location"]["row"], f["code"]) for f in found] == [("lib/steps.py", 10, "JAX103")]
    assert found[0]["message"].endswith("(`scan_body` is traced by `jax.lax.scan` in run.py:8)")


def test_mutual_recursion_and_broken_files_across_modules(tmp_path: Path) -> None:
    """Helpers that call each other across modules converge, and the message names the nearest
    compiled caller, not the loop; a file that does not parse or decode is reported and skipped."""
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/a.py": "import jax\n\nfrom pkg import b\n\n\ndef helper(x):\n    return b.back(x)\n\n\n"
                    "@jax.jit\ndef step(x):\n    return helper(x)\n",
        "pkg/b.py": "from pkg import a\n\n\ndef back(x):\n    if x > 0:\n        return a.helper(x - 1)\n    return x\n",
        "pkg/c.py": "def broken(:\n",
        "pkg/d.py": b"\xff\xfe bad",
    })
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["code"]) for f in found] == [
        ("pkg/b.py", "JAX103"), ("pkg/c.py", "JAX000"), ("pkg/d.py", "JAX000")]
    assert found[0]["message"].endswith("(`back` is called from jit-compiled `helper` in pkg/a.py:7)")


def test_methods_of_an_object_of_another_modules_class(tmp_path: Path) -> None:
    """`jax.jit(trainer.loss, static_argnums=1)`, `trainer = Trainer(...)` of a class another module
    defines: the method is traced with the object a Python value, and `static_argnums` counts the
    bound method's own parameters (1 is `use_mean`, as in JAX)."""
    write(tmp_path, {
        "trainer.py": "class Trainer:\n    def __init__(self, clip):\n        self.clip = clip\n\n"
                      "    def loss(self, x, use_mean):\n        if self.clip:\n            x = x * 2\n"
                      "        if use_mean:\n            x = x - x.mean()\n        if x.sum() > 0:\n"
                      "            return x\n        return -x\n",
        "main.py": "import jax\n\nfrom trainer import Trainer\n\ntrainer = Trainer(True)\n"
                   "loss = jax.jit(trainer.loss, static_argnums=1)\n",
    })
    found = findings(jaxlint("check", ".", "--output-format", "json", cwd=tmp_path))
    assert [(f["filename"], f["location"]["row"], f["code"]) for f in found] == [("trainer.py", 10, "JAX103")]
    assert found[0]["message"].endswith("(`Trainer.loss` is traced by `jax.jit` in main.py:6)")


def test_a_configuration_option_updated_by_name_is_the_only_one_changed(tmp_path: Path) -> None:
    # `config.update("b", ...)` changes `config.b`; `config.update(self._name, ...)` no option known
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/conf.py": "class _Config:\n    a = True\n    b = 1.0\n\n    def update(self, name, value):\n"
                       "        setattr(self, name, value)\n\n\nconfig = _Config()\n",
        "pkg/ops.py": "import jax\nfrom pkg.conf import config\n\n\n@jax.jit\ndef f(x):\n"
                      "    return x + 1 if config.a else x\n\n\n@jax.jit\ndef g(x):\n    return x * config.b\n",
        "pkg/common.py": "from pkg.conf import config\n\n\nclass set_config:\n    def __init__(self, name, value):\n"
                         "        self._name, self._value = name, value\n\n    def __enter__(self):\n"
                         "        config.update(self._name, self._value)\n\n\ndef set_b():\n"
                         "    config.update(\"b\", 2.0)\n",
    })
    result = jaxlint("check", "--no-cache", "--output-format", "json", ".", cwd=tmp_path)
    assert [(f["code"], f["filename"], f["location"]["row"]) for f in findings(result)] == [("JAX101", "pkg/ops.py", 12)]
