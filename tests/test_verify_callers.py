"""`jaxlint verify --run` on how the project's code is reached: helpers the tests call untraced
that a jitted caller traces, and modules in a namespace folder of a package. The real CLI in a
subprocess, real JAX on CPU."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from tests.test_verify_run import _jaxlint

pytest.importorskip("jax")


def test_helpers_the_tests_call_eagerly_are_proved_as_their_jitted_caller_traces_them(tmp_path: Path) -> None:
    # the tests call the helpers untraced, on NumPy arrays; the project's jitted `step` traces them
    (tmp_path / "ops.py").write_text(textwrap.dedent('''
        import jax
        import jax.numpy as jnp


        def clip_negative(x):
            if x.sum() < 0:
                return jnp.zeros_like(x)
            return x


        def set_first(x):
            x[0] = 0.0
            return x


        @jax.jit
        def step(x):
            return set_first(clip_negative(x)) * 2
    '''))
    (tmp_path / "run.py").write_text(textwrap.dedent('''
        import numpy as np

        from ops import clip_negative, set_first

        assert clip_negative(np.ones(3)).sum() == 3
        assert set_first(np.ones(3))[0] == 0.0
    '''))
    result = _jaxlint(tmp_path, "verify", "--run", "python run.py", "--output-format", "json", "ops.py")
    outcomes = {r["code"]: r for r in json.loads(result.stdout)["results"]}
    for code in ("JAX103", "JAX104"):
        assert outcomes[code]["verdict"] == "confirmed", outcomes[code]
        assert outcomes[code]["evidence"]["as_callers_trace"] is True
        assert "jitted as its callers trace it" in outcomes[code]["reason"]


def test_a_module_in_a_namespace_folder_of_a_package_keeps_its_package(tmp_path: Path) -> None:
    # evosax/problems/bbob/ has no __init__.py: its modules are evosax.problems.bbob.*, relative imports work
    (tmp_path / "pkg" / "shapes").mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "base.py").write_text("SIGN = -1\n")
    (tmp_path / "pkg" / "shapes" / "relu.py").write_text(textwrap.dedent('''
        import jax

        from ..base import SIGN


        @jax.jit
        def relu(x):
            if x > 0:
                return x
            return SIGN * x
    '''))
    (tmp_path / "run.py").write_text("import jax.numpy as jnp\n\nfrom pkg.shapes.relu import relu\n\n"
                                     "try:\n    relu(jnp.float32(1.0))\nexcept Exception:\n    pass\n")
    result = _jaxlint(tmp_path, "verify", "--run", "python run.py", "--output-format", "json", "pkg")
    [finding] = json.loads(result.stdout)["results"]
    assert finding["function"] == "pkg.shapes.relu.relu", finding
    assert finding["verdict"] == "confirmed" and finding["fix"]["status"] == "passed", finding
