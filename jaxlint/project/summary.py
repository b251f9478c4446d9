"""What other modules need to know about one module, made from its model in the per-file pass and
cached with its content: the functions it offers (parameters, what they do with PRNG keys), its
module-level imports (re-exports), the calls its traced code makes into other modules, with
which arguments traced, and whether it turns x64 on or needs it."""

from __future__ import annotations

import functools
import sys
from dataclasses import dataclass
from typing import NamedTuple

# Top-level packages whose names never name a module of the analysed project: the standard library
# and the JAX family and its usual companions (installed libraries, not the project).
LIBRARY_ROOTS = frozenset(sys.stdlib_module_names) | frozenset((
    "builtins", "jax", "jaxlib", "numpy", "flax", "optax", "equinox", "haiku", "chex", "numpyro", "einops", "scipy",
    "torch", "tensorflow", "absl", "ml_collections", "typing_extensions", "tqdm", "wandb", "orbax", "distrax",
    "pandas", "matplotlib", "sklearn", "transformers", "datasets", "tensorflow_datasets", "ml_dtypes", "opt_einsum"))
ANY = "*"  # every parameter from this position on (a starred or `**` argument)


class TracedCall(NamedTuple):
    """A call from traced code of this module into what an import names."""

    target: str  # the qualified name called, as imported: "pkg.layers.clip_norm"
    label: str  # for messages: "called from jit-compiled `step`", "traced by `jax.lax.scan`"
    row: int
    via: str  # how the caller is traced when another module makes it so ("called from ... in train.py:8")
    traced: tuple[int | str, ...]  # positions and keywords given a traced value; ANY: every one
    arrays: tuple[int | str, ...]  # of those, the ones surely given a traced array
    transforms: tuple[str, ...]
    abstract: bool
    cached: bool
    whole: bool = False  # traced by a transform itself: every parameter but `static` is traced
    static: tuple[int | str, ...] = ()  # the positions and names the transform keeps static
    lax_body: bool = False  # a lax body: parameters with defaults keep them (lax passes a fixed number)
    loop_body: bool = False


class Change(NamedTuple):
    """State changed while the program runs (see semantic/module_state.py)."""

    target: str  # "config.SCALE" (another module's), ".HPARAMS" (this module's own)
    kind: str  # "assigned" | "mutated"
    row: int
    where: str  # the function it is made in ("" at module level)


class FunctionFacts(NamedTuple):
    """A module-level function or a method of a module-level class, as its callers see it."""

    positional: tuple[str, ...]
    keywords: tuple[str, ...]  # keyword-only parameters
    keys_examined: bool  # whether the three below were worked out (else: taken to consume every key)
    keys_taken: tuple[str, ...]  # parameters it uses as PRNG keys
    keys_consumed: tuple[str, ...]  # parameters it draws from or splits as PRNG keys (or hands on unknown)
    keys_derived: tuple[str, ...]  # parameters it only derives keys from (fold_in with a constant)
    returns_key: bool
    jit_static: tuple[str, ...] = ()  # jit-compiled: the parameters it takes as static (hashed) values
    # It returns a tuple of this length at every `return`: "s" where that element is static whatever
    # the function is given (`return x, x.shape[1]`), "u" elsewhere; "" for any other return.
    static_returns: str = ""
    # It may assign or delete items of a parameter (`a[0] = 1`, `self.buf[i] += x`): a caller that
    # hands it a JAX array there makes it raise (JAX104), so callers look at what they hand it.
    assigns_items: bool = False


@dataclass(frozen=True)
class ModuleSummary:
    imports: tuple[tuple[str, str], ...]  # module-level name → the qualified name it imports
    # One line per function, "qualname positional,... keyword,...", for the many whose keys were not
    # examined (one string: the cache loads it at once, and it is read only when a caller asks).
    functions: str
    calls: tuple[TracedCall, ...]
    callees: tuple[str, ...]  # qualified names this module calls that may be other modules' functions
    examined: tuple[tuple[str, FunctionFacts], ...] = ()  # the functions whose keys were examined
    # Module-level classes deriving from a flax/equinox module class: (qualname, that class)
    module_classes: tuple[tuple[str, str], ...] = ()
    class_bases: tuple[str, ...] = ()  # imported names its module-level classes derive from
    # Calls that hand another module's function JAX arrays: (target as imported,
    # the positions and keywords given arrays, row)
    array_calls: tuple[tuple[str, tuple[int | str, ...], int], ...] = ()
    reads: tuple[str, ...] = ()  # other modules' state its compiled functions read ("config.SCALE")
    changes: tuple[Change, ...] = ()  # state it changes while running (its own: ".SCALE")
    enables_x64: bool = False  # running it turns `jax_enable_x64` on for the process
    wide_dtypes: bool = False  # it asks JAX for float64/complex128: whether x64 is on matters to it
    # Calls of imported classes' instances (`Attn(cfg)(x, n)`, `model.apply(params, x, n)`): (the class as
    # imported, the calls, each as the kinds of what it passes; see semantic/module_arguments.py)
    instance_calls: tuple[tuple[str, tuple], ...] = ()

    def function(self, qualname: str) -> FunctionFacts | None:
        return self._functions.get(qualname)

    def imported(self, name: str) -> str | None:
        return self._imports.get(name)

    @functools.cached_property
    def _functions(self) -> dict[str, FunctionFacts]:
        found = {}
        for line in self.functions.splitlines():
            name, positional, keywords = line.split(" ")
            found[name] = unexamined(_names(positional), _names(keywords))
        return {**found, **dict(self.examined)}

    @functools.cached_property
    def _imports(self) -> dict[str, str]:
        return dict(self.imports)


def _names(text: str) -> tuple[str, ...]:
    return tuple(text.split(",")) if text else ()


def unexamined(positional: tuple[str, ...], keywords: tuple[str, ...]) -> FunctionFacts:
    """A function whose keys were not examined: taken to consume every key it is given."""
    return FunctionFacts(positional, keywords, False, (), (*positional, *keywords), (), False)


def table(functions: list[tuple[str, FunctionFacts]]) -> tuple[str, tuple[tuple[str, FunctionFacts], ...]]:
    """The functions as the summary keeps them: a line each for those whose keys were not examined."""
    lines = [f"{name} {','.join(f.positional)} {','.join(f.keywords)}" for name, f in functions if not notable(f)]
    return "\n".join(lines), tuple((name, f) for name, f in functions if notable(f))


def notable(facts: FunctionFacts) -> bool:
    """Facts beyond the parameters, which a caller's analysis uses (the project pass tells callers
    only these): the function returns a key, what it does with the keys it is given was examined
    (an unknown function consumes every key it is given), it is compiled with static parameters (a
    jnp value handed to one fails), some element of the tuple it returns is static (a shape it
    computes), or it assigns items of a parameter (what callers hand it matters)."""
    return facts.keys_examined or facts.returns_key or bool(facts.jit_static) or bool(facts.static_returns) \
        or facts.assigns_items


def may_be_project(qualified: str | None) -> bool:
    return qualified is not None and qualified.split(".", 1)[0] not in LIBRARY_ROOTS


def encode(summary: ModuleSummary) -> tuple:
    """The summary as plain tuples (for the cache, which marshals)."""
    return (summary.imports, summary.functions, tuple(tuple(call) for call in summary.calls), summary.callees,
            tuple((name, tuple(facts)) for name, facts in summary.examined), summary.module_classes,
            summary.class_bases, summary.array_calls, summary.reads, tuple(tuple(change) for change in summary.changes),
            summary.enables_x64, summary.wide_dtypes, summary.instance_calls)


def decode(entry: tuple) -> ModuleSummary:
    (imports, functions, calls, callees, examined, module_classes, class_bases, array_calls, reads, changes,
     enables_x64, wide_dtypes, instance_calls) = entry
    return ModuleSummary(imports, functions, tuple(TracedCall(*call) for call in calls), callees,
                         tuple((name, FunctionFacts(*facts)) for name, facts in examined), module_classes,
                         class_bases, array_calls, reads, tuple(Change(*change) for change in changes),
                         enables_x64, wide_dtypes, instance_calls)
