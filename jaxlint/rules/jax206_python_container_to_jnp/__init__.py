"""JAX206 python-container-to-jnp: a list or tuple literal where a `jnp` function takes only arrays.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX206.md, its fixtures
fixtures/JAX206_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX206_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX206_*.py."""

CODE = "JAX206"
NAME = "python-container-to-jnp"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "A list/tuple literal passed where a `jnp` function takes only arrays (`jnp.sum([a, b])`) raises TypeError."
