"""Every rule keeps the contract of its parts (jaxlint/rules/parts.py): the check, fix and experiment
modules have the functions the engine, the fixer and verify call, with their parameters; the
declaration is typed data; and its document and fixtures are where a newcomer looks for them."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from jaxlint.diagnostics import FixClass, Severity
from jaxlint.rules import rules
from jaxlint.rules.parts import CheckPart, ExperimentPart, FixExperimentPart, FixPart

ROOT = Path(__file__).resolve().parent.parent
PARAMETERS = {"check": 1, "message": 1, "build_text": 2, "predicted": 1, "run": 1, "check_fix": 2}


def _arity(module, name: str) -> int:
    return len(inspect.signature(getattr(module, name)).parameters)


@pytest.mark.parametrize("rule", rules(), ids=lambda r: r.code)
def test_each_part_satisfies_its_protocol(rule) -> None:
    pytest.importorskip("jax")  # the experiments run under JAX
    parts = {"check": (rule.check_module(), CheckPart)}
    fix = rule.part("fix")
    if fix is not None:
        parts["fix"] = (fix, FixPart)
    experiment = rule.part("experiment")
    if experiment is not None:
        parts["experiment"] = (experiment, FixExperimentPart if fix is not None else ExperimentPart)
    for name, (module, protocol) in parts.items():
        assert isinstance(module, protocol), f"{rule.code}'s {name} part lacks what {protocol.__name__} names"
        for function in PARAMETERS.keys() & set(dir(module)):
            if function in {m for m in dir(protocol) if not m.startswith("_")}:
                assert _arity(module, function) == PARAMETERS[function], (rule.code, name, function)
    assert isinstance(getattr(fix, "REMOVES_FINDING", False), bool)


@pytest.mark.parametrize("rule", rules(), ids=lambda r: r.code)
def test_the_declaration_is_typed_and_the_rule_is_findable_from_its_code(rule) -> None:
    info = rule.info
    assert isinstance(info.severity, Severity) and isinstance(info.fix, FixClass)
    assert rule.package.rsplit(".", 1)[-1].startswith(info.code.lower() + "_")
    assert (ROOT / "rules" / f"{info.code}.md").is_file()
    assert list((ROOT / "fixtures").glob(f"{info.code}_*.py")), f"no fixture for {info.code}"
    assert (info.fix == FixClass.NONE) == (not rule.has("fix")), "the catalog's fix class and the fix part disagree"
