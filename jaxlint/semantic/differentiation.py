"""A function as grad-like transforms alone run it (`jax.grad`, `value_and_grad`, `jacrev`...): the
differentiated parameters (`argnums`) hold tracers, the others the caller's own values, and
`stop_gradient` hands back a concrete value. Under these transforms Python control flow works and
`int(x)` takes the primal value, but `float(x)` of a tracer raises: JAX108 asks this model."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.semantic.interpret import Facts, Interpreter, State
from jaxlint.semantic.values import UNKNOWN, Value

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_CONCRETE_AGAIN = frozenset(("jax.lax.stop_gradient",))


def differentiated_params(model: Model, scope: Scope) -> set[str] | None:
    """The parameters grad-like transforms differentiate, over every application of them to the
    function (as a decorator, or `jax.grad(f, argnums=...)` in this module); None when there is
    none or one whose `argnums` is not a literal."""
    node = scope.node
    name = getattr(node, "name", None)
    if name is None or scope.parent is None:
        return None
    wraps = [w for d in node.decorator_list if (w := model.wrap_of(d, scope.parent)) is not None]  # type: ignore[attr-defined]
    for owner, use in model.loads_of(name):
        call = model.parent(use)
        if isinstance(call, ast.Call) and call.args and call.args[0] is use and owner.lookup_scope(name) is scope.parent:
            wrap = model.wrapping_call(call, owner)
            if wrap is not None:
                wraps.append(wrap)
    grads = [w for w in wraps if w.transform.kind == "grad"]
    if not grads or any(w.argnums is None for w in grads):
        return None
    params = scope.positional_params()
    return {params[i] for w in grads for i in w.argnums or () if -len(params) <= i < len(params)}


def differentiated_facts(model: Model, scope: Scope, params: set[str]) -> Facts:
    """The values of the function's expressions when grad-like transforms differentiate `params`."""
    return _Differentiated(model, scope, params).run()


class _Differentiated(Interpreter):
    def __init__(self, model: Model, scope: Scope, params: set[str]) -> None:
        super().__init__(model, scope, model.trace.get(scope))
        self.params = params

    def param_value(self, param: ast.arg) -> Value:
        return super().param_value(param) if param.arg in self.params else UNKNOWN

    def eval(self, node: ast.AST, state: State) -> Value:
        value = super().eval(node, state)
        if isinstance(node, ast.Call) and self.model.qualified(node.func, self.scope) in _CONCRETE_AGAIN:
            value = self.facts.values[node] = UNKNOWN
        return value
