"""JAX102 prng-key-reuse: one PRNG key value consumed twice."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.checks.base import Report

if TYPE_CHECKING:  # the model is imported where it is built, not to list the rules
    from jaxlint.semantic.model import Model

CODE = "JAX102"
NAME = "prng-key-reuse"
SEVERITY = "error"
FIX = "unsafe"
SUMMARY = "The same PRNG key is consumed twice, so the \"random\" draws are identical or correlated."


def check(model: Model) -> Iterator[Report]:
    if not model.may_hold_keys():
        return
    for scope in [model.module, *model.functions()]:
        info = model.info(scope)
        if info.host:
            continue
        if not _mentions_keys(model, scope) or not model.may_hold_keys(scope):
            continue
        for reuse in model.facts(scope).key_reuses:
            first_line = getattr(reuse.first, "lineno", None)
            if reuse.in_loop and first_line == getattr(reuse.call, "lineno", None):
                where = "in every iteration of the loop without splitting it"
            else:
                where = f"already consumed on line {first_line}"
            fresh = "subkey" if reuse.name != "subkey" else "new_subkey"
            message = (f"PRNG key `{reuse.name}` is reused ({where}); the draws repeat. "
                       f"Split first: `{reuse.name}, {fresh} = jax.random.split({reuse.name})` and use `{fresh}`")
            yield Report(reuse.node, message, scope, fixable="unsafe",
                         fix_data={"key": reuse.name, "in_loop": reuse.in_loop,
                                   "first_line": getattr(reuse.first, "lineno", None)})



def _mentions_keys(model: Model, scope) -> bool:
    """Something here is used as a PRNG key, or a `jax.random` call makes one."""
    return bool(model.random_key_args(scope)) or model.calls_jax_random(scope)
