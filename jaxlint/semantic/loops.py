"""Python loops and what changes from one iteration to the next.

The recompilation rules ask three questions of a call inside a loop: is the callee a jit-compiled
function (and which of its parameters are static), does an argument's value change every iteration,
and does an argument's shape (loop_shapes.py, from the answers here). A name changes every iteration
when it is the loop's target, when
the body rebinds it from something that changes (or from itself: a carried value), or when the body
grows it (`xs.append(...)`). A loop over a literal sequence (`for n in (16, 32, 64)`) is a sweep:
taking each value once is what it is for, so nothing in it counts as changing."""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from jaxlint.knowledge.static_arguments import SHAPE_SINKS
from jaxlint.knowledge.transforms import TRANSFORMS
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.trace_info import Wrap
from jaxlint.semantic.traced import with_statics

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.values import Value

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
# Iterables made of others, item by item.
_COMBINING = frozenset(("itertools.product", "builtins.zip", "builtins.enumerate", "builtins.reversed",
                        "builtins.sorted", "itertools.chain"))
_MAX_CALL_DEPTH = 3  # a function called in a loop, by a function called in a loop, ...


@dataclass(frozen=True)
class Compiled:
    """A call's callee as a jit-compiled function: its name, the parameters positional arguments
    fill, and which are static."""

    name: str
    positional: tuple[str, ...]
    static: frozenset[str]

    def static_arguments(self, call: ast.Call) -> Iterator[tuple[str, ast.expr]]:
        for name, expr in zip(self.positional, call.args):
            if name in self.static and not isinstance(expr, ast.Starred):
                yield name, expr
        for keyword in call.keywords:
            if keyword.arg in self.static:
                yield keyword.arg, keyword.value


@dataclass(frozen=True)
class Trip:
    """How many times a loop runs, as far as tracing fixes it."""

    count: int | None  # known: a literal
    described: str  # "1000 iterations", "`n` iterations (a static argument)"
    static_param: str | None = None  # the static argument of the traced function that sets it


class Loops:
    def __init__(self, model: Model, text: str | None = None) -> None:
        """`text`: the module's source, searched first (most modules name no jit at all)."""
        self.model = model
        self._text = text
        self._varying: dict[ast.AST, frozenset[str]] = {}

    # -- where loops are ------------------------------------------------------------------

    def around(self, node: ast.AST) -> list[ast.AST]:
        """The loops (and comprehensions) of its own function (or module) whose body holds `node`,
        innermost first: a loop's iterable runs once, before it; a comprehension's element runs
        once per item of each of its generators."""
        found: list[ast.AST] = []
        child, parent = node, self.model.parent(node)
        while parent is not None and not isinstance(parent, _FUNCTIONS):
            if isinstance(parent, (ast.For, ast.AsyncFor, ast.While)) and child is not getattr(parent, "iter", None):
                found.append(parent)
            elif isinstance(parent, _COMPREHENSIONS) and child not in parent.generators:
                found.extend(reversed(parent.generators))
            elif isinstance(parent, ast.comprehension) and child is not parent.iter:  # its conditions
                found.append(parent)
            child, parent = parent, self.model.parent(parent)
        return found

    @staticmethod
    def row(loop: ast.AST) -> int:
        """The line a loop (or a comprehension's generator) starts on."""
        return getattr(loop, "lineno", None) or loop.target.lineno  # type: ignore[attr-defined]

    def sweeps(self, loop: ast.AST, scope: Scope) -> bool:
        """A loop over literal sequences (`for n in (16, 32)`, `itertools.product(sizes, modes)` of
        them): a sweep of settings, each of its few values wanted once."""
        return self._literal_sequence(getattr(loop, "iter", None), scope)

    def _literal_sequence(self, expr: ast.AST | None, scope: Scope) -> bool:
        if isinstance(expr, (ast.Tuple, ast.List, ast.Set)):
            return True
        if isinstance(expr, ast.Name):
            values = [self.model.parent(b.node) for b in scope.bindings_of(expr.id)]
            return bool(values) and all(isinstance(v, ast.Assign) and v.value is not expr
                                        and self._literal_sequence(v.value, scope) for v in values)
        if isinstance(expr, ast.Call) and self.model.qualified(expr.func, scope) in _COMBINING and expr.args:
            return all(self._literal_sequence(a, scope) for a in expr.args)
        return False

    def untraced_loops(self, node: ast.AST, scope: Scope) -> list[ast.AST]:
        """The loops around `node` in code that runs as Python (not traced, where a call of a
        jit-compiled function dispatches it): every iteration calls it anew."""
        if self.model.info(scope).traced:
            return []
        return [loop for loop in self.around(node) if not self.sweeps(loop, scope)]

    def called_in_loop(self, scope: Scope, depth: int = 0) -> ast.Call | None:
        """A call of this function inside a loop of untraced code of this module, directly or
        through functions that are themselves called in a loop."""
        if depth > _MAX_CALL_DEPTH:
            return None
        for call, caller in self.model.repetition.calls_to(scope):
            if self.untraced_loops(call, caller):
                return call
            if caller.is_function and caller is not scope and self.called_in_loop(caller, depth + 1) is not None:
                return call
        return None

    def from_callers_loop(self, expr: ast.expr, scope: Scope) -> tuple[ast.expr, Scope, list[ast.AST]] | None:
        """When `expr` is a parameter of its (untraced) function and a call of that function in a
        loop of untraced code passes it: that argument, the caller and the loops around the call
        (`def step(x, n): f(x, n)` called as `step(x, i)` in `for i in ...`)."""
        if not (isinstance(expr, ast.Name) and scope.is_function and scope.lookup_scope(expr.id) is scope
                and expr.id in scope.positional_params() and not self.model.info(scope).traced):
            return None
        if any(b.kind != "param" for b in scope.bindings.get(expr.id, ())):
            return None  # rebound in the function: not simply what the caller passed
        for caller, argument in self.model.arguments_from_callers(scope, expr.id):
            call = self.model.parent(argument)
            while call is not None and not isinstance(call, ast.Call):
                call = self.model.parent(call)
            loops = self.untraced_loops(call, caller) if call is not None else []
            if loops:
                return argument, caller, loops
        return None

    # -- what changes -----------------------------------------------------------------------

    def varying(self, loop: ast.AST) -> frozenset[str]:
        """Names whose value changes from one iteration of `loop` to the next."""
        found = self._varying.get(loop)
        if found is None:
            found = self._varying[loop] = _varying_names(loop)
        return found

    def touched(self, loop: ast.AST) -> frozenset[str]:
        """Names the loop may change: its target, and what its body rebinds, stores into (`x.a = ...`, `x[i] = ...`) or
        calls a method of (`x.update()`)."""
        target = getattr(loop, "target", None)
        found = {n.id for n in ast.walk(target) if isinstance(n, ast.Name)} if target is not None else set()
        for node in body_nodes(loop):
            if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
                found.add(node.id)
            elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, (ast.Store, ast.Del)):
                found |= _root_names(node)
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                found |= _root_names(node.func.value)
        return frozenset(found)

    def depends(self, expr: ast.AST, loops: list[ast.AST]) -> bool:
        """`expr` reads a name that changes every iteration of one of `loops`."""
        names = frozenset().union(*(self.varying(loop) for loop in loops))
        return any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(expr))

    def takes_few_values(self, expr: ast.expr, loops: list[ast.AST], followed: frozenset[str] = frozenset()) -> bool:
        """A value that takes a small fixed set of values whatever the iteration: a comparison, a
        `not`, a choice between constants, a remainder by a small constant. `followed`: the names
        whose assignments are being followed already (`a = b if c else 1`, `b = a if d else 2`)."""
        if isinstance(expr, (ast.Compare, ast.BoolOp)) or (isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not)):
            return True
        if isinstance(expr, ast.IfExp):
            return all(not self.depends(arm, loops) or self.takes_few_values(arm, loops, followed)
                       for arm in (expr.body, expr.orelse))
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Mod):
            return isinstance(expr.right, ast.Constant) and isinstance(expr.right.value, int) and expr.right.value <= 8
        if isinstance(expr, ast.Name):
            if expr.id in followed or _drawn_from_a_sequence(expr.id, loops):
                return True  # back where the search began; or an element of a sequence, which may repeat
            values = self.assigned_in(expr.id, loops)
            return bool(values) and all(self.takes_few_values(v, loops, followed | {expr.id}) for v in values)
        return self._chunk_size(expr, loops)

    def _chunk_size(self, expr: ast.expr, loops: list[ast.AST]) -> bool:
        """`min(step, stop - i)` in `for i in range(start, stop, step)`: the step, then the remainder."""
        if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and expr.func.id == "min"
                and len(expr.args) == 2 and not expr.keywords):
            return False
        for loop in loops:
            iterable = getattr(loop, "iter", None)
            if not (isinstance(iterable, ast.Call) and len(iterable.args) == 3):
                continue
            step = ast.dump(iterable.args[2])
            for size, rest in (expr.args, expr.args[::-1]):
                if ast.dump(size) == step and not self.depends(size, [loop]) and self.depends(rest, [loop]):
                    return True
        return False

    def assigned_in(self, name: str, loops: list[ast.AST]) -> list[ast.expr]:
        """The values the bodies of `loops` assign to `name` (plain `name = value` statements)."""
        values = []
        for loop in loops:
            for node in body_nodes(loop):
                if (isinstance(node, ast.Assign) and any(is_name(t, name) for t in node.targets)
                        or isinstance(node, ast.NamedExpr) and node.target.id == name):
                    values.append(node.value)
        return values

    # -- loops in traced code -------------------------------------------------------------

    def trip_count(self, loop: ast.For, scope: Scope) -> Trip | None:
        """The trip count of a loop in traced code when tracing fixes it: a literal (or a module
        constant), a static argument of the traced function, or an array's length. None when it is
        not known to be any of these."""
        iterable = loop.iter
        if isinstance(iterable, (ast.List, ast.Tuple)):
            return Trip(len(iterable.elts), f"{len(iterable.elts)} iterations")
        if not (isinstance(iterable, ast.Call) and self.model.qualified(iterable.func, scope) == "builtins.range"
                and 1 <= len(iterable.args) <= 3 and not iterable.keywords):
            return None
        bounds = [self._constant(a, scope) for a in iterable.args]
        if all(isinstance(b, int) for b in bounds):
            count = len(range(*bounds))  # type: ignore[arg-type]
            return Trip(count, f"{count} iterations")
        static = self.model.info(scope).static_params
        for bound in iterable.args:
            param = self._static_count(bound, scope, static)
            if param is not None:
                return Trip(None, f"`{ast.unparse(bound)}` iterations (a static argument)", param)
        for bound in iterable.args:
            if self._array_length(bound, scope):
                return Trip(None, f"`{ast.unparse(iterable)}` iterations (an array's length)")
        return None

    def _static_count(self, expr: ast.expr, scope: Scope, static: set[str]) -> str | None:
        """The static parameter a bound is: `n`, or `n - 1`, `2 * n`, `n // 2` of it and constants
        (as many iterations as the argument says, give or take)."""
        if isinstance(expr, ast.Name):
            return expr.id if expr.id in static and scope.lookup_scope(expr.id) is scope else None
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)):
            sides = [self._static_count(side, scope, static) for side in (expr.left, expr.right)]
            constants = [self._constant(side, scope) is not None for side in (expr.left, expr.right)]
            if sides[0] and constants[1] or sides[1] and constants[0] and not isinstance(expr.op, (ast.Sub, ast.FloorDiv)):
                return sides[0] or sides[1]
        return None

    def _constant(self, expr: ast.expr, scope: Scope) -> int | None:
        """An int literal, or a name bound once, at module level, to one."""
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
            inner = self._constant(expr.operand, scope)
            return -inner if inner is not None else None
        if isinstance(expr, ast.Constant):
            return expr.value if isinstance(expr.value, int) and not isinstance(expr.value, bool) else None
        if isinstance(expr, ast.Name):
            owner = scope.lookup_scope(expr.id)
            if owner is not None and owner.kind == "module":
                value = self._single_value(expr.id, scope)
                return self._constant(value, owner) if isinstance(value, ast.Constant) else None
        return None

    def _array_length(self, expr: ast.expr, scope: Scope) -> bool:
        """`x.shape[k]` or `len(x)` of a traced array (directly or through a local name)."""
        if isinstance(expr, ast.Name):
            value = self._single_value(expr.id, scope)
            return value is not None and scope.lookup_scope(expr.id) is scope and self._array_length(value, scope)
        if isinstance(expr, ast.BinOp):  # `n - 1`, `n // 2`: still as many as the array is long
            return any(self._array_length(side, scope) for side in (expr.left, expr.right)) \
                and all(self._array_length(s, scope) or self._constant(s, scope) is not None
                        for s in (expr.left, expr.right))
        if isinstance(expr, ast.Subscript) and isinstance(expr.value, ast.Attribute) and expr.value.attr == "shape":
            return _traced_array(self.model.facts(scope).value(expr.value.value))  # only arrays have a shape
        if isinstance(expr, ast.Call) and self.model.qualified(expr.func, scope) == "builtins.len" \
                and len(expr.args) == 1 and isinstance(expr.args[0], ast.Name):  # `len(tree.field)`: often a static tuple
            # a tuple or list of arrays has a length too (and elements of many shapes): an array only
            # where JAX made it, not where a transform merely hands it in
            value = self.model.facts(scope).value(expr.args[0])
            return value.jax and _traced_array(value)
        return False

    def fori_form(self, loop: ast.For, scope: Scope) -> list[str] | None:
        """The names a loop carries from one iteration to the next, when it has the form
        `jax.lax.fori_loop` takes: `for i in range(a[, b])` over a body of plain assignments to
        names, whose index only indexes arrays, whose temporaries and index are not read after it,
        and whose carried names are bound before it. None otherwise."""
        iterable = loop.iter
        if not (isinstance(loop.target, ast.Name) and isinstance(iterable, ast.Call) and len(iterable.args) <= 2
                and not loop.orelse and self.model.qualified(iterable.func, scope) == "builtins.range"):
            return None
        assigned: list[str] = []
        for statement in loop.body:
            if isinstance(statement, ast.Assign):
                targets = [n for t in statement.targets for n in ast.walk(t) if not isinstance(n, ast.expr_context)]
                if not all(isinstance(n, (ast.Name, ast.Tuple)) for n in targets):
                    return None
            elif isinstance(statement, (ast.AugAssign, ast.AnnAssign)) and isinstance(statement.target, ast.Name) \
                    and statement.value is not None:
                targets = [statement.target]
            else:
                return None
            assigned += [n.id for n in targets if isinstance(n, ast.Name) and n.id not in assigned]
        index = loop.target.id
        if index in assigned or not self._index_only_indexes(loop, index, scope):
            return None
        before = self._bound_before(loop, scope)
        after = self._read_after(loop, scope)
        carried = [name for name in assigned if name in before]
        if index in after or any(name in after for name in assigned if name not in carried):
            return None
        return carried or None

    def _index_only_indexes(self, loop: ast.For, index: str, scope: Scope) -> bool:
        """Inside `fori_loop` the index is traced: it may index arrays and take part in arithmetic,
        not set a slice, a shape or a Python container's item."""
        facts = self.model.facts(scope)
        for node in (n for statement in loop.body for n in ast.walk(statement)):
            if isinstance(node, ast.Slice) and self.depends(node, [loop]):
                return False
            if isinstance(node, ast.Subscript) and self.depends(node.slice, [loop]) \
                    and not _traced_array(facts.value(node.value)):
                return False
            if isinstance(node, ast.Call) and (self.model.qualified(node.func, scope) or "") in SHAPE_SINKS \
                    and any(self.depends(a, [loop]) for a in node.args):
                return False
        return True

    def _bound_before(self, loop: ast.For, scope: Scope) -> set[str]:
        names = set(scope.positional_params()) | {a.arg for a in ast.walk(scope.node.args) if isinstance(a, ast.arg)}  # type: ignore[attr-defined]
        for bindings in scope.bindings.values():
            for binding in bindings:
                if binding.lineno < loop.lineno and binding.kind in ("assign", "augassign", "param"):
                    names.add(binding.name)
        return names

    def _read_after(self, loop: ast.For, scope: Scope) -> set[str]:
        end = loop.end_lineno or loop.lineno
        return {n.id for n in scope.of_type(ast.Name) if isinstance(n.ctx, ast.Load) and n.lineno > end}  # type: ignore[attr-defined]

    # -- cheap filters: most modules have none of these ------------------------------------

    @functools.cached_property
    def jit_names(self) -> frozenset[str]:
        """The last names of the jit transforms this module may call (`jit`, `filter_jit`, the
        configured decorators): a call whose name ends otherwise makes no jit."""
        names = {n.rsplit(".", 1)[-1] for n, t in TRANSFORMS.items() if t.kind == "jit"}
        return frozenset(names | {n.rsplit(".", 1)[-1] for n in self.model.options.jit_decorators})

    @functools.cached_property
    def compiled_names(self) -> frozenset[str]:
        """Names a call of a jit-compiled function may end with (`step`, `self.step`): this module's
        jit-decorated functions, the names bound to a jit's result, and other modules' jit-compiled
        functions. `compiled()` decides; this only rules calls out."""
        names = set()
        for scope in self.model.functions():
            decorators = getattr(scope.node, "decorator_list", ())
            if any(self._names_jit(d) for d in decorators):
                names.add(_name(scope))
        for scope in self.model.scopes:
            for assign in scope.of_type(ast.Assign):
                value = assign.value  # type: ignore[attr-defined]
                if isinstance(value, ast.Call) and self.makes_jit(value):
                    names |= {last for t in assign.targets if (last := last_name(t)) is not None}  # type: ignore[attr-defined]
        names |= self.model.ask.jit_static_names()
        return frozenset(names)

    @property
    def jit_calls(self) -> list[tuple[ast.Call, Scope]]:
        """Every call that may apply a jit (`jax.jit(f)`), with its scope."""
        return self._jit_index[0]

    @property
    def compiled_calls(self) -> list[tuple[ast.Call, Scope]]:
        """Every call that may call a jit-compiled function, with its scope."""
        return self._jit_index[1]

    @functools.cached_property
    def _jit_index(self) -> tuple[list[tuple[ast.Call, Scope]], list[tuple[ast.Call, Scope]]]:
        jits: list[tuple[ast.Call, Scope]] = []
        compiled: list[tuple[ast.Call, Scope]] = []
        if self._text is not None and not self.model.ask.jit_static_names() and not any(
                name in self._text for name in self.jit_names):
            return jits, compiled  # no jit named anywhere, and no other module's jit-compiled function called
        compiled_names = self.compiled_names
        for scope in self.model.scopes:
            for call in scope.of_type(ast.Call):
                func = call.func  # type: ignore[attr-defined]
                if self._names_jit(func):
                    jits.append((call, scope))  # type: ignore[arg-type]
                if last_name(func) in compiled_names or isinstance(func, ast.Call) and self.makes_jit(func):
                    compiled.append((call, scope))  # type: ignore[arg-type]
        return jits, compiled

    def makes_jit(self, call: ast.Call) -> bool:
        """By its name alone, `call` may apply a jit: `jax.jit(f)`, `partial(jax.jit, ...)(f)`."""
        return self._names_jit(call.func)

    def _names_jit(self, expr: ast.expr) -> bool:
        """`jax.jit`, `jax.jit(static_argnames=...)`, `partial(jax.jit, ...)`, by their names."""
        if isinstance(expr, ast.Call):
            name = last_name(expr.func)
            return (name in self.jit_names
                    or name == "partial" and bool(expr.args) and last_name(expr.args[0]) in self.jit_names)
        return last_name(expr) in self.jit_names

    def may_call_compiled(self, call: ast.Call) -> bool:
        return isinstance(call.func, ast.Call) and self.makes_jit(call.func) or last_name(call.func) in self.compiled_names

    # -- jit-compiled callees ----------------------------------------------------------------

    def compiled(self, call: ast.Call, scope: Scope) -> Compiled | None:
        """The callee of `call` as a jit-compiled function: a def decorated with a jit, a name bound
        once to `jax.jit(f, ...)`, `jax.jit(f, ...)(...)` itself, or another module's jit-compiled
        function with static parameters (as the project pass tells)."""
        if not self.may_call_compiled(call):
            return None
        func = call.func
        if isinstance(func, ast.Call):
            return self._wrapped(func, scope)
        if isinstance(func, ast.Name):
            value = self._single_value(func.id, scope)
            if isinstance(value, ast.Call):
                return self._wrapped(value, scope)
        refs = self.model.function_refs(func, scope)
        if len(refs) == 1:
            target, bound = refs[0]
            wrap = self._decorating_jit(target)
            if wrap is None:
                return None
            positional = tuple(target.positional_params())
            return Compiled(_name(target), positional[bound:], _statics(wrap, positional))
        if refs:
            return None
        compiled = self.model.ask.compiled(self.model.qualified(func, scope))
        if compiled is not None:
            name = ast.unparse(func).rsplit(".", 1)[-1]
            positional, static = compiled
            return Compiled(name, tuple(positional), frozenset(static))
        return None

    def _wrapped(self, value: ast.Call, scope: Scope) -> Compiled | None:
        """`jax.jit(f, static_argnums=...)` or `partial(jax.jit, ...)(f)` of a function of this module."""
        if not value.args:
            return None
        found = self.model.transform_of(value.func, scope)
        if found is not None:
            wrap: Wrap | None = with_statics(Wrap(found[0], found[1]), value.keywords)
        else:
            wrap = self.model.wrap_of(value.func, scope) if isinstance(value.func, ast.Call) else None
        if wrap is None or wrap.transform.kind != "jit":
            return None
        wrapped = value.args[0]
        if isinstance(wrapped, ast.Lambda):
            refs = [(self.model.scope_of[wrapped], 0)] if wrapped in self.model.scope_of else []
        else:
            refs = self.model.function_refs(wrapped, scope)
        if len(refs) != 1:
            return None
        target, bound = refs[0]
        positional = tuple(target.positional_params())
        return Compiled(_name(target), positional[bound:], _statics(wrap, positional))

    def _decorating_jit(self, target: Scope) -> Wrap | None:
        """The jit decorating `target`, where calling its name calls that jit: a decorator above it
        that is no known transform (`@pad_to_batch` over `@jax.jit`) is what the name calls, and
        it may pad, bucket or cache the arguments before the compiled function sees them."""
        if target.parent is None:
            return None
        for decorator in getattr(target.node, "decorator_list", ()):
            wrap = self.model.wrap_of(decorator, target.parent)
            if wrap is None and self.model.qualified(decorator, target.parent) in _BINDING_DECORATORS:
                continue
            if wrap is None:
                return None
            if wrap.transform.kind == "jit":
                return wrap
        return None

    def _single_value(self, name: str, scope: Scope) -> ast.expr | None:
        """The value of the one assignment of `name` where it is bound, else None."""
        owner = scope.lookup_scope(name)
        if owner is None or len(owner.bindings.get(name, ())) != 1:
            return None
        binding = owner.bindings[name][0].node
        parent = self.model.parent(binding)
        if isinstance(parent, ast.Assign) and len(parent.targets) == 1 and parent.targets[0] is binding:
            return parent.value
        return None


# Decorators that only say how the function is bound to its class: calls reach what is below them.
_BINDING_DECORATORS = frozenset(("builtins.staticmethod", "builtins.classmethod"))


def _traced_array(value: Value) -> bool:
    """Traced, and not known to be a tuple or list (a pytree of arrays: its length is static)."""
    return bool(value.traced) and value.elts is None and not value.is_tuple


def _statics(wrap: Wrap, positional: tuple[str, ...]) -> frozenset[str]:
    by_number = {positional[i] for i in wrap.static_nums if -len(positional) <= i < len(positional)}
    return frozenset(by_number | set(wrap.static_names))


def _name(scope: Scope) -> str:
    return (scope.qualname or "").rsplit(".", 1)[-1]


def _root_names(node: ast.AST) -> set[str]:
    """`a` of `a.b[c].d`."""
    while isinstance(node, (ast.Attribute, ast.Subscript)):
        node = node.value
    return {node.id} if isinstance(node, ast.Name) else set()


def is_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name


def body_nodes(loop: ast.AST) -> Iterator[ast.AST]:
    """The nodes that run every iteration (not nested functions, not the iterable)."""
    if isinstance(loop, ast.comprehension):
        return
    roots: list[ast.AST] = [*loop.body]  # type: ignore[attr-defined]
    if isinstance(loop, ast.While):
        roots.append(loop.test)
    stack = roots[::-1]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(child for child in ast.iter_child_nodes(node) if not isinstance(child, _FUNCTIONS))


_COUNTERS = frozenset(("range", "count"))  # iterables whose items are new numbers every iteration


def _drawn_from_a_sequence(name: str, loops: list[ast.AST]) -> bool:
    """`name` is a loop target that takes the items of a sequence, not a count: `flag` of
    `for flag in flags` or of `zip(shardings, flags)`, where the items may repeat (bools, a few
    modes); `i` of `range(...)`, `enumerate(...)`'s index and `itertools.count()` are counts."""
    for loop in loops:
        target, iterable = getattr(loop, "target", None), getattr(loop, "iter", None)
        if target is None or name not in {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}:
            continue
        return not counts_up(target, iterable, name)
    return False


def counts_up(target: ast.expr, iterable: ast.expr | None, name: str) -> bool:
    """`name` of the loop target `target` takes a new number every iteration: a `range` or
    `itertools.count` item, an `enumerate` index (zipped or not)."""
    if isinstance(target, ast.Name):
        return isinstance(iterable, ast.Call) and last_name(iterable.func) in _COUNTERS
    if not (isinstance(target, ast.Tuple) and isinstance(iterable, ast.Call)):
        return False
    position = next((i for i, t in enumerate(target.elts) if isinstance(t, ast.Name) and t.id == name), None)
    if position is None:
        return False  # nested deeper (`for i, (a, b) in ...`): an item
    function = last_name(iterable.func)
    if function == "enumerate":
        return position == 0
    if function == "zip" and position < len(iterable.args):
        return counts_up(ast.Name(name), iterable.args[position], name)
    return False


def _assigned_names(targets: list[ast.expr]) -> set[str]:
    """The names an assignment rebinds or stores into: `a` and `b` of `a, b.c[i] = ...`, not `i`."""
    found: set[str] = set()
    for target in targets:
        for node in ast.walk(target):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                found.add(node.id)
            elif isinstance(node, (ast.Attribute, ast.Subscript)) and isinstance(node.ctx, ast.Store):
                found |= _root_names(node)
    return found


def _varying_names(loop: ast.AST) -> frozenset[str]:
    """The loop's targets, and what the body rebinds from them, from itself, or grows."""
    if isinstance(loop, ast.comprehension):
        return frozenset(n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name))
    names = ({n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
             if isinstance(loop, (ast.For, ast.AsyncFor)) else set())
    assignments: list[tuple[set[str], ast.AST]] = []
    for node in body_nodes(loop):
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            assignments.append((_assigned_names(targets), node.value))
        elif isinstance(node, (ast.For, ast.AsyncFor)):
            names |= {n.id for n in ast.walk(node.target) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and isinstance(node.func.value, ast.Name) \
                and node.func.attr in ("append", "extend", "pop", "insert", "update", "add"):
            names.add(node.func.value.id)
    changed = True
    while changed:
        changed = False
        for bound, value in assignments:
            if bound <= names:
                continue
            reads = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
            if reads & (names | bound):  # from what changes, or from itself: carried
                names |= bound
                changed = True
    return frozenset(names)

