"""JAX203 unstable-static-arg: a static argument that changes every iteration, or cannot be hashed.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX), each imported only when
it is needed.

Everything else of the rule, by its code: its document rules/JAX203.md, its fixtures
fixtures/JAX203_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX203_*.snap."""

CODE = "JAX203"
NAME = "unstable-static-arg"
SEVERITY = "warning"
FIX = "none"
SUMMARY = "A jit-compiled function gets a static argument that changes every loop iteration (one compilation each) or is unhashable (ValueError)."
