"""Static arguments of another module's jit-compiled function (the project pass's `jit_static`):
`jax.jit`'s are hashed whole, so a dict bound to a name and passed there raises ValueError (JAX203);
equinox's `filter_jit` takes none, it flattens each argument and keeps only the leaves that are no
arrays static (checked with equinox 0.13.8 and JAX 0.10.2: a dict, a list and a NumPy array run),
so the same dict passed to a filter_jit function is no finding."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

from tests.expectations import project_findings
from tests.test_cli import findings, jaxlint, write

SOLVERS = """
    from functools import partial

    import equinox as eqx
    import jax


    @partial(jax.jit, static_argnames="options")
    def solve(x, options):
        return x * len(options)


    @eqx.filter_jit
    def root_find(x, options: dict | None = None):
        return x * len(options or {})
    """

USE = """
    import jax.numpy as jnp

    from solvers import root_find, solve


    def run(x):
        options = {"lower": 1e-5}
        found = root_find(x, options=options)
        return found, solve(x, options=options)
    """


def test_a_dict_is_unhashable_for_jax_jit_and_fine_for_filter_jit(tmp_path: Path) -> None:
    (tmp_path / "solvers.py").write_text(textwrap.dedent(SOLVERS))
    (tmp_path / "use.py").write_text(textwrap.dedent(USE))
    found = project_findings(tmp_path)
    assert found.get("use.py", Counter()) == Counter({(10, "JAX203"): 1})  # `solve`, not `root_find` (row 9)


def test_a_parameter_static_only_by_this_modules_calls_is_not_another_modules_static_argument(tmp_path):
    # `acc` keeps its default in the defining module, but jit traces it: another module may pass arrays
    write(tmp_path, {
        "pkg/__init__.py": "",
        "pkg/ops.py": "import jax\n\n\n@jax.jit\ndef f(data, acc=None):\n    return data\n",
        "t.py": "from pkg.ops import f\n\n\ndef run(xs):\n    acc = None\n    for x in xs:\n"
                "        acc = f(x, acc)\n    return acc\n",
    })
    result = jaxlint("check", "--no-cache", "--output-format", "json", ".", cwd=tmp_path)
    assert findings(result) == []
