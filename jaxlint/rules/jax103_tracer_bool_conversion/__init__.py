"""JAX103 tracer-bool-conversion: Python control flow on a traced value.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX103"
NAME = "tracer-bool-conversion"
SEVERITY = "error"
FIX = "sometimes"
SUMMARY = "Python `if`/`while`/`and`/`or`/`not`/`bool()` on a traced value raises TracerBoolConversionError."
