"""The rule registry: every module in this package named `jaxNNN_*.py` is a rule."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import re
from functools import lru_cache
from pathlib import Path
from types import ModuleType

from jaxlint.diagnostics import RuleInfo

SYNTAX_ERROR = RuleInfo("JAX000", "syntax-error", "error", "none", "The file does not parse.")
INTERNAL_ERROR = RuleInfo("JAX999", "internal-error", "error", "none", "jaxlint crashed on this file.")


@lru_cache(maxsize=1)
def rule_modules() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"{__name__}.{name}") for name in _rule_names())


def rule_info(module: ModuleType) -> RuleInfo:
    return RuleInfo(module.CODE, module.NAME, module.SEVERITY, module.FIX, module.SUMMARY)


# A rule's declarations, one line each at the top of its module (`CODE = "JAX101"`).
_DECLARATION = re.compile(r'^(CODE|NAME|SEVERITY|FIX|SUMMARY) = ("(?:[^"\\]|\\.)*")$', re.MULTILINE)


@lru_cache(maxsize=1)
def catalog() -> tuple[RuleInfo, ...]:
    """Every code jaxlint can report, rules first, then the engine's own. Read from the rules'
    declarations without importing the rules (and the analysis they import): every run needs the
    catalog, and a warm run needs nothing else of them."""
    return tuple(_declared(name) for name in _rule_names()) + (SYNTAX_ERROR, INTERNAL_ERROR)


def _rule_names() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("jax"))


def _declared(name: str) -> RuleInfo:
    try:
        text = (Path(__file__).parent / f"{name}.py").read_text("utf-8")
    except OSError:  # installed without sources
        text = ""
    fields = {key: ast.literal_eval(value) for key, value in _DECLARATION.findall(text)}
    if len(fields) < 5:  # declared some other way (or no source to read): ask the module itself
        return rule_info(importlib.import_module(f"{__name__}.{name}"))
    return RuleInfo(fields["CODE"], fields["NAME"], fields["SEVERITY"], fields["FIX"], fields["SUMMARY"])
