"""JAX106 print-in-jit: `print` of traced values inside traced code.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX106.md, its fixtures
fixtures/JAX106_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX106_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX106_*.py."""

CODE = "JAX106"
NAME = "print-in-jit"
SEVERITY = "warning"
FIX = "safe"
SUMMARY = "`print` of a traced value runs at trace time only and shows a tracer; use `jax.debug.print`."
