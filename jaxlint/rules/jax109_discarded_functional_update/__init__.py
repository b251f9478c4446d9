"""JAX109 discarded-functional-update: `x.at[i].set(v)` or a `jnp` call whose result is thrown away.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX109.md, its fixtures
fixtures/JAX109_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX109_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX109_*.py."""

CODE = "JAX109"
NAME = "discarded-functional-update"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "The result of `x.at[...].set(...)` or of a `jnp` call is discarded: JAX arrays are immutable, so nothing changes."
