"""A `jax.jit` of a new callable that runs again and again, yet compiles each callable once.

JAX compiles a jitted callable when it is first called, and again only for new shapes or static
values. A jit made anew every iteration recompiles when each new callable is called in the
iteration that made it and then dropped (`jax.jit(lambda y: y * 2)(x)`, `g = jax.jit(...); g(x)`).
It does not when:

- the callable is kept, one per item, and not called where it is made: an item of a comprehension
  (`[jax.jit(partial(f, k)) for k in ks]`), stored under a key or attribute that changes with the
  item (`table[name] = jax.jit(...)`, `m.fn = jax.jit(...)`), added to a container
  (`self.fns.append(jax.jit(...))`), returned by a function whose callers keep it so: each
  callable is compiled once, when it is first called, however often it is called later;
- the assignment is guarded by a test that what it assigns is still unset: `if fn is None:`,
  `if name not in cache:`, `if fn is None or shape != last_shape:`, an early `continue` or
  `return` when it is set, a `functools.cache`d function: built once (per key), not every time.

The region is what runs again: the outermost loop around the jit, or, for a jit in a function
called in a loop, that function's body."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import KEEPING_METHODS
from jaxlint.semantic.api import binds, block_of, body_nodes

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
_DISPLAYS = (ast.List, ast.Tuple, ast.Set)
_EXITS = (ast.Return, ast.Continue, ast.Break, ast.Raise)
_CACHING = frozenset(("functools.cache", "functools.lru_cache", "functools.cached_property"))
_DEPTH = 4  # names and returns followed from the jit to where its callable goes


class Repeated:
    """What runs again: `loops` (innermost first) around the jit in `scope`, or, when `loops` is
    empty, the function `scope` (called in a loop)."""

    def __init__(self, model: Model, scope: Scope, loops: list[ast.AST]) -> None:
        self.model, self.scope, self.loops = model, scope, loops
        outermost = loops[-1] if loops else None
        self.region: ast.AST = (model.parent(outermost) if isinstance(outermost, ast.comprehension)
                                else outermost) or owner_function(scope).node

    def varies(self, expr: ast.expr) -> bool:
        """`expr` differs from one run of the region to the next: it reads a name the loop binds
        (its target, a name assigned in it; not `self` of `self.fn = ...`), or a parameter of the
        function other than `self` (the loop may call it on one object)."""
        if self.loops:
            bound = {n.id for loop in self.loops for part in (getattr(loop, "target", None), *body_nodes(loop))
                     if part is not None for n in ast.walk(part) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
        else:
            bound = set(owner_function(self.scope).params()) - {"self", "cls"}
        return any(isinstance(n, ast.Name) and n.id in bound for n in ast.walk(expr))

    def within(self, loops: list[ast.AST]) -> Repeated:
        return Repeated(self.model, self.scope, loops)


def built_once(model: Model, call: ast.Call, scope: Scope, loops: list[ast.AST]) -> bool:
    """The jit `call`, which runs again with every run of `loops` (or of its function, when there
    are none), makes each new callable compile once: kept for later, or guarded."""
    return _once(Repeated(model, scope, loops), call, _DEPTH)


def _once(repeated: Repeated, expr: ast.expr, depth: int) -> bool:
    return _kept(repeated, expr, depth) or _guarded(repeated, expr)


def unkept_call(model: Model, scope: Scope) -> ast.Call | None:
    """A call of the function `scope` in a loop that does not keep what it returns (`make(k)(x)`)."""
    for call, caller in model.repetition.calls_to(owner_function(scope)):
        loops = model.loops.untraced_loops(call, caller)
        if loops and not _once(Repeated(model, caller, loops), call, _DEPTH - 1):
            return call
    return None


# -- kept, one per item ------------------------------------------------------------------------


def _kept(repeated: Repeated, expr: ast.expr, depth: int) -> bool:
    """The value of `expr` is only stored where it outlives the run (one slot per run), and
    nothing in the region may call it."""
    model = repeated.model
    parent = model.parent(expr)
    if depth == 0 or parent is None:
        return False
    if isinstance(parent, ast.Call):
        func = parent.func
        return func is not expr and isinstance(func, ast.Attribute) and func.attr in KEEPING_METHODS \
            and any(a is expr for a in parent.args) and _only_stored(repeated, func.value)
    if isinstance(parent, _DISPLAYS) or isinstance(parent, ast.Dict) and any(v is expr for v in parent.values):
        return _kept(repeated, parent, depth)
    if isinstance(parent, _COMPREHENSIONS) and expr in (getattr(parent, "elt", None), getattr(parent, "value", None)):
        outer = [loop for loop in repeated.loops if loop not in parent.generators]
        if not outer and repeated.loops:
            return True  # each item made once, kept in the comprehension's result
        return _kept(repeated.within(outer), parent, depth)  # what becomes of that result
    if isinstance(parent, ast.Assign) and parent.value is expr:
        return all(_target_keeps(repeated, target, depth) for target in parent.targets)
    if isinstance(parent, ast.AugAssign) and isinstance(parent.op, ast.Add) and isinstance(expr, ast.List):
        return _only_stored(repeated, parent.target)  # `fns += [jax.jit(...)]`
    if isinstance(parent, ast.Return):
        return bool(repeated.loops) or _callers_keep(repeated, depth)  # a return ends the loop: once per call
    return isinstance(parent, ast.Yield) and bool(repeated.loops)  # handed out, one per item


def _target_keeps(repeated: Repeated, target: ast.expr, depth: int) -> bool:
    if isinstance(target, ast.Name):  # kept where each read of the name keeps it (no read: dropped, uncalled)
        model = repeated.model
        loads = [use for use in model.names_within(repeated.region, target.id) if isinstance(use.ctx, ast.Load)]
        return all(_kept(repeated, load, depth - 1) for load in loads)
    if isinstance(target, ast.Subscript):  # `table[name] = ...`: a slot per item
        return repeated.varies(target.slice) and _only_stored(repeated, target.value)
    if isinstance(target, ast.Attribute):  # `m.fn = ...` for each `m`
        return repeated.varies(target.value) and _only_stored(repeated, target)
    return False


def _callers_keep(repeated: Repeated, depth: int) -> bool:
    """A function that returns the callable: every call of it in a loop keeps it or is guarded
    (`if fn is None: fn = make()`)."""
    model = repeated.model
    calls = model.repetition.calls_to(owner_function(repeated.scope))
    for call, caller in calls:
        loops = model.loops.untraced_loops(call, caller)
        if not loops and model.loops.called_in_loop(caller) is not None:
            return False  # repeated through its caller: not followed
        if loops and not _once(Repeated(model, caller, loops), call, depth - 1):
            return False
    return bool(calls)


def _only_stored(repeated: Repeated, container: ast.expr) -> bool:
    """Nothing in the region reads `container` (`fns`, `self.fns`, `table`) other than to store
    into it, test membership or take its length: no read that may call what it holds."""
    text, root = ast.unparse(container), _root(container)
    if root is None:
        return False
    for name in repeated.model.names_within(repeated.region, root):
        read = _read_of(repeated.model, name, text)
        if read is not None and not _storing(repeated.model, read):
            return False
    return True


def _read_of(model: Model, name: ast.Name, text: str) -> ast.expr | None:
    """The expression around `name` that spells `text`, if any (`self.fns` around `self`)."""
    node: ast.AST = name
    while True:
        if ast.unparse(node) == text:
            return node  # type: ignore[return-value]
        parent = model.parent(node)
        if not (isinstance(parent, (ast.Attribute, ast.Subscript)) and parent.value is node):
            return None
        node = parent


def _storing(model: Model, read: ast.expr) -> bool:
    if isinstance(getattr(read, "ctx", None), (ast.Store, ast.Del)):
        return True
    parent = model.parent(read)
    if isinstance(parent, ast.Attribute) and parent.attr in KEEPING_METHODS:
        return isinstance(model.parent(parent), ast.Call) and model.parent(parent).func is parent  # type: ignore[union-attr]
    if isinstance(parent, ast.Subscript):
        return isinstance(parent.ctx, (ast.Store, ast.Del))
    if isinstance(parent, ast.Compare):
        return all(isinstance(op, (ast.In, ast.NotIn)) for op in parent.ops) and parent.left is not read
    return isinstance(parent, ast.Call) and isinstance(parent.func, ast.Name) and parent.func.id == "len"


# -- guarded -----------------------------------------------------------------------------------


def _guarded(repeated: Repeated, expr: ast.expr) -> bool:
    """The statement that assigns `expr` (the jit, or a call of a function that makes one) runs
    only while what it assigns is unset."""
    model = repeated.model
    if not repeated.loops and _cached(model, owner_function(repeated.scope)):
        return True
    statement = model.statement_of(expr)
    if not (isinstance(statement, ast.Assign) and statement.value is expr):
        return False
    slots = statement.targets + [s for t in statement.targets if isinstance(t, ast.Name)
                                 for s in _stored_after(statement, t.id, model)]
    slots = [slot for slot in slots if _persists(repeated, slot, statement, slots)]
    child, parent = statement, model.parent(statement)
    while slots and parent is not None and child is not repeated.region:
        if isinstance(parent, ast.If) and child is not parent.test:
            unset = child in parent.body
            if any(_tests(parent.test, slot) is unset for slot in slots):
                return True
            if unset and _clears_own_flag(parent):
                return True
        if isinstance(parent, ast.ExceptHandler) and _misses(parent) and any(
                _reads(n, slot) for s in model.parent(parent).body for n in ast.walk(s)  # type: ignore[union-attr]
                if isinstance(n, (ast.Subscript, ast.Attribute, ast.Call)) for slot in slots):
            return True  # `try: fn = cache[key]` / `except KeyError: fn = cache[key] = ...`
        block = block_of(parent, child)
        for earlier in block[:block.index(child)] if block else []:
            if isinstance(earlier, ast.If) and earlier.body and isinstance(earlier.body[-1], _EXITS) \
                    and any(_tests(earlier.test, slot) is False for slot in slots):
                return True  # `if name in cache: continue` before it
        child, parent = parent, model.parent(parent)
    return False


def _tests(test: ast.expr, slot: ast.expr) -> bool | None:
    """True when `test` holds where `slot` is unset (`fn is None`, `not fn`, `key not in cache`,
    `not hasattr(obj, "fn")`), False where it is set (`fn is not None`, `fn`, `key in cache`); None
    when it says neither. One operand of `and`/`or` is enough."""
    if isinstance(test, ast.BoolOp):
        return next((found for v in test.values if (found := _tests(v, slot)) is not None), None)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        found = _tests(test.operand, slot)
        return None if found is None else not found
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        op, right = test.ops[0], test.comparators[0]
        if isinstance(right, ast.Constant) and right.value is None and _reads(test.left, slot):
            return True if isinstance(op, (ast.Is, ast.Eq)) else False if isinstance(op, (ast.IsNot, ast.NotEq)) else None
        if isinstance(right, ast.Call) and isinstance(right.func, ast.Attribute) and right.func.attr == "keys":
            right = right.func.value  # `key in cache.keys()`
        if isinstance(op, (ast.In, ast.NotIn)) and isinstance(slot, ast.Subscript) \
                and _same(test.left, slot.slice) and _same(right, slot.value):
            return isinstance(op, ast.NotIn)
        return None
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "hasattr" \
            and isinstance(slot, ast.Attribute) and len(test.args) == 2 and _same(test.args[0], slot.value) \
            and isinstance(test.args[1], ast.Constant) and test.args[1].value == slot.attr:
        return False
    return False if _reads(test, slot) else None


def _clears_own_flag(branch: ast.If) -> bool:
    """`if need_compile: ...; need_compile = False`: the branch turns off the flag that lets it run,
    so it runs again only where something sets the flag (a change of configuration), not every
    iteration."""
    test, wanted = branch.test, False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, wanted = test.operand, True
    if not isinstance(test, ast.Name):
        return False
    return any(isinstance(s, ast.Assign) and isinstance(s.value, ast.Constant) and s.value.value is wanted
               and any(isinstance(t, ast.Name) and t.id == test.id for t in s.targets) for s in branch.body)


def _misses(handler: ast.ExceptHandler) -> bool:
    """A handler of what reading an unset slot raises (KeyError, AttributeError, or anything)."""
    names = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(n is None or isinstance(n, ast.Name) and n.id in ("KeyError", "AttributeError", "LookupError", "Exception")
               for n in names)


def _reads(expr: ast.expr, slot: ast.expr) -> bool:
    """`expr` reads the slot: spelled the same, `cache.get(key)`, `getattr(obj, "fn", None)`."""
    if _same(expr, slot):
        return True
    if not (isinstance(expr, ast.Call) and expr.args):
        return False
    if isinstance(slot, ast.Subscript) and isinstance(expr.func, ast.Attribute) and expr.func.attr == "get":
        return _same(expr.func.value, slot.value) and _same(expr.args[0], slot.slice)
    return isinstance(slot, ast.Attribute) and isinstance(expr.func, ast.Name) and expr.func.id == "getattr" \
        and len(expr.args) == 3 and _same(expr.args[0], slot.value) \
        and isinstance(expr.args[1], ast.Constant) and expr.args[1].value == slot.attr


def _persists(repeated: Repeated, slot: ast.expr, statement: ast.stmt, slots: list[ast.expr]) -> bool:
    """The slot keeps its value from one run of the region to the next: in a loop, nothing at the
    top of its body rebinds the name it starts with (`fn = None`, `cache = {}`); in a function, a
    global or nonlocal name, or an item or attribute of what the function does not make itself. A
    name read afresh from another of the `slots` (`fn = cache.get(key)`) stands for that slot."""
    root = _root(slot)
    if root is None:
        return False
    others = [s for s in slots if s is not slot and not isinstance(s, ast.Name)]

    def rebinds(other: ast.stmt) -> bool:
        alias = isinstance(other, ast.Assign) and any(_reads(other.value, s) for s in others)
        assigns = isinstance(other, (ast.Assign, ast.AnnAssign, ast.AugAssign))  # not a branch that holds one
        return assigns and other is not statement and not alias and binds(other, root)

    function = owner_function(repeated.scope)
    if not repeated.loops:
        if not isinstance(slot, ast.Name):
            return root not in function.bindings or root in function.params() or root in function.globals
        statements = [repeated.model.statement_of(b.node) for b in function.bindings.get(root, [])]
        return root in function.globals or root in function.nonlocals or not any(rebinds(s) for s in statements)
    return not any(rebinds(s) for s in getattr(repeated.region, "body", []))


def _stored_after(statement: ast.stmt, name: str, model: Model) -> list[ast.expr]:
    """Where the following statements of the block store `name`: `cache[key] = fn`."""
    block = block_of(model.parent(statement), statement) or []
    return [t for s in block[block.index(statement) + 1:] if isinstance(s, ast.Assign)
            and isinstance(s.value, ast.Name) and s.value.id == name for t in s.targets]


def _cached(model: Model, function: Scope) -> bool:
    """A `functools.cache`d function: called again with the same arguments, it returns what it made."""
    for decorator in getattr(function.node, "decorator_list", ()):
        target = decorator.func if isinstance(decorator, ast.Call) else decorator
        if function.parent is not None and model.qualified(target, function.parent) in _CACHING:
            return True
    return False


# -- syntax ------------------------------------------------------------------------------------


def _root(expr: ast.expr) -> str | None:
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        expr = expr.value
    return expr.id if isinstance(expr, ast.Name) else None


def _same(a: ast.AST, b: ast.AST) -> bool:
    """Spelled the same (a store and a load of one name are)."""
    return ast.unparse(a) == ast.unparse(b)


def owner_function(scope: Scope) -> Scope:
    """The function (or module) whose code `scope` is: itself, or what holds a class body."""
    while scope.kind == "class" and scope.parent is not None:
        scope = scope.parent
    return scope
