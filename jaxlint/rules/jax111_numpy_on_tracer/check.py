"""JAX111 numpy-on-tracer: in traced code (jit, vmap, grad, lax bodies, module methods), a NumPy
function that converts its input to a NumPy array (the model's table, read from NumPy and JAX:
`knowledge/numpy_functions.py`) called with a traced value. NumPy functions that delegate to the
array's own method (`np.sum`, `np.mean`, `np.max`, `np.transpose`...) work on tracers and are not
in the table; values that are not traced (shapes, constants, static arguments) are not flagged.
Also a NumPy array (a module constant, an `np.` result) indexed with a traced index."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.knowledge.numpy_functions import CONVERTING, WITH_JNP
from jaxlint.rules.base import Report, function_label, snippet
from jaxlint.rules.traced_chain import proven, why_traced
from jaxlint.semantic.api import concrete_only, shape_guarded

if TYPE_CHECKING:
    from jaxlint.semantic.api import Value
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The NumPy function's name (its `jnp` twin replaces it), or an indexing of a NumPy table."""

    name: str
    table: bool


_LAST_NAMES = frozenset(name.rsplit(".", 1)[1] for name in CONVERTING)


def check(model: Model) -> Iterator[Report]:
    for scope in model.functions():
        info = model.info(scope)
        if not info.traced or info.shape_only:
            continue
        yield from _indexed_tables(model, scope)
        facts = None
        for call in scope.of_type(ast.Call):
            func = call.func  # type: ignore[attr-defined]
            if not isinstance(func, ast.Attribute) or func.attr not in _LAST_NAMES:
                continue
            name = model.qualified(func, scope)
            if name not in CONVERTING:
                continue
            facts = facts or model.facts(scope)
            traced = next((a for a in call.args if not isinstance(a, ast.Starred)  # type: ignore[attr-defined]
                           and _surely_traced(facts.value(a))), None)
            if traced is None or concrete_only(model, scope, call) or shape_guarded(model, scope, call) \
                    or not proven(model, scope, traced):
                continue
            short = name.removeprefix("numpy.")  # `sin`, `linalg.norm`
            instead = f"use `jnp.{short}`" if name in WITH_JNP else "use its `jax.numpy` counterpart, or a host callback"
            chain = why_traced(model, scope, traced)
            yield Report(call, f"`{snippet(func)}` converts its input to a NumPy array, "
                               f"but `{snippet(traced)}` is traced in "
                               f"{info.describe(function_label(scope))}{f' ({chain.text})' if chain.text else ''}: it "
                               f"raises TracerArrayConversionError; {instead}",
                         scope, fixable="safe" if name in WITH_JNP else None, fix_data={"name": short},
                         lines=chain.lines, related=chain.related)


def _surely_traced(value: Value) -> bool:
    """Traced for certain (an array or a tree of them), not a whole tuple of parts: what a function
    returns when it is given tracers may be a Python value, and an unknown value yields no finding."""
    return bool(value.traced) and not value.uncertain and value.elts is None


def _indexed_tables(model: Model, scope: Scope) -> Iterator[Report]:
    """`TABLE[i]`, `TABLE[:, i]`: a NumPy array indexed with a traced index converts the index to
    NumPy. (A traced slice bound is JAX108's finding: it needs a concrete value whatever the array.)"""
    facts = None
    for subscript in scope.of_type(ast.Subscript):
        if not isinstance(subscript.ctx, ast.Load):  # type: ignore[attr-defined]
            continue
        index = subscript.slice  # type: ignore[attr-defined]
        parts = index.elts if isinstance(index, ast.Tuple) else [index]
        if all(isinstance(p, (ast.Slice, ast.Constant)) for p in parts):
            continue
        facts = facts or model.facts(scope)
        table = facts.value(subscript.value)  # type: ignore[attr-defined]
        if not table.numpy or table.traced:
            continue
        traced = next((p for p in parts if not isinstance(p, ast.Slice) and facts.value(p).surely_traced_array), None)
        if traced is None or concrete_only(model, scope, subscript) or shape_guarded(model, scope, subscript) \
                or not proven(model, scope, traced):
            continue
        base = snippet(subscript.value)  # type: ignore[attr-defined]
        where = model.info(scope).describe(function_label(scope))
        chain = why_traced(model, scope, traced)
        if chain.text:
            where = f"{where} ({chain.text})"
        yield Report(subscript, f"indexing the NumPy array `{base}` with `{snippet(traced)}`, which is traced in {where}, "
                                f"converts the index to NumPy: it raises TracerArrayConversionError; index a JAX copy, "
                                f"`jnp.asarray({base})[...]`", scope, fixable="safe", fix_data={"table": True},
                     lines=chain.lines, related=chain.related)
