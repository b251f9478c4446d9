"""Which analysed file an import names, as Python resolves it from the importing file's roots."""

from __future__ import annotations

import functools
import os

from jaxlint.project.roots import import_roots
from jaxlint.project.summary import FunctionFacts, ModuleSummary

_MAX_REEXPORTS = 8  # `pkg.f` → `pkg/__init__.py` imports it from `.layers` → ... (a cycle stops here)


class ProjectIndex:
    """The analysed files and their summaries; every question is asked from one importing file."""

    def __init__(self, summaries: dict[str, ModuleSummary]) -> None:
        """`summaries` by absolute path. A module analysed again with what others told it gets a new
        summary, with the same functions and imports: answers stay valid over the rounds of a run."""
        self.summaries = summaries

    def resolve_function(self, importer: str, qualified: str) -> tuple[str, str, FunctionFacts] | None:
        """(path, qualname, facts) of the function `qualified` names, imported from `importer`."""
        found = self.resolve(importer, qualified)
        if found is None:
            return None
        facts = self.summaries[found[0]].function(found[1])
        return None if facts is None else (*found, facts)

    @functools.lru_cache(maxsize=65536)  # noqa: B019 - one index per run
    def resolve(self, importer: str, qualified: str) -> tuple[str, str] | None:
        """The analysed module that defines what `qualified` names, imported from `importer`, and
        the dotted name in it ("SCALE", "Trainer.step"): re-exports (`from .layers import f` in a
        package's `__init__.py`) are followed to the module that defines the name."""
        for _ in range(_MAX_REEXPORTS):
            found = self._module_of(importer, qualified)
            if found is None:
                return None
            path, attribute = found
            first, _, rest = attribute.partition(".")
            reexported = self.summaries[path].imported(first)
            if reexported is None:
                return found
            importer, qualified = path, f"{reexported}.{rest}" if rest else reexported
        return None

    def resolve_module(self, importer: str, dotted: str) -> str | None:
        """The analysed module the dotted module name `dotted` names, imported from `importer`."""
        found = self._module_of(importer, f"{dotted}._")
        return found[0] if found is not None and found[1] == "_" else None

    def _module_of(self, importer: str, qualified: str) -> tuple[str, str] | None:
        """The analysed module that the longest possible prefix of `qualified` names, and the rest.
        A folder without `__init__.py` inside a package is a namespace package (PEP 420): from a file
        there (`scenic/projects/av_mae/vivit.py`), `scenic.projects.vivit.model` is found above it,
        through a package (a dotted name: a plain `utils` is not looked for there)."""
        roots = import_roots(importer)
        found = self._module_from(roots, qualified)
        if found is None and "." in qualified:
            found = self._module_from(_folders_above(roots[0]), qualified)
            if found is not None and "." not in qualified[: len(qualified) - len(found[1])].rstrip("."):
                return None
        return found

    @functools.lru_cache(maxsize=65536)  # noqa: B019 - one index per run
    def _module_from(self, roots: tuple[str, ...], qualified: str) -> tuple[str, str] | None:
        parts = qualified.split(".")
        for end in range(len(parts) - 1, 0, -1):
            path = self._find_module(roots, tuple(parts[:end]))
            if path is not None:
                return path, ".".join(parts[end:])
        return None

    @functools.lru_cache(maxsize=65536)  # noqa: B019 - one index per run
    def _find_module(self, roots: tuple[str, ...], parts: tuple[str, ...]) -> str | None:
        for root in roots:
            base = os.path.join(root, *parts)
            for candidate in (base + ".py", os.path.join(base, "__init__.py")):
                if candidate in self.summaries:
                    return candidate
        return None


@functools.lru_cache(maxsize=4096)
def _folders_above(folder: str) -> tuple[str, ...]:
    above = []
    while os.path.dirname(folder) != folder:
        folder = os.path.dirname(folder)
        above.append(folder)
    return tuple(above)
