"""JAX303 removed-api: names removed from JAX (`jax.xla_computation`, `jax.numpy.DeviceArray`, ...).

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX303.md, its fixtures
fixtures/JAX303_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX303_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX303_*.py."""

CODE = "JAX303"
NAME = "removed-api"
SEVERITY = "error"
FIX = "sometimes"
SUMMARY = "A name removed from JAX (AttributeError/ImportError on upgrade); renamed where a 1:1 replacement exists."
