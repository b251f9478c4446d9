"""Names → qualified names ("jnp.zeros" → "jax.numpy.zeros"), honouring local shadowing."""

from __future__ import annotations

import ast
import builtins

from jaxlint.project.summary import may_be_project
from jaxlint.semantic.scopes import Scope

_BUILTINS = frozenset(dir(builtins))

# Public re-exports that mean the same thing; the left side is rewritten to the right.
_CANONICAL = {
    "jax.remat": "jax.checkpoint",
    "jax.ad_checkpoint.checkpoint": "jax.checkpoint",
    "jax.experimental.pjit.pjit": "jax.jit",
    "jax.pjit": "jax.jit",
    "jax.experimental.shard_map.shard_map": "jax.shard_map",
    "jax.tree_util.tree_map": "jax.tree.map",
    "jax.tree_map": "jax.tree.map",
    "flax.linen.module.Module": "flax.linen.Module",
    "flax.nnx.module.Module": "flax.nnx.Module",
    "flax.nnx.Module": "flax.nnx.Module",
    "equinox._module.Module": "equinox.Module",
    "jax.experimental.io_callback": "jax.experimental.io_callback",
    # flax re-exports the activations of `jax.nn` (the same function objects, checked on flax 0.12)
    **{f"flax.{module}.{name}": f"jax.nn.{name}" for module in ("linen", "nnx") for name in (
        "celu", "elu", "gelu", "glu", "hard_sigmoid", "hard_silu", "hard_swish", "hard_tanh", "leaky_relu",
        "log_sigmoid", "log_softmax", "logsumexp", "one_hot", "relu", "relu6", "selu", "sigmoid", "silu",
        "soft_sign", "softmax", "softplus", "standardize", "swish", "tanh")},
}


ALIASED = frozenset(_CANONICAL)


def canonical(name: str) -> str:
    return _CANONICAL.get(name, name)


def last_name(node: ast.AST) -> str | None:
    """`f` for `f(...)`, `method` for `obj.method(...)`; None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def qualified_name(node: ast.AST, scope: Scope) -> str | None:
    """Dotted name of what `node` refers to, or None when it is not a known import/builtin.
    Memoised on the node: a node is always resolved from the same scope."""
    found = getattr(node, "_jaxlint_qualified", _UNRESOLVED)  # a default, not try/except: a miss raises nothing
    if found is _UNRESOLVED:
        found = node._jaxlint_qualified = _resolve(node, scope)  # type: ignore[attr-defined]
    return found  # type: ignore[return-value]


_UNRESOLVED = object()


def _resolve(node: ast.AST, scope: Scope) -> str | None:
    if isinstance(node, ast.Name):
        return _name(node.id, scope)
    if isinstance(node, ast.Attribute):
        base = qualified_name(node.value, scope)
        return canonical(f"{base}.{node.attr}") if base else None
    return None


def _name(name: str, scope: Scope) -> str | None:
    owner = scope.lookup_scope(name)
    if owner is None:
        if name in _BUILTINS:
            return f"builtins.{name}"
        # `from utils import *` of one project module: the name can only come from there
        stars = [m for m in scope.module().stars if may_be_project(m)]
        return f"{stars[0]}.{name}" if len(stars) == 1 else None
    found = {b.qualified for b in owner.bindings[name] if b.kind == "import"}
    if len(found) != 1 or any(b.kind != "import" for b in owner.bindings[name]):
        return None
    only = found.pop()
    return canonical(only) if only else None
