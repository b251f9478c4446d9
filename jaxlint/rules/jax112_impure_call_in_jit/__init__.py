"""JAX112 impure-call-in-jit: a call whose value changes from call to call (random, clocks, ids,
`next` on an iterator), run once while tracing and baked into the compiled program.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX). It has no fix."""

CODE = "JAX112"
NAME = "impure-call-in-jit"
SEVERITY = "error"
FIX = "none"
SUMMARY = "`np.random`, `random`, `time.time()`, `next(iterator)`... in jit-compiled code run once, at trace time: every call reuses the value."
