"""What the trace analysis finds out about a function: whether and how JAX traces it (`TraceInfo`,
with the `Origin` of each traced parameter), the transforms a call applies (`Wrap`), and the project
functions other libraries' transforms reach (`ExternalEntry`). Data only: semantic/traced.py finds it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from jaxlint.knowledge import transforms as T
from jaxlint.semantic.scopes import Scope

_APPLIED = ("decorated with ", "wrapped by ")  # reasons of a transform applied to the function itself
_LAX_BODY = "body of "
_DIRECT_REASONS = (*_APPLIED, _LAX_BODY)
ALL_BOUND = 1 << 16  # "every parameter is bound": none of them is known to be traced


class Origin(NamedTuple):
    """The step that traces a parameter, in words, and the row the words name (a notebook cites it
    within its cell)."""

    text: str
    line: int | None = None


@dataclass
class TraceInfo:
    transforms: set[str] = field(default_factory=set)  # transform kinds that trace the body
    reasons: list[str] = field(default_factory=list)  # for people: "decorated with jax.jit", ...
    static_params: set[str] = field(default_factory=set)
    # Of those, the ones a transform's own specification names (`static_argnums`/`static_argnames`):
    # the rest are static as far as this module's calls show, which other modules' calls need not be.
    declared_static: set[str] = field(default_factory=set)
    traced_params: set[str] = field(default_factory=set)
    abstract: bool = False  # Python control flow on traced values raises
    cached: bool = False  # compiled and cached: reads of rebound globals go stale
    host: bool = False  # body of a host callback: runs with concrete values
    filtered: bool = False  # equinox filter_*: only arrays are traced
    all_params_traced: bool = False  # directly transformed: every non-static parameter is traced
    loop_body: bool = False  # runs once per iteration of a lax loop (scan, fori_loop, while_loop, map)
    loop_counters: set[str] = field(default_factory=set)  # `i` of a fori_loop body: the iteration's index
    # A lax loop's carry parameter → the positions of its tuple that every initial carry seen gives a
    # leaf (`(x, True)`: 0 and 1); a position absent may hold None or a subtree.
    carry_leaves: dict[str, frozenset[int]] = field(default_factory=dict)
    batched: bool = False  # vmapped itself: runs once per element of the batch
    # Static only because vmap's in_axes=None passes them through; any other transform traces them.
    unbatched: set[str] = field(default_factory=set)
    # Handed only static values by the traced callers seen so far (a traced one makes it traced).
    given_static: set[str] = field(default_factory=set)
    # Parameters of a module method that nothing shows to be arrays (a length, a shape): unknown
    # until a call of the module hands one a traced value.
    unproven: set[str] = field(default_factory=set)
    # Defaulted parameters some lax body reference leaves at their default (`partial(f, n=3)` does not).
    defaults_kept: set[str] = field(default_factory=set)
    # For messages, how the code comes to be traced: "traced by `jax.lax.scan`", "traced inside flax `__call__`"
    origin: str = ""
    # Traced because another module's traced code calls it: "jit-compiled `step` in pkg/train.py:9"
    caller: str = ""
    # For messages, the step that makes each traced parameter traced: "`jax.jit` at line 12 traces
    # the arguments of `f`", "jit-compiled `step` passes it a traced value at line 30"
    param_origins: dict[str, Origin] = field(default_factory=dict)

    def trace_params(self, params, origin: str = "", line: int | None = None) -> None:
        """Mark `params` traced, each with the step that makes it so (the first one said stays; `line`:
        the row it names); no origin: presumed (a module method's input, which runs under jit as a
        rule), not proven."""
        for param in params:
            self.traced_params.add(param)
            self.unproven.discard(param)
            if origin:
                self.param_origins.setdefault(param, Origin(origin, line))

    @property
    def presumed_only(self) -> bool:
        """Traced only as a flax/equinox module method (or code one calls) is presumed to be, under
        a jit no call shows: a crash there needs a parameter whose tracing a step proves."""
        return self.transforms <= {"module"} and not self.host

    @property
    def traced(self) -> bool:
        return bool(self.transforms) and not self.host

    @property
    def transformed_itself(self) -> bool:
        """A transform applies to the function itself (a decorator, `jax.jit(f)`), not only to its callers."""
        return any(r.startswith(_APPLIED) for r in self.reasons)

    @property
    def as_lax_body(self) -> bool:
        """Some lax loop or branch takes the function as its body."""
        return any(r.startswith(_LAX_BODY) for r in self.reasons)

    @property
    def only_as_lax_body(self) -> bool:
        """Traced only as the body of lax loops or branches."""
        return bool(self.reasons) and all(r.startswith(_LAX_BODY) for r in self.reasons)

    def describe(self, name: str) -> str:
        """`name` (a function) with how it comes to be traced: "jit-compiled `f`", "`body` (traced by
        `jax.lax.scan`)"; only "`f`" when another module's traced code calls it (said elsewhere)."""
        label = f"`{name}`"
        if self.caller:
            return label
        if self.cached and "jit" in self.transforms:
            return f"jit-compiled {label}"
        return f"{label} ({self.origin})" if self.origin else f"traced {label}"

    @property
    def shape_only(self) -> bool:
        """Traced only by abstract evaluation (`jax.eval_shape`, `make_jaxpr`): nothing runs."""
        return self.transforms == {"shape"}

    def add(self, transform: T.Transform, reason: str) -> bool:
        """Record a transform; True when that changed anything."""
        before = (len(self.transforms), self.abstract, self.cached)
        self.transforms.add(transform.kind)
        self.abstract |= transform.abstract
        self.cached |= transform.cached
        if reason not in self.reasons:
            self.reasons.append(reason)
        if not self.origin and reason.startswith(_DIRECT_REASONS):
            self.origin = f"traced by `{reason.split(' ', 2)[-1]}`"
        return before != (len(self.transforms), self.abstract, self.cached)


class InfoTable(dict):
    """TraceInfo per function scope, made on first write: most functions are never traced,
    and `.get()` answers None for them."""

    def __missing__(self, scope: Scope) -> TraceInfo:
        info = self[scope] = TraceInfo()
        return info


@dataclass(frozen=True)
class ExternalEntry:
    """A function of another module a transform or lax body here traces (`jax.jit(train_lib.step)`)."""

    target: str  # the qualified name, as imported
    transform: T.Transform
    reason: str  # "wrapped by jax.jit", "body of jax.lax.scan"
    row: int
    static_nums: tuple[int, ...] = ()
    static_names: tuple[str, ...] = ()
    lax_body: bool = False  # lax passes a fixed number of arguments: defaulted parameters keep defaults
    loop_body: bool = False  # runs once per iteration of a lax loop
    filtered: bool = False  # an equinox filter_* transform: only the arrays its callers pass are traced


@dataclass
class Wrap:
    """A transform applied to a function reference, with what it makes static."""

    transform: T.Transform
    name: str
    static_nums: tuple[int, ...] = ()
    static_names: tuple[str, ...] = ()
    unbatched: tuple[int, ...] = ()  # vmap in_axes=None positions
    argnums: tuple[int, ...] | None = (0,)  # grad-like transforms: the positions differentiated; None: unknown

    def passes_python_value(self, index: int | None, keyword: bool) -> bool:
        """Whether a Python value passed at position `index` (or by keyword) reaches the function
        as it is: grad traces only its `argnums`, vmap only what it maps (keywords are mapped)."""
        if self.transform is T.GRAD:
            return keyword or (self.argnums is not None and index not in self.argnums)
        if self.transform is T.VMAP:
            return not keyword and index in self.unbatched
        return False
