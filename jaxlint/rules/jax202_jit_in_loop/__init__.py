"""JAX202 jit-in-loop: `jax.jit` of a callable made anew every iteration compiles every iteration.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX202"
NAME = "jit-in-loop"
SEVERITY = "warning"
FIX = "safe"
SUMMARY = "`jax.jit` of a callable made anew in a loop (lambda, partial, bound method) misses the cache and recompiles every iteration."
