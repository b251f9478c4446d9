"""The interpreter's statements: each one run on the state in order, branches joined, loops
iterated to a fixed point, and names bound to values (`Interpreter` composes it)."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from jaxlint.knowledge.transforms import TRANSFORMS
from jaxlint.semantic.interpret_state import (
    Facts,
    State,
    dispatch_table,
    merge,
    settled,
)
from jaxlint.semantic.values import UNKNOWN, Value, binary, element

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model


class StatementInterpreter:
    """Statements and binding; the expressions they evaluate come from `Interpreter`."""

    facts: Facts
    model: Model
    loop_depth: int

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
            if settled(before, current):
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
        if value.leaves and value.traced and isinstance(target, (ast.Tuple, ast.List)):
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


_STATEMENTS = dispatch_table(StatementInterpreter, "_stmt_")
