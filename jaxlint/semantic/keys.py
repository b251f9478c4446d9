"""PRNG keys in one module: which names hold keys, and what each call does with the keys it is
given (draws from them, splits them, derives from them, keeps them, or ignores them).

The facts JAX102 and the interpreter read; built on the model's scopes and call resolution."""

from __future__ import annotations

import ast
import fnmatch
import functools
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import (
    ABSTRACT_EVALUATION,
    FLAX_KEY_DERIVING_METHODS,
    KEEPING_FUNCTIONS,
    KEEPING_METHODS,
    RECORD_CLASS_MAKERS,
    RECORD_FUNCTIONS,
    RECORD_METHODS,
    STAGING_METHODS,
    key_use,
)
from jaxlint.semantic.calls import flax_module_arguments, flax_rng_arguments
from jaxlint.semantic.classes import attribute_stores, method_class
from jaxlint.semantic.imports import last_name
from jaxlint.semantic.scopes import class_named

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class Keys:
    def __init__(self, model: Model, key_names: tuple[str, ...], text: str | None) -> None:
        """`text` is the module's source (unparsed from its tree when not given): whether it can
        hold keys at all is answered faster by a search of it."""
        self.model = model
        self._text = text
        self._key_name, self._key_name_pieces = _key_name_matchers(key_names)
        self._random_key_args: dict[Scope, frozenset[str]] = {}
        self._may_hold_keys: bool | None = None  # see may_hold_keys
        self._consumed_params: dict[Scope, frozenset[str]] = {}
        self._consumed_so_far: dict[Scope, frozenset[str]] = {}  # a function's calls of itself, while it is worked out
        self._derived_params: dict[Scope, frozenset[str]] = {}
        self._key_use: dict[ast.Call, str] = {}  # see key_use: asked several times per call
        # flax's `init`/`apply` derive keys: in a module that imports flax, or one of another
        # module's flax modules
        self._imports_flax = any((b.qualified or "").startswith("flax.") for b in model.imports) or any(
            base.startswith("flax.") for _, base in model.ask.module_classes())

    def is_key_name(self, name: str) -> bool:
        return self._key_name.match(name) is not None

    def may_hold_keys(self, scope: Scope | None = None) -> bool:
        """Whether any value of this module (of `scope`, when given) can be a PRNG key. Every key
        comes from a `jax.random` function or from a name used as a key (`random_key_args`):
        where no source can reach, key tracking is skipped, as it is for most modules."""
        if self._may_hold_keys is None:
            # The text is searched first: every `jax.random` reference has the word in it, and
            # every key-named keyword a piece of a key-name pattern.
            text = self._text if self._text is not None else ast.unparse(self.model.tree)
            self._may_hold_keys = ("random" in text and any(_mentions_jax_random(s) for s in self.model.scopes)) or (
                any(piece in text for piece in self._key_name_pieces)
                and any(self._passes_key_keyword(s) for s in self.model.scopes)) or bool(self.model.ask.key_facts())
        if scope is None or not self._may_hold_keys:
            return self._may_hold_keys
        return self.model.reaches(scope, self._makes_keys)

    def _passes_key_keyword(self, scope: Scope) -> bool:
        return any(k.arg is not None and isinstance(k.value, ast.Name) and self.is_key_name(k.arg)
                   and self.is_key_name(k.value.id)
                   for call in scope.of_type(ast.Call) for k in call.keywords)  # type: ignore[attr-defined]

    def _makes_keys(self, scope: Scope) -> bool:
        """A `jax.random` call here, or a name read here that is used as a key."""
        keys = self.random_key_args(scope)
        if keys and any(n.id in keys for n in scope.of_type(ast.Name)):  # type: ignore[attr-defined]
            return True
        return self.calls_jax_random(scope)

    def calls_jax_random(self, scope: Scope) -> bool:
        """A `jax.random` function is called in this scope itself."""
        return any((self.model.qualified(c.func, scope) or "").startswith("jax.random.")  # type: ignore[attr-defined]
                   for c in scope.of_type(ast.Call))

    def random_key_args(self, scope: Scope) -> frozenset[str]:
        """Names used as PRNG keys in this scope (or scopes nested in it): passed as the key of a
        `jax.random` function, as a `key=`-like keyword, or where a function of this module
        takes a key. Only such key-named names are tracked as keys."""
        found = self._random_key_args.get(scope)
        if found is not None:
            return found
        if not self.may_hold_keys():
            return frozenset()
        self._random_key_args[scope] = frozenset()  # recursion guard
        names = set()
        for call in scope.of_type(ast.Call):
            names |= self._key_arguments(call, scope)  # type: ignore[arg-type]
        for child in scope.children:
            names |= self.random_key_args(child)
        found = self._random_key_args[scope] = frozenset(names)
        return found

    def key_use(self, call: ast.Call, scope: Scope) -> str:
        """How `call` treats the PRNG keys passed to it (see `calls.key_use`), knowing this module:
        abstract evaluation (`jax.make_jaxpr(f)(key)`, `jax.jit(f).lower(key)`), storing in a
        container and flax's `init`/`apply` draw nothing from the key."""
        found = self._key_use.get(call)
        if found is None:
            found = self._key_use[call] = self._use_of(call, scope)
        return found

    def _use_of(self, call: ast.Call, scope: Scope) -> str:
        func = call.func
        if isinstance(func, ast.Call) and self.model.qualified(func.func, scope) in ABSTRACT_EVALUATION:
            return "ignore"
        if isinstance(func, ast.Attribute):
            if func.attr in FLAX_KEY_DERIVING_METHODS and self._imports_flax:
                return "derive"
            if func.attr in STAGING_METHODS and (call.args or call.keywords):
                return "ignore"  # `step.lower(key, x).compile()`: only shapes and dtypes are read
            if func.attr in KEEPING_METHODS:
                return "keep"
            if func.attr in RECORD_METHODS:
                return "store"
        qualified = self.model.qualified(func, scope)
        if qualified in KEEPING_FUNCTIONS:
            return "keep"
        if qualified in RECORD_FUNCTIONS or (isinstance(func, ast.Name) and self._is_record_class(func.id, scope)):
            return "store"
        return key_use(qualified, last_name(func))

    def _is_record_class(self, name: str, scope: Scope) -> bool:
        """A class of this module whose constructor only stores its arguments: a dataclass, a
        NamedTuple or a flax struct without an `__init__` of its own."""
        owner = scope.lookup_scope(name)
        bindings = owner.bindings.get(name, []) if owner is not None else []
        if len(bindings) != 1 or not isinstance(bindings[0].node, ast.ClassDef):
            return False
        node = bindings[0].node
        if any(isinstance(s, ast.FunctionDef) and s.name == "__init__" for s in node.body):
            return False
        makers = [d.func if isinstance(d, ast.Call) else d for d in node.decorator_list] + node.bases
        return any(self.model.qualified(m, owner) in RECORD_CLASS_MAKERS for m in makers)

    def consuming_arguments(self, call: ast.Call, scope: Scope, exprs: list) -> list:
        """Of a call's (argument, value) pairs, those that consume a key: all of them for an
        unknown callee, only those bound to a parameter the callee consumes for a function of this
        module or of another analysed one (a helper that only reads `key_data(key)` consumes nothing)."""
        bound = self._arguments_bound_to(call, scope, exprs, consumed=True)
        return exprs if bound is None else bound

    def takes_key_as(self, keyword: str) -> bool:
        """A keyword that names what it is given as the callee's PRNG key (`key=`, `rng=`, flax's
        `rngs=`, distrax/TFP's `seed=`)."""
        return self.is_key_name(keyword) or keyword in _KEY_KEYWORDS

    def makes_initializer(self, func: ast.expr, scope: Scope) -> bool:
        """`func` is an initializer built by a library's factory (`jax.nn.initializers.normal(0.02)`,
        directly or through the one name bound to it): called with a key, it draws."""
        if isinstance(func, ast.Name):
            owner = scope.lookup_scope(func.id)
            bindings = owner.bindings.get(func.id, []) if owner is not None else []
            statement = self.model.parent(bindings[0].node) if len(bindings) == 1 else None
            func = statement.value.func if isinstance(statement, ast.Assign) and isinstance(
                statement.value, ast.Call) else func
            scope = owner or scope
        elif isinstance(func, ast.Call):
            func = func.func
        else:
            return False
        return (self.model.qualified(func, scope) or "").startswith(_INITIALIZER_FACTORIES)

    def unknown_consumer(self, call: ast.Call, scope: Scope) -> bool:
        """Whether `consuming_arguments` takes all of the call's arguments for want of knowing the
        callee (not a function of this module or of another analysed one)."""
        return self._arguments_bound_to(call, scope, [], consumed=True) is None

    def deriving_arguments(self, call: ast.Call, scope: Scope, exprs: list) -> list:
        """Of a call of a known function, the (argument, value) pairs bound to a parameter it derives
        keys from without consuming it (`model.apply(..., rngs={"dropout": key})`, `fold_in(key, 0)`):
        called twice with one key, it derives the same keys twice."""
        return self._arguments_bound_to(call, scope, exprs, consumed=False) or []

    def _arguments_bound_to(self, call: ast.Call, scope: Scope, exprs: list, consumed: bool) -> list | None:
        """The pairs bound to the parameters the callee consumes (`consumed`) or derives from; None
        when the callee or the binding is unknown."""
        callee = self._callee_keys(call, scope)
        if callee is None:
            return None
        if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return None
        positional, consumed_params, derived_params = callee
        by_name = dict(zip(positional, call.args))
        by_name.update({k.arg: k.value for k in call.keywords if k.arg})
        wanted = {id(by_name[p]) for p in (consumed_params() if consumed else derived_params()) if p in by_name}
        return [(e, v) for e, v in exprs if id(e) in wanted]

    def _callee_keys(self, call: ast.Call, scope: Scope) -> tuple[list[str], Callable, Callable] | None:
        """The positional parameters a call fills, and what the callee consumes and derives keys
        from: a function of this module, or one of another module whose keys were examined."""
        refs = self.model.function_refs(call.func, scope) or self._stored_callable(call.func, scope) \
            or self._constructor(call.func, scope)
        if len(refs) == 1:
            target, bound = refs[0]
            if target is scope and scope in self._consumed_so_far:  # a call of the function being worked out
                return target.positional_params()[bound:], lambda: self._consumed_so_far[target], lambda: frozenset()
            return (target.positional_params()[bound:], lambda: self.consumed_params(target),
                    lambda: self.derived_params(target))
        use = self.model.ask.key_use(self.model.qualified(call.func, scope)) if not refs else None
        if use is None:
            return None
        positional, consumed, derived = use
        return list(positional), lambda: frozenset(consumed), lambda: frozenset(derived)

    def _constructor(self, func: ast.expr, scope: Scope) -> list:
        """`State(...)` of a class of this module with an `__init__` of its own: that method, its
        object bound."""
        node = class_named(scope, func.id) if isinstance(func, ast.Name) else None
        cls = self.model.scope_of.get(node) if node is not None else None
        inits = [m for m in cls.children if getattr(m.node, "name", None) == "__init__"] if cls is not None else []
        return [(inits[0], 1)] if len(inits) == 1 else []

    def _stored_callable(self, func: ast.expr, scope: Scope) -> list:
        """`self.f(...)` where the class stores one callable of this module in `f`, once
        (`self.f = functools.partial(g, factor=2.0)` in `__init__`): that function, with what the
        stored value binds."""
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return []
        method = scope
        while method is not None and method_class(method) is None:
            method = method.parent
        cls = method_class(method) if method is not None else None
        params = method.positional_params() if method is not None else []
        if cls is None or not params or func.value.id != params[0]:
            return []
        stores = [(m, value) for m in cls.children if m.kind == "function" and m.positional_params()
                  for attr, value in attribute_stores(m, m.positional_params()[0]) if attr == func.attr]
        if len(stores) != 1 or not isinstance(stores[0][1], (ast.Call, ast.Name, ast.Attribute, ast.Lambda)):
            return []
        return self.model.function_refs(stores[0][1], stores[0][0])

    def derived_params(self, scope: Scope) -> frozenset[str]:
        """Parameters a function only derives keys from: handed to flax `init`/`apply` as rngs, to
        `fold_in` with a constant, or to a function of this module that derives from them."""
        found = self._derived_params.get(scope)
        if found is not None:
            return found
        self._derived_params[scope] = frozenset()  # recursion: assume nothing
        params = frozenset(scope.params())
        names: set[str] = set()
        for sub in scope.subtree():
            for call in sub.of_type(ast.Call):
                kind = self.key_use(call, sub)  # type: ignore[arg-type]
                if kind == "derive":
                    exprs = flax_rng_arguments(call)  # type: ignore[arg-type]
                elif kind == "fold" and len(call.args) > 1 and isinstance(call.args[1], ast.Constant):  # type: ignore[attr-defined]
                    exprs = call.args[:1]  # type: ignore[attr-defined]
                elif kind == "consume":
                    pairs = [(a, None) for a in call.args] + [(k.value, None) for k in call.keywords]  # type: ignore[attr-defined]
                    if not _passes_any(pairs, params):
                        continue  # what the callee derives from matters only for the parameters
                    exprs = [e for e, _ in self.deriving_arguments(call, sub, pairs)]  # type: ignore[arg-type]
                else:
                    continue
                names |= {e.id for e in exprs if isinstance(e, ast.Name)}
        # a parameter rebound in the function (`rng = fold_in(rng, step)`) is not what reaches the use
        kept = {p for p in scope.params() if len(scope.bindings.get(p, ())) == 1}
        found = self._derived_params[scope] = frozenset((names & kept) - self.consumed_params(scope))
        return found

    def consumed_params(self, scope: Scope) -> frozenset[str]:
        """Parameters a function consumes as PRNG keys: passed to a `jax.random` sampler or
        `split`, to an unknown callee, or to a function of this module that consumes them."""
        found = self._consumed_params.get(scope)
        if found is not None:
            return found
        params = frozenset(scope.params())
        self._consumed_params[scope] = params  # a call from a function it calls (mutual recursion): assume the worst
        # Its calls of itself (`cls.from_config(...)` in `from_config`) consume what the rest of it does:
        # from nothing, grown until it holds.
        self._consumed_so_far[scope] = frozenset()
        while True:
            found = frozenset(self._consumed_names(scope, params) & params)
            if found == self._consumed_so_far[scope]:
                break
            self._consumed_so_far[scope] = found
        del self._consumed_so_far[scope]
        self._consumed_params[scope] = found
        return found

    def _consumed_names(self, scope: Scope, params: frozenset[str]) -> set[str]:
        """The names the function and its closures hand to what consumes keys (only those that
        are `params` matter: a call passing none of them is not looked into)."""
        names: set[str] = set()
        for sub in scope.subtree():
            for call in sub.of_type(ast.Call):
                kind = self.key_use(call, sub)  # type: ignore[arg-type]
                exprs = [(a, None) for a in call.args] + [(k.value, None) for k in call.keywords]  # type: ignore[attr-defined]
                if kind == "sampler":
                    exprs = exprs[:1]
                elif kind == "consume":
                    if not _passes_any(exprs, params):
                        continue
                    exprs = self.consuming_arguments(call, sub, exprs)  # type: ignore[arg-type]
                elif kind == "derive":  # the arguments flax hands on to the module: an unknown method
                    exprs = [(e, None) for e in flax_module_arguments(call)]  # type: ignore[arg-type]
                else:
                    continue
                names |= {e.id for e, _ in exprs if isinstance(e, ast.Name)}
        return names

    def _key_arguments(self, call: ast.Call, scope: Scope) -> set[str]:
        # A key-named keyword alone says little (`attention(query=q, key=k, value=v)`): the name
        # passed must mark a key too (`sample(x, rng=rng)`, `f(key=sub_key)`).
        names = {k.value.id for k in call.keywords if isinstance(k.value, ast.Name) and k.arg is not None
                 and self.is_key_name(k.arg) and self.is_key_name(k.value.id)}
        if self.key_use(call, scope) == "derive":
            return names | _flax_rngs(call)
        if not any(isinstance(a, ast.Name) for a in call.args):
            return names  # only a name passed by position can become a key here
        if (self.model.qualified(call.func, scope) or "").startswith("jax.random."):
            first = call.args[0] if call.args else None
            if isinstance(first, ast.Name):
                names.add(first.id)
            return names
        refs = self.model.function_refs(call.func, scope)
        if len(refs) == 1 and refs[0][0] is not scope:
            target, bound = refs[0]
            positional = target.positional_params()[bound:]
            keys = self.random_key_args(target)
            names |= {a.id for a, p in zip(call.args, positional) if isinstance(a, ast.Name) and p in keys}
        else:  # another module's function that uses the parameters at these positions as keys
            taken = self.model.ask.keys_taken(self.model.qualified(call.func, scope))
            names |= {a.id for i, a in enumerate(call.args) if i in taken and isinstance(a, ast.Name)}
        return names


def _passes_any(pairs: list, names: frozenset[str]) -> bool:
    """Whether one of the (argument, value) pairs passes one of `names` itself."""
    return any(isinstance(e, ast.Name) and e.id in names for e, _ in pairs)


_KEY_KEYWORDS = frozenset(("rngs", "seed"))
_INITIALIZER_FACTORIES = ("jax.nn.initializers.", "flax.linen.initializers.", "flax.nnx.initializers.")


@functools.cache
def _key_name_matchers(patterns: tuple[str, ...]) -> tuple[re.Pattern, list[str]]:
    """The key-name patterns as one regex, and the longest literal piece of each (a name that
    matches a pattern contains its piece). Made once per run, not per file."""
    regex = re.compile("|".join(f"(?:{fnmatch.translate(p)})" for p in patterns) or "(?!)")
    pieces = [max(re.split(r"[*?]", re.sub(r"\[[^]]*]?", "*", p)), key=len) for p in patterns]
    return regex, pieces


def _flax_rngs(call: ast.Call) -> set[str]:
    return {e.id for e in flax_rng_arguments(call) if isinstance(e, ast.Name)}


def _mentions_jax_random(scope: Scope) -> bool:
    """`jax.random.x`, `random.x` or an import from `jax.random` here: how a name gets to it."""
    if any(a.attr == "random" for a in scope.of_type(ast.Attribute)):  # type: ignore[attr-defined]
        return True
    return any(b.kind == "import" and (b.qualified or "").startswith("jax.random")
               for bindings in scope.bindings.values() for b in bindings)
