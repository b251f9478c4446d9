"""JAX000 on code written for a newer Python than the one jaxlint runs on says so, and which
Python to run it under; a real syntax error gets no such hint."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.test_cli import findings, jaxlint, write
from tests.test_notebooks import notebook

RUNNING = sys.version_info[:2]
RUNNING_NAME = f"{RUNNING[0]}.{RUNNING[1]}"

# file → (the source after `import jax`, the Python it needs, words the hint names the construct with)
NEWER = {
    "type_alias": ("type Vec = jax.Array\n", (3, 12), "a `type` statement"),
    "generic_alias": ("type Pair[T] = tuple[T, T]\n", (3, 12), "a `type` statement"),
    "generic_def": ("def first[T](xs: list[T]) -> T:\n    return xs[0]\n", (3, 12), "a generic function"),
    "generic_class": ("class Box[T](Base, metaclass=M):\n    pass\n", (3, 12), "a generic class"),
    "type_default": ("def first[T = int](x: T) -> T:\n    return x\n", (3, 13), "a type parameter with a default"),
    "f_quotes": ("d = {'a': 1}\nx = f\"{d[\"a\"]}\"\n", (3, 12), "the f-string's own quotes"),
    "f_nested": ("x = f\"{', '.join(f\"{y!r}\" for y in a)}\"\n", (3, 12), "the f-string's own quotes"),
    "f_backslash": ("x = f\"{'\\n'.join(a)}\"\n", (3, 12), "a backslash inside an f-string"),
    "f_comment": ("x = f'''{a # a comment\n}'''\n", (3, 12), "a comment inside an f-string"),
    "except_tuple": ("try:\n    pass\nexcept ValueError, TypeError:\n    pass\n", (3, 14), "several exception types without parentheses"),
    "t_string": ("name = 1\nx = t\"hello {name}\"\n", (3, 14), "a template string"),
}
# Errors under any Python, some next to the constructs above.
BROKEN = {
    "unclosed": "x = (1,\ny = 2\n",
    "type_typo": "type Vec = = jax.Array\n",
    "def_typo": "def first[T(xs):\n    pass\n",
    "f_unmatched": "x = f\"{a[}\"\n",
    "f_comment_eats_brace": "x = f'{a # comment}'\n",
    "except_as": "try:\n    pass\nexcept ValueError, TypeError as e:\n    pass\n",
}


def _hint(needs: tuple[int, int], what: str) -> str:
    version = f"{needs[0]}.{needs[1]}"
    return f"(this looks like Python {version} syntax: {what}"


def test_newer_syntax_is_named_and_real_errors_are_not(tmp_path: Path) -> None:
    write(tmp_path, {f"{name}.py": "import jax\n" + code for name, (code, _, _) in NEWER.items()})
    write(tmp_path, {f"{name}.py": "import jax\n" + code for name, code in BROKEN.items()})
    messages = {f["filename"].removesuffix(".py"): f["message"]
                for f in findings(jaxlint("check", "--output-format", "json", ".", cwd=tmp_path))}
    for name, (_, needs, what) in NEWER.items():
        if needs <= RUNNING:
            assert name not in messages, messages[name]  # it parses here
            continue
        version = f"{needs[0]}.{needs[1]}"
        assert messages[name].startswith("SyntaxError: "), messages[name]
        assert _hint(needs, what) in messages[name], messages[name]
        assert messages[name].endswith(f"; jaxlint is running on Python {RUNNING_NAME} — run it under Python "
                                       f"{version} or newer)"), messages[name]
    for name in BROKEN:
        assert messages[name].startswith("SyntaxError: "), messages[name]
        assert "looks like Python" not in messages[name] and "running on" not in messages[name], messages[name]


def test_the_target_version_takes_part(tmp_path: Path) -> None:
    write(tmp_path, {"alias.py": "import jax\ntype Vec = jax.Array\n", "unclosed.py": "import jax\nx = (1,\n"})
    newest = f"py3{max(RUNNING[1] + 1, 13)}"
    newest_name = f"3.{newest[3:]}"
    ahead = {f["filename"]: f["message"] for f in findings(
        jaxlint("check", "--output-format", "json", "--target-version", newest, ".", cwd=tmp_path))}
    assert ahead["unclosed.py"].endswith(f"(jaxlint is running on Python {RUNNING_NAME}, older than the target "
                                         f"version Python {newest_name}: if this is newer syntax, run it under "
                                         f"Python {newest_name} or newer)")
    if RUNNING < (3, 12):
        assert ahead["alias.py"].endswith(f"a `type` statement, and the target version is Python {newest_name}; "
                                          f"jaxlint is running on Python {RUNNING_NAME} — run it under Python "
                                          f"{newest_name} or newer)")
        behind = {f["filename"]: f["message"] for f in findings(
            jaxlint("check", "--output-format", "json", "--target-version", "py311", ".", cwd=tmp_path))}
        # the code is newer than it claims to be: no advice to change Pythons
        assert behind["alias.py"].endswith("(this looks like Python 3.12 syntax: a `type` statement, newer than "
                                           "the target version Python 3.11)")
        assert behind["unclosed.py"] == "SyntaxError: '(' was never closed"


def test_a_notebook_cell_in_newer_syntax(tmp_path: Path) -> None:
    if RUNNING >= (3, 12):
        return
    write(tmp_path, {"nb.ipynb": notebook("import jax.numpy as jnp\nx = jnp.zeros(3)\nx[0] = 1\n",
                                          "\ntype Vec = jnp.ndarray\n")})
    report = findings(jaxlint("check", "--output-format", "json", "nb.ipynb", cwd=tmp_path))
    assert [(f["code"], f["cell"], f["location"]["row"]) for f in report] == [("JAX104", 1, 3), ("JAX000", 2, 2)]
    assert _hint((3, 12), "a `type` statement") in report[1]["message"]
