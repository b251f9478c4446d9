"""A small abstract interpreter: walks one function's statements in order, keeping an
environment of abstract values, joining at branches and iterating loops to a fixed point."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from jaxlint.knowledge import api
from jaxlint.knowledge.transforms import TRANSFORMS
from jaxlint.semantic.calls import call_value, flax_module_arguments, flax_rng_arguments
from jaxlint.semantic.entries import constant_key, entry_key, used_as_containers
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.values import (
    MAYBE_TRACED,
    NOT_TRACED,
    STATIC,
    TRACED,
    TRACED_ARRAY,
    TRACED_TREE,
    TREE,
    UNKNOWN,
    Value,
    binary,
    combine,
    element,
    join,
)

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.traced import TraceInfo


@dataclass
class KeyUse:
    """A PRNG key consumed a second time."""

    node: ast.AST  # the key argument of the second consumer
    call: ast.Call
    name: str
    first: ast.AST  # the other consumer: the first one, or the `split` that follows a sampler
    in_loop: bool
    # Reported at a sampler whose key is also split (`first`): the fix goes before the sampler.
    split_elsewhere: bool = False
    # A key read from outside the function, never advanced, while `first` calls the function again.
    repeated: bool = False
    # A key read from outside a vmapped function: every element of the batch draws from it.
    batched: bool = False


@dataclass
class State:
    env: dict[str, Value] = field(default_factory=dict)
    # key identity → the first consumer and its key argument
    consumed: dict[tuple, tuple[ast.Call, ast.AST]] = field(default_factory=dict)
    # key identity → what was derived from it without consuming it (a `fold_in` constant, a flax
    # `init`/`apply`) → the call that did: deriving the same thing twice gives the same key
    folded: dict[tuple, dict] = field(default_factory=dict)
    dead: bool = False  # the path returned/raised/broke out

    def copy(self) -> State:
        return State(dict(self.env), dict(self.consumed), {k: dict(v) for k, v in self.folded.items()}, self.dead)


def _add_draws(into: State, state: State) -> None:
    """Keys `state` consumed or derived from, added to `into` where it has none yet."""
    for key, first in state.consumed.items():
        into.consumed.setdefault(key, first)
    for key, seen in state.folded.items():
        table = into.folded.setdefault(key, {})
        for what, call in seen.items():
            table.setdefault(what, call)


def _settled(before: State, after: State) -> bool:
    """A loop pass changed no value that existed before it and consumed or derived from no key."""
    return after.consumed.keys() == before.consumed.keys() and after.folded == before.folded and all(
        after.env.get(name) == value for name, value in before.env.items())


def merge(a: State, b: State) -> State:
    if a.dead:
        return b.copy() if not b.dead else a
    if b.dead:
        return a.copy()
    env = {name: join(a.env[name], b.env[name]) for name in a.env.keys() & b.env.keys()}
    consumed = dict(b.consumed)
    consumed.update(a.consumed)
    folded = {k: {**b.folded.get(k, {}), **a.folded.get(k, {})} for k in a.folded.keys() | b.folded.keys()}
    return State(env, consumed, folded)


@dataclass
class Facts:
    """What the interpreter learned about one function."""

    values: dict[ast.AST, Value] = field(default_factory=dict)
    key_reuses: list[KeyUse] = field(default_factory=list)
    final_env: dict[str, Value] = field(default_factory=dict)
    callee_args: list[tuple[ast.Call, list[Value], dict[str, Value]]] = field(default_factory=list)

    def value(self, node: ast.AST) -> Value:
        return self.values.get(node, UNKNOWN)


class Interpreter:
    def __init__(self, model: Model, scope: Scope, info: TraceInfo | None) -> None:
        self.model = model
        self.scope = scope
        self.info = info
        self.facts = Facts()
        self.loop_depth = 0
        self._reported: set[ast.AST] = set()
        self._maybe_drawn: set[ast.AST] = set()  # key arguments only an unknown callee may draw from
        self._containers: set[str] | None = None  # entries this function uses as containers, when asked
        self.staging = bool(info and info.traced and (info.cached or "module" in info.transforms))
        self.random_key_args = model.keys.random_key_args(scope)
        self.tracks_keys = model.keys.may_hold_keys()

    # -- entry ---------------------------------------------------------------------------

    def run(self) -> Facts:
        state = State()
        node = self.scope.node
        if isinstance(node, ast.Lambda):
            self._bind_params(state)
            self.eval(node.body, state)
        else:
            if self.scope.is_function:
                self._bind_params(state)
            self.block(node.body, state)  # type: ignore[attr-defined]
        self.facts.final_env = state.env
        return self.facts

    def _bind_params(self, state: State) -> None:
        args = self.scope.node.args  # type: ignore[attr-defined]
        for param in args.posonlyargs + args.args + args.kwonlyargs + [args.vararg, args.kwarg]:
            if param is not None:
                state.env[param.arg] = self.param_value(param)

    def param_value(self, param: ast.arg) -> Value:
        """What a parameter of this function holds when the body starts."""
        info = self.info
        args = self.scope.node.args  # type: ignore[attr-defined]
        if param is args.vararg or param is args.kwarg:
            return TREE if info is not None and info.traced and info.all_params_traced else UNKNOWN
        name, annotation = param.arg, param.annotation
        value = UNKNOWN
        if info is not None and info.traced and name in info.traced_params:
            value = TREE if api.is_container_param(name, annotation) else TRACED
            if value is TREE:
                value = replace(TREE, fields=self.model.annotated_fields(annotation, self.scope))
            if annotation is None:  # an array as far as control flow goes; a dict for all we know
                value = replace(value, jax=False)
        elif info is not None and (name in info.static_params or name in info.given_static):
            value = STATIC
        elif api.is_array_annotation(annotation):
            value = Value(jax=True)
        if value.traced and info is not None and info.all_params_traced and not info.filtered \
                and "module" not in info.transforms and (info.cached or not info.batched):
            # handed in by the transform itself, every leaf traced (vmap alone may pass some leaves
            # through as they are: `in_axes=(0, {"flag": None})`)
            value = replace(value, leaves=True)
        if name in self.random_key_args:
            value = replace(value, key=("param", name))
        return value

    # -- statements ----------------------------------------------------------------------

    def block(self, body: list[ast.stmt], state: State) -> None:
        for stmt in body:
            if state.dead:
                return
            self.stmt(stmt, state)

    def stmt(self, node: ast.stmt, state: State) -> None:
        method = _STATEMENTS.get(type(node))
        if method is not None:
            method(self, node, state)
            return
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.expr):
                self.eval(child, state)

    def _stmt_Expr(self, node: ast.Expr, state: State) -> None:
        self.eval(node.value, state)

    def _stmt_Assign(self, node: ast.Assign, state: State) -> None:
        value = self.eval(node.value, state)
        for target in node.targets:
            self.bind(target, value, state, node.value)

    def _stmt_AnnAssign(self, node: ast.AnnAssign, state: State) -> None:
        if node.value is not None:
            self.bind(node.target, self.eval(node.value, state), state, node.value)

    def _stmt_AugAssign(self, node: ast.AugAssign, state: State) -> None:
        right = self.eval(node.value, state)
        if isinstance(node.target, ast.Name):
            left = self.eval_name(node.target.id, node.target, state)
            self.bind(node.target, binary(node.op, left, right), state, None)
        else:
            self.eval(node.target, state)

    def _stmt_Return(self, node: ast.Return, state: State) -> None:
        if node.value is not None:
            self.eval(node.value, state)
        state.dead = True

    def _stmt_Raise(self, node: ast.Raise, state: State) -> None:
        for child in (node.exc, node.cause):
            if child is not None:
                self.eval(child, state)
        state.dead = True

    def _stmt_Break(self, node: ast.stmt, state: State) -> None:
        state.dead = True

    _stmt_Continue = _stmt_Break

    def _stmt_Delete(self, node: ast.Delete, state: State) -> None:
        for target in node.targets:
            if isinstance(target, ast.Name):
                state.env.pop(target.id, None)
            else:
                self.eval(target, state)

    def _stmt_If(self, node: ast.If, state: State) -> None:
        self.eval(node.test, state)
        other = state.copy()
        tested, body_when_empty = _emptiness_test(node.test)
        if tested is not None:  # `if state is None: init(key)` after `state = restore(..., key)`
            spared = state if body_when_empty else other
            for key in self._given_up(tested, node, state):
                del spared.consumed[key]
        self.block(node.body, state)
        self.block(node.orelse, other)
        self._replace(state, merge(state, other))

    def _stmt_For(self, node: ast.For | ast.AsyncFor, state: State) -> None:
        items = self.eval(node.iter, state)
        self._loop(state, node.body, lambda s: self.bind(node.target, self.iter_element(node.iter, items), s, None,
                                                          fresh_keys=True))
        self.block(node.orelse, state)

    _stmt_AsyncFor = _stmt_For

    def _stmt_While(self, node: ast.While, state: State) -> None:
        self._loop(state, node.body, lambda s: self.eval(node.test, s), test_first=True)
        self.block(node.orelse, state)

    def _loop(self, state: State, body: list[ast.stmt], enter, test_first: bool = False) -> None:
        """Run the body twice: the second pass sees values (and consumed keys) of the first."""
        self.loop_depth += 1
        entry = state.copy()
        current = state.copy()
        for _ in range(2):
            before = current.copy()
            current.dead = False
            enter(current)
            self.block(body, current)
            if current.dead:
                current = merge(current, entry) if not entry.dead else current
                current.dead = False
            if _settled(before, current):
                break  # nothing the body reads changed: a second pass would learn nothing new
        self.loop_depth -= 1
        self._replace(state, current)

    def _stmt_With(self, node: ast.With | ast.AsyncWith, state: State) -> None:
        for item in node.items:
            value = self.eval(item.context_expr, state)
            if item.optional_vars is not None:
                self.bind(item.optional_vars, UNKNOWN if not value.traced else value, state, None)
        self.block(node.body, state)

    _stmt_AsyncWith = _stmt_With

    def _stmt_Try(self, node: ast.Try, state: State) -> None:
        before = state.copy()
        self.block(node.body, state)
        self.block(node.orelse, state)
        result = state
        for handler in node.handlers:
            branch = merge(before, state) if not state.dead else before.copy()
            branch.dead = False
            # The handler runs instead of the rest of the body: what the body drew before it raised
            # is dropped with it (`try: x = restore(key) except E: x = init(key)`).
            branch.consumed, branch.folded = dict(before.consumed), {k: dict(v) for k, v in before.folded.items()}
            if handler.name:
                branch.env[handler.name] = UNKNOWN
            self.block(handler.body, branch)
            result = merge(result, branch)
        self._replace(state, result)
        self.block(node.finalbody, state)

    _stmt_TryStar = _stmt_Try

    def _stmt_Match(self, node: ast.Match, state: State) -> None:
        self.eval(node.subject, state)
        result: State | None = None
        for case in node.cases:
            branch = state.copy()
            if case.guard is not None:
                self.eval(case.guard, branch)
            self.block(case.body, branch)
            result = branch if result is None else merge(result, branch)
        last = node.cases[-1] if node.cases else None
        irrefutable = last is not None and last.guard is None and isinstance(last.pattern, ast.MatchAs) \
            and last.pattern.pattern is None  # `case _:` / `case name:`: no path skips every case
        if result is not None:
            self._replace(state, result if irrefutable else merge(result, state))

    def _stmt_FunctionDef(self, node: ast.FunctionDef, state: State) -> None:
        for decorator in node.decorator_list:
            self.eval(decorator, state)
        for default in node.args.defaults + [d for d in node.args.kw_defaults if d is not None]:
            self.eval(default, state)
        state.env[node.name] = function_value(self.model, node)

    _stmt_AsyncFunctionDef = _stmt_FunctionDef

    def _stmt_ClassDef(self, node: ast.ClassDef, state: State) -> None:
        state.env[node.name] = UNKNOWN

    def _stmt_Import(self, node: ast.Import | ast.ImportFrom, state: State) -> None:
        for alias in node.names:
            state.env.pop((alias.asname or alias.name).split(".")[0], None)

    _stmt_ImportFrom = _stmt_Import

    @staticmethod
    def _replace(state: State, new: State) -> None:
        state.env, state.consumed, state.folded, state.dead = new.env, new.consumed, new.folded, new.dead

    # -- binding -------------------------------------------------------------------------

    def bind(self, target: ast.AST, value: Value, state: State, source: ast.AST | None,
             fresh_keys: bool = False) -> None:
        if isinstance(target, ast.Name):
            if value.key is not None and (source is not None or fresh_keys):
                value = self._fresh_key(value, target, state)
            state.env[target.id] = value
            self.facts.values[target] = value
        elif isinstance(target, (ast.Tuple, ast.List)):
            parts = self._unpack(value, len(target.elts), target)
            for sub, part in zip(target.elts, parts):
                if isinstance(sub, ast.Starred):
                    self.bind(sub.value, replace(element(value), key=None) if not value.elts else UNKNOWN, state, None)
                else:
                    self.bind(sub, part, state, source, fresh_keys)
        elif isinstance(target, ast.Starred):
            self.bind(target.value, UNKNOWN, state, None)
        else:
            self.eval(target, state)

    def _unpack(self, value: Value, count: int, target: ast.AST) -> list[Value]:
        if value.elts is not None and len(value.elts) == count:
            return list(value.elts)
        if value.key is not None:  # k1, k2 = split(key): distinct keys
            return [Value(key=(*value.key, i), jax=True, traced=value.traced) for i in range(count)]
        if value.leaves and value.traced == TRACED_TREE and isinstance(target, (ast.Tuple, ast.List)):
            return [self._entry(part) for part in target.elts]  # `x, done = carry`: entries of the pytree
        return [element(value)] * count

    def _fresh_key(self, value: Value, target: ast.Name, state: State) -> Value:
        """A key bound to a name gets an identity of its own; rebinding resets consumption."""
        identity = ("bind", id(target), value.key)
        # the keys inside it too (`keys[0]` of `keys = split(keys[1])` in a loop are new each pass)
        for table in (state.consumed, state.folded):
            for key in [k for k in table if k[:len(identity)] == identity]:
                del table[key]
        return replace(value, key=identity)

    # -- expressions ---------------------------------------------------------------------

    def eval(self, node: ast.AST, state: State) -> Value:
        method = _EXPRESSIONS.get(type(node))
        if method is None:
            for child in ast.iter_child_nodes(node):
                if isinstance(child, ast.expr):
                    self.eval(child, state)
            value = UNKNOWN
        else:
            value = method(self, node, state)
        self.facts.values[node] = value
        return value

    def eval_name(self, name: str, node: ast.AST, state: State) -> Value:
        if name in state.env:
            return state.env[name]
        value = self.model.outer_value(self.scope, name)
        if value.key is not None or name in self.random_key_args:
            # A key from an outer scope is tracked afresh inside this function.
            value = replace(value, key=("outer", name))
            state.env[name] = value
        return value

    def _eval_Name(self, node: ast.Name, state: State) -> Value:
        return self.eval_name(node.id, node, state)

    def _eval_Constant(self, node: ast.Constant, state: State) -> Value:
        return STATIC

    def _eval_JoinedStr(self, node: ast.JoinedStr, state: State) -> Value:
        for part in node.values:
            self.eval(part, state)
        return STATIC

    def _eval_FormattedValue(self, node: ast.FormattedValue, state: State) -> Value:
        value = self.eval(node.value, state)
        if node.format_spec is not None:
            self.eval(node.format_spec, state)
        return value

    def _eval_Tuple(self, node: ast.Tuple | ast.List | ast.Set, state: State) -> Value:
        elts = tuple(self.eval(e, state) for e in node.elts)
        traced = TRACED_TREE if any(e.traced for e in elts) else NOT_TRACED
        static = all(e.static for e in elts)
        return Value(traced=traced, static=static and not traced, shape=static and any(e.shape for e in elts),
                     is_tuple=True, elts=elts)

    _eval_List = _eval_Tuple
    _eval_Set = _eval_Tuple

    def _eval_Dict(self, node: ast.Dict, state: State) -> Value:
        values = [self.eval(v, state) for v in node.values]
        for key in node.keys:
            if key is not None:
                self.eval(key, state)
        return TREE if any(v.traced for v in values) else UNKNOWN

    def _eval_BinOp(self, node: ast.BinOp, state: State) -> Value:
        return binary(node.op, self.eval(node.left, state), self.eval(node.right, state))

    def _eval_UnaryOp(self, node: ast.UnaryOp, state: State) -> Value:
        operand = self.eval(node.operand, state)
        if isinstance(node.op, ast.Not):
            return STATIC if operand.static else UNKNOWN
        return operand.as_array()

    def _eval_BoolOp(self, node: ast.BoolOp, state: State) -> Value:
        # `restore(key) or init(key)`: an operand runs only where the one before it gave up (its
        # value is read for its truth, then dropped), so the keys each draws are drawn on paths
        # apart. Names they bind (`:=`) carry over in order.
        before, drawn = state.copy(), state.copy()
        tested = node.values[0]
        given_up = self._given_up(tested, node, before) if isinstance(node.op, ast.Or) and isinstance(tested, ast.Name) \
            else set()
        values = []
        for index, operand in enumerate(node.values):
            state.consumed, state.folded = dict(before.consumed), {k: dict(v) for k, v in before.folded.items()}
            if index:
                for key in given_up:
                    del state.consumed[key]
            values.append(self.eval(operand, state))
            _add_draws(drawn, state)
        state.consumed, state.folded = drawn.consumed, drawn.folded
        if all(v.static for v in values):
            return STATIC
        return UNKNOWN

    def _given_up(self, tested: ast.Name, node: ast.AST, state: State) -> set[tuple]:
        """The keys whose consumer made the value `tested` holds (`state = restore(key)`, or
        `state = restore(path, fallback(key))`, bound there last): where `node` (`state or
        init(key)`, `if state is None: init(key)`) finds it empty, that consumer gave nothing
        back, as in `restore(key) or init(key)`, so what runs there draws on a path of its own."""
        bound = [b.lineno for b in self.scope.bindings.get(tested.id, []) if b.lineno < node.lineno]  # type: ignore[attr-defined]
        given_up = set()
        for key, (call, _) in state.consumed.items():
            statement = self._assignment_of(call)
            if statement is not None and bound and statement.lineno == max(bound) \
                    and tested.id in _top_level_names(statement.targets):
                given_up.add(key)
        return given_up

    def _assignment_of(self, call: ast.Call) -> ast.Assign | None:
        """The assignment whose value holds `call` (its result flows into what it binds)."""
        child, parent = call, self.model.parent(call)
        while parent is not None and not isinstance(parent, ast.stmt):
            child, parent = parent, self.model.parent(parent)
        return parent if isinstance(parent, ast.Assign) and parent.value is child else None

    def _eval_Compare(self, node: ast.Compare, state: State) -> Value:
        operands = [self.eval(node.left, state)] + [self.eval(c, state) for c in node.comparators]
        return comparison_value(node.ops, [node.left, *node.comparators], operands)

    def _eval_IfExp(self, node: ast.IfExp, state: State) -> Value:
        self.eval(node.test, state)
        return join(*self._alternatives([node.body, node.orelse], state))  # only one arm runs

    def _eval_NamedExpr(self, node: ast.NamedExpr, state: State) -> Value:
        value = self.eval(node.value, state)
        self.bind(node.target, value, state, node.value)
        return value

    def _eval_Lambda(self, node: ast.Lambda, state: State) -> Value:
        for default in node.args.defaults:
            self.eval(default, state)
        return UNKNOWN

    def _eval_comprehension(self, node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
                            state: State) -> Value:
        inner = state.copy()
        outermost = self.eval(node.generators[0].iter, inner)  # evaluated once, before the loop
        self.loop_depth += 1
        for _ in range(2):  # a comprehension is a loop: its body may run many times
            for index, gen in enumerate(node.generators):
                items = outermost if index == 0 else self.eval(gen.iter, inner)
                self.bind(gen.target, self.iter_element(gen.iter, items), inner, None, fresh_keys=True)
                for cond in gen.ifs:
                    self.eval(cond, inner)
            parts = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]  # type: ignore[attr-defined]
            values = [self.eval(p, inner) for p in parts]
        self.loop_depth -= 1
        state.consumed.update({k: v for k, v in inner.consumed.items() if k not in state.consumed})
        if any(v.traced for v in values):
            return TREE
        if all(v.static for v in values):  # [g.size for g in leaves]: a static list
            return Value(static=True, shape=all(v.shape for v in values), is_tuple=True)
        return UNKNOWN

    _eval_ListComp = _eval_comprehension
    _eval_SetComp = _eval_comprehension
    _eval_GeneratorExp = _eval_comprehension
    _eval_DictComp = _eval_comprehension

    def _eval_Attribute(self, node: ast.Attribute, state: State) -> Value:
        base = self.eval(node.value, state)
        qualified = self.model.qualified(node, self.scope)
        if qualified is not None:
            return STATIC  # a module attribute such as `jnp.float32` or `math.pi`
        if node.attr in api.SHAPE_ATTRS:
            return Value(static=True, shape=True, is_tuple=node.attr == "shape")
        if self.tracks_keys and self.model.repetition.stored_key(self.scope, node):
            return Value(key=("stored", node.attr), jax=True)  # the same key on every call
        if node.attr in api.STATIC_ATTRS:
            return STATIC
        if node.attr in api.ARRAY_ATTRS and (base.traced or base.jax or base.numpy):
            return replace(base.as_array(), static=False, shape=False)
        if base.fields is not None:
            return dict(base.fields).get(node.attr, UNKNOWN)
        if (field_value := self.model.class_fields.self_field(self.scope, node)) is not None:
            return field_value  # `self.features` of a module whose fields are Python values
        if base.static and not base.traced:
            return STATIC  # an attribute of a Python value known at trace time (a static config)
        if base.traced and not api.METADATA_ATTR.search(node.attr):
            # Static metadata (`x.irreps`) as well as a leaf: traced for sure only where the class says so.
            return replace(TREE, uncertain=True)
        return UNKNOWN

    def _eval_Subscript(self, node: ast.Subscript, state: State) -> Value:
        base = self.eval(node.value, state)
        index = self.eval(node.slice, state)
        if isinstance(node.value, ast.Attribute) and node.value.attr == "at":
            return UNKNOWN  # x.at[i]: only its methods matter
        if base.shape and base.static:
            is_slice = isinstance(node.slice, ast.Slice)
            return Value(static=True, shape=True, is_tuple=is_slice)
        if base.elts is not None and isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, int):
            if -len(base.elts) <= node.slice.value < len(base.elts):
                return base.elts[node.slice.value]
        if base.static and not base.traced and index.static and not index.traced and not (base.jax or base.numpy):
            # a Python value known at trace time (a list of sizes, a config dict), indexed by one
            return Value(static=True, is_tuple=base.is_tuple and isinstance(node.slice, ast.Slice))
        if base.key is not None:
            if isinstance(node.slice, ast.Constant):
                return Value(key=(*base.key, node.slice.value), jax=True, traced=base.traced)
            # keys[i]: which key depends on `i`; only a name bound to it is one key (`k = keys[i]`)
            return Value(key=("index", id(node)), jax=True, traced=base.traced)
        if base.traced:
            if base.leaves and constant_key(node.slice) and (base.traced == TRACED_TREE or _string_key(node.slice)):
                return self._entry(node)  # (an array's row `x[0]` stays an element of it)
            if _string_key(node.slice):
                return TREE  # x["name"]: the base is a dict, the entry may be anything
            return element(base)
        if base.jax:
            return Value(jax=True, traced=TRACED_ARRAY if index.traced else NOT_TRACED)
        if base.numpy:
            return Value(numpy=not index.traced, traced=TRACED_ARRAY if index.traced else NOT_TRACED,
                         jax=bool(index.traced))
        return UNKNOWN

    def _entry(self, node: ast.expr) -> Value:
        """`cfg["flag"]` of a pytree handed in through a transform, or a name unpacked from it: a
        leaf, so an array tracer, unless this function uses the entry as a container (then a subtree,
        maybe)."""
        if self._containers is None:
            self._containers = used_as_containers(self.scope)
        if isinstance(node, (ast.Tuple, ast.List, ast.Starred)) or entry_key(node) in self._containers:
            return replace(TREE, leaves=True)
        return replace(TRACED, jax=False)  # a tracer, but a subtree for all we know about its type

    def _eval_Slice(self, node: ast.Slice, state: State) -> Value:
        parts = [self.eval(p, state) for p in (node.lower, node.upper, node.step) if p is not None]
        return combine(parts) if parts else STATIC

    def _eval_Starred(self, node: ast.Starred, state: State) -> Value:
        return self.eval(node.value, state)

    def _eval_Await(self, node: ast.Await, state: State) -> Value:
        self.eval(node.value, state)
        return UNKNOWN

    def _eval_Call(self, node: ast.Call, state: State) -> Value:
        func = self.eval(node.func, state)
        qualified = self.model.qualified(node.func, self.scope)
        if qualified in api.SELECTORS:
            args = self._alternatives(node.args, state)
        else:
            args = [self.eval(a, state) for a in node.args]
        kwargs = {k.arg or "**": self.eval(k.value, state) for k in node.keywords}
        result = call_value(self, node, qualified, func, args, kwargs)
        if qualified is None and (fields := self.model.constructed_fields(node, self.scope, args, kwargs)) is not None:
            result = Value(traced=TRACED_TREE if any(v.traced for _, v in fields) else NOT_TRACED, fields=fields)
        elif qualified == "jax.tree.map" and not result.traced and node.args and self._closes_over_traced(
                node.args[0], state):
            result = MAYBE_TRACED  # jax.tree.map(lambda x: x[i], tree) with a traced `i`
        if self.tracks_keys:
            self._consume_keys(node, args, kwargs, state)
        if self.info is not None and self.info.traced:
            self.facts.callee_args.append((node, args, kwargs))
        return result

    def _closes_over_traced(self, callback: ast.expr, state: State) -> bool:
        """A lambda that reads a traced value of this function."""
        if not isinstance(callback, ast.Lambda):
            return False
        params = {a.arg for a in ast.walk(callback.args) if isinstance(a, ast.arg)}
        return any(isinstance(n, ast.Name) and n.id not in params and state.env.get(n.id, UNKNOWN).traced
                   for n in ast.walk(callback.body))

    def _alternatives(self, exprs: list[ast.expr], state: State) -> list[Value]:
        """Arguments of which only one is used (`lax.select(c, f(key), g(key))`): joined like branches."""
        values, result = [], None
        for expr in exprs:
            branch = state.copy()
            values.append(self.eval(expr, branch))
            result = branch if result is None else merge(result, branch)
        if result is not None:
            self._replace(state, result)
        return values

    # -- iteration -----------------------------------------------------------------------

    def iter_element(self, iter_node: ast.AST, items: Value) -> Value:
        if isinstance(iter_node, ast.Call):
            name = self.model.qualified(iter_node.func, self.scope)
            args = [self.facts.value(a) for a in iter_node.args]
            if name == "builtins.range":
                return Value(static=all(a.static for a in args), shape=any(a.shape for a in args))
            if name == "builtins.enumerate" and iter_node.args:
                return Value(elts=(STATIC, self.iter_element(iter_node.args[0], args[0])), is_tuple=True)
            if name == "builtins.zip" and not any(isinstance(a, ast.Starred) for a in iter_node.args):
                return Value(elts=tuple(self.iter_element(n, a) for n, a in zip(iter_node.args, args)), is_tuple=True)
            if name in _SAME_ELEMENTS and len(iter_node.args) == 1 and not isinstance(iter_node.args[0], ast.Starred):
                return self.iter_element(iter_node.args[0], args[0])  # `sorted(d.items())`: the same elements
            mapping_view = _mapping_view(iter_node)
            if mapping_view == "keys":  # a tracer is unhashable: no mapping, traced pytree or not, has one as a key
                return STATIC
            if mapping_view == "items":
                return Value(elts=(STATIC, element(items)), is_tuple=True)
        if items.elts is not None and items.elts:
            first = items.elts[0]
            return first if all(e == first for e in items.elts) else replace(element(items), key=None)
        result = element(items)
        if items.key is not None:  # for k in split(key, n): a fresh key each iteration
            return Value(key=("iter", id(iter_node)), jax=True)
        return result

    # -- PRNG keys -----------------------------------------------------------------------

    def _consume_keys(self, node: ast.Call, args: list[Value], kwargs: dict[str, Value], state: State) -> None:
        kind = self.model.keys.key_use(node, self.scope)
        if kind in ("ignore", "keep") or self._in_assert(node):
            return
        exprs = list(zip(node.args, args)) + [(k.value, kwargs[k.arg or "**"]) for k in node.keywords]
        if kind == "fold":
            data = node.args[1] if len(node.args) > 1 else None
            if node.args and args and args[0].key is not None and isinstance(data, ast.Constant):
                self._derive(node.args[0], args[0].key, ("fold_in", data.value), node, state)
            return
        if kind == "derive":  # flax init/apply: keys derived per module path, the same for the same call
            rngs = flax_rng_arguments(node)
            method = next((ast.dump(k.value) for k in node.keywords if k.arg == "method"), None)
            derived = set()  # one key for several streams (`rngs={"params": k, "dropout": k}`): once
            for expr in rngs:
                if (key := self.facts.value(expr).key) is not None and key not in derived:
                    derived.add(key)
                    self._derive(expr, key, ("flax", last_name(node.func), method), node, state)
            passed_on = {id(e) for e in flax_module_arguments(node)}
            exprs = [(e, v) for e, v in exprs if id(e) in passed_on]
            kind = "consume"  # the module's own arguments: an unknown method
            unknown = True
        else:
            unknown = kind == "consume" and self.model.keys.unknown_consumer(node, self.scope) \
                and not self.model.keys.makes_initializer(node.func, self.scope)
        if kind == "sampler" and node.args:
            exprs = exprs[:1] + [(e, v) for e, v in exprs[1:] if v.key is not None]
        elif kind == "consume":
            for expr, value in self.model.keys.deriving_arguments(node, self.scope, exprs):
                if value.key is not None:  # a helper deriving from the key: the same keys for the same key
                    self._derive(expr, value.key, ("call", ast.dump(node.func)), node, state)
            exprs = self.model.keys.consuming_arguments(node, self.scope, exprs)
        named = {id(k.value) for k in node.keywords if k.arg is not None and self.model.keys.takes_key_as(k.arg)}
        for expr, value in exprs:
            # Handed to an unknown callee, not as its key (`f(key=k)`): whether it draws is unknown.
            maybe = unknown and id(expr) not in named
            for sub_expr, sub_value in _key_parts(expr, value, self):
                if sub_value.key is None:
                    continue
                first = state.consumed.get(sub_value.key)
                if maybe:
                    self._maybe_drawn.add(sub_expr)
                if maybe and (first is None or first[1] in self._maybe_drawn):
                    # Only unknown callees may have drawn from it: no evidence of a reuse by itself
                    # (`restore(key) or Model(key)`, `net.init(key)` then `net.apply(p, key)`).
                    if first is None:
                        state.consumed[sub_value.key] = (node, sub_expr)
                    continue
                if first is None and sub_value.key[0] == "outer" and self.info is not None and self.info.loop_body:
                    # a lax loop body reading a key from outside: the same key every iteration
                    self.loop_depth += 1
                    self._reuse(sub_expr, node, node)
                    self.loop_depth -= 1
                elif first is None and (sub_value.key[0] == "outer" and self._batched_apart_from(sub_value.key[1])
                                        or sub_value.key[0] == "param" and kind == "sampler"
                                        and self._passed_unbatched(sub_value.key[1], node)):
                    self._reuse(sub_expr, node, node, batched=True)  # the same key for every element
                elif first is None and sub_value.key[0] in ("outer", "stored") and (
                        again := self._runs_again(sub_value.key, node)):
                    self._reuse(sub_expr, node, again, repeated=True)
                elif kind == "store":
                    if first is not None:  # a consumed key kept for later: it will be drawn from again
                        self._reuse(sub_expr, node, first[0])
                elif first is not None and self._is_split(node) and not self._is_split(first[0]):
                    self._reuse(first[1], first[0], node, split_elsewhere=True)  # where the fix goes
                elif first is not None and not (first[0] is node and self._picks_one_element(node)):
                    self._reuse(sub_expr, node, first[0])
                elif first is None:
                    state.consumed[sub_value.key] = (node, sub_expr)

    def _derive(self, expr: ast.AST, key: tuple, what: tuple, call: ast.Call, state: State) -> None:
        """`what` derived from `key` without consuming it: twice is the same key twice."""
        seen = state.folded.setdefault(key, {})
        if what in seen:
            self._reuse(expr, call, seen[what])
        else:
            seen[what] = call

    def _batched_apart_from(self, name: str) -> bool:
        """This function is vmapped, and the key `name` it reads comes from outside any batch: one
        key for all elements. (An element's own key shared by an inner vmap over alternatives is
        how coupled sampling draws them with common random numbers.)"""
        if self.info is None or not self.info.batched:
            return False
        owner = self.scope.lookup_scope(name)
        return owner is None or not any(self.model.info(s).batched for s in (owner, *owner.ancestors()))

    def _passed_unbatched(self, name: str, draw: ast.Call) -> bool:
        """This function is vmapped with `in_axes=None` for its key parameter `name`, and `draw`
        draws from it: every element gets the caller's one key. Not where the function sits inside a
        vmapped one (an element's own key shared by an inner vmap over alternatives, as for the keys
        read from outside), nor where the draw runs only on a branch chosen by what the batch passes
        (`if query is None: query = uniform(key)`, with `query` mapped: an array, never None)."""
        info = self.info
        if info is None or not info.batched or name not in info.unbatched:
            return False
        if any(self.model.info(s).batched for s in self.scope.ancestors()):
            return False
        mapped = info.traced_params - info.unbatched
        child, parent = draw, self.model.parent(draw)
        while parent is not None and parent is not self.scope.node:
            if isinstance(parent, (ast.If, ast.IfExp, ast.While)) and child is not parent.test and any(
                    isinstance(n, ast.Name) and n.id in mapped for n in ast.walk(parent.test)):
                return False
            child, parent = parent, self.model.parent(parent)
        return True

    def _runs_again(self, key: tuple, consumer: ast.Call) -> ast.AST | None:
        """A call that runs this function again while the key it reads from outside stays the same
        (and what it draws is used there, not only to initialise parameters)."""
        repetition = self.model.repetition
        if key[0] == "outer" and not repetition.never_advanced(self.scope, key[1]):
            return None
        if key[0] == "stored" and repetition.initialises_only(self.scope, consumer):
            return None
        return repetition.repeated_call(self.scope, same_object=key[0] == "stored")

    def _is_split(self, call: ast.Call) -> bool:
        return self.model.qualified(call.func, self.scope) == "jax.random.split"

    def _picks_one_element(self, node: ast.AST) -> bool:
        """Under a type or identity test of the loop's element (`for layer in layers: if
        isinstance(layer, Dropout): ...`): how many iterations take that branch is unknown."""
        child, parent = node, self.model.parent(node)
        tests = []
        while parent is not None and not isinstance(parent, (ast.For, ast.AsyncFor, ast.FunctionDef, ast.Lambda)):
            if isinstance(parent, ast.If) and child is not parent.test:
                tests.append(parent.test)
            child, parent = parent, self.model.parent(parent)
        if not isinstance(parent, (ast.For, ast.AsyncFor)):
            return False
        elements = {n.id for n in ast.walk(parent.target) if isinstance(n, ast.Name)}
        return any(_element_test(test, elements) for test in tests)

    def _in_assert(self, node: ast.AST) -> bool:
        parent = self.model.parent(node)
        while parent is not None and not isinstance(parent, ast.stmt):
            parent = self.model.parent(parent)
        return isinstance(parent, ast.Assert)

    def _reuse(self, expr: ast.AST, call: ast.Call, first: ast.AST, split_elsewhere: bool = False,
               repeated: bool = False, batched: bool = False) -> None:
        if expr in self._reported:
            return
        self._reported.add(expr)
        name = ast.unparse(expr) if not isinstance(expr, ast.Name) else expr.id
        self.facts.key_reuses.append(KeyUse(expr, call, name, first, self.loop_depth > 0, split_elsewhere, repeated,
                                            batched))


def comparison_value(ops: list[ast.cmpop], exprs: list[ast.expr], operands: list[Value]) -> Value:
    """The value of `exprs[0] ops[0] exprs[1] ...`, given the operands' values."""
    if all(isinstance(op, (ast.Is, ast.IsNot)) for op in ops):
        return STATIC
    if any(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in exprs) and all(
            isinstance(op, (ast.Eq, ast.NotEq)) for op in ops):
        return STATIC  # a tracer compares unequal to a str without raising
    if all(o.static and not o.traced for o in operands):
        return combine([o.as_array() for o in operands])  # `x.shape == (3,)`, `n == 2`: static
    if not any(o.traced == TRACED_ARRAY for o in operands) and any(
            isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in ops):
        return UNKNOWN  # a container or a string may be compared for equality without raising
    if len(ops) == 1 and isinstance(ops[0], (ast.In, ast.NotIn)) and not operands[0].surely_traced_array:
        return UNKNOWN  # `name in params`: membership in a pytree container is fine
    return combine([o.as_array() for o in operands])


def _string_key(index: ast.expr) -> bool:
    return isinstance(index, ast.Constant) and isinstance(index.value, str)


def _element_test(test: ast.expr, elements: set[str]) -> bool:
    """`isinstance(x, T)`, `type(x) is T`, `x is y` on a loop element `x`."""
    if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "isinstance" and test.args:
        subject = test.args[0]
    elif isinstance(test, ast.Compare) and all(isinstance(op, (ast.Is, ast.Eq)) for op in test.ops):
        subject = test.left
        if isinstance(subject, ast.Call) and isinstance(subject.func, ast.Name) and subject.func.id == "type":
            subject = subject.args[0] if subject.args else subject
    else:
        return False
    return isinstance(subject, ast.Name) and subject.id in elements


def function_value(model: Model, node: ast.FunctionDef | ast.AsyncFunctionDef) -> Value:
    """The value a `def` binds: a callable that gives JAX arrays when a transform decorates it
    (the function's own results, unless it is differentiated)."""
    scope = model.scope_of.get(node)
    info = model.trace.get(scope) if scope else None
    decorators = [TRANSFORMS.get(r[len("decorated with "):]) for r in info.reasons
                  if r.startswith("decorated with ")] if info is not None else []
    if not decorators:
        return UNKNOWN
    differentiated = any(t is not None and t.kind == "grad" for t in decorators)
    return Value(returns_arrays=True, returns_of=() if differentiated else (scope,))


def _dispatch_table(prefix: str) -> dict[type, object]:
    """Node type → its `_stmt_X`/`_eval_X` method, built once: looking it up is the hot path."""
    return {getattr(ast, name[len(prefix):]): method for name, method in vars(Interpreter).items()
            if name.startswith(prefix) and hasattr(ast, name[len(prefix):])}


_STATEMENTS = _dispatch_table("_stmt_")
_EXPRESSIONS = _dispatch_table("_eval_")


def _key_parts(expr: ast.AST, value: Value, interp: Interpreter):
    """The named key values an argument passes: the argument itself, or the values of a dict/list
    literal. A key made inline (`normal(key(0))`) is a new value each time: not tracked."""
    if value.key is not None:
        if value.key[0] == "index" and isinstance(expr, ast.Subscript):
            return  # `normal(keys[i])`: a different key wherever `i` differs
        if isinstance(expr, (ast.Name, ast.Subscript, ast.Attribute)):
            yield expr, value
    elif isinstance(expr, (ast.Dict, ast.List, ast.Tuple)):
        for sub in expr.values if isinstance(expr, ast.Dict) else expr.elts:
            yield from _key_parts(sub, interp.facts.value(sub), interp)


def _emptiness_test(test: ast.expr) -> tuple[ast.Name | None, bool]:
    """`name is None` / `not name` (the body runs where it is empty: True), `name is not None` /
    `name` (the else runs there: False); (None, False) for any other test."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not) and isinstance(test.operand, ast.Name):
        return test.operand, True
    if isinstance(test, ast.Name):
        return test, False
    if isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and len(test.ops) == 1 \
            and isinstance(test.comparators[0], ast.Constant) and test.comparators[0].value is None \
            and isinstance(test.ops[0], (ast.Is, ast.IsNot)):
        return test.left, isinstance(test.ops[0], ast.Is)
    return None, False


def _top_level_names(targets: list[ast.expr]) -> set[str]:
    """The names an assignment binds to its value or to the items of its value (`a, b = ...`)."""
    names = set()
    for target in targets:
        elements = target.elts if isinstance(target, ast.Tuple) else [target]
        names |= {e.id for e in elements if isinstance(e, ast.Name)}
    return names


# Builtins that iterate over the elements of their one argument, reordered or copied.
_SAME_ELEMENTS = frozenset(("builtins.sorted", "builtins.reversed", "builtins.list", "builtins.tuple"))


def _mapping_view(node: ast.Call) -> str | None:
    """`d.keys()` or `d.items()` (no arguments): the view iterated, which only mappings have."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("keys", "items") and not node.args and not node.keywords:
        return func.attr
    return None
