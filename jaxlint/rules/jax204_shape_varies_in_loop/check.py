"""JAX204 shape-varies-in-loop: a jit-compiled function called in a loop with an argument whose
shape depends on the loop variable (`f(x[:i])`, `f(jnp.zeros(i))`, a list grown by `append`, an
array grown by `concatenate`): jit compiles once per input shape, so once per iteration. An integer
index (`x[i]`) or a window of fixed width (`x[i:i + k]`) keeps the shape and is not flagged."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import TYPE_CHECKING

from jaxlint.rules.base import Report, snippet

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model


def check(model: Model) -> Iterator[Report]:
    for scope in [model.module, *model.functions()]:
        for call in scope.of_type(ast.Call):
            loops = model.loops.untraced_loops(call, scope)
            if not loops:
                continue
            compiled = model.loops.compiled(call, scope)  # type: ignore[arg-type]
            if compiled is None:
                continue
            static = dict(compiled.static_arguments(call))  # type: ignore[arg-type]
            arguments = [*call.args, *(k.value for k in call.keywords)]  # type: ignore[attr-defined]
            for argument in arguments:
                if isinstance(argument, ast.Starred) or any(argument is s for s in static.values()):
                    continue
                why = model.loops.shape_change(argument, scope, loops)
                if why is not None:
                    yield Report(call, f"`{snippet(call.func)}` is jit-compiled and called with `{snippet(argument)}`, whose "
                                       f"shape changes every iteration ({why}): one compilation per shape; pad to a "
                                       f"fixed size and mask, or bucket the sizes",
                                 scope, fix_data={"callee": compiled.name})
                    break
