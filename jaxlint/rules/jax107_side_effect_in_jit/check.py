"""JAX107 side-effect-in-jit: in code that jit compiles (jit, lax bodies, checkpoint), a change to
state that outlives the trace: a `global`/`nonlocal` name rebound, a list/dict/set of an enclosing
scope mutated or stored into, an attribute of an outside object or of a jitted method's `self`
set (the model's `side_effects`): a running count (`+=`), a removal, or a traced value stored or
added. Static values recorded while tracing (shapes, a trace counter) are bookkeeping. A container
that the same trace builds (a list the jitted
function makes and a helper appends to) is not flagged; in a lax body, everything outside the
body outlives it, since the body is traced once for all iterations. A PRNG key advanced this way
(`global key; key, sub = split(key)`) advances once: every call draws the same numbers. nnx and equinox modules
manage their own state, and host callbacks run on every call: neither is flagged."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, function_label, snippet
from jaxlint.semantic.api import BUILDERS, SideEffect, method_class, outside_effects

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_COMPILING = frozenset(("jit", "lax", "checkpoint"))
_MANAGED_STATE = ("flax.nnx.", "equinox.")  # module libraries whose transforms carry `self`'s changes


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if not (info.traced and info.cached and info.transforms & _COMPILING) or info.shape_only:
            continue
        facts = None
        for effect in outside_effects(model, scope):
            if effect.owner is None and not _self_outlives_trace(model, scope):
                continue
            if effect.owner is not None and not _outlives_trace(model, scope, effect.owner):
                continue
            facts = facts or model.facts(scope)
            # Storing static values while tracing is bookkeeping (a shape, a trace counter in a test);
            # a running count, a removal or a traced value is state the program means to keep per call.
            values = [facts.value(v) for v in effect.values]
            if values and all(v.key is not None for v in values):
                # a PRNG key advanced once, while tracing: JAX102's finding where it sees the repeated calls
                if not any(model.parent(reuse.call) is effect.node for reuse in facts.key_reuses):
                    yield _report(model, scope, effect, key=True)
            elif effect.augmented or not values or any(v.traced for v in values):
                yield _report(model, scope, effect)


def _outlives_trace(model: Model, scope: Scope, owner: Scope) -> bool:
    """State of a scope that is not traced with the function (a module, an untraced function),
    or of any scope outside a lax body."""
    return not model.info(owner).traced or model.info(scope).as_lax_body


def _self_outlives_trace(model: Model, scope: Scope) -> bool:
    """`self` of a method jit compiles directly (decorated, or `jax.jit(self.step)`, which binds the
    object): the caller's object when `self` is static or bound (its attributes change once, at trace
    time), a copy when its class is a pytree (the change is lost). On a plain class with a traced
    `self` the call raises as well (JAX114), and making `self` static leads here."""
    cls = method_class(scope)
    if cls is None or (model.module_base(cls) or "").startswith(_MANAGED_STATE):
        return False
    if getattr(scope.node, "name", None) in BUILDERS:
        return False  # `jax.jit(Cls)` builds the object inside the trace: its state is the trace's own
    info = model.info(scope)
    return "jit" in info.transforms and info.transformed_itself


def _report(model: Model, scope: Scope, effect: SideEffect, key: bool = False) -> Report:
    where = model.info(scope).describe(function_label(scope))
    if key:  # checked on JAX 0.10.2: two calls draw the same numbers; the global then holds a tracer
        return Report(effect.node, f"`{snippet(effect.node)}` in {where} {effect.action}, a PRNG key, which outlives "
                                   f"the trace: it advances once, while tracing, so every call draws the same numbers, "
                                   f"and the key kept is a leaked tracer; pass the key in and return the new one", scope)
    if model.info(scope).as_lax_body:
        when = "once, when the body is traced, not on every iteration"
        instead = "carry the value through the loop instead"
    else:
        when = "once, while tracing, not on every call"
        instead = "return the value instead (or use `jax.debug.callback` for a host-side effect)"
    return Report(effect.node, f"`{snippet(effect.node)}` in {where} {effect.action}, which outlives the trace"
                               f": it runs {when}, and a stored tracer leaks; {instead}", scope)
