"""The experiment of the rules that predict recompilation in a loop (JAX202, JAX204): run the function
that holds the loop and count the callee's compilations (JAX's compile events); for the fix, the same
run of the fixed function beside it. A rule's experiment.py names this one."""

from __future__ import annotations

from jaxlint.verify.device_lock import device_lock
from jaxlint.verify.harness import Subject
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.recompiles import count_compilations, fix_compiles_less


def predicted(exc: BaseException) -> bool:
    return False  # the rules predict slowness, not an error


def run(subject: Subject) -> Verdict:
    with device_lock():  # the run is timed: no other module's timings meanwhile
        return count_compilations(subject)


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    with device_lock():
        return fix_compiles_less(original, fixed)
