"""JAX112: call the compiled function twice on the same inputs, and the function eagerly twice: the
impure value is baked in when the compiled outputs repeat while the eager ones differ."""

from __future__ import annotations

from jaxlint.verify.harness import (
    Subject,
    failure,
    first_not_confirmed,
    run_compiled,
    run_eager,
    same,
    summarize,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict


def predicted(exc: BaseException) -> bool:
    return False  # the rule predicts a frozen value, not an error


def run(subject: Subject) -> Verdict:
    outcomes = []
    for index, inputs in enumerate(subject.inputs):
        try:
            compiled = [run_compiled(subject.function, inputs) for _ in range(2)]
            eager = [run_eager(subject.function, inputs) for _ in range(2)]
        except Exception as exc:
            outcomes.append(failure(exc, subject))
            continue
        evidence = with_input_set({"compiled": [summarize(c) for c in compiled],
                                   "eager": [summarize(e) for e in eager]}, subject, index)
        if same(*compiled) and not same(*eager):
            return Verdict("confirmed", f"two compiled calls return the same {summarize(compiled[0])}; run eagerly "
                                        f"the function returns {summarize(eager[0])}, then {summarize(eager[1])}",
                           evidence)
        outcomes.append(Verdict("not-confirmed", "the compiled calls differ, or the eager ones do not", evidence))
    return first_not_confirmed(outcomes)
