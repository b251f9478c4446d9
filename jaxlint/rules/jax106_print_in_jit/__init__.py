"""JAX106 print-in-jit: `print` of traced values inside traced code.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX106"
NAME = "print-in-jit"
SEVERITY = "warning"
FIX = "safe"
SUMMARY = "`print` of a traced value runs at trace time only and shows a tracer; use `jax.debug.print`."
