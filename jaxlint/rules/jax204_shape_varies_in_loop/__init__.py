"""JAX204 shape-varies-in-loop: a jit-compiled function called with a new shape every iteration.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX), each imported only when
it is needed.

Everything else of the rule, by its code: its document rules/JAX204.md, its fixtures
fixtures/JAX204_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX204_*.snap."""

CODE = "JAX204"
NAME = "shape-varies-in-loop"
SEVERITY = "warning"
FIX = "none"
SUMMARY = "A jit-compiled function is called in a loop with an argument whose shape changes every iteration: one compilation each."
