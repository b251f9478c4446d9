"""JAX205 missing-block-until-ready: a clock read (`time.time()`, `perf_counter()`, `monotonic()`)
after a JAX computation in the same block, with nothing between them that waits for the result
(`block_until_ready`, or a conversion to a Python or NumPy value, or a print, which must wait too);
`timeit` of a lambda computing with JAX likewise. JAX dispatches asynchronously: the call returns
before the device has finished, so the clock measures the dispatch."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from itertools import pairwise
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, snippet
from jaxlint.rules.jax205_missing_block_until_ready.made_callables import made_compiled
from jaxlint.rules.jax205_missing_block_until_ready.timers import timed_blocks
from jaxlint.semantic.api import last_name
from jaxlint.semantic.scopes import child_nodes

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


# What the fix and verify need: the timed statement's row and column, or a lambda's call to wrap
# (`lambda` is a keyword: the functional form).
FixData = TypedDict("FixData", {"row": int, "col": int, "lambda": bool}, total=False)


_CLOCKS = frozenset(f"time.{name}{suffix}" for name in ("time", "perf_counter", "monotonic") for suffix in ("", "_ns")) \
    | {"timeit.default_timer"}
_TIMEIT = frozenset(("timeit.timeit", "timeit.repeat", "timeit.Timer"))
_CLOCK_NAMES = frozenset(name.rsplit(".", 1)[-1] for name in _CLOCKS | _TIMEIT)
# Calls that wait for a JAX result: they need its value on the host.
_WAITING = frozenset(("builtins.float", "builtins.int", "builtins.bool", "builtins.complex", "builtins.print",
                      "builtins.str", "builtins.repr", "builtins.list", "builtins.tuple",
                      "numpy.asarray", "numpy.array", "numpy.allclose", "numpy.testing.assert_allclose",
                      "jax.block_until_ready", "jax.device_get", "jax.effects_barrier",
                      # NumPy's own writers, re-exported by jax.numpy (the same functions on JAX 0.10.2)
                      "jax.numpy.save", "jax.numpy.savez", "jax.numpy.savez_compressed"))
_WAITING_METHODS = frozenset(("block_until_ready", "item", "tolist", "copy_to_host_async", "__array__"))
# Methods that keep a result for later (`losses.append(loss)`): they wait for nothing.
_KEEPING_METHODS = frozenset(("append", "appendleft", "extend", "insert"))
# The jax.* namespaces whose calls compute on the device (asynchronously).
_COMPUTING = ("jax.numpy.", "jax.lax.", "jax.random.", "jax.nn.", "jax.scipy.", "jax.image.", "jax.ops.",
              "jax.device_put")


def check(model: Model) -> Iterator[Report]:
    for scope in [model.module, *model.functions()]:
        for statement, manager in timed_blocks(model, scope, _CLOCKS):
            yield from _region(model, scope, statement.body, manager, None,
                               f"the timer `{snippet(manager)}` stops")
        clocks = [c for c in scope.of_type(ast.Call) if last_name(c.func) in _CLOCK_NAMES]  # type: ignore[attr-defined]
        if not clocks:
            continue
        if any(model.qualified(c.func, scope) in _CLOCKS for c in clocks):  # type: ignore[attr-defined]
            reads = _ClockReads(model, scope)
            for block in _blocks(scope):
                yield from _timed_regions(model, block, scope, reads)
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
                stack.extend(s for s in statements
                             if not isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
        stack.extend(getattr(node, "handlers", []))


def _timed_regions(model: Model, block: list[ast.stmt], scope: Scope, clock_reads: _ClockReads) -> Iterator[Report]:
    reads = [(i, call) for i, statement in enumerate(block) for call in clock_reads.of(statement)]
    for (start, _), (end, clock) in pairwise(reads):
        if end <= start or not _ends_region(model, clock, block[end], scope):
            continue
        yield from _region(model, scope, block[start + 1:end], clock, block[end])
    # `t0 = clock()` before a loop and the clock read again inside it, where it logs (`if step % 100 == 0:
    # print(step, time.time() - t0)`): the region is what ran before the read, in the loop's body
    for start, statement in enumerate(block):
        if not isinstance(statement, (ast.For, ast.AsyncFor, ast.While)) or not any(i < start for i, _ in reads):
            continue
        for inner, clock in _nested_reads(statement, clock_reads):
            if not _ends_region(model, clock, inner, scope):
                continue
            before = _statements_before(statement.body, inner)
            yield from _region(model, scope, before, clock, inner)


def _region(model: Model, scope: Scope, region: list[ast.stmt], clock: ast.Call, end: ast.stmt | None,
            read: str = "") -> Iterator[Report]:
    """A report at `clock` when `region` computes with JAX and nothing waits for it before the clock
    is read (in `end`, the statement that reads it, if any; `read` says where the clock is read)."""
    computing = _timed_computation(model, region, scope)
    if computing is None:
        return
    results = _results(model, region, scope)
    if any(_waits(model, s, scope, results) for s in region) \
            or end is not None and _waits_before(model, end, clock, scope, results):
        return
    statement, call = computing
    handed, cited = "", (statement.lineno,)
    if _handed_jax_work(model, call, scope):  # say where the JAX work comes from
        caller, argument = _work_handed(model, call, scope)[0]
        handed = f" (`{snippet(call.func)}` is `{snippet(argument)}`, handed in on line {argument.lineno})"
        cited += (argument.lineno,)  # a notebook cites it within its cell
    read = read or f"`{snippet(clock)}` is read"
    yield Report(clock, f"{read} after `{snippet(call)}`{handed} without waiting for its result: "
                        f"JAX dispatches asynchronously, so this times the dispatch, not the computation; call "
                        f"`jax.block_until_ready(...)` on the result first",
                 scope, fixable="safe" if _wrappable(statement) else None,
                 fix_data={"row": statement.lineno, "col": statement.col_offset}, lines=cited)


def _nested_reads(loop: ast.stmt, clock_reads: _ClockReads) -> Iterator[tuple[ast.stmt, ast.Call]]:
    """The clock reads in a loop's body, in simple statements of the body or of the `if`s in it."""
    stack = list(loop.body)  # type: ignore[attr-defined]
    while stack:
        statement = stack.pop()
        if isinstance(statement, ast.If):
            stack += statement.body + statement.orelse
        for call in clock_reads.of(statement):
            yield statement, call


def _statements_before(body: list[ast.stmt], inner: ast.stmt) -> list[ast.stmt]:
    """The statements of `body` that run before `inner` (which is in `body` or in an `if` of it), and
    the earlier statements of the branches that lead to it."""
    before = []
    for statement in body:
        if statement is inner:
            return before
        if isinstance(statement, ast.If) and any(n is inner for n in ast.walk(statement)):
            branch = statement.body if any(n is inner for s in statement.body for n in ast.walk(s)) else statement.orelse
            test = ast.copy_location(ast.Assert(test=statement.test, msg=None), statement)  # the test runs first
            return before + [test] + _statements_before(branch, inner)
        before.append(statement)
    return before


def _results(model: Model, region: list[ast.stmt], scope: Scope) -> set[str]:
    """The names the region binds to what JAX computes, and to what is computed from those."""
    names: set[str] = set()
    assignments = [n for s in region for n in [s, *_own_nodes(s)]
                   if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and n.value is not None]
    changed = True
    while changed:
        changed = False
        for assign in assignments:
            if not _mentions(model, assign.value, names, scope):
                continue
            targets = assign.targets if isinstance(assign, ast.Assign) else [assign.target]
            for target in targets:
                for node in ast.walk(target):
                    if isinstance(node, ast.Name) and node.id not in names:
                        names.add(node.id)
                        changed = True
    return names


def _mentions(model: Model, expr: ast.AST, names: set[str], scope: Scope) -> bool:
    """`expr` computes with JAX or reads a result of the timed computation."""
    for node in [expr, *_own_nodes(expr)]:
        if isinstance(node, ast.Name) and node.id in names:
            return True
        if isinstance(node, ast.Call) and _computes(model, node, scope):
            return True
    return False


def _waits_before(model: Model, end: ast.stmt, clock: ast.Call, scope: Scope, results: set[str]) -> bool:
    """The statement that reads the clock waits for a result before it reads it: evaluated earlier, as
    `print(f"{loss:.3f} took {time.time() - t0}")` formats the loss first."""
    where = (clock.lineno, clock.col_offset)
    inside = set(ast.walk(clock))
    targets = {n for t in getattr(end, "targets", []) for n in ast.walk(t)}
    for node in ast.walk(end):
        if node in inside or node in targets or not hasattr(node, "end_lineno"):
            continue
        # (the value formatted: a formatted part may carry the whole f-string's position)
        span = node.value if isinstance(node, ast.FormattedValue) else node
        if (span.end_lineno, span.end_col_offset) > where or any(n is clock for n in ast.walk(node)):  # type: ignore[attr-defined]
            continue
        if _waiting_node(model, node, scope, results):
            return True
    return False


class _ClockReads:
    """The clock reads (`time.time()`) in each simple statement of a scope's own code, lambdas in it
    included: found once, from the scope's calls up to their statements, instead of a walk of each
    statement of each block."""

    def __init__(self, model: Model, scope: Scope) -> None:
        self._within: dict[ast.stmt, list[ast.Call]] = {}
        scopes = [scope]
        for inner in scopes:  # and the lambdas in its code, whose calls its statements hold
            scopes += [child for child in inner.children if child.kind == "lambda"]
        for inner in scopes:
            for call in inner.of_type(ast.Call):
                if call.args or model.qualified(call.func, scope) not in _CLOCKS:  # type: ignore[attr-defined]
                    continue
                node = model.parent(call)
                while node is not None and node is not scope.node:
                    if isinstance(node, ast.stmt):
                        self._within.setdefault(node, []).append(call)  # type: ignore[arg-type]
                    node = model.parent(node)

    def of(self, statement: ast.stmt) -> list[ast.Call]:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.While, ast.If,
                                  ast.With, ast.Try)):
            return []
        found = self._within.get(statement, [])
        if len(found) > 1:  # in the order a walk of the statement meets them: pairs of reads are regions
            wanted = set(found)
            return [n for n in ast.walk(statement) if n in wanted]  # type: ignore[misc]
        return found


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
    stack = child_nodes(node)
    while stack:
        current = stack.pop()
        yield current
        if not isinstance(current, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            stack.extend(child_nodes(current))


def _timed_computation(model: Model, region: list[ast.stmt], scope: Scope) -> tuple[ast.stmt, ast.Call] | None:
    """The simple statement of the region whose JAX work is timed, and its call: the last call of a
    compiled or transformed function (a step, not the key split or the `jnp` bookkeeping after it),
    else the last statement that computes with JAX."""
    found = heavy = None
    for statement in region:
        if isinstance(statement, _DEFINITIONS):
            continue  # a def in the region only defines its body: nothing in it runs there
        for inner in sorted([statement, *_own_nodes(statement)], key=_position):
            if isinstance(inner, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Expr)):
                calls = [c for c in _own_nodes(inner) if isinstance(c, ast.Call) and _computes(model, c, scope)]
                if calls:
                    found = (inner, calls[0])
                    compiled = [c for c in calls if not (model.qualified(c.func, scope) or "").startswith(_COMPUTING)]
                    if compiled:
                        heavy = (inner, compiled[0])
    return heavy or found


_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)


def _position(node: ast.AST) -> tuple[int, int]:
    return getattr(node, "lineno", 0), getattr(node, "col_offset", 0)


def _computes(model: Model, call: ast.Call, scope: Scope) -> bool:
    """A call that runs JAX work on the device: a jit-compiled function that returns something (one
    that returns nothing leaves nothing to wait for: timing its dispatch is the point), what a
    helper of this module compiles, or a device operation of `jax.*`."""
    if model.loops.compiled(call, scope) is not None:
        refs = model.function_refs(call.func, scope)
        return not refs or any(_returns_value(target) for target, _ in refs)
    if isinstance(call.func, ast.Call) and model.transform_of(call.func.func, scope) is not None:
        return True  # `jax.jit(f)(x)`, `jax.vmap(f)(xs)`
    name = model.qualified(call.func, scope) or ""
    return name.startswith(_COMPUTING) and name not in _WAITING or _handed_jax_work(model, call, scope) \
        or made_compiled(model, call.func, scope)


def _handed_jax_work(model: Model, call: ast.Call, scope: Scope) -> bool:
    """A call of a parameter (`def bench(fn, *args): ... fn(*args)`) that a caller of the function
    hands a jit-compiled or transformed function, or a lambda computing with JAX."""
    return bool(_work_handed(model, call, scope))


def _work_handed(model: Model, call: ast.Call, scope: Scope) -> list[tuple[Scope, ast.expr]]:
    """The callers' arguments for the parameter `call` calls that are JAX work."""
    if not isinstance(call.func, ast.Name) or not scope.is_function or call.func.id not in scope.positional_params() \
            or any(b.kind != "param" for b in scope.bindings.get(call.func.id, [])):
        return []
    found = []
    for caller, argument in model.arguments_from_callers(scope, call.func.id):
        if isinstance(argument, ast.Lambda):
            if any(isinstance(c, ast.Call) and _computes(model, c, caller) for c in ast.walk(argument.body)):
                found.append((caller, argument))
        elif model.facts(caller).value(argument).returns_arrays or last_name(argument) in model.loops.compiled_names \
                or isinstance(argument, ast.Call) and model.transform_of(argument.func, caller) is not None:
            found.append((caller, argument))
    return found


def _returns_value(function: Scope) -> bool:
    if isinstance(function.node, ast.Lambda):
        return True
    return any(r.value is not None for r in function.of_type(ast.Return))  # type: ignore[attr-defined]


def _waits(model: Model, statement: ast.stmt, scope: Scope, results: set[str]) -> bool:
    """Something in the statement needs a result on the host: a wait, a conversion, a print, a log,
    a formatted string, a test (`assert`, `if`, `while`) of a result, or a call of anything else that
    is handed one (it may convert it). A print of the step number waits for nothing."""
    return any(_waiting_node(model, node, scope, results) for node in ast.walk(statement))


def _waiting_node(model: Model, node: ast.AST, scope: Scope, results: set[str]) -> bool:
    if isinstance(node, (ast.If, ast.While, ast.IfExp, ast.Assert)):
        return _mentions(model, node.test, results, scope)
    if isinstance(node, ast.FormattedValue):
        return _mentions(model, node.value, results, scope)
    if not isinstance(node, ast.Call):
        return False
    if isinstance(node.func, ast.Attribute) and node.func.attr in _WAITING_METHODS:
        return True
    if isinstance(node.func, ast.Attribute) and node.func.attr in _KEEPING_METHODS:
        return False  # what it is handed may still be converted inside it (`append(float(loss))`): walked apart
    qualified = model.qualified(node.func, scope) or ""
    if qualified in ("jax.block_until_ready", "jax.effects_barrier"):
        return True
    # (a method of a result itself, `y.sum()`, `metrics.items()`, is more JAX work or waits for nothing)
    arguments = [*node.args, *(k.value for k in node.keywords)]
    if not any(_mentions(model, a, results, scope) for a in arguments):
        return False
    # handed a result: a conversion, a print or log waits; so may any call that is not JAX's own work
    return qualified in _WAITING or qualified.startswith("logging.") or not _computes(model, node, scope) and not \
        qualified.startswith("jax.")


def _wrappable(statement: ast.stmt) -> bool:
    """The statement's value is the timed result, which `jax.block_until_ready(...)` around it waits
    for (not `losses.append(...)`, whose value is None)."""
    if isinstance(statement, ast.Assign):
        return len(statement.targets) == 1
    value = getattr(statement, "value", None)
    if isinstance(value, ast.Call) and isinstance(value.func, ast.Attribute) and value.func.attr in _KEEPING_METHODS:
        return False
    return isinstance(statement, (ast.Expr, ast.AnnAssign)) and value is not None


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
