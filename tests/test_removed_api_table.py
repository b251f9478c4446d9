"""The table of removed JAX names (knowledge/removed_api.py), most of it made by comparing JAX's
releases (benchmarks/removed_api_table.py): checked against the installed JAX, which must lack every
name removed in its release or before (no false alarm), and have every replacement; and the
script's static reading of a module, on sources made up here (no download)."""

from __future__ import annotations

import importlib
import sys
import warnings
from pathlib import Path

import pytest

from jaxlint.knowledge.removed_api import ADDED_IN, REMOVED, removal

ROOT = Path(__file__).resolve().parent.parent


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in text.split(".") if p.isdigit())


def in_jax(name: str) -> bool:
    """The installed JAX resolves the dotted name (a module, or attributes of one)."""
    parts = name.split(".")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for cut in range(len(parts), 0, -1):
            try:
                value = importlib.import_module(".".join(parts[:cut]))
            except Exception:  # noqa: BLE001 - not a module: try the parent
                continue
            try:
                for attribute in parts[cut:]:
                    value = getattr(value, attribute)
            except Exception:  # noqa: BLE001 - AttributeError, or a removed deprecation's error
                return False
            return True
    return False


def test_the_installed_jax_lacks_every_name_removed_by_its_release():
    jax = pytest.importorskip("jax")
    installed = _version(jax.__version__)
    still = [name for name, entry in REMOVED.items() if _version(entry.removed_in) <= installed and in_jax(name)]
    assert still == [], f"JAX {jax.__version__} still has them"


def test_every_replacement_is_in_the_installed_jax():
    jax = pytest.importorskip("jax")
    installed = _version(jax.__version__)
    missing = [entry.replacement for entry in REMOVED.values() if entry.replacement
               and _version(ADDED_IN.get(entry.replacement, "0")) <= installed and not in_jax(entry.replacement)]
    assert missing == []


def test_every_entry_names_its_release_and_what_to_do():
    for name, entry in REMOVED.items():
        assert entry.code in ("JAX301", "JAX303") and _version(entry.removed_in), name
        assert entry.replacement or entry.advice, name
        assert not any(part.startswith("_") for part in name.split(".")), name


def test_names_inside_a_removed_module_are_its_entry():
    assert removal("jax.util.safe_map") == ("jax.util", REMOVED["jax.util"])
    assert removal("jax.core.JaxprEqn")[0] == "jax.core.JaxprEqn"
    assert removal("jax.core.ShapedArray") is None and removal("jax.extend.core.JaxprEqn") is None


@pytest.fixture(scope="module")
def script():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import removed_api_table
    finally:
        sys.path.pop(0)
    return removed_api_table


def _release(script, version: str, sources: dict[str, str]):
    release = object.__new__(script.Release)
    release.version, release.sources, release._surfaces, release._definitions = version, sources, {}, {}
    return release


OLD = {
    "jax": "from jax import util as util\nfrom jax._src.api import jit as jit, vmap\nfrom functools import partial\n",
    "jax.util": "from jax._src.util import safe_map as safe_map\n",
    "jax.core": ("from jax._src.core import Jaxpr as Jaxpr, Var as Var\nfrom jax._src.util import safe_zip\n"
                 "import jax._src.core as _src_core\n_deprecations = {'get_aval': ('use jax.typeof', _src_core.get_aval)}\n"),
    "jax._src.core": "class Jaxpr: ...\nclass Var: ...\ndef get_aval(x): ...\n",
    "jax._src.api": "def jit(f): ...\ndef vmap(f): ...\n",
    "jax._src.util": "def safe_map(f, *xs): ...\ndef safe_zip(*xs): ...\n",
    "jax.extend": "", "jax.extend.core": "",
}
NEW = {
    "jax": "from jax._src.api import jit as jit, vmap as vmap\nfrom jax._src.core import typeof as typeof\n",
    "jax.core": ("from jax._src.core import Var as Var\n_deprecations = {'get_aval': ('jax.core.get_aval was removed; use "
                 "jax.typeof instead.', None)}\n"),
    "jax._src.core": "class Jaxpr: ...\nclass Var: ...\ndef get_aval(x): ...\ndef typeof(x): ...\n",
    "jax._src.api": "def jit(f): ...\ndef vmap(f): ...\n",
    "jax.extend": "from jax.extend import core as core\n",
    "jax.extend.core": "from jax._src.core import Jaxpr as Jaxpr\n",
}


def test_the_script_reads_exports_deprecations_and_helpers(script):
    old = _release(script, "0.1.0", OLD)
    assert set(old.exports("jax")) == {"jit", "vmap"}  # a package's plain import of JAX's own is API
    assert old.has("jax", "partial") and "partial" not in old.exports("jax")  # functools': bound by the way
    assert set(old.exports("jax.core")) == {"Jaxpr", "Var", "get_aval"}  # safe_zip: a helper; get_aval deprecated
    assert old.definition("jax.core.get_aval") == "jax._src.core.get_aval"
    new = _release(script, "0.2.0", NEW)
    assert not new.has("jax.core", "get_aval") and new.surface("jax.core").removed["get_aval"].endswith("instead.")
    assert "jax.extend.core" not in new.reachable


def test_the_script_finds_removed_names_modules_and_replacements(script):
    old, new = _release(script, "0.1.0", OLD), _release(script, "0.2.0", NEW)
    found, _ = script.compare([old], ["0.1.0", "0.2.0"], new)
    releases = {"0.1.0": old, "0.2.0": new}
    script.replacements(found, new, releases)
    by_name = {f.name: f for f in found}
    assert set(by_name) == {"jax.util", "jax.core.Jaxpr", "jax.core.get_aval"}  # not jax.vmap, nor jax.partial
    assert by_name["jax.util"].module and by_name["jax.util"].removed_in == "0.2.0"
    assert by_name["jax.core.get_aval"].advice == "use `jax.typeof`"  # JAX's message; not the same definition
    # the same class, public in jax.extend.core, which `import jax` does not load: advice, no rename
    assert by_name["jax.core.Jaxpr"].replacement is None
    assert by_name["jax.core.Jaxpr"].advice.startswith("use `jax.extend.core.Jaxpr`")
