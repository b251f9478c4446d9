"""JAX112 impure-call-in-jit: a call whose value changes from call to call (random, clocks, ids,
`next` on an iterator), run once while tracing and baked into the compiled program.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX). It has no fix.

Everything else of the rule, by its code: its document rules/JAX112.md, its fixtures
fixtures/JAX112_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX112_*.snap."""

CODE = "JAX112"
NAME = "impure-call-in-jit"
SEVERITY = "error"
FIX = "none"
SUMMARY = "`np.random`, `random`, `time.time()`, `next(iterator)`... in jit-compiled code run once, at trace time: every call reuses the value."
