"""JAX103 tracer-bool-conversion: Python control flow on a traced value.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX103.md, its fixtures
fixtures/JAX103_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX103_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX103_*.py."""

CODE = "JAX103"
NAME = "tracer-bool-conversion"
SEVERITY = "error"
FIX = "sometimes"
SUMMARY = "Python `if`/`while`/`and`/`or`/`not`/`bool()` on a traced value raises TracerBoolConversionError."
