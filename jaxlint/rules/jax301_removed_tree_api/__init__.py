"""JAX301 removed-tree-api: `jax.tree_map` and the other tree functions removed from JAX.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX301.md, its fixtures
fixtures/JAX301_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX301_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX301_*.py."""

CODE = "JAX301"
NAME = "removed-tree-api"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "`jax.tree_map`, `jax.tree_leaves` and the like were removed from JAX (AttributeError/ImportError); use `jax.tree.map`..."
