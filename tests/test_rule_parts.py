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


def _conforms(value: object, hint: object) -> bool:
    """`value` is of the annotated type (plain classes, `X | None`, `list[str]`)."""
    import types
    import typing

    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_conforms(value, arm) for arm in typing.get_args(hint))
    if origin is list:
        [item] = typing.get_args(hint)
        return isinstance(value, list) and all(_conforms(v, item) for v in value)
    return value is None if hint is type(None) else isinstance(value, hint)  # type: ignore[arg-type]


def test_every_findings_fix_data_is_its_rules_declared_fix_data() -> None:
    """A rule that hands its fix data declares it (`FixData` in its check module, a TypedDict: the
    cache and verify's child carry it as a plain dict); every fixture finding's data has only its
    keys, each of its type."""
    import typing

    from jaxlint.config import Settings
    from jaxlint.engine import check_source
    from jaxlint.source import Source

    codes = frozenset(r.code for r in rules())
    declared = {r.code: getattr(r.check_module(), "FixData", None) for r in rules()}
    checked = 0
    for path in sorted((ROOT / "fixtures").rglob("*.py")):
        for finding in check_source(Source(path.read_text(encoding="utf-8")), str(path), Settings(), codes).findings:
            if finding.fix_data is None:
                continue
            kind = declared.get(finding.code)
            assert kind is not None, f"{finding.code} hands fix data but declares no FixData"
            hints = typing.get_type_hints(kind)
            for key, value in finding.fix_data.items():
                assert key in hints, (finding.code, key, path.name)
                assert _conforms(value, hints[key]), (finding.code, key, value, hints[key])
            checked += 1
    assert checked > 300  # the fixtures hand fix data for hundreds of findings
