"""JAX205 missing-block-until-ready: timing JAX code without waiting for its result.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX205.md, its fixtures
fixtures/JAX205_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX205_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX205_*.py."""

CODE = "JAX205"
NAME = "missing-block-until-ready"
SEVERITY = "warning"
FIX = "safe"
SUMMARY = "A JAX computation is timed without `block_until_ready()`: the clock measures the asynchronous dispatch, not the work."
