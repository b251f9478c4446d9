"""State that lives in a module and other modules read or change: `config.SCALE` read in one
module's jitted function, `config.SCALE = 2.0` or `settings.HPARAMS["lr"] = 0.1` in another's.

Names are qualified as the module imports them ("config.SCALE"); a module's own globals, changed in
its functions through `global` or mutated there, are qualified from "" (".SCALE")."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.project.summary import Change
from jaxlint.semantic.imports import qualified_name

if TYPE_CHECKING:
    from collections.abc import Callable

    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# Methods that change the container they are called on.
MUTATORS = frozenset(("append", "extend", "insert", "pop", "update", "setdefault", "clear", "add", "remove",
                      "discard", "popitem", "sort", "reverse", "fill", "resize", "itemset"))
_LOOPS = (ast.For, ast.AsyncFor, ast.While)


def state_reads(model: Model, scope: Scope, imported: Callable[[str | None], bool]) -> list[tuple[ast.expr, str]]:
    """Reads, in `scope` and the functions nested in it, of state that an import names and
    `imported` accepts (`config.SCALE`, `HPARAMS` from `from config import HPARAMS`), each the
    longest dotted name read (`config.cfg.lr`), with its qualified name; calls are not reads."""
    found = []
    for inner in scope.subtree():
        for node in (*inner.of_type(ast.Attribute), *inner.of_type(ast.Name)):
            if not isinstance(node.ctx, ast.Load) or _inside_longer_name(model, node):  # type: ignore[attr-defined]
                continue
            parent = model.parent(node)
            if isinstance(parent, ast.Call) and parent.func is node:
                continue
            name = qualified_name(node, inner)
            if imported(name) and "." in name:  # type: ignore[operator]
                found.append((node, name))
    return found  # type: ignore[return-value]


def own_state_reads(model: Model, scope: Scope) -> list[tuple[ast.Name, str]]:
    """Reads, in `scope` and the functions nested in it, of this module's own globals bound by
    assignment (not imports, functions or classes), each qualified from "" (".SCALE"): another module
    may change them (`optim.LR = ...`)."""
    module = model.module
    found = []
    for inner in scope.subtree():
        for node in inner.of_type(ast.Name):
            if isinstance(node.ctx, ast.Load) and inner.lookup_scope(node.id) is module:  # type: ignore[attr-defined]
                bindings = module.bindings.get(node.id, ())  # type: ignore[attr-defined]
                if bindings and all(b.kind in ("assign", "augassign") for b in bindings):
                    found.append((node, "." + node.id))  # type: ignore[attr-defined]
    return found  # type: ignore[return-value]


def _inside_longer_name(model: Model, node: ast.AST) -> bool:
    parent = model.parent(node)
    return isinstance(parent, ast.Attribute) and parent.value is node


def state_changes(model: Model, imported: Callable[[str | None], bool],
                  scopes: list[Scope] | None = None) -> list[Change]:
    """Changes made while the program runs (in a function, or in a module-level loop) to another
    module's state (`config.SCALE = 2.0`, `config.HPARAMS["lr"] = 0.1`, `HPARAMS.update(...)`) or
    to this module's own globals (rebound through `global`, or mutated in a function); in `scopes`
    only, when given."""
    changes = []
    for scope in model.scopes if scopes is None else scopes:
        where = scope.qualname or "" if scope.is_function else ""
        for node in (*scope.of_type(ast.Assign), *scope.of_type(ast.AugAssign), *scope.of_type(ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]  # type: ignore[attr-defined]
            for target in targets:
                change = _changed_by_store(target, scope, imported)
                if change and _at_run_time(model, node, scope):
                    changes.append(Change(change[0], change[1], node.lineno, where))  # type: ignore[attr-defined]
        for call in scope.of_type(ast.Call):
            func = call.func  # type: ignore[attr-defined]
            if isinstance(func, ast.Attribute) and func.attr in MUTATORS and _at_run_time(model, call, scope):
                name = _state_name(func.value, scope, imported)
                if name and (name := _updated_option(name, call)):  # type: ignore[arg-type]
                    changes.append(Change(name, "mutated", call.lineno, where))  # type: ignore[attr-defined]
    return changes


def _updated_option(name: str, call: ast.Call) -> str | None:
    """What `call` (a mutating method of the state `name`) changes: `config.update("x64", True)`, a
    configuration's option by name, changes that option; under a name only known when it runs
    (`config.update(self._name, value)`), no option is known to change. Any other call, the state."""
    if not (isinstance(call.func, ast.Attribute) and call.func.attr == "update" and len(call.args) == 2):
        return name
    option = call.args[0]
    if isinstance(option, ast.Constant) and isinstance(option.value, str):
        return f"{name}.{option.value}"
    return None


def _changed_by_store(target: ast.expr, scope: Scope, imported: Callable[[str | None], bool]) -> tuple[str, str] | None:
    if isinstance(target, ast.Attribute):
        name = qualified_name(target, scope)
        return (name, "assigned") if imported(name) else None  # type: ignore[return-value]
    if isinstance(target, ast.Subscript):
        name = _state_name(target.value, scope, imported)
        return (name, "mutated") if name else None
    if isinstance(target, ast.Name) and target.id in scope.globals and scope.is_function:
        return f".{target.id}", "assigned"
    return None


def _state_name(expr: ast.expr, scope: Scope, imported: Callable[[str | None], bool]) -> str | None:
    """The qualified name of a container another module owns, or ".name" for this module's own global
    mutated in a function."""
    name = qualified_name(expr, scope)
    if imported(name):
        return name
    if isinstance(expr, ast.Name) and scope.is_function:
        owner = scope.lookup_scope(expr.id)
        if owner is not None and owner.kind == "module" and all(b.kind == "assign" for b in owner.bindings[expr.id]):
            return f".{expr.id}"
    return None


def _at_run_time(model: Model, node: ast.AST, scope: Scope) -> bool:
    """In a function, or in a module-level loop: may run after a function was compiled (straight-line
    module code runs once, at import, before anything it sets up is called)."""
    if scope.kind != "module":
        return scope.is_function
    parent = model.parent(node)
    while parent is not None and not isinstance(parent, ast.Module):
        if isinstance(parent, _LOOPS):
            return True
        parent = model.parent(parent)
    return False
