"""What the project pass hands one module: how other modules' traced code calls its functions, the
facts of the other modules' functions it calls, and whether its project turns x64 on.

A module's analysis reads it only through questions (`Asked`), which its result keeps: when the
project pass tells the module something new, the module is analysed again only if an answer to
one of those questions changed (analysis is deterministic: the same answers, the same result)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any, NamedTuple

from jaxlint.project.summary import FunctionFacts


class Entry(NamedTuple):
    """A function of the module, traced because traced code elsewhere calls it."""

    function: str  # its qualname
    traced: tuple[str, ...]  # parameters given traced values (sorted: the cache key is its repr)
    arrays: tuple[str, ...]  # of those, the ones surely given traced arrays
    transforms: tuple[str, ...]
    abstract: bool
    cached: bool
    caller: str  # for messages: "called from jit-compiled `step` in pkg/train.py:9"
    whole: bool = False  # a transform traces it directly: every parameter not static is traced
    lax_body: bool = False  # a lax body: parameters with defaults keep them
    loop_body: bool = False  # runs once per iteration of a lax loop


@dataclass(frozen=True)
class Incoming:
    entries: tuple[Entry, ...] = ()
    functions: tuple[tuple[str, FunctionFacts], ...] = ()  # by the qualified name this module calls them
    # State its compiled functions read that a module changes while running: (qualified name as
    # read here, where it is changed: "assigned in main.py:12 (`set_scale`)")
    changed: tuple[tuple[str, str], ...] = ()
    # Other modules' classes it imports that derive from a flax/equinox module class: (as imported, that class)
    module_classes: tuple[tuple[str, str], ...] = ()
    # Its functions' parameters that untraced code in other modules hands JAX arrays: (qualname, params,
    # where for messages: "`set_first` is given a JAX array in main.py:5")
    arrays_given: tuple[tuple[str, tuple[str, ...], str], ...] = ()
    x64: bool = False  # another part of its project turns `jax_enable_x64` on
    # Other modules' calls of its module classes (`Attn(cfg)(x, x.shape[-2])`): (class qualname, the
    # calls, each as the kinds of what it passes; see semantic/module_arguments.py)
    module_calls: tuple[tuple[str, tuple], ...] = ()

    def __bool__(self) -> bool:
        return bool(self.entries or self.functions or self.changed or self.module_classes or self.arrays_given
                    or self.x64 or self.module_calls)

    def given_arrays(self, qualname: str | None) -> tuple[tuple[str, ...], str]:
        """The parameters of a function that other modules hand JAX arrays, and where."""
        for name, params, where in self.arrays_given:
            if name == qualname:
                return params, where
        return (), ""

    def function(self, qualified: str | None) -> FunctionFacts | None:
        if qualified is None or not self.functions:
            return None
        return self._by_name.get(qualified)

    @functools.cached_property
    def _by_name(self) -> dict[str, FunctionFacts]:
        return dict(self.functions)

    def answer(self, question: Question) -> object:
        """The answer to one question a module's analysis asks (see `Asked`)."""
        kind = question[0]
        if kind in _ASPECTS:  # what one use of another module's function it calls reads of its facts
            return _ASPECTS[kind](self.function(question[1]))
        if kind == "given_arrays":  # the parameters of its function that other modules hand arrays
            return self.given_arrays(question[1])
        if kind == "jit_static_names":  # the names of other modules' compiled functions with static parameters
            return frozenset(name.rsplit(".", 1)[-1] for name, facts in self.functions if facts.jit_static)
        if kind == "key_facts":  # whether a function of another module it calls returns or examines keys
            return any(facts.returns_key or facts.keys_examined for _, facts in self.functions)
        if kind == "told":
            return bool(self)
        if kind in _WHOLE:
            return getattr(self, kind)
        raise ValueError(f"no such question: {question!r}")


# A question: its kind, then its arguments (a qualified name): marshal-able, for the cache.
Question = tuple


def _returns(facts: FunctionFacts | None) -> tuple[bool, str]:
    """Whether it returns a key, and which elements of the tuple it returns are static."""
    return (facts.returns_key, facts.static_returns) if facts is not None else (False, "")


def _key_use(facts: FunctionFacts | None) -> tuple | None:
    """Its positional parameters, those it consumes as keys and those it derives keys from; None
    when that was not examined (it is taken to consume every key)."""
    return (facts.positional, facts.keys_consumed, facts.keys_derived) if facts and facts.keys_examined else None


def _keys_taken(facts: FunctionFacts | None) -> tuple[int, ...]:
    """The positions of the parameters it uses as keys."""
    return tuple(i for i, p in enumerate(facts.positional) if p in facts.keys_taken) if facts else ()


def _assigns_items(facts: FunctionFacts | None) -> bool:
    """Whether it may assign items of a parameter (what the caller hands it there matters)."""
    return facts is not None and facts.assigns_items


def _compiled(facts: FunctionFacts | None) -> tuple | None:
    """Its positional parameters and its static ones, when it is compiled with static parameters."""
    return (facts.positional, facts.jit_static) if facts is not None and facts.jit_static else None


_ASPECTS = {"returns": _returns, "key_use": _key_use, "keys_taken": _keys_taken, "compiled": _compiled,
            "assigns_items": _assigns_items}
_WHOLE = frozenset(("entries", "module_classes", "module_calls", "changed", "x64"))  # read whole
NOTHING = Incoming()


class Asked:
    """What one module's analysis has asked of what it was told: every read goes through here, one
    typed question per method (each kept, as `(kind, *arguments)`, for the cache's comparison)."""

    def __init__(self, incoming: Incoming) -> None:
        self.incoming = incoming
        self.questions: set[Question] = set()

    def _answer(self, *question: str | None) -> Any:
        self.questions.add(question)
        return self.incoming.answer(question)

    def entries(self) -> tuple[Entry, ...]:
        """Its functions that traced code elsewhere calls, and how."""
        return self._answer("entries")

    def module_classes(self) -> tuple[tuple[str, str], ...]:
        """Other modules' classes it imports that derive from a flax/equinox module class."""
        return self._answer("module_classes")

    def module_calls(self) -> tuple[tuple[str, tuple], ...]:
        """Other modules' calls of its module classes."""
        return self._answer("module_calls")

    def changed(self) -> tuple[tuple[str, str], ...]:
        """State its compiled functions read that another module changes while running."""
        return self._answer("changed")

    def x64(self) -> bool:
        """Another part of its project turns `jax_enable_x64` on."""
        return self._answer("x64")

    def jit_static_names(self) -> frozenset[str]:
        """The names of other modules' compiled functions with static parameters."""
        return self._answer("jit_static_names")

    def key_facts(self) -> bool:
        """Whether a function of another module it calls returns or examines keys."""
        return self._answer("key_facts")

    def given_arrays(self, qualname: str | None) -> tuple[tuple[str, ...], str]:
        """The parameters of its function `qualname` that other modules hand JAX arrays, and where."""
        return self._answer("given_arrays", qualname)

    def returns(self, qualified: str | None) -> tuple[bool, str]:
        """Of another module's function it calls: whether it returns a key, and its static returns."""
        return self._answer("returns", qualified)

    def key_use(self, qualified: str | None) -> tuple | None:
        """Of another module's function it calls: its positional parameters, those it consumes as keys
        and those it derives keys from; None when not examined."""
        return self._answer("key_use", qualified)

    def keys_taken(self, qualified: str | None) -> tuple[int, ...]:
        """Of another module's function it calls: the positions of the parameters it uses as keys."""
        return self._answer("keys_taken", qualified)

    def compiled(self, qualified: str | None) -> tuple | None:
        """Of another module's function it calls: its positional and static parameters, when it is
        compiled with static ones."""
        return self._answer("compiled", qualified)

    def assigns_items(self, qualified: str | None) -> bool:
        """Of another module's function it calls: whether it may assign items of a parameter."""
        return self._answer("assigns_items", qualified)


def answers_differ(questions: frozenset[Question], before: Incoming | None, after: Incoming | None) -> bool:
    """Whether an analysis that asked `questions` of `before` would hear another answer from `after`."""
    before, after = before or NOTHING, after or NOTHING
    return any(before.answer(q) != after.answer(q) for q in questions)
