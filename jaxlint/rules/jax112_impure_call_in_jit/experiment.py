"""JAX112: call the compiled function twice on the same inputs, and the function eagerly two or
three times: the impure value is baked in when the compiled outputs repeat while the eager ones differ."""

from __future__ import annotations

import time
from typing import Any

from jaxlint.verify.harness import (
    Inputs,
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

_EAGER_CALLS = 3  # an impure value may repeat by chance (a random byte), so draw it more than twice
_PAUSE_S = 0.02  # between eager calls: a clock must move past `same`'s tolerance (1e-5 of ~1000 s is 10 ms)


def predicted(exc: BaseException) -> bool:
    return False  # the rule predicts a frozen value, not an error


def run(subject: Subject) -> Verdict:
    outcomes = []
    for index, inputs in enumerate(subject.inputs):
        try:
            compiled = [run_compiled(subject.function, inputs) for _ in range(2)]
            eager = _eager_calls(subject, inputs)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        evidence = with_input_set({"compiled": [summarize(c) for c in compiled],
                                   "eager": [summarize(e) for e in eager]}, subject, index)
        if same(*compiled) and not same(eager[0], eager[-1]):
            return Verdict("confirmed", f"two compiled calls return the same {summarize(compiled[0])}; run eagerly "
                                        f"the function returns {summarize(eager[0])}, then {summarize(eager[-1])}",
                           evidence)
        outcomes.append(Verdict("not-confirmed", "the compiled calls differ, or the eager ones do not", evidence))
    return first_not_confirmed(outcomes)


def _eager_calls(subject: Subject, inputs: Inputs) -> list[Any]:
    """Eager outputs, until one differs from the first or there are _EAGER_CALLS of them."""
    outputs = [run_eager(subject.function, inputs)]
    while len(outputs) < _EAGER_CALLS and same(outputs[0], outputs[-1]):
        time.sleep(_PAUSE_S)
        outputs.append(run_eager(subject.function, inputs))
    return outputs
