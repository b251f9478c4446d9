"""The abstract interpreter's data: the state it walks a function with (an environment of values,
the keys drawn so far), joined at branches, and what it learns about the function (Facts)."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

from jaxlint.semantic.values import UNKNOWN, Value, join


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


def add_draws(into: State, state: State) -> None:
    """Keys `state` consumed or derived from, added to `into` where it has none yet."""
    for key, first in state.consumed.items():
        into.consumed.setdefault(key, first)
    for key, seen in state.folded.items():
        table = into.folded.setdefault(key, {})
        for what, call in seen.items():
            table.setdefault(what, call)


def settled(before: State, after: State) -> bool:
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



def dispatch_table(cls: type, prefix: str) -> dict[type, object]:
    """Node type → the `_stmt_X`/`_eval_X` method of `cls`, built once: looking it up is the hot path."""
    return {getattr(ast, name[len(prefix):]): method for name, method in vars(cls).items()
            if name.startswith(prefix) and hasattr(ast, name[len(prefix):])}
