"""JAX104 in-place-update: item assignment on a JAX array."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, TypedDict

from jaxlint.knowledge.api import ARRAY_ONLY_ATTRIBUTES, CONTAINER_MAKERS, JAX_ARRAY_MODULES, is_container_param
from jaxlint.rules.base import Report, snippet
from jaxlint.rules.jax104_in_place_update.containers import callers_give_containers
from jaxlint.semantic.api import TRACED_ARRAY, Interpreter, Value, concrete_only, qualified_name

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.api import Facts
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The `.at[]` method the update becomes ("set", "add", ...)."""

    method: str


_AT_METHOD = {ast.Add: "add", ast.Sub: "subtract", ast.Mult: "multiply", ast.Div: "divide", ast.Pow: "power"}


def check(model: Model) -> Iterator[Report]:
    arrays = _PassedArrays(model)
    for scope in [model.module, *model.functions()]:
        if all(type(s.ctx) is ast.Load for s in scope.of_type(ast.Subscript)):  # type: ignore[attr-defined]
            continue  # nothing here stores into an item (most scopes): no statement to look at
        statements = [(s, targets) for s in scope.of_type(*_ASSIGNING) if (targets := _subscript_targets(s))
                      and not concrete_only(model, scope, s)]  # `if isinstance(x, np.ndarray): x[0] = v`
        if not statements or any("pallas" in model.info(s).transforms for s in (scope, *scope.ancestors())):
            continue  # a Pallas kernel, code it calls and the functions they define store into `Ref`s
        if not model.info(scope).traced:
            if all(_never_an_array(model, scope, t) for _, targets in statements for t in targets):
                # Only a parameter assigned into can then hold an array, and only if a caller hands it one.
                roots = {root.id for _, targets in statements for t in targets if (root := _root(t)) is not None}
                if not arrays.params_given(scope, roots):
                    continue
            elif not arrays.may_hold(scope) and not arrays.params_given(scope):
                continue
        facts = arrays.facts(scope, arrays.params_given(scope))
        for stmt, targets in statements:
            for target in targets:
                base, indices = _innermost(target)
                value = facts.value(base)
                applicability = _evidence(model, scope, base, value, indices, facts)
                if applicability is not False:
                    elsewhere, where = arrays.from_elsewhere(scope)
                    if isinstance(base, ast.Name) and base.id in elsewhere \
                            and base.id not in model.info(scope).traced_params:
                        # an array only because another module hands it one: other callers, in modules a fix
                        # here cannot see, may hand it lists, so no fix
                        report = _report(model, stmt, target, base, indices, scope, None)
                        # a helper traced through another module already names its caller
                        yield report if model.info(scope).caller else replace(report, message=f"{report.message} ({where})")
                    else:
                        yield _report(model, stmt, target, base, indices, scope, applicability)
                    break


# How many callers up a JAX array is followed into parameters: `f(x)` calling `g(x)` calling `h(x)`.
_CALLER_DEPTH = 3


class _ArraysGiven(Interpreter):
    """The interpreter, with named parameters holding the JAX arrays a call passes them."""

    def __init__(self, model: Model, scope: Scope, arrays: set[str]) -> None:
        super().__init__(model, scope, model.trace.get(scope))
        self.arrays = arrays

    def param_value(self, param: ast.arg) -> Value:
        value = super().param_value(param)
        return replace(value, jax=True) if param.arg in self.arrays else value


class _PassedArrays:
    """Parameters that some call of their function in this module passes a JAX array:
    `def f(arr): arr[0] = 1` called as `f(jnp.arange(5))`, or from a function that was itself
    passed one (`g(arr): f(arr)`). That call raises, whatever the other calls pass. Memoised
    for one module."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self._given: dict[tuple[Scope, str], bool] = {}
        self._may_hold: dict[Scope, bool] = {}

    def from_elsewhere(self, scope: Scope) -> tuple[tuple[str, ...], str]:
        """The parameters other modules' code hands JAX arrays, and where."""
        return self.model.ask.given_arrays(scope.qualname if scope.is_function else None)

    def params_given(self, scope: Scope, among: set[str] | None = None) -> set[str]:
        """The parameters (of `among`, when given) that some call hands a JAX array."""
        return {name for name in _param_names(scope) if (among is None or name in among)
                and self._param_given(scope, name, 0)}

    def facts(self, scope: Scope, given: set[str]) -> Facts:
        """The facts of `scope` on a call that passes JAX arrays for `given`."""
        return _ArraysGiven(self.model, scope, given).run() if given else self.model.facts(scope)

    def may_hold(self, scope: Scope) -> bool:
        """Whether untraced code can make a JAX array here or in a scope whose values reach here."""
        if scope not in self._may_hold:
            self._may_hold[scope] = self.model.reaches(scope, lambda s: _makes_jax_arrays(self.model, s))
        return self._may_hold[scope]

    def _param_given(self, scope: Scope, name: str, depth: int) -> bool:
        if name in self.from_elsewhere(scope)[0]:
            return True  # another module's code hands it a JAX array
        key = (scope, name)
        if key not in self._given:
            self._given[key] = False  # a recursive call passing the parameter on adds nothing
            self._given[key] = any(self._passes(caller, argument, depth)
                                   for caller, argument in self.model.arguments_from_callers(scope, name))
        return self._given[key]

    def _passes(self, caller: Scope, argument: ast.expr, depth: int) -> bool:
        if isinstance(argument, (ast.Constant, ast.List, ast.Tuple, ast.Dict, ast.Set, ast.Lambda)):
            return False
        if self.may_hold(caller) and _a_jax_array(self.model.facts(caller).value(argument)):
            return True
        if depth >= _CALLER_DEPTH or not isinstance(argument, ast.Name) or argument.id not in _param_names(caller) \
                or not self._param_given(caller, argument.id, depth + 1):
            return False
        given = {name for name in _param_names(caller) if self._param_given(caller, name, depth + 1)}
        return _a_jax_array(self.facts(caller, given).value(argument))


def _param_names(scope: Scope) -> list[str]:
    if not scope.is_function or isinstance(scope.node, ast.Lambda):
        return []
    args = scope.node.args  # type: ignore[attr-defined]
    return [param.arg for param in args.posonlyargs + args.args + args.kwonlyargs]


def _a_jax_array(value: Value) -> bool:
    return bool(value.jax) and not value.is_tuple and not value.numpy


def _makes_jax_arrays(model: Model, scope: Scope) -> bool:
    """A call into JAX or a call of a jit-compiled function of this module (an array annotation is
    not one: a Pallas `Ref`, a NumPy array or a list may carry it)."""
    if model.info(scope).traced:
        return True
    for call in scope.of_type(ast.Call):
        func = call.func  # type: ignore[attr-defined]
        if (model.qualified(func, scope) or "").startswith("jax") or isinstance(func, ast.Call):
            return True
        if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Subscript):
            return True  # x.at[i].set(v)
        if any(model.info(target).traced for target, _ in model.function_refs(func, scope)):
            return True
    return False



def _root(target: ast.Subscript) -> ast.Name | None:
    """The name the assigned-into value hangs from: `cache` of `cache.table[k]`."""
    root = _innermost(target)[0]
    while isinstance(root, ast.Attribute):
        root = root.value
    return root if isinstance(root, ast.Name) else None


def _never_an_array(model: Model, scope: Scope, target: ast.Subscript) -> bool:
    """Whether the base of `target`, in untraced code, surely holds no JAX array, from how its name
    is bound: `d = {}`, `out = np.zeros(n)`, an import (`registry.table[k] = v`), an untraced
    parameter (`self.cache[k] = v`). Saves interpreting most functions that assign items."""
    base, indices = _innermost(target)
    root = _root(target)
    if root is None:
        return False
    owner = scope.lookup_scope(root.id)
    if owner is None or owner.kind == "class":
        return True  # read as an unknown value
    traced_owner = model.info(owner).traced
    multi_axis = any(_multi_axis(i) for i in indices)
    for binding in owner.bindings.get(root.id, ()):
        if binding.kind in ("import", "def", "class"):
            continue
        if binding.kind == "param" and not traced_owner:
            continue
        if binding.kind == "assign" and root is base and not traced_owner and _container_value(
                model, owner, binding.node, multi_axis):
            continue
        return False
    return True


def _container_value(model: Model, scope: Scope, name: ast.AST, multi_axis: bool) -> bool:
    """`name = <value>` where the value is a literal container, a NumPy array or a Python
    container (`dict(...)`, `list(...)`): none of these is ever a JAX array. A container made
    from traced values might be one, as far as the interpreter knows, but only an index like
    `[:, 0]` (`multi_axis`) says so."""
    statement = model.parent(name)
    if not isinstance(statement, (ast.Assign, ast.AnnAssign)) or statement.value is None:
        return False
    value = statement.value
    if isinstance(value, (ast.Constant, ast.JoinedStr, ast.List, ast.Tuple, ast.Set)):
        return True  # the interpreter's lists and tuples are never arrays, whatever they hold
    if isinstance(value, (ast.Dict, ast.ListComp, ast.SetComp, ast.DictComp)):
        return _untraceable(value, scope)
    if isinstance(value, ast.Call):
        qualified = model.qualified(value.func, scope) or ""
        return qualified.startswith("numpy.") or (
            qualified in CONTAINER_MAKERS and (not multi_axis or _untraceable(value, scope)))
    return False


def _untraceable(expr: ast.AST, scope: Scope) -> bool:
    """No part of `expr` (a call's arguments, for a call) can carry a traced value: no calls,
    no lambdas, and names only of imports and builtins."""
    parts = [*expr.args, *(k.value for k in expr.keywords)] if isinstance(expr, ast.Call) else [expr]
    for node in (n for part in parts for n in ast.walk(part)):
        if isinstance(node, (ast.Call, ast.Lambda, ast.NamedExpr)):
            return False
        if isinstance(node, ast.Name) and qualified_name(node, scope) is None:
            return False
    return True


# What assigns to (or deletes) its targets: an item there is stored into as `x[i] = v` would be.
_ASSIGNING = (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Delete, ast.For, ast.AsyncFor, ast.With, ast.AsyncWith,
              ast.comprehension)


def _subscript_targets(stmt: ast.AST) -> list[ast.Subscript]:
    """The items a statement stores into or deletes, also inside tuple and starred targets
    (`x[i], x[0] = a, b`, `first, *x[1:] = row`), loop targets and `with ... as x[0]`."""
    if isinstance(stmt, (ast.Assign, ast.Delete)):
        targets = stmt.targets
    elif isinstance(stmt, (ast.AugAssign, ast.For, ast.AsyncFor, ast.comprehension)) or isinstance(
            stmt, ast.AnnAssign) and stmt.value is not None:  # (`x[0]: T` with no value stores nothing)
        targets = [stmt.target]
    elif isinstance(stmt, (ast.With, ast.AsyncWith)):
        targets = [item.optional_vars for item in stmt.items if item.optional_vars is not None]
    else:
        return []
    return [item for target in targets for item in _items_stored(target)]


def _items_stored(target: ast.expr) -> Iterator[ast.Subscript]:
    if isinstance(target, ast.Subscript):
        yield target
    elif isinstance(target, (ast.Tuple, ast.List)):
        for element in target.elts:
            yield from _items_stored(element)
    elif isinstance(target, ast.Starred):
        yield from _items_stored(target.value)


def _whole_target(stmt: ast.AST, target: ast.Subscript) -> bool:
    """`x[i] = v`, `x[i] += v`: the item is the statement's whole target (its fix and message know
    the value stored)."""
    if isinstance(stmt, ast.Assign):
        return target in stmt.targets
    return isinstance(stmt, ast.AugAssign) and stmt.target is target


def _innermost(target: ast.Subscript) -> tuple[ast.expr, list[ast.expr]]:
    """`x[i][j]` → (x, [i, j])."""
    indices = [target.slice]
    base = target.value
    while isinstance(base, ast.Subscript):
        indices.insert(0, base.slice)
        base = base.value
    return base, indices


def _evidence(model: Model, scope: Scope, base: ast.expr, value: Value, indices: list[ast.expr],
              facts: Facts) -> str | None | bool:
    """Whether there is evidence that `base` is a JAX array, and which fix it allows: "safe" where it
    is known to be one (made by JAX, indexed or used as only arrays are), "unsafe" or None (no fix)
    where only its indexing says so, False for no finding. A pytree (a dict-valued field, a dict or
    list a helper returns, an entry of a tree) may be a container, and what an unknown call returns
    may be anything: the `.at[]` fix raises `AttributeError` on a list or dict."""
    if value.numpy or value.is_tuple or any(_string_key(i) for i in indices):
        return False  # NumPy arrays, lists and tuples are mutable or not arrays; a string key says dict
    if value.jax:
        return "safe"
    if not value.traced:
        return False
    if any(_multi_axis(i) for i in indices) or _used_as_array(model, scope, base):
        return "safe"  # `y[:, 0] = v`, `y.shape`: lists and dicts take no such index nor have such attributes
    if value.uncertain or not all(_array_index(i, facts) for i in indices):
        return False
    if value.traced != TRACED_ARRAY:
        # a pytree parameter (`tree`, `state: dict`) or a dict-valued field: an array only where the
        # lax loop it is the carry of starts it from one
        if _lax_carry_array(model, scope, base):
            return "safe"
        return _TRACER_INDEX if _tracer_index(indices, facts) else False
    if _traced_param(model, scope, base):
        # the classic mistake, `x[0] = v` on a parameter under jit, though a pytree argument may be a
        # list or dict: the fix only where nothing says it is a container, and not as safe
        if _lax_carry_array(model, scope, base):
            return "safe"
        if callers_give_containers(model, scope, base.id):  # type: ignore[attr-defined]
            return False  # a list or dict of tracers under jit: its items can be assigned
        return "unsafe" if not _may_be_container(model, scope, base) else None
    # an entry of a pytree, a name unpacked from one, a copy: no evidence, but for a tracer index
    return _TRACER_INDEX if _tracer_index(indices, facts) else False


# The evidence is only the index: a tracer, which no list (`__index__` raises) nor dict (a tracer is
# unhashable) takes, so the store raises whatever the value is (checked on JAX 0.10.2); no fix.
_TRACER_INDEX = "tracer index"


def _tracer_index(indices: list[ast.expr], facts: Facts) -> bool:
    return any(facts.value(i).traced for i in indices if not isinstance(i, (ast.Slice, ast.Tuple)))


def _string_key(index: ast.expr) -> bool:
    return isinstance(index, ast.JoinedStr) or isinstance(index, ast.Constant) and isinstance(index.value, str)


def _multi_axis(index: ast.expr) -> bool:
    return isinstance(index, ast.Tuple) and any(
        isinstance(e, ast.Slice) or (isinstance(e, ast.Constant) and e.value is Ellipsis) for e in index.elts)


def _array_index(index: ast.expr, facts: Facts) -> bool:
    if isinstance(index, ast.Constant):
        return isinstance(index.value, int) or index.value is Ellipsis or index.value is None
    if isinstance(index, ast.Tuple):
        return all(_array_index(e, facts) for e in index.elts)
    if facts.value(index).traced:  # a tracer cannot be a dict key
        return True
    return isinstance(index, (ast.Slice, ast.UnaryOp, ast.BinOp))


def _used_as_array(model: Model, scope: Scope, base: ast.expr) -> bool:
    """A name the function also uses as only an array can be used: an array attribute or method
    (`x.shape`, `x.sum()`, `x.at`) or an argument of a jnp/lax function (which rejects lists); not its
    annotation, which a list or a Pallas `Ref` may carry too."""
    if not isinstance(base, ast.Name):
        return False
    name = base.id
    bindings = scope.bindings.get(name, [])
    # only the uses of the value assigned into count: `x = Encoder()(x)` later makes a new one
    reaching = _binding_line(bindings, base.lineno)
    for node in scope.of_type(ast.Attribute):
        if isinstance(node.value, ast.Name) and node.value.id == name and node.attr in ARRAY_ONLY_ATTRIBUTES \
                and _binding_line(bindings, node.lineno) == reaching:  # type: ignore[attr-defined]
            return True
    for call in scope.of_type(ast.Call):
        if any(isinstance(a, ast.Name) and a.id == name and _binding_line(bindings, a.lineno) == reaching
               for a in call.args) and (  # type: ignore[attr-defined]
                model.qualified(call.func, scope) or "").startswith(JAX_ARRAY_MODULES):  # type: ignore[attr-defined]
            return True
    return False


def _binding_line(bindings: list, line: int) -> int | None:
    """The line of the last binding of a name before `line` (straight-line code): which value a read there sees."""
    before = [b.lineno for b in bindings if b.lineno < line or b.kind == "param"]
    return max(before, default=None)


# lax loops: (position, keyword) of the body and of the initial carry, and the body's carry parameter
_LAX_LOOPS = {"jax.lax.scan": ((0, "f"), (1, "init"), 0), "jax.lax.fori_loop": ((2, "body_fun"), (3, "init_val"), 1),
              "jax.lax.while_loop": ((1, "body_fun"), (2, "init_val"), 0)}


def _lax_carry_array(model: Model, scope: Scope, base: ast.expr) -> bool:
    """`base` is the carry parameter of a lax loop body, and every loop of this module that runs the
    body starts the carry from one array (`scan(step, jnp.zeros(2), xs)`)."""
    if not isinstance(base, ast.Name) or not scope.is_function or isinstance(scope.node, ast.Lambda) \
            or not _traced_param(model, scope, base):
        return False
    params = scope.positional_params()
    found = False
    for caller in model.scopes:
        for call in caller.of_type(ast.Call):
            loop = _LAX_LOOPS.get(model.qualified(call.func, caller) or "")  # type: ignore[attr-defined]
            if loop is None:
                continue
            body, init = (_loop_argument(call, *where) for where in loop[:2])  # type: ignore[arg-type]
            if body is None or scope not in [t for t, _ in model.function_refs(body, caller)]:
                continue
            if len(params) <= loop[2] or params[loop[2]] != base.id or init is None:
                return False
            start = model.facts(caller).value(init)
            if not (start.jax or start.numpy or start.static and not start.shape) or start.is_tuple or start.elts:
                return False
            found = True
    return found


def _loop_argument(call: ast.Call, position: int, keyword: str) -> ast.expr | None:
    if len(call.args) > position and not any(isinstance(a, ast.Starred) for a in call.args[:position + 1]):
        return call.args[position]
    return next((k.value for k in call.keywords if k.arg == keyword), None)


def _traced_param(model: Model, scope: Scope, base: ast.expr) -> bool:
    """`base` is a traced parameter of the function, never rebound: an array as far as its
    indexing goes (`x[0] = v` under jit is the classic mistake), though a pytree argument could be a
    list or dict."""
    if not isinstance(base, ast.Name) or base.id not in model.info(scope).traced_params:
        return False
    return all(b.kind == "param" for b in scope.bindings.get(base.id, []))


def _may_be_container(model: Model, scope: Scope, base: ast.expr) -> bool:
    """A traced name that may be a list or dict of arrays: its name or annotation says so
    (`params`, `state`, `batch: dict`), or a call in the module passes it a list, tuple or dict."""
    if not isinstance(base, ast.Name):
        return True
    params = [b for b in scope.bindings.get(base.id, []) if b.kind == "param"]
    if any(is_container_param(base.id, b.node.annotation) for b in params):  # type: ignore[attr-defined]
        return True
    displays = (ast.List, ast.Tuple, ast.Dict, ast.ListComp, ast.DictComp)
    return bool(params) and any(isinstance(a, displays) for _, a in model.arguments_from_callers(scope, base.id))


# What only arrays have: not `copy` (lists and dicts have it), `sort` (lists), `__getitem__` (any container).


def _report(model: Model, stmt: ast.stmt, target: ast.Subscript, base: ast.expr, indices: list[ast.expr],
            scope: Scope, applicability: str | None = "safe") -> Report:
    name = snippet(base)
    if isinstance(stmt, ast.Delete):
        return Report(stmt, f"`del` on an element of JAX array `{name}` raises; JAX arrays are immutable "
                            f"(build a new array, e.g. with `jnp.delete`)", scope)
    index = ", ".join(_index_text(i) for i in indices)
    if applicability == _TRACER_INDEX:
        return Report(target, f"Item assignment to `{name}` with the traced index `{index}` raises: no list or "
                              f"dict takes a tracer as index, and a JAX array is immutable (if `{name}` is an "
                              f"array, use `{name} = {name}.at[{index}].set(...)`)", scope)
    if not _whole_target(stmt, target):
        return Report(target, f"Item assignment to JAX array `{name}` raises; JAX arrays are immutable: assign "
                              f"the value to a name and use `{name} = {name}.at[{index}].set(...)`", scope)
    if isinstance(stmt, ast.AugAssign):
        method = _AT_METHOD.get(type(stmt.op))
        value = snippet(stmt.value)
        if method is None:
            return Report(stmt, f"In-place update of JAX array `{name}`; JAX arrays are immutable, "
                                f"use `{name}.at[{index}]` and rebind `{name}`", scope)
        replacement = f"{name} = {name}.at[{index}].{method}({value})"
    else:
        method = "set"
        replacement = f"{name} = {name}.at[{index}].set({snippet(stmt.value)})"
    fixable = applicability if isinstance(base, ast.Name) and (
        len(indices) == 1 or all(_plain(i) for i in indices)) else None
    if isinstance(base, ast.Name) and _meant_for_the_caller(model, stmt, base, scope):
        return Report(stmt, f"In-place update of JAX array `{name}`; JAX arrays are immutable, so the caller's "
                            f"array cannot change: return `{replacement.split(' = ', 1)[1]}` and use the result",
                      scope)
    return Report(stmt, f"In-place update of JAX array `{name}`; use `{replacement}`", scope, fixable=fixable,
                  fix_data={"method": method})


def _meant_for_the_caller(model: Model, stmt: ast.stmt, base: ast.Name, scope: Scope) -> bool:
    """`base` is a parameter the function never rebinds nor reads after this update: rebinding it
    to the updated array (the fix) would throw the update away."""
    bindings = scope.bindings.get(base.id, [])
    if not bindings or any(b.kind != "param" for b in bindings):
        return False
    loops = model.repetition.loops_around(stmt)
    for load in scope.of_type(ast.Name):
        if load.id != base.id or not isinstance(load.ctx, ast.Load) or load in set(ast.walk(stmt)):  # type: ignore[attr-defined]
            continue
        if (load.lineno, load.col_offset) > (stmt.end_lineno, stmt.end_col_offset) or any(  # type: ignore[attr-defined,operator]
                loop.lineno <= load.lineno <= loop.end_lineno for loop in loops):  # type: ignore[attr-defined]
            return False
    return True



def _index_text(index: ast.expr) -> str:
    if isinstance(index, ast.Tuple):
        return ", ".join(snippet(e) for e in index.elts)
    return snippet(index)


def _plain(index: ast.expr) -> bool:
    return not isinstance(index, (ast.Slice, ast.Tuple))
