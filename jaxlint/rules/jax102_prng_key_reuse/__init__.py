"""JAX102 prng-key-reuse: one PRNG key value consumed twice.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX102.md, its fixtures
fixtures/JAX102_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX102_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX102_*.py."""

CODE = "JAX102"
NAME = "prng-key-reuse"
SEVERITY = "error"
FIX = "unsafe"
SUMMARY = "The same PRNG key is consumed twice, so the \"random\" draws are identical or correlated."
QUIET_IN_TESTS = True
