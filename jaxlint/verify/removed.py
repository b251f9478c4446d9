"""The experiment of the removed-name rules (JAX301, JAX303): JAX has no such name, so using it
raises AttributeError and importing it ImportError (the module's import is checked where the
import is: see child.py); where JAX keeps the name only to refuse it (`host_callback` from 0.6 to
0.7), NotImplementedError. The installed JAX is asked too: a name it still has (removed in a later
release than this one) is not removed here, whatever the line raised, and a name it lacks is. The
fix passes when the fixed function runs."""

from __future__ import annotations

import importlib
import warnings

import jax

from jaxlint.verify.harness import Subject, run_as_found
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.raising import expect_raise, fix_runs_as_called

_GONE = (AttributeError, ImportError)
_REFUSED = NotImplementedError


def predicted(exc: BaseException) -> bool:
    return isinstance(exc, (*_GONE, _REFUSED))


def run(subject: Subject) -> Verdict:
    verdict = expect_raise(subject, predicted, run_as_found, "running the function")
    name = (subject.target.fix_data or {}).get("name")
    if not name:
        return verdict
    present = in_jax(name)
    evidence = dict(verdict.evidence) | {"name": name, "in_jax": present}
    if verdict.status == "confirmed" and present and evidence.get("exception") != _REFUSED.__name__:
        return Verdict("error", f"{verdict.reason}; but JAX {jax.__version__} has `{name}`: not its removal",
                       evidence)
    if verdict.status == "not-confirmed" and present:
        return Verdict("not-confirmed", f"JAX {jax.__version__} still has `{name}`: {verdict.reason}", evidence)
    return Verdict(verdict.status, verdict.reason, evidence)


def in_jax(name: str) -> bool:
    """The installed JAX resolves the dotted name (a module, or attributes of one)."""
    parts = name.split(".")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a deprecated name warns when reached
        for cut in range(len(parts), 0, -1):
            try:
                value = importlib.import_module(".".join(parts[:cut]))
            except Exception:  # noqa: BLE001 - not a module (or not one that imports): try the parent
                continue
            try:
                for attribute in parts[cut:]:
                    value = getattr(value, attribute)
            except Exception:  # noqa: BLE001 - AttributeError, or a deprecation that raises another
                return False
            return True
    return False


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    return fix_runs_as_called(fixed)

