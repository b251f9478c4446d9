"""The rule registry: every module in this package named `jaxNNN_*.py` is a rule."""

from __future__ import annotations

import importlib
import pkgutil
from functools import lru_cache
from types import ModuleType

from jaxlint.diagnostics import RuleInfo

SYNTAX_ERROR = RuleInfo("JAX000", "syntax-error", "error", "none", "The file does not parse.")
INTERNAL_ERROR = RuleInfo("JAX999", "internal-error", "error", "none", "jaxlint crashed on this file.")


@lru_cache(maxsize=1)
def rule_modules() -> tuple[ModuleType, ...]:
    names = sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("jax"))
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in names)


def rule_info(module: ModuleType) -> RuleInfo:
    return RuleInfo(module.CODE, module.NAME, module.SEVERITY, module.FIX, module.SUMMARY)


@lru_cache(maxsize=1)
def catalog() -> tuple[RuleInfo, ...]:
    """Every code jaxlint can report, rules first, then the engine's own."""
    return tuple(rule_info(m) for m in rule_modules()) + (SYNTAX_ERROR, INTERNAL_ERROR)
