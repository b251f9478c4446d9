"""The interpreter's PRNG key tracking: which calls draw from which keys, and each key drawn
from a second time (`Interpreter` composes it)."""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import NO_DRAW_SWITCHES
from jaxlint.semantic.calls import flax_module_arguments, flax_rng_arguments
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.interpret_state import Facts, KeyUse, State
from jaxlint.semantic.liveness import results_unused
from jaxlint.semantic.values import Value

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.trace_info import TraceInfo


class KeyTracker:
    """Keys consumed and derived, and their reuses (reported into `facts.key_reuses`)."""

    facts: Facts
    model: Model
    scope: Scope
    info: TraceInfo | None
    loop_depth: int
    _reported: set[ast.AST]
    _maybe_drawn: set[ast.AST]

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

    # -- PRNG keys -----------------------------------------------------------------------

    def _consume_keys(self, node: ast.Call, args: list[Value], kwargs: dict[str, Value], state: State) -> None:
        kind = self.model.keys.key_use(node, self.scope)
        if kind in ("ignore", "keep") or self._in_assert(node):
            return
        exprs = list(zip(node.args, args)) + [(k.value, kwargs[k.arg or "**"]) for k in node.keywords]
        if kind == "sampler" and node.args:  # the key: a `jax.random` function's first argument
            exprs[0] = self._drawn_name(*exprs[0], state)
        if kind == "fold":
            data = node.args[1] if len(node.args) > 1 else None
            if node.args and args and args[0].key is not None and isinstance(data, ast.Constant):
                self._derive(node.args[0], args[0].key, ("fold_in", data.value), node, state)
            return
        if kind == "derive":  # flax init/apply: keys derived per module path, the same for the same call
            if _switched_off(node):
                return  # `apply(..., deterministic=True)`: dropout draws nothing from its keys
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
        elif not any(v.key is not None or any(True for _ in _key_parts(e, v, self)) for e, v in exprs):
            return  # no key is passed: none is drawn from or derived, whatever the callee does
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
        if kind != "store" and (self.model.qualified(node.func, self.scope) or "").startswith("jax.random.") \
                and results_unused(self.model, self.scope, node):
            return  # what it drew is never read (`k1, k2 = split(key)` bound again before any use): no draw
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
                if first is None and sub_value.key[0] == "outer" and self.info is not None and self.info.loop_body \
                        and not (kind == "consume" and self._hands_iteration_value(node, self.info.loop_counters)):
                    # a lax loop body reading a key from outside: the same key every iteration
                    self.loop_depth += 1
                    self._reuse(sub_expr, node, node)
                    self.loop_depth -= 1
                elif first is None and (sub_value.key[0] == "outer" and self._batched_apart_from(sub_value.key[1])
                                        or sub_value.key[0] == "param" and kind == "sampler"
                                        and self._passed_unbatched(sub_value.key[1], node)):
                    self._reuse(sub_expr, node, node, batched=True)  # the same key for every element
                elif first is None and sub_value.key[0] in ("outer", "stored") and not unknown and (
                        again := self._runs_again(sub_value.key, node)):
                    # (an unknown callee handed `key=key` may take an attention tensor of that name:
                    # "never advanced" needs a callee known to draw)
                    self._reuse(sub_expr, node, again, repeated=True)
                elif kind == "store":
                    if first is not None:  # a consumed key kept for later: it will be drawn from again
                        self._reuse(sub_expr, node, first[0])
                elif first is not None and self._is_split(node) and not self._is_split(first[0]):
                    self._reuse(first[1], first[0], node, split_elsewhere=True)  # where the fix goes
                elif first is not None and not (first[0] is node and (self._picks_one_element(node) or kind == "consume"
                                                                      and self._hands_iteration_value(node))):
                    self._reuse(sub_expr, node, first[0])
                elif first is None and kind != "store":  # kept in a record or a list: not drawn from yet
                    state.consumed[sub_value.key] = (node, sub_expr)

    def _drawn_name(self, expr: ast.expr, value: Value, state: State) -> tuple[ast.expr, Value]:
        """A local name a `jax.random` function draws from is a key, wherever its value came from (a
        helper's result, an item of a tuple a parameter holds): it keeps one identity until it is
        bound again, so a second draw from it is a reuse."""
        if value.key is None and isinstance(expr, ast.Name) and expr.id in state.env and self._bound_once(expr.id):
            value = replace(value, key=("drawn", expr.id))
            state.env[expr.id] = value
            self.facts.values[expr] = value
        return expr, value

    def _bound_once(self, name: str) -> bool:
        """`name` is a parameter, or assigned once, outside any loop: one value per call of the function."""
        bindings = self.scope.bindings.get(name, []) if self.scope.lookup_scope(name) is self.scope else []
        if len(bindings) != 1 or bindings[0].kind not in ("param", "assign"):
            return False
        node = bindings[0].node
        while (node := self.model.parent(node)) is not None and node is not self.scope.node:
            if isinstance(node, (ast.For, ast.AsyncFor, ast.While, ast.comprehension)):
                return False
        return True

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
        if key[0] == "stored" and (repetition.initialises_only(self.scope, consumer) or self._returns_own_kind(consumer)):
            return None
        return repetition.repeated_call(self.scope, same_object=key[0] == "stored")

    def _returns_own_kind(self, consumer: ast.Call) -> bool:
        """The method returns a new object of its class made from what it derives
        (`return PRNGKey(jax.random.split(self.rng, n))`): the class is an immutable key, and
        deriving twice from one such key is its caller's reuse, as for a plain key."""
        cls = self.scope.parent
        made, statement = self.model.parent(consumer), self.model.parent(self.model.parent(consumer))
        if cls is None or cls.kind != "class" or not isinstance(made, ast.Call) or consumer not in made.args \
                or not isinstance(statement, ast.Return):
            return False
        func = made.func
        own = {cls.node.name, "cls"}  # type: ignore[attr-defined]
        return (isinstance(func, ast.Name) and func.id in own) or ast.unparse(func) in ("type(self)", "self.__class__")

    def _is_split(self, call: ast.Call) -> bool:
        return self.model.qualified(call.func, self.scope) == "jax.random.split"

    def _hands_iteration_value(self, call: ast.Call, counters: set[str] = frozenset()) -> bool:  # type: ignore[assignment]
        """A callee not known to draw is handed, beside the key, the iteration's count: a
        `range`/`enumerate` count of the enclosing loop, or the index `counters` of a fori_loop's
        body (`sample(i, rng=rng)`); it may fold it in (`fold_in(rng, i)`) and draw afresh each time."""
        names = set(counters)
        parent = self.model.parent(call)
        while parent is not None and parent is not self.scope.node:
            if isinstance(parent, (ast.For, ast.AsyncFor)):
                names |= _counts(self.model, parent, self.scope)
            parent = self.model.parent(parent)
        passed = [*call.args, *(k.value for k in call.keywords)]
        return any(isinstance(arg, ast.Name) and arg.id in names for arg in passed)

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


def _switched_off(call: ast.Call) -> bool:
    """A flax `apply` given a keyword that switches its randomness off (`deterministic=True`)."""
    return last_name(call.func) == "apply" and any(
        k.arg in NO_DRAW_SWITCHES and isinstance(k.value, ast.Constant) and k.value.value is NO_DRAW_SWITCHES[k.arg]
        for k in call.keywords)


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


def _key_parts(expr: ast.AST, value: Value, interp: KeyTracker):
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


def _top_level_names(targets: list[ast.expr]) -> set[str]:
    """The names an assignment binds to its value or to the items of its value (`a, b = ...`)."""
    names = set()
    for target in targets:
        elements = target.elts if isinstance(target, ast.Tuple) else [target]
        names |= {e.id for e in elements if isinstance(e, ast.Name)}
    return names


def _counts(model: Model, loop: ast.For | ast.AsyncFor, scope: Scope) -> set[str]:
    """The loop's count: `i` of `for i in range(n)` or `for i, x in enumerate(xs)`."""
    source = loop.iter
    if not isinstance(source, ast.Call):
        return set()
    called = model.qualified(source.func, scope)
    if called == "builtins.range" and isinstance(loop.target, ast.Name):
        return {loop.target.id}
    if called == "builtins.enumerate" and isinstance(loop.target, ast.Tuple) and loop.target.elts \
            and isinstance(loop.target.elts[0], ast.Name):
        return {loop.target.elts[0].id}
    return set()
