"""JAX105: `jnp.prod(x.shape)` → `math.prod(x.shape)`; other jnp calls on static values → `np.`.
Built on the module's `ast` (fixes/text_context.py): a call or its function renamed, an import added."""

from __future__ import annotations

import ast

from jaxlint.diagnostics import Edit, Finding
from jaxlint.fixes.errors import FixError
from jaxlint.fixes.imports import ensure_module, imported_name
from jaxlint.fixes.text_context import TextContext

# The flagged `jnp` call becomes `math.prod`, `np.<function>` or the static value itself, none of
# which JAX105 flags: the finding is gone, no relint needed.
REMOVES_FINDING = True


def _function(finding: Finding) -> str:
    data = finding.fix_data or {}
    if "function" not in data:
        raise FixError("the rule gave no function name")
    return data["function"]


def _only_argument(call: ast.Call) -> ast.expr | None:
    """The call's one positional argument, when it has no other."""
    if len(call.args) != 1 or call.keywords or isinstance(call.args[0], ast.Starred):
        return None
    return call.args[0]


def message(finding: Finding) -> str:
    function = _function(finding)
    if (finding.fix_data or {}).get("unwrap"):
        return "Use the static value itself"
    return "Use `math.prod`" if function in ("prod", "product") else f"Use `np.{function}`"


def build_text(ctx: TextContext, finding: Finding) -> list[Edit]:
    call = ctx.at(finding, ast.Call)
    function = _function(finding)
    if (finding.fix_data or {}).get("unwrap"):  # jnp.zeros(jnp.array(n)) → jnp.zeros(n)
        value = _only_argument(call)
        if value is None:
            raise FixError("the rule's array of a shape is not here")
        return [ctx.replace(call, ctx.source(value))]
    whole = (finding.fix_data or {}).get("product_of_shape")
    if whole == "parent":  # the finding is the array in `jnp.prod(jnp.array(x.shape))`
        call = ctx.enclosing(call, ast.Call)
    if function in ("prod", "product") and _only_argument(call) is not None:
        local = imported_name(ctx, "math", "prod")
        edits: list[Edit] = []
        if local is None:
            math, edits = ensure_module(ctx, "math")
            local = f"{math}.prod"
        if whole:  # math.prod takes the shape tuple itself: the array around it goes in the same edit
            inner = _only_argument(call)
            shape = _only_argument(inner) if isinstance(inner, ast.Call) else None
            if shape is None:
                raise FixError("the rule's array of a shape is not here")
            return [*edits, ctx.replace(call, f"{local}({ctx.source(shape)})")]
    else:
        numpy, edits = ensure_module(ctx, "numpy", "np")
        local = f"{numpy}.{function}"
    return [*edits, ctx.replace(call.func, local)]
