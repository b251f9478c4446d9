"""JAX202 jit-in-loop: `jax.jit` of a callable made anew every iteration compiles every iteration.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX202.md, its fixtures
fixtures/JAX202_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX202_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX202_*.py."""

CODE = "JAX202"
NAME = "jit-in-loop"
SEVERITY = "warning"
FIX = "safe"
SUMMARY = "`jax.jit` of a callable made anew in a loop (lambda, partial, bound method) misses the cache and recompiles every iteration."
