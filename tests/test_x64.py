"""Where x64 is on, as the model and the project pass know it (semantic/x64.py, project/x64.py): what
turns it on for a module and for its project, the code that decides it locally, and the requests for
wide dtypes (semantic/wide_dtypes.py) that JAX207 reports where it is off. Project cases run the real
CLI on real files."""

from __future__ import annotations

import ast
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from jaxlint.semantic.model import Model
from tests.test_cli import findings, jaxlint, write

# -- the module: what turns x64 on --------------------------------------------------------


def build(source: str) -> Model:
    text = textwrap.dedent(source)
    return Model(ast.parse(text), text=text)


TURNED_ON = {
    "config update": 'import jax\njax.config.update("jax_enable_x64", True)\n',
    "config imported under another name": 'from jax import config as cfg\n\ncfg.update("jax_enable_x64", 1)\n',
    "by keyword": 'import jax\njax.config.update(name="jax_enable_x64", val=True)\n',
    "a truthy string, as JAX reads it": 'import jax\njax.config.update("jax_enable_x64", "false")\n',
    "a value read elsewhere": 'import jax\n\n\ndef setup(flag):\n    jax.config.update("jax_enable_x64", flag)\n',
    "variable before the import": 'import os\n\nos.environ["JAX_ENABLE_X64"] = "True"\nimport jax\n',
    "setdefault before the import": 'import os\n\nos.environ.setdefault("JAX_ENABLE_X64", "1")\n',
    "update with a dict": 'import os\n\nos.environ.update({"JAX_ENABLE_X64": "yes"})\n',
    "a library's switch": 'import numpyro\n\nnumpyro.enable_x64()\n',
}
LEFT_OFF = {
    "a false value": 'import jax\njax.config.update("jax_enable_x64", False)\n',
    "variable after the import": 'import os\n\nimport jax\n\nos.environ["JAX_ENABLE_X64"] = "1"\n',
    "variable off": 'import os\n\nos.environ["JAX_ENABLE_X64"] = "0"\n',
    "a subprocess's environment": 'import os\nimport subprocess\n\nsubprocess.run(["x"], env={**os.environ, "JAX_ENABLE_X64": "1"})\n',
    "jax's context manager called bare": 'import jax\n\njax.enable_x64(True)\n',
    "jax's context manager imported, called bare": 'from jax import enable_x64\n\nenable_x64(True)\n',
    "a block only": 'import jax\n\nwith jax.enable_x64():\n    pass\n',
    "the option read": 'import jax\n\nprint(jax.config.jax_enable_x64, jax.config.read("jax_enable_x64"))\n',
    "named in a docstring": '"""Call jax.config.update("jax_enable_x64", True) first."""\n',
}


@pytest.mark.parametrize("case", sorted(TURNED_ON))
def test_what_turns_x64_on(case: str) -> None:
    assert build(TURNED_ON[case]).enables_x64


@pytest.mark.parametrize("case", sorted(LEFT_OFF))
def test_what_leaves_x64_off(case: str) -> None:
    assert not build(LEFT_OFF[case]).enables_x64


# -- the module: what asks JAX for a wide dtype ------------------------------------------------

REQUESTS = '''
    import jax
    import jax.numpy as jnp
    import numpy as np

    WIDE = jnp.float64


    def asked(x, key):
        a = jnp.zeros(3, jnp.float64)
        b = jnp.asarray(x, dtype="complex128")
        c = jax.random.normal(key, (2,), np.float64)
        d = jnp.zeros(3).astype(WIDE)
        return a, b, c, d, jnp.float64(1.0)


    def not_asked(x, table, dtype=jnp.float64):
        with jax.enable_x64():
            inside = jnp.zeros(3, jnp.float64)
        guarded = jnp.zeros(3, jnp.float64) if jax.config.jax_enable_x64 else None
        return (inside, guarded, np.zeros(3, np.float64), table.astype(np.float64), x.dtype == jnp.float64,
                jnp.finfo(jnp.float64), jnp.zeros(3, dtype), jax.ShapeDtypeStruct((2,), jnp.float64))


    def reads_the_option(x):
        if not jax.config.read("jax_enable_x64"):
            return x
        return x.astype(jnp.float64)
'''


def test_requests_are_found_where_jax_is_asked_and_nowhere_else() -> None:
    model = build(REQUESTS)
    assert [(r.node.lineno, r.asked_of, r.dtype) for r in model.wide_dtypes] == [
        (10, "jnp.zeros", "float64"), (11, "jnp.asarray", "complex128"), (12, "jax.random.normal", "float64"),
        (13, ".astype", "float64"), (14, "jnp.float64", "float64")]
    assert not model.enables_x64 and not model.x64_enabled


def test_a_module_without_the_words_is_not_searched() -> None:
    model = build("import jax.numpy as jnp\n\nx = jnp.zeros(3, jnp.float32)\n")
    assert model.wide_dtypes == [] and not model.enables_x64


# -- the project: x64 turned on elsewhere ------------------------------------------------------------

KERNEL = 'import jax.numpy as jnp\n\n\ndef accumulator(n):\n    return jnp.zeros(n, dtype=jnp.float64)\n'
ENABLER = 'import jax\n\njax.config.update("jax_enable_x64", True)\n'
PROJECT_FILE = "[project]\nname = 'sim'\n"

ELSEWHERE = {
    "another module": {"main.py": ENABLER},
    "a conftest.py": {"tests/conftest.py": ENABLER, "tests/test_sim.py": "import sim\n"},
    "a conftest.py without jax": {"conftest.py": 'import os\n\nos.environ["JAX_ENABLE_X64"] = "1"\n'},
    "pytest-env in pyproject.toml": {"pyproject.toml": PROJECT_FILE + '\n[tool.pytest.ini_options]\nenv = ["JAX_ENABLE_X64=1"]\n'},
    "pytest.ini": {"pytest.ini": "[pytest]\nenv =\n    JAX_ENABLE_X64=True\n"},
    "tox.ini": {"tox.ini": "[testenv]\nsetenv =\n    JAX_ENABLE_X64 = 1\n"},
    "setup.cfg": {"setup.cfg": "[tool:pytest]\nenv =\n    JAX_ENABLE_X64=1\n"},
    "a .env file": {".env": "export JAX_ENABLE_X64=true\n"},
}
NOT_ELSEWHERE = {
    "nothing": {},
    "a block in another module": {"main.py": "import jax\n\nwith jax.enable_x64():\n    pass\n"},
    "the variable off": {".env": "JAX_ENABLE_X64=0\n"},
    "another project beside it": {"other/pyproject.toml": PROJECT_FILE, "other/main.py": ENABLER},
}


def _project(root: Path, extra: dict[str, str]) -> Path:
    write(root, {"pyproject.toml": PROJECT_FILE, "sim.py": KERNEL, **extra})
    return root


def _flagged(root: Path, *paths: str, stdin: str | None = None) -> list[tuple[str, int]]:
    args = ["--stdin-filename", paths[0], "-"] if stdin is not None else list(paths or ["."])
    result = jaxlint("check", "--select", "JAX207", "--output-format", "json", *args, cwd=root, input=stdin)
    return [(f["filename"], f["location"]["row"]) for f in findings(result)]


@pytest.mark.parametrize("case", sorted(ELSEWHERE))
def test_x64_turned_on_elsewhere_in_the_project(tmp_path: Path, case: str) -> None:
    root = _project(tmp_path, ELSEWHERE[case])
    assert _flagged(root) == []
    assert _flagged(root, "sim.py") == []  # as pre-commit checks it
    assert _flagged(root, "sim.py", stdin=KERNEL) == []  # as an editor does


@pytest.mark.parametrize("case", sorted(NOT_ELSEWHERE))
def test_x64_left_off_in_the_project(tmp_path: Path, case: str) -> None:
    root = _project(tmp_path, NOT_ELSEWHERE[case])
    assert _flagged(root) == [("sim.py", 5)]
    assert _flagged(root, "sim.py") == [("sim.py", 5)]


def test_a_conftest_the_run_leaves_out_still_counts(tmp_path: Path) -> None:
    root = _project(tmp_path, {"tests/conftest.py": ENABLER, "tests/sim_test.py": KERNEL,
                               "pyproject.toml": PROJECT_FILE + "\n[tool.jaxlint]\nexclude = ['conftest.py']\n"})
    assert _flagged(root) == []


def test_a_warm_run_follows_an_edit_that_turns_x64_on(tmp_path: Path) -> None:
    """sim.py's findings depend on another module: the cache must not keep them."""
    root = _project(tmp_path / "project", {"main.py": "import jax\n"})
    command = [sys.executable, "-m", "jaxlint", "check", ".", "--select", "JAX207", "--output-format", "json",
               "--cache-dir", str(tmp_path / "cache")]

    def flagged() -> int:
        return len(findings(subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60, check=False)))

    assert flagged() == 1
    (root / "main.py").write_text(ENABLER)
    assert flagged() == 0
    (root / "main.py").write_text("import jax\n")
    assert flagged() == 1
