"""The JAX a project targets (`target-jax`, else its requirement on `jax`), and what JAX301/JAX303
say of a removed name with it: raises where the project allows a JAX without the name, breaks on
upgrading (naming the release that removed it) where every JAX it allows still has it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from jaxlint.config import ConfigError, Settings, load_settings
from jaxlint.engine import check_source
from jaxlint.jax_target import from_specifier, project_requirement, requirement_in
from jaxlint.rules import rules
from jaxlint.source import Source

SOURCE = "import jax\n\nx = jax.tree_map(abs, [1.0])\ny = jax.partial(abs)\n"
CODES = frozenset({"JAX301", "JAX303"})


def _findings(tmp_path: Path, settings: Settings = Settings()) -> dict[str, object]:
    path = tmp_path / "pkg" / "mod.py"
    path.parent.mkdir(exist_ok=True)
    path.write_text(SOURCE)
    project_requirement.cache_clear()
    result = check_source(Source(SOURCE), str(path), settings, CODES)
    return {f.code: f for f in result.findings}


@pytest.mark.parametrize(("spec", "keeps"), [
    (">=0.4.20", False), (">=0.6.2", False), ("==0.4.30", True), (">=0.4.20,<0.5", True), ("~=0.4.25", True),
    ("==0.4.*", True), ("^0.4.20", True), ("<=0.5.3", True), ("<0.6", True), ("<=0.6.0", False), ("==0.6.0", False),
])
def test_a_requirement_keeps_a_name_removed_in_0_6_0_only_when_every_release_it_allows_has_it(spec, keeps):
    assert from_specifier(spec, "requirements.txt").keeps("0.6.0") is keeps


def test_only_jax_itself_is_read():
    assert requirement_in("jaxlib==0.4.1\njax-md>=0.2\nflax>=0.8\njaxtyping\n", "requirements.txt") is None
    found = requirement_in("numpy\njax[cuda12]==0.4.30 ; python_version > '3.9'  # pinned\n", "requirements.txt")
    assert found is not None and found.text == "jax==0.4.30"


@pytest.mark.parametrize(("name", "text"), [
    ("pyproject.toml", '[project]\nname = "p"\ndependencies = ["numpy", "jax>=0.4.30,<0.5"]\n'),
    ("pyproject.toml", '[tool.poetry.dependencies]\npython = "^3.10"\njax = "^0.4.30"\n'),
    ("requirements.txt", "numpy\njax==0.4.30\n"),
    ("setup.cfg", "[options]\ninstall_requires =\n    numpy\n    jax==0.4.30\n"),
    ("setup.py", "from setuptools import setup\nsetup(install_requires=['numpy', 'jax>=0.4.30,<0.5'])\n"),
])
def test_a_pinned_project_is_told_the_name_breaks_on_upgrading(tmp_path, name, text):
    (tmp_path / name).write_text(text)
    found = _findings(tmp_path)
    message = found["JAX301"].message
    assert "removed in JAX 0.6.0" in message and "breaks on upgrading" in message and name in message
    assert "raises AttributeError" in found["JAX303"].message  # jax.partial: gone since 0.2.21


def test_a_project_allowing_a_jax_without_the_name_is_told_it_raises(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\ndependencies = ["jax>=0.6.2"]\n')
    found = _findings(tmp_path)
    assert "removed in JAX 0.6.0 (this use raises AttributeError)" in found["JAX301"].message
    assert found["JAX301"].fixable


def test_no_requirement_raises(tmp_path):
    (tmp_path / ".git").mkdir()
    assert "raises AttributeError" in _findings(tmp_path)["JAX301"].message


def test_the_setting_wins_over_the_requirements(tmp_path):
    (tmp_path / "requirements.txt").write_text("jax>=0.7\n")
    found = _findings(tmp_path, Settings(target_jax="0.4.30"))
    assert "(`0.4.30`, target-jax) still has it" in found["JAX301"].message


def test_the_rename_writes_the_older_spelling_where_the_oldest_allowed_jax_lacks_the_replacement(tmp_path):
    (tmp_path / "requirements.txt").write_text("jax==0.4.20\n")  # jax.tree arrived in 0.4.25
    finding = _findings(tmp_path)["JAX301"]
    assert "breaks on upgrading" in finding.message and "use `jax.tree_util.tree_map`" in finding.message
    assert finding.fixable == "safe" and finding.fix_data["replacement"] == "jax.tree_util.tree_map"


def test_fix_on_an_old_pin_writes_an_api_that_jax_has(tmp_path):
    (tmp_path / "pyproject.toml").write_text('[project]\nname = "p"\ndependencies = ["jax>=0.4.10"]\n')
    path = tmp_path / "mod.py"
    path.write_text("import jax\n\n\ndef bump(tree):\n    return jax.tree_map(lambda x: x + 1, tree)\n")
    subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--fix", str(path)], cwd=tmp_path,
                   capture_output=True, text=True, check=False)
    assert "jax.tree_util.tree_map(lambda x: x + 1, tree)" in path.read_text()


def test_target_jax_is_validated(tmp_path):
    known = {r.code for r in rules()}
    config = tmp_path / "jaxlint.toml"
    config.write_text('target-jax = "0.4.30"\n')
    assert load_settings(config, known).target_jax == "0.4.30"
    config.write_text('target-jax = "latest"\n')
    with pytest.raises(ConfigError, match="target-jax"):
        load_settings(config, known)
