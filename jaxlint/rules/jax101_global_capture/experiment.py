"""JAX101: call the compiled function, change the captured value (a number or array to v+1, a
bool to its negation, the first number of a list or dict likewise), call again; compare with the
same function run eagerly. Stale compiled output while the eager output changed confirms."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import jax
import numpy as np

from jaxlint.verify.harness import (
    Inputs,
    Subject,
    added_parameters,
    compare_fixed,
    compiled,
    differences,
    failure,
    passed,
    run_eager,
    same,
    summarize,
    timings,
    with_input_set,
)
from jaxlint.verify.jobs import Verdict


def predicted(exc: BaseException) -> bool:
    return False  # stale values raise nothing


@dataclass
class Change:
    """Where the captured value lives, and how to change it and put it back."""

    name: str
    before: Any
    after: Any
    apply: Callable[[], None]
    restore: Callable[[], None]

    @contextmanager
    def applied(self) -> Iterator[None]:
        self.apply()
        try:
            yield
        finally:
            self.restore()


def run(subject: Subject) -> Verdict:
    name = (subject.target.fix_data or {}).get("name")
    change = _change(subject, name) if name else None
    if change is None:
        return Verdict("skipped", f"cannot change the captured value `{name}` (not a number, bool, array, "
                                  "or list/dict of numbers)")
    outcomes: list[Verdict] = []
    for index, inputs in enumerate(subject.inputs):
        try:
            verdict = _experiment(subject, inputs, change)
        except Exception as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            outcomes.append(failure(exc, subject))
            continue
        with_input_set(verdict.evidence, subject, index)
        if verdict.status == "confirmed":
            verdict.evidence["timings"] = timings(subject.function, inputs)
            return verdict
        outcomes.append(verdict)
    return outcomes[0]


def _experiment(subject: Subject, inputs: Inputs, change: Change) -> Verdict:
    jax.clear_caches()
    jitted = compiled(subject.function, inputs)
    compiled_before = _call(jitted, inputs)
    eager_before = run_eager(subject.function, inputs)
    with change.applied():
        compiled_after = _call(jitted, inputs)
        eager_after = run_eager(subject.function, inputs)
    stale = same(compiled_before, compiled_after) and not same(eager_before, eager_after)
    evidence = {"name": change.name, "before": summarize(change.before), "after": summarize(change.after),
                "compiled_before": summarize(compiled_before), "compiled_after": summarize(compiled_after),
                "eager_before": summarize(eager_before), "eager_after": summarize(eager_after), "stale": stale}
    if stale:
        apart = _elementwise(compiled_after, eager_after)
        if apart is None:
            shown = {k: _text(evidence[k]) for k in ("compiled_after", "after", "eager_after")}
            return Verdict("confirmed", f"compiled output stayed {shown['compiled_after']} after {change.name} "
                                        f"changed to {shown['after']}; eager gave {shown['eager_after']}", evidence)
        evidence["differences"] = apart
        return Verdict("confirmed", f"compiled output stayed as it was after {_changed(change)}; eager's changed: "
                                    + _differing(apart, "compiled", "eager"), evidence)
    if same(eager_before, eager_after):
        return Verdict("not-confirmed", f"the output does not depend on `{change.name}` on these inputs", evidence)
    return Verdict("not-confirmed", f"the compiled output followed the change of `{change.name}`", evidence)


def _call(jitted: Callable[..., Any], inputs: Inputs) -> Any:
    args, kwargs = inputs.fresh()
    return jax.block_until_ready(jitted(*args, **kwargs))


def _text(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _elementwise(a: Any, b: Any) -> dict[str, Any] | None:
    """The elements where outputs that hold arrays differ (None for a single number: the values say it)."""
    leaves = jax.tree.leaves(a)
    if len(leaves) == 1 and leaves[0] is a and np.ndim(a) == 0:
        return None
    found = differences(a, b)
    return found if found is not None and found["differ"] else None


def _differing(found: dict[str, Any], mine: str, other: str) -> str:
    """`4 of 4 elements differ (compiled vs eager): [0]: 6.0 vs 7.0, [1]: 6.0 vs 7.0, [2]: 6.0 vs 7.0, ...`."""
    more = ", ..." if found["differ"] > len(found["shown"]) else ""
    return (f"{found['differ']} of {found['elements']} element{'s' * (found['elements'] != 1)} differ "
            f"({mine} vs {other}): " + ", ".join(found["shown"]) + more)


def _changed(change: Change) -> str:
    """`bias changed to 2.0`; an array: `w changed by +1 (float32[3, 4])`, what the experiment did to it."""
    if isinstance(change.before, (jax.Array, np.ndarray)) and np.ndim(change.before) > 0:
        return f"{change.name} changed by +1 ({change.before.dtype}{list(change.before.shape)})"
    return f"{change.name} changed to {_text(summarize(change.after))}"


def _change(subject: Subject, name: str) -> Change | None:
    inner = inspect.unwrap(subject.function)
    namespace = getattr(inner, "__globals__", subject.module.__dict__)
    if name in namespace:
        return _rebind(namespace, name)
    if "." in name or "[" in name:
        return _change_elsewhere(namespace, name)
    code = getattr(inner, "__code__", None)
    if code is not None and name in code.co_freevars and inner.__closure__:
        cell = inner.__closure__[code.co_freevars.index(name)]
        return _rebind_cell(cell, name)
    return None


def _change_elsewhere(namespace: dict[str, Any], name: str) -> Change | None:
    """Another module's state, as the function reads it: `config.SCALE` (an attribute of what a
    global names) or `HPARAMS["lr"]` (an item), changed where it lives."""
    try:
        path = ast.parse(name, mode="eval").body
    except SyntaxError:
        return None
    if isinstance(path, ast.Attribute):
        owner = _value_of(namespace, path.value)
        if owner is None or not hasattr(owner, path.attr):
            return None
        before = getattr(owner, path.attr)
        after = _bumped(before)
        if after is None:
            return _mutate_item(before, name)
        return Change(name, before, after, lambda: setattr(owner, path.attr, after),
                      lambda: setattr(owner, path.attr, before))
    if isinstance(path, ast.Subscript) and isinstance(path.slice, ast.Constant):
        owner = _value_of(namespace, path.value)
        try:
            found = owner[path.slice.value] if owner is not None else None
        except (LookupError, TypeError):
            return None
        if _bumped(found) is None:
            return None
        return _item_change(owner, path.slice.value, ast.unparse(path.value))
    return None


def _value_of(namespace: dict[str, Any], node: ast.expr) -> Any:
    """What a dotted name (`config`, `settings.model`) holds, from the function's globals."""
    if isinstance(node, ast.Name):
        return namespace.get(node.id)
    if isinstance(node, ast.Attribute):
        return getattr(_value_of(namespace, node.value), node.attr, None)
    return None


def _bumped(value: Any) -> Any:
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, float)):
        return value + 1
    if isinstance(value, (jax.Array, np.ndarray)) and np.issubdtype(value.dtype, np.number):
        return value + 1
    return None


def _rebind(namespace: dict[str, Any], name: str) -> Change | None:
    before = namespace[name]
    after = _bumped(before)
    if after is not None:
        return Change(name, before, after, lambda: namespace.__setitem__(name, after),
                      lambda: namespace.__setitem__(name, before))
    return _mutate_item(before, name)


def _rebind_cell(cell: Any, name: str) -> Change | None:
    before = cell.cell_contents
    after = _bumped(before)
    if after is None:
        return _mutate_item(before, name)

    def put(value: Any) -> Callable[[], None]:
        return lambda: setattr(cell, "cell_contents", value)

    return Change(name, before, after, put(after), put(before))


def _mutate_item(container: Any, name: str) -> Change | None:
    """The first number in a list or dict, changed in place (what `xs[0] = ...` elsewhere does)."""
    if isinstance(container, list):
        keys: list[Any] = list(range(len(container)))
    elif isinstance(container, dict):
        keys = list(container)
    else:
        return None
    for key in keys:
        if _bumped(container[key]) is not None:
            return _item_change(container, key, name)
    return None


def _item_change(container: Any, key: Any, name: str) -> Change:
    before = container[key]
    after = _bumped(before)
    return Change(f"{name}[{key!r}]", before, after, lambda: container.__setitem__(key, after),
                  lambda: container.__setitem__(key, before))


def check_fix(original: Subject, fixed: Subject) -> Verdict:
    """The fix makes the value a parameter: pass the current value, change it, call again; the fixed
    jitted output must follow the change and equal the eager original's."""
    name = (original.target.fix_data or {}).get("name", "")
    change = _change(original, name)
    added = added_parameters(original.function, fixed.function)
    added = [p for p in added if p == name] or added  # the module's other fixes add parameters of their own
    if change is None or len(added) != 1:
        return _still_stale(original, fixed)
    parameter = added[0]
    befores = []
    for inputs in original.inputs:
        with_before = Inputs(inputs.origin, inputs.args, {**inputs.kwargs, parameter: change.before})
        with_after = Inputs(inputs.origin, inputs.args, {**inputs.kwargs, parameter: change.after})
        problem = compare_fixed(replace(fixed, inputs=[with_before, with_after]))
        if problem is not None:
            return problem
        jitted = compiled(fixed.function, with_before)
        fixed_before, fixed_after = _call(jitted, with_before), _call(jitted, with_after)
        with change.applied():
            eager_after = run_eager(original.function, inputs)
        evidence = {"parameter": parameter, "fixed_before": summarize(fixed_before),
                    "fixed_after": summarize(fixed_after), "eager_original_after": summarize(eager_after)}
        if not same(fixed_after, eager_after):
            apart = _elementwise(fixed_after, eager_after)
            if apart is not None:
                evidence["differences"] = apart
                return Verdict("failed", f"after {_changed(change)}, the fixed function's output differs from the "
                                         "eager original's: " + _differing(apart, "fixed", "eager original"), evidence)
            return Verdict("failed", f"after {change.name} changed, the fixed function gave "
                                     f"{_text(evidence['fixed_after'])}; the eager original gave "
                                     f"{_text(evidence['eager_original_after'])}", evidence)
        befores.append(with_before)
    return passed(f"`{parameter}` is now a parameter: the jitted output follows its change and equals the "
                  "eager original", original, replace(fixed, inputs=befores), evidence)


def _still_stale(original: Subject, fixed: Subject) -> Verdict:
    """Without one new parameter to pass, rerun the experiment on the fixed module."""
    verdict = run(replace(fixed, target=original.target))
    if verdict.status == "confirmed":
        return Verdict("failed", f"still stale after the fix: {verdict.reason}", verdict.evidence)
    if verdict.status == "not-confirmed" and "followed" in verdict.reason:
        problem = compare_fixed(fixed)
        return problem or passed("the compiled output follows the change after the fix", original, fixed,
                                 verdict.evidence)
    return Verdict("failed", f"could not check the fix: {verdict.reason}", verdict.evidence)
