"""JAX301 removed-tree-api: `jax.tree_map` and the other tree functions removed from JAX.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX301"
NAME = "removed-tree-api"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "`jax.tree_map`, `jax.tree_leaves` and the like were removed from JAX (AttributeError/ImportError); use `jax.tree.map`..."
