"""`jaxlint verify` on the fixtures of JAX107, JAX108, JAX109, JAX111-JAX113, JAX206, JAX301 and JAX303, end to
end: the real CLI in a subprocess, on the fixtures themselves with the demo's example inputs
(fixtures/examples.py), real JAX on CPU. Every finding is confirmed, with JAX's own evidence.
Nothing here depends on one JAX release's exception classes or messages: these tests pass on
every JAX that pyproject.toml allows (.ci/run runs them under the newest too)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.expectations import FIXTURES, expected
from tests.test_verify import REPO, run_jaxlint

pytest.importorskip("jax")

CODES = ("JAX107", "JAX108", "JAX109", "JAX111", "JAX112", "JAX113", "JAX206", "JAX301", "JAX303")

# What running the flagged line raises, where Python decides it (a removed name, a list given to jnp).
RAISED = {
    "JAX206": {"TypeError"},
    "JAX301": {"AttributeError", "ImportError"},
    "JAX303": {"AttributeError", "ImportError", "ModuleNotFoundError", "NotImplementedError"},
}
# Names the fixtures use that older JAX releases still have (removed after the oldest JAX that
# pyproject.toml allows): there verify finds them in JAX and does not confirm the finding (JAX 0.7
# imports `host_callback`, and refuses only its use, a line after the flagged import).
REMOVED_LATER = {"jax.experimental.enable_x64", "jax.experimental.host_callback"}
# The tracer rules predict a behaviour, not JAX's exception (whose class and text change between
# releases): the line raises under jit, where its values are traced, and not so run eagerly.
TRACED = ("JAX108", "JAX111", "JAX113")
# Where a transform other than jit traces the values, eagerly too (vmap, grad): the line raises there as well.
STILL_TRACED_EAGERLY = {"JAX108_basic.per_example", "JAX108_basic.scale_grad", "JAX111_basic.norms",
                        "JAX113_basic.per_row"}

# The rules whose findings (some or all) have a fix.
FIXED = {"JAX108", "JAX109", "JAX111", "JAX206", "JAX301", "JAX303"}
# JAX108's fix for `helper` marks `k` static at the jit of its caller, which verify does not run.
FIX_ELSEWHERE = "JAX108_basic.helper"



@pytest.fixture(scope="module")
def results() -> dict[str, list[dict]]:
    """The verify rows per code, in the order of the fixture's lines."""
    run = run_jaxlint(REPO, "verify", "--output-format", "json", *(f"fixtures/{code}_basic.py" for code in CODES))
    assert run.returncode == 1, run.stderr
    rows: dict[str, list[dict]] = {code: [] for code in CODES}
    for row in json.loads(run.stdout)["results"]:
        rows[row["code"]].append(row)
    return rows


def _function(rows: list[dict], name: str) -> dict:
    [row] = [r for r in rows if r["function"].split(".", 1)[1] == name]
    return row


@pytest.mark.parametrize("code", CODES)
def test_every_expected_finding_is_confirmed(results, code: str) -> None:
    rows = results[code]
    assert Counter((r["row"], r["code"]) for r in rows) == expected(FIXTURES / f"{code}_basic.py")
    assert [r for r in rows if r["status"] != "confirmed" and not _still_in_jax(r)] == []


def _still_in_jax(row: dict) -> bool:
    evidence = row["evidence"]
    return (row["status"] in ("not-confirmed", "skipped") and evidence.get("in_jax") is True
            and evidence["name"] in REMOVED_LATER)


@pytest.mark.parametrize("code", sorted(RAISED))
def test_the_predicted_exception_is_raised_on_the_finding_line(results, code: str) -> None:
    for row in (r for r in results[code] if r["status"] == "confirmed"):
        evidence = row["evidence"]
        assert evidence["exception"] in RAISED[code] and evidence["row"] == row["row"], row


@pytest.mark.parametrize("code", TRACED)
def test_the_line_raises_where_traced_and_not_eagerly(results, code: str) -> None:
    for row in results[code]:
        evidence = row["evidence"]
        assert evidence["row"] == row["row"] and evidence["traced"] is True, row
        eager = evidence["eager"]
        if row["function"] in STILL_TRACED_EAGERLY:
            assert eager["raised"] and eager["row"] == row["row"] and eager["traced"], row
        else:
            assert eager["raised"] is False and "output" in eager, row


def test_eager_outputs_are_the_values_jit_could_not_trace(results) -> None:
    # examples.py: prefix(arange(8), 3), window(arange(8), 1), kept([-1, 0, 2, 3], 2)
    assert _function(results["JAX108"], "prefix")["evidence"]["eager"]["output"] == [0.0, 1.0, 2.0]
    assert _function(results["JAX108"], "window")["evidence"]["eager"]["output"] == [1.0, 2.0, 3.0, 4.0]
    assert _function(results["JAX113"], "kept")["evidence"]["eager"]["output"] == [2.0, 3.0]


def test_containers_are_rejected_by_jax_numpy(results) -> None:
    for row in results["JAX206"]:
        assert "requires ndarray or scalar arguments" in row["evidence"]["message"], row


@pytest.mark.parametrize("code", ["JAX301", "JAX303"])
def test_the_installed_jax_lacks_the_removed_name_of_the_finding_line(results, code: str) -> None:
    lines = (FIXTURES / f"{code}_basic.py").read_text(encoding="utf-8").splitlines()
    for row in results[code]:
        evidence = row["evidence"]
        assert evidence["name"].rsplit(".", 1)[-1] in lines[row["row"] - 1], row
        if row["status"] == "confirmed":  # gone, or kept only to refuse (host_callback in JAX 0.6-0.7)
            assert evidence["in_jax"] is False or evidence["exception"] == "NotImplementedError", row


def test_impure_values_are_frozen_when_compiled_and_change_eagerly(results) -> None:
    for row in results["JAX112"]:
        compiled, eager = row["evidence"]["compiled"], row["evidence"]["eager"]
        assert compiled[0] == compiled[1] and eager[0] != eager[-1], row
    batches = _function(results["JAX112"], "next_batch")["evidence"]  # 2.0 + the batches 1.0, 2.0, 3.0 in turn
    assert (batches["compiled"], batches["eager"]) == ([[3.0, 3.0], [3.0, 3.0]], [[4.0, 4.0], [5.0, 5.0]])


def test_side_effects_run_once_per_trace(results) -> None:
    for row in results["JAX107"]:
        evidence = row["evidence"]
        assert evidence["runs_compiled"] == 1 and evidence["runs_eager"] >= evidence["calls"] == 2, row
    # a scan body's change: once for the whole scan, against once per item of the 3 eagerly, twice
    assert _function(results["JAX107"], "scanned.body")["evidence"]["runs_eager"] == 6
    assert _function(results["JAX107"], "make_accumulator.add")["evidence"]["runs_compiled"] == 1  # the nested object


def test_discarded_updates_leave_the_value_unchanged(results) -> None:
    for row in results["JAX109"]:
        evidence = row["evidence"]
        assert evidence["before"] == evidence["after"] != evidence["discarded"], row
    zeroed = _function(results["JAX109"], "zero_first")
    assert zeroed["evidence"]["after"] == [1.0, 2.0, 3.0, 4.0]
    assert zeroed["evidence"]["discarded"] == [0.0, 2.0, 3.0, 4.0]
    assert zeroed["fix"]["evidence"] == {"after": [0.0, 2.0, 3.0, 4.0], "update": [0.0, 2.0, 3.0, 4.0]}
    assert _function(results["JAX109"], "test_close")["evidence"]["discarded"] is False  # the check failed, unseen


@pytest.mark.parametrize("code", CODES)
def test_every_offered_fix_passes(results, code: str) -> None:
    rows = results[code]
    fixes = [r["fix"]["status"] for r in rows if r["fix"] and r["function"] != FIX_ELSEWHERE]
    assert fixes == ["passed"] * len(fixes), [(r["row"], r["fix"]) for r in rows]
    assert bool(fixes) == (code in FIXED)


def test_a_fix_at_the_callers_jit_is_skipped_not_failed(results) -> None:
    [fix] = [r["fix"] for r in results["JAX108"] if r["function"] == FIX_ELSEWHERE]
    assert fix["status"] == "skipped" and "`repeated`" in fix["reason"], fix
