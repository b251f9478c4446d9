"""The model's table of array-only `jax.numpy` parameters (semantic/array_arguments.py), checked
against the installed JAX: a list at each listed position raises the TypeError JAX206 predicts."""

from __future__ import annotations

import inspect
import re
import warnings

import pytest

from jaxlint.semantic.array_arguments import ARRAY_ONLY

jnp = pytest.importorskip("jax.numpy")
_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def test_every_listed_position_rejects_a_list() -> None:
    wrong = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for qualified, positions in ARRAY_ONLY.items():
            function = getattr(jnp, qualified.rsplit(".", 1)[1])
            required = sum(1 for p in inspect.signature(function).parameters.values()
                           if p.default is inspect.Parameter.empty and p.kind in _POSITIONAL)
            for position in positions:
                args = [jnp.array([1.0, 2.0])] * max(required, position + 1)
                args[position] = [1.0, 2.0]
                try:
                    function(*args)
                    wrong.append(f"{qualified} accepted a list at {position}")
                except TypeError as exc:
                    if not re.search(rf"at position {position}\b", str(exc)):
                        wrong.append(f"{qualified}: {exc}")
                except Exception as exc:  # noqa: BLE001 - another failure is a wrong entry too
                    wrong.append(f"{qualified}: {type(exc).__name__}: {exc}")
    assert not wrong, wrong[:10]


@pytest.mark.parametrize("name", ["array", "asarray", "stack", "concatenate", "hstack", "vstack", "block"])
def test_functions_that_take_sequences_are_not_listed(name: str) -> None:
    assert f"jax.numpy.{name}" not in ARRAY_ONLY
