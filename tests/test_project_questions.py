"""A module told something new by the project pass is analysed again only when its analysis asked
about it (project/incoming.py): the same answers give the same result, at no cost."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from jaxlint.project.incoming import NOTHING, Incoming, answers_differ
from jaxlint.project.summary import FunctionFacts

CALLER = "import jax.numpy as jnp\nfrom helpers import scale\n\nscale(jnp.zeros(3))\n"
ASKED = "import jax\n\n\ndef scale(x):\n    x[0] = 1.0\n    return x\n"  # JAX104 asks who hands `x` an array
NOT_ASKED = "import jax\n\n\ndef scale(x):\n    return x * 2\n"  # nothing here asks it


def _check(root: Path) -> tuple[list[dict], int]:
    done = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "-v", "--output-format", "json", "."],
                          cwd=root, capture_output=True, text=True, check=False)
    again = re.search(r"(\d+) modules? analysed again", done.stderr)
    assert again is not None, done.stderr
    return json.loads(done.stdout), int(again.group(1))


# ASKED: main.py is told that `scale` assigns items of `x` (it then asks what it hands it: an array),
# and helpers.py that it is handed one (JAX104 asks); NOT_ASKED: nothing is worth telling main.py,
# and what helpers.py is told (an array handed to `scale`) it never asks.
@pytest.mark.parametrize(("helper", "analysed_again", "codes"), [(ASKED, 2, ["JAX104"]), (NOT_ASKED, 0, [])])
def test_a_module_is_analysed_again_only_for_what_it_asked(tmp_path: Path, helper: str, analysed_again: int,
                                                           codes: list[str]) -> None:
    (tmp_path / "pyproject.toml").write_text("")
    (tmp_path / "main.py").write_text(CALLER)
    (tmp_path / "helpers.py").write_text(helper)
    findings, again = _check(tmp_path)
    assert again == analysed_again
    assert [f["code"] for f in findings if f["filename"].endswith("helpers.py")] == codes


def test_answers_are_compared_per_question() -> None:
    facts = FunctionFacts(("key", "x"), (), True, ("key",), ("key",), (), False)
    told = Incoming(functions=(("pkg.draw", facts),))
    assert answers_differ(frozenset({("key_use", "pkg.draw")}), None, told)
    assert answers_differ(frozenset({("keys_taken", "pkg.draw")}), NOTHING, told)
    assert not answers_differ(frozenset({("returns", "pkg.draw"), ("compiled", "pkg.draw")}), None, told)
    assert not answers_differ(frozenset({("key_use", "pkg.other")}), None, told)
    assert not answers_differ(frozenset(), None, told)
