"""JAX204 shape-varies-in-loop: a jit-compiled function called in a loop with an argument whose
shape depends on the loop variable (`f(x[:i])`, `f(jnp.zeros(i))`, a list grown by `append` and
never emptied in that loop, an array grown by `concatenate`): jit compiles once per input shape, so
once per iteration. An integer index (`x[i]`), a window of fixed width (`x[i:i + k]`), a batch
flushed at a fixed size or padded to it keeps the shape and is not flagged (semantic/loop_shapes.py)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING, TypedDict

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope


class FixData(TypedDict, total=False):
    """The compiled callee whose compilations verify counts."""

    callee: str


def check(model: Model) -> Iterator[Report]:
    for call, scope in model.loops.compiled_calls:
        compiled = model.loops.compiled(call, scope)
        if compiled is None:
            continue
        loops = model.loops.untraced_loops(call, scope)
        static = dict(compiled.static_arguments(call))
        for argument in [*call.args, *(k.value for k in call.keywords)]:
            if isinstance(argument, ast.Starred) or any(argument is s for s in static.values()):
                continue
            report = _shape_change(model, call, argument, scope, loops)
            if report is not None:
                yield report
                break


def _shape_change(model: Model, call: ast.Call, argument: ast.expr, scope: Scope, loops: list[ast.AST]) -> Report | None:
    why = model.shapes.shape_change(argument, scope, loops) if loops else None
    shown, via = argument, ""
    if why is None:
        through = model.loops.from_callers_loop(model.shapes.array_source(argument, scope), scope)
        if through is None:
            return None
        shown, caller, outer = through
        why = model.shapes.shape_change(shown, caller, outer)
        function = (scope.qualname or "").rsplit(".", 1)[-1]
        via = f" (through `{function}`, called with it in a loop)"
    if why is None:
        return None
    name = model.loops.compiled(call, scope).name  # type: ignore[union-attr]
    return Report(call, f"`{snippet(call.func)}` is jit-compiled and called with `{snippet(shown)}`{via}, whose "
                        f"shape changes every iteration ({why}): one compilation per shape; pad to a fixed size "
                        f"and mask, or bucket the sizes", scope, fix_data={"callee": name})
