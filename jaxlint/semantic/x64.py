"""Where JAX computes in 64 bits: what turns `jax_enable_x64` on for the whole process, and the code
that decides it locally. As JAX 0.10.2 behaves:

- `jax.config.update("jax_enable_x64", v)` turns it on for every truthy `v` (the string "false" too);
- `JAX_ENABLE_X64` in the environment does when it holds y/yes/t/true/on/1 (any case) before jax is
  imported: JAX reads it once, at import;
- `with jax.enable_x64():`, `with jax.enable_x64(True):` and `@jax.enable_x64(True)` set it for that
  block only; a bare `jax.enable_x64(True)` call does nothing (it only makes the context manager),
  and `jax.config.jax_enable_x64 = True` raises AttributeError;
- libraries offer their own switches: a bare `numpyro.enable_x64()` turns it on (it calls
  `jax.config.update`), `with optax.x64_precision(...)` sets it for a block.

The forms are matched by their words, whatever the module is called (`from jax import config as
cfg`, a library's own `compat.enable_x64`): no other API spells them so."""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from jaxlint.semantic.imports import last_name

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model

OPTION = "jax_enable_x64"
ENV_VAR = "JAX_ENABLE_X64"
_SWITCH = "enable_x64"  # jax's context manager; numpyro's global switch
# Text without one of these turns nothing on: the option updated, the variable, a switch called.
_CANDIDATES = re.compile(r"""update\(\s*(?:name\s*=\s*)?["']jax_enable_x64["']|JAX_ENABLE_X64|enable_x64\(""")
# How JAX reads the variable (any case); anything else raises ValueError at import.
VARIABLE_ON = frozenset(("y", "yes", "t", "true", "on", "1"))
VARIABLE_OFF = frozenset(("n", "no", "f", "false", "off", "0"))
# Importing any of these imports jax: an environment variable set after it comes too late.
_IMPORTING_JAX = frozenset(("jax", "jaxlib", "flax", "equinox", "optax", "numpyro", "haiku", "chex"))
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def enables_x64(tree: ast.Module, text: str | None) -> bool:
    """Whether running the module turns x64 on for the whole process. A value that cannot be read
    (a parameter, a command-line flag) counts as on: the doubt never produces a finding."""
    if text is not None and (_SWITCH not in text and ENV_VAR not in text or not _CANDIDATES.search(text)):
        return False  # most modules, JAX's own that name the option included: a search of the text
    jax_imported = False
    for statement in tree.body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Call) and _updates_option(node):
                return True
            if isinstance(node, ast.Expr) and _calls_library_switch(node.value, tree):
                return True
            if not jax_imported and _sets_variable(node):
                return True
        jax_imported = jax_imported or _imports_jax(statement)
    return False


def _updates_option(call: ast.Call) -> bool:
    """`<config>.update("jax_enable_x64", <not false>)`."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "update"):
        return False
    name, value = _arguments(call, ("name", "val"))
    return _is_string(name, OPTION) and value is not None and _truth(value) is not False


def _calls_library_switch(call: ast.expr, tree: ast.Module) -> bool:
    """A statement `numpyro.enable_x64()`: a library's switch, not jax's context manager (which does
    nothing unless entered), called with no false value."""
    if not isinstance(call, ast.Call):
        return False
    func = call.func
    if isinstance(func, ast.Name):
        library = func.id == _SWITCH and func.id not in _jax_switch_names(tree)
    else:
        library = isinstance(func, ast.Attribute) and func.attr == _SWITCH and _root_name(func.value) != "jax"
    return library and not (call.args and _truth(call.args[0]) is False)


def _jax_switch_names(tree: ast.Module) -> set[str]:
    """The names `from jax import enable_x64` (or jax.experimental's) binds."""
    return {alias.asname or alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
            and (node.module or "").split(".")[0] == "jax" for alias in node.names if alias.name == _SWITCH}


def _root_name(expr: ast.expr) -> str | None:
    while isinstance(expr, ast.Attribute):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


def _sets_variable(node: ast.AST) -> bool:
    """`os.environ["JAX_ENABLE_X64"] = v`, `os.environ.setdefault("JAX_ENABLE_X64", v)` or
    `os.environ.update(...)` with a value JAX reads as true (a subprocess's `env={...}` is not this one's)."""
    if isinstance(node, ast.Assign):
        return any(isinstance(t, ast.Subscript) and _is_environ(t.value) and _is_string(t.slice, ENV_VAR)
                   and _variable_on(node.value) for t in node.targets)
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and _is_environ(node.func.value)):
        return False
    if node.func.attr == "setdefault":
        key, value = _arguments(node, ("key", "default"))
        return _is_string(key, ENV_VAR) and value is not None and _variable_on(value)
    if node.func.attr == "update":
        given = [(k.arg, k.value) for k in node.keywords]
        given += [(key.value, value) for d in node.args if isinstance(d, ast.Dict)
                  for key, value in zip(d.keys, d.values) if isinstance(key, ast.Constant)]
        return any(key == ENV_VAR and _variable_on(value) for key, value in given)
    return False


def _variable_on(value: ast.expr) -> bool:
    if isinstance(value, ast.Constant):
        return isinstance(value.value, str) and value.value.lower() in VARIABLE_ON
    return True  # read from elsewhere: taken to be on


def _truth(value: ast.expr) -> bool | None:
    return bool(value.value) if isinstance(value, ast.Constant) else None


def _arguments(call: ast.Call, names: tuple[str, str]) -> tuple[ast.expr | None, ast.expr | None]:
    """The two arguments named `names`, given by position or by keyword."""
    given = dict(zip(names, call.args))
    given.update((k.arg, k.value) for k in call.keywords if k.arg in names)
    return given.get(names[0]), given.get(names[1])


def _is_string(node: ast.AST | None, text: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == text


def _is_environ(node: ast.expr) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "environ" or isinstance(node, ast.Name) and node.id == "environ"


def _imports_jax(statement: ast.stmt) -> bool:
    """Whether the module-level statement imports jax (in its `try`/`if` blocks too, not in functions)."""
    pending: list[ast.AST] = [statement]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in _IMPORTING_JAX for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").split(".")[0] in _IMPORTING_JAX:
            return True
        if not isinstance(node, _SCOPES):
            pending.extend(ast.iter_child_nodes(node))
    return False


def decided_locally(model: Model, node: ast.AST) -> bool:
    """Whether the code around `node` decides the width itself: a `with` block or a function decorated
    by a call of a function named for x64 (`jax.enable_x64(...)`, `optax.x64_precision(...)`), a test of
    x64 or of a 64-bit dtype (`if jax.config.jax_enable_x64:`, `if x.dtype == jnp.float64:`, `a if
    x64 else b`), or a function that names x64 anywhere (an early return when it is off, a docstring
    that says it needs x64)."""
    child, parent = node, model.parent(node)
    while parent is not None:
        if isinstance(parent, (ast.With, ast.AsyncWith)) and child not in parent.items and any(
                _is_local_switch(item.context_expr) for item in parent.items):
            return True
        if isinstance(parent, (ast.If, ast.While, ast.IfExp)) and child is not parent.test and _mentions(
                parent.test, ("x64", "float64", "complex128")):
            return True
        if isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef)) and (
                any(_is_local_switch(d) for d in parent.decorator_list) or _mentions(parent, ("x64",))):
            return True
        child, parent = parent, model.parent(parent)
    return False


def _is_local_switch(expr: ast.expr) -> bool:
    """`jax.enable_x64(...)`, `compat.enable_x64(flag)`, `x64_precision(...)`: a call of a function
    named for x64 (with any value: the block decides)."""
    name = last_name(expr.func) if isinstance(expr, ast.Call) else None
    return name is not None and "x64" in name.lower()


def _mentions(node: ast.AST, words: tuple[str, ...]) -> bool:
    """Whether a name, attribute or string in `node` contains one of `words` (any case)."""
    for part in ast.walk(node):
        if isinstance(part, ast.Name):
            text = part.id
        elif isinstance(part, ast.Attribute):
            text = part.attr
        elif isinstance(part, ast.Constant) and isinstance(part.value, str):
            text = part.value
        else:
            continue
        if any(word in text.lower() for word in words):
            return True
    return False
