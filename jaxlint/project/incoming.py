"""What the project pass hands one module: how other modules' traced code calls its functions, the
facts of the other modules' functions it calls, and whether its project turns x64 on."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import NamedTuple

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


NOTHING = Incoming()
