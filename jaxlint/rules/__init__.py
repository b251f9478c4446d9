"""The rule registry: every package here named `jaxNNN_*` is one rule, in one place. Its `__init__`
declares it (CODE, NAME, SEVERITY, FIX, SUMMARY); `check.py` finds it in the model, `fix.py` builds
its fix and `experiment.py` verifies it (JAX), each as parts.py's protocols say. Each part is imported only when it is
needed, so a check-only run imports neither libcst nor JAX."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import pkgutil
import re
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, cast

from jaxlint.diagnostics import RuleInfo

if TYPE_CHECKING:  # the protocols cost import time; a run only needs the modules
    from jaxlint.rules.parts import CheckPart

SYNTAX_ERROR = RuleInfo("JAX000", "syntax-error", "error", "none", "The file does not parse.")
INTERNAL_ERROR = RuleInfo("JAX999", "internal-error", "error", "none", "jaxlint crashed on this file.")


@dataclass(frozen=True)
class Rule:
    info: RuleInfo
    package: str  # jaxlint.rules.jax101_global_capture
    quiet_in_tests: bool = False  # not reported in test files (tests reuse keys on purpose)
    default: bool = True  # on unless deselected; False: only when selected by its own code

    @property
    def code(self) -> str:
        return self.info.code

    def check_module(self) -> CheckPart:
        return cast("CheckPart", importlib.import_module(f"{self.package}.check"))

    def has(self, part: str) -> bool:
        """Whether the rule has this part (`fix`, `experiment`), without importing it."""
        return importlib.util.find_spec(f"{self.package}.{part}") is not None

    def part(self, name: str) -> ModuleType | None:
        return importlib.import_module(f"{self.package}.{name}") if self.has(name) else None


@lru_cache(maxsize=1)
def rules() -> tuple[Rule, ...]:
    """Every rule, in code order, read from the declarations without importing the rule's parts
    (and the analysis they import): every run needs the catalog, a warm run nothing else of them."""
    return tuple(_declared(name) for name in _rule_names())


@cache
def rule(code: str) -> Rule | None:
    return next((r for r in rules() if r.code == code), None)


@cache
def part(code: str, name: str) -> ModuleType | None:
    """A rule's `fix` or `experiment` module; None for an unknown code or a rule without one."""
    found = rule(code)
    return found.part(name) if found else None


def catalog() -> tuple[RuleInfo, ...]:
    """Every code jaxlint can report, rules first, then the engine's own."""
    return tuple(r.info for r in rules()) + (SYNTAX_ERROR, INTERNAL_ERROR)


def _rule_names() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.ispkg and m.name.startswith("jax"))


# A rule's declarations, one line each in its package's `__init__` (`CODE = "JAX101"`).
_DECLARATION = re.compile(r'^(CODE|NAME|SEVERITY|FIX|SUMMARY|QUIET_IN_TESTS|DEFAULT) = ("(?:[^"\\]|\\.)*"|True|False)$',
                          re.MULTILINE)


def _declared(name: str) -> Rule:
    package = f"{__name__}.{name}"
    try:
        text = (Path(__file__).parent / name / "__init__.py").read_text("utf-8")
    except OSError:  # installed without sources
        text = ""
    fields = {key: ast.literal_eval(value) for key, value in _DECLARATION.findall(text)}
    if len(fields.keys() - {"QUIET_IN_TESTS", "DEFAULT"}) < 5:  # declared some other way: ask the package itself
        module = importlib.import_module(package)
        fields = {key: getattr(module, key) for key in ("CODE", "NAME", "SEVERITY", "FIX", "SUMMARY", "QUIET_IN_TESTS",
                                                        "DEFAULT") if hasattr(module, key)}
    info = RuleInfo(fields["CODE"], fields["NAME"], fields["SEVERITY"], fields["FIX"], fields["SUMMARY"])
    return Rule(info, package, fields.get("QUIET_IN_TESTS", False), fields.get("DEFAULT", True))


def off_by_default() -> frozenset[str]:
    """The rules that run only when selected by their own code (`--select JAX302`)."""
    return frozenset(r.code for r in rules() if not r.default)
