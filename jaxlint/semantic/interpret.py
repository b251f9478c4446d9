"""A small abstract interpreter: walks one function's statements in order, keeping an
environment of abstract values, joining at branches and iterating loops to a fixed point.

`Interpreter` is composed of the statements (interpret_statements.py), the PRNG key tracking
(interpret_keys.py) and, here, the expressions; its state and facts are in interpret_state.py."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from jaxlint.knowledge import api
from jaxlint.semantic.calls import call_value
from jaxlint.semantic.entries import constant_key, entry_key, key_value, leaf_expression, used_as_arrays, used_as_containers
from jaxlint.semantic.imports import qualified_name
from jaxlint.semantic.interpret_keys import KeyTracker
from jaxlint.semantic.interpret_state import (
    Facts,
    KeyUse,
    State,
    add_draws,
    dispatch_table,
    merge,
)
from jaxlint.semantic.interpret_statements import StatementInterpreter, function_value
from jaxlint.semantic.scopes import class_named, every_parameter
from jaxlint.semantic.values import (
    MAYBE_TRACED,
    NOT_TRACED,
    STATIC,
    TEXT,
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
    from jaxlint.semantic.trace_info import TraceInfo


__all__ = ["Facts", "Interpreter", "KeyUse", "State", "comparison_value", "function_value", "merge"]


class Interpreter(StatementInterpreter, KeyTracker):
    def __init__(self, model: Model, scope: Scope, info: TraceInfo | None) -> None:
        self.model = model
        self.scope = scope
        self.info = info
        self.facts = Facts()
        self.loop_depth = 0
        self._reported: set[ast.AST] = set()
        self._maybe_drawn: set[ast.AST] = set()  # key arguments only an unknown callee may draw from
        self._containers: set[str] | None = None  # entries this function uses as containers, when asked
        self._arrays: set[str] | None = None  # and those it computes with as arrays
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
        for param in every_parameter(self.scope.node.args):  # type: ignore[attr-defined]
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
            # an array as far as control flow goes; what it is (a list, a dict, a Pallas `Ref`) only its
            # callers say: an annotation is not evidence
            value = replace(value, jax=False)
        elif info is not None and (name in info.static_params or name in info.given_static):
            value = STATIC
        if value.traced and info is not None and info.all_params_traced and not info.filtered \
                and "module" not in info.transforms and (info.cached or not info.batched):
            # handed in by the transform itself, every leaf traced (vmap alone may pass some leaves
            # through as they are: `in_axes=(0, {"flag": None})`)
            value = replace(value, leaves=True)
        if name in self.random_key_args:
            value = replace(value, key=("param", name))
        return value
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
        if type(node) in _UNHASHABLE_DISPLAYS:
            value = replace(value, unhashable=_UNHASHABLE_DISPLAYS[type(node)])
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
        return TEXT if node.value is None or isinstance(node.value, str) else STATIC

    def _eval_JoinedStr(self, node: ast.JoinedStr, state: State) -> Value:
        for part in node.values:
            self.eval(part, state)
        return TEXT

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
            add_draws(drawn, state)
        state.consumed, state.folded = drawn.consumed, drawn.folded
        if all(v.static for v in values):
            return STATIC
        return UNKNOWN
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
        if _class_text_constant(node, self.scope):
            return TEXT
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
        if self._arrays is None:
            self._arrays = used_as_arrays(self.scope)
        # a tracer, but a subtree for all we know about its type: None or a dict, unless the function
        # uses it as an array or the loop's initial carry gives a leaf there
        proven = entry_key(node) in self._arrays or self._given_leaf(node)
        return replace(TRACED, jax=False, uncertain=not proven)

    def _given_leaf(self, node: ast.expr) -> bool:
        """`cfg["flag"]`, `state[1]`, or `done` of `x, done = carry`, where what the function is
        given there is a leaf: every initial carry of the lax loop it is the body of, or every call
        of it in this module, passes a number, a bool or a `jnp` result (`(x, False)`,
        `{"flag": True}`)."""
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and constant_key(node.slice):
            param, entry = node.value.id, key_value(node.slice)
        else:
            tuple_, statement = self.model.parent(node), self.model.parent(self.model.parent(node))
            if not (isinstance(tuple_, (ast.Tuple, ast.List)) and isinstance(statement, ast.Assign)
                    and isinstance(statement.value, ast.Name)):
                return False
            param, entry = statement.value.id, tuple_.elts.index(node)
        if len(self.scope.bindings.get(param, ())) != 1 or self.scope.bindings[param][0].kind != "param":
            return False
        carries = self.info.carry_leaves if self.info is not None else {}
        if param in carries:
            return entry in carries[param]
        given = self.model.arguments_from_callers(self.scope, param)
        return bool(given) and all(_literal_leaf(argument, entry, scope, self.model) for scope, argument in given)

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
        if qualified in api.UNHASHABLE_RESULTS:
            result = replace(result, unhashable=api.UNHASHABLE_RESULTS[qualified])
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
        lambda_scope = self.model.scope_of.get(callback) if isinstance(callback, ast.Lambda) else None
        if lambda_scope is None:
            return False
        params = {a.arg for a in every_parameter(callback.args)}  # type: ignore[attr-defined]
        # its body's names are those the scopes of the lambda and of what it nests hold
        return any(n.id not in params and state.env.get(n.id, UNKNOWN).traced  # type: ignore[attr-defined]
                   for inner in lambda_scope.subtree() for n in inner.of_type(ast.Name))

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


# Enum members that are not numbers: an array compared to one with `==` gives False (JAX 0.10.2).
_TEXT_ENUMS = frozenset(("enum.Enum", "enum.StrEnum"))


def _class_text_constant(node: ast.Attribute, scope: Scope) -> bool:
    """`Mode.PREFILL` of a class of this module whose body binds `PREFILL` once, to a str or None,
    or a member of an `Enum` (not an `IntEnum`) of this module."""
    cls = class_named(scope, node.value.id) if isinstance(node.value, ast.Name) else None
    if cls is None:
        return False
    if any(qualified_name(base, scope) in _TEXT_ENUMS for base in cls.bases):
        return True
    values = [stmt.value for stmt in cls.body if isinstance(stmt, (ast.Assign, ast.AnnAssign))  # type: ignore[attr-defined]
              and any(isinstance(t, ast.Name) and t.id == node.attr
                      for t in (stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]))]
    return len(values) == 1 and isinstance(values[0], ast.Constant) and (
        values[0].value is None or isinstance(values[0].value, str))


def comparison_value(ops: list[ast.cmpop], exprs: list[ast.expr], operands: list[Value]) -> Value:
    """The value of `exprs[0] ops[0] exprs[1] ...`, given the operands' values."""
    if all(isinstance(op, (ast.Is, ast.IsNot)) for op in ops):
        return STATIC
    if any(o.text for o in operands) and all(isinstance(op, (ast.Eq, ast.NotEq)) for op in ops):
        return STATIC  # a tracer compares unequal to a str or None without raising
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


_EXPRESSIONS = dispatch_table(Interpreter, "_eval_")
_UNHASHABLE_DISPLAYS = {ast.List: "a list", ast.ListComp: "a list", ast.Dict: "a dict", ast.DictComp: "a dict",
                        ast.Set: "a set", ast.SetComp: "a set"}


# Builtins that iterate over the elements of their one argument, reordered or copied.
_SAME_ELEMENTS = frozenset(("builtins.sorted", "builtins.reversed", "builtins.list", "builtins.tuple"))


def _mapping_view(node: ast.Call) -> str | None:
    """`d.keys()` or `d.items()` (no arguments): the view iterated, which only mappings have."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("keys", "items") and not node.args and not node.keywords:
        return func.attr
    return None


def _literal_leaf(argument: ast.expr, entry: object, scope: Scope, model: Model) -> bool:
    """The entry `entry` of the display `argument` (`{"flag": True}`, `(x, 0)`) is a leaf."""
    if isinstance(argument, ast.Dict):
        items = [v for k, v in zip(argument.keys, argument.values) if isinstance(k, ast.Constant) and k.value == entry]
    elif (isinstance(argument, (ast.Tuple, ast.List)) and isinstance(entry, int)
          and -len(argument.elts) <= entry < len(argument.elts)):
        items = [argument.elts[entry]]
    else:
        return False
    return len(items) == 1 and leaf_expression(items[0], lambda func: model.qualified(func, scope))
