"""JAX105: `jnp.prod(x.shape)` → `math.prod(x.shape)`; other jnp calls on static values → `np.`."""

from __future__ import annotations

import libcst as cst

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.context import Context, FixError
from jaxlint.fixes.imports import ensure_module, imported_name


def _function(finding: Finding) -> str:
    data = finding.fix_data or {}
    if "function" not in data:
        raise FixError("the rule gave no function name")
    return data["function"]


def _uses_math(call: cst.Call, function: str) -> bool:
    return function in ("prod", "product") and len(call.args) == 1 and call.args[0].keyword is None \
        and not call.args[0].star


def message(finding: Finding) -> str:
    function = _function(finding)
    if (finding.fix_data or {}).get("unwrap"):
        return "Use the static value itself"
    return "Use `math.prod`" if function in ("prod", "product") else f"Use `np.{function}`"


def build(ctx: Context, finding: Finding) -> list[Edit]:
    call = ctx.at(finding, cst.Call)
    function = _function(finding)
    if (finding.fix_data or {}).get("unwrap"):  # jnp.zeros(jnp.array(n)) → jnp.zeros(n)
        if len(call.args) != 1:
            raise FixError("the rule's array of a shape is not here")
        return [ctx.replace(call, call.args[0].value)]
    whole = (finding.fix_data or {}).get("product_of_shape")
    if whole == "parent":  # the finding is the array in `jnp.prod(jnp.array(x.shape))`
        call = ctx.enclosing(call, cst.Call)
    if _uses_math(call, function):
        local = imported_name(ctx, "math", "prod")
        edits: list[Edit] = []
        if local is None:
            math, edits = ensure_module(ctx, "math")
            local = f"{math}.prod"
        if whole:  # math.prod takes the shape tuple itself: the array around it goes in the same edit
            inner = call.args[0].value
            if not isinstance(inner, cst.Call) or len(inner.args) != 1:
                raise FixError("the rule's array of a shape is not here")
            return [*edits, ctx.replace(call, f"{local}({ctx.code(inner.args[0].value)})")]
    else:
        numpy, edits = ensure_module(ctx, "numpy", "np")
        local = f"{numpy}.{function}"
    return [*edits, ctx.replace(call.func, local)]
