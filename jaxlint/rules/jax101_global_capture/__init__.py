"""JAX101 global-capture-in-jit: a compiled function reads a variable that changes later.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX101.md, its fixtures
fixtures/JAX101_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX101_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX101_*.py."""

CODE = "JAX101"
NAME = "global-capture-in-jit"
SEVERITY = "error"
FIX = "unsafe"
SUMMARY = "A jit-compiled function reads a global or closure variable that is changed later; it keeps the stale value."
