"""JAX105 jnp-on-static-value: jnp applied to shapes where a static value is needed.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX105.md, its fixtures
fixtures/JAX105_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX105_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX105_*.py."""

CODE = "JAX105"
NAME = "jnp-on-static-value"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "`jnp` on a static value (a shape) gives a tracer where a static int is needed; use `math`/`np`."
