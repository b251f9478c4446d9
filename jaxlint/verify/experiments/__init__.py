"""One experiment per rule (RULES.md, "Verification experiments"). Each module has
`run(subject) -> Verdict`, `check_fix(original, fixed) -> Verdict` and `predicted(exc) -> bool`
(whether an exception is the one the rule predicts)."""

from __future__ import annotations

import importlib
from types import ModuleType

CODES = ("JAX101", "JAX102", "JAX103", "JAX104", "JAX105", "JAX106")


def experiment(code: str) -> ModuleType | None:
    if code not in CODES:
        return None
    return importlib.import_module(f"jaxlint.verify.experiments.{code.lower()}")
