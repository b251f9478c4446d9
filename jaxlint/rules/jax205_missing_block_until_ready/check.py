"""JAX205 missing-block-until-ready: a clock read (`time.time()`, `perf_counter()`, `monotonic()`)
after a JAX computation in the same block, with nothing between them that waits for the result
(`block_until_ready`, or a conversion to a Python or NumPy value, or a print, which must wait too);
`timeit` of a lambda computing with JAX likewise. JAX dispatches asynchronously: the call returns
before the device has finished, so the clock measures the dispatch."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, snippet
from jaxlint.semantic.imports import last_name

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_CLOCKS = frozenset(f"time.{name}{suffix}" for name in ("time", "perf_counter", "monotonic") for suffix in ("", "_ns")) \
    | {"timeit.default_timer"}
_TIMEIT = frozenset(("timeit.timeit", "timeit.repeat", "timeit.Timer"))
_CLOCK_NAMES = frozenset(name.rsplit(".", 1)[-1] for name in _CLOCKS | _TIMEIT)
# Calls that wait for a JAX result: they need its value on the host.
_WAITING = frozenset(("builtins.float", "builtins.int", "builtins.bool", "builtins.complex", "builtins.print",
                      "builtins.str", "builtins.repr", "builtins.list", "builtins.tuple",
                      "numpy.asarray", "numpy.array", "numpy.allclose", "numpy.testing.assert_allclose",
                      "jax.block_until_ready", "jax.device_get", "jax.effects_barrier"))
_WAITING_METHODS = frozenset(("block_until_ready", "item", "tolist", "copy_to_host_async", "__array__"))
# The jax.* namespaces whose calls compute on the device (asynchronously).
_COMPUTING = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.", "jax.image.", "jax.ops.",
              "jax.device_put")


def check(model: Model) -> Iterator[Report]:
    for scope in [model.module, *model.functions()]:
        clocks = [c for c in scope.of_type(ast.Call) if last_name(c.func) in _CLOCK_NAMES]  # type: ignore[attr-defined]
        if not clocks:
            continue
        if any(model.qualified(c.func, scope) in _CLOCKS for c in clocks):  # type: ignore[attr-defined]
            for block in _blocks(scope):
                yield from _timed_regions(model, block, scope)
        for call in clocks:
            report = _timeit(model, call, scope)  # type: ignore[arg-type]
            if report is not None:
                yield report


def _blocks(scope: Scope) -> Iterator[list[ast.stmt]]:
    """Every statement list of the scope's own code (not of nested functions or classes)."""
    stack = [scope.node]
    while stack:
        node = stack.pop()
        for field in ("body", "orelse", "finalbody"):
            statements = getattr(node, field, None)
            if isinstance(statements, list) and statements and isinstance(statements[0], ast.stmt):
                yield statements
                stack.extend(s for s in statements if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
        stack.extend(getattr(node, "handlers", []))


def _timed_regions(model: Model, block: list[ast.stmt], scope: Scope) -> Iterator[Report]:
    reads = [(i, call) for i, statement in enumerate(block) for call in _clock_reads(model, statement, scope)]
    for (start, _), (end, clock) in pairwise(reads):
        if end <= start or not _ends_region(model, clock, block[end], scope):
            continue
        region = block[start + 1:end]
        computing = _last_computation(model, region, scope)
        if computing is None or any(_waits(model, s, scope) for s in region):
            continue
        statement, call = computing
        yield Report(clock, f"`{snippet(clock)}` is read after `{snippet(call)}` without waiting for its result: JAX "
                            f"dispatches asynchronously, so this times the dispatch, not the computation; call "
                            f"`jax.block_until_ready(...)` on the result first",
                     scope, fixable="safe" if _wrappable(statement) else None,
                     fix_data={"row": statement.lineno, "col": statement.col_offset}, lines=(statement.lineno,))


def _clock_reads(model: Model, statement: ast.stmt, scope: Scope) -> list[ast.Call]:
    if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.While, ast.If, ast.With, ast.Try)):
        return []
    return [n for n in ast.walk(statement) if isinstance(n, ast.Call) and not n.args and model.qualified(n.func, scope) in _CLOCKS]


def _ends_region(model: Model, clock: ast.Call, statement: ast.stmt, scope: Scope) -> bool:
    """The read ends a timed region: something earlier is subtracted from it (`time.time() - t0`,
    or `t1 = time.time()` with `t1 - t0` later)."""
    parent = model.parent(clock)
    if isinstance(parent, ast.BinOp) and isinstance(parent.op, ast.Sub) and parent.left is clock:
        return True
    if not (isinstance(statement, ast.Assign) and statement.value is clock and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)):
        return False
    name = statement.targets[0].id
    return any(isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub) and isinstance(n.left, ast.Name) and n.left.id == name
               for n in _own_nodes(scope.node))


def _own_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes of a scope's own code, not of the functions and lambdas inside it."""
    stack = list(ast.iter_child_nodes(node))
    while stack:
        current = stack.pop()
        yield current
        if not isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(ast.iter_child_nodes(current))


def _last_computation(model: Model, region: list[ast.stmt], scope: Scope) -> tuple[ast.stmt, ast.Call] | None:
    """The last simple statement of the region that computes with JAX, and its call."""
    found = None
    for statement in region:
        for inner in [statement, *_own_nodes(statement)]:
            if isinstance(inner, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                call = next((c for c in _own_nodes(inner) if isinstance(c, ast.Call) and _computes(model, c, scope)), None)
                if call is not None:
                    found = (inner, call)
    return found


def _computes(model: Model, call: ast.Call, scope: Scope) -> bool:
    """A call that runs JAX work on the device: a jit-compiled function that returns something (one
    that returns nothing leaves nothing to wait for: timing its dispatch is the point), or a device
    operation of `jax.*`."""
    if model.loops.compiled(call, scope) is not None:
        refs = model.function_refs(call.func, scope)
        return not refs or any(_returns_value(target.node) for target, _ in refs)
    if isinstance(call.func, ast.Call) and model.transform_of(call.func.func, scope) is not None:
        return True  # `jax.jit(f)(x)`, `jax.vmap(f)(xs)`
    name = model.qualified(call.func, scope) or ""
    return name.startswith(_COMPUTING)


def _returns_value(function: ast.AST) -> bool:
    if isinstance(function, ast.Lambda):
        return True
    return any(isinstance(n, ast.Return) and n.value is not None for n in _own_nodes(function))


def _waits(model: Model, statement: ast.stmt, scope: Scope) -> bool:
    """Something in the statement needs a value on the host: a wait, a conversion, a print, a log,
    a formatted string, a test (`assert`, `if`, `while`)."""
    for node in ast.walk(statement):
        if isinstance(node, (ast.Assert, ast.If, ast.While, ast.IfExp, ast.JoinedStr)):
            return True
        if isinstance(node, ast.Call):
            if (model.qualified(node.func, scope) or "").startswith("logging."):
                return True
            if isinstance(node.func, ast.Attribute) and node.func.attr in _WAITING_METHODS:
                return True
            if model.qualified(node.func, scope) in _WAITING:
                return True
    return False


def _wrappable(statement: ast.stmt) -> bool:
    if isinstance(statement, ast.Assign):
        return len(statement.targets) == 1
    return isinstance(statement, (ast.Expr, ast.AnnAssign)) and getattr(statement, "value", None) is not None


def _timeit(model: Model, call: ast.Call, scope: Scope) -> Report | None:
    if model.qualified(call.func, scope) not in _TIMEIT or not call.args or not isinstance(call.args[0], ast.Lambda):
        return None
    body = call.args[0].body
    computing = next((c for c in ast.walk(body) if isinstance(c, ast.Call) and _computes(model, c, scope)), None)
    if computing is None or any(isinstance(n, ast.Call) and (
            isinstance(n.func, ast.Attribute) and n.func.attr in _WAITING_METHODS
            or model.qualified(n.func, scope) in _WAITING) for n in ast.walk(body)):
        return None
    return Report(call, f"`{snippet(call.func)}` times `{snippet(body)}` without waiting for its result: JAX dispatches "
                        f"asynchronously, so this times the dispatch, not the computation; time "
                        f"`jax.block_until_ready({snippet(body)})`",
                  scope, fixable="safe", fix_data={"lambda": True})
