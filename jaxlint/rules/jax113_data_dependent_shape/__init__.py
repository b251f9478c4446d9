"""JAX113 data-dependent-shape: an output whose shape depends on traced values, inside jit or vmap.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX). It has no fix: the
fill value or the `size=` bound is the author's choice.

Everything else of the rule, by its code: its document rules/JAX113.md, its fixtures
fixtures/JAX113_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX113_*.snap."""

CODE = "JAX113"
NAME = "data-dependent-shape"
SEVERITY = "error"
FIX = "none"
SUMMARY = "Boolean-mask indexing or `jnp.nonzero`/`unique`/`argwhere`/one-argument `where` without `size=` inside jit/vmap raises."
