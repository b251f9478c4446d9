"""JAX110 constant-key-in-loop: a PRNG key made from the same seed in every iteration of a loop.

The rule's declarations; `check` finds it. It has no fix (where the key should come from is the
author's choice) and no experiment.

Everything else of the rule, by its code: its document rules/JAX110.md, its fixtures
fixtures/JAX110_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX110_*.snap."""

CODE = "JAX110"
NAME = "constant-key-in-loop"
SEVERITY = "error"
FIX = "none"
SUMMARY = "`jax.random.key(<constant>)` made and drawn from inside a loop: every iteration draws the same numbers."
