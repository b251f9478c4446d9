"""JAX104 in-place-update: item assignment on a JAX array.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX104.md, its fixtures
fixtures/JAX104_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX104_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX104_*.py."""

CODE = "JAX104"
NAME = "in-place-update"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "Item assignment or `del` on a JAX array (JAX arrays are immutable)."
