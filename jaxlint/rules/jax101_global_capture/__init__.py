"""JAX101 global-capture-in-jit: a compiled function reads a variable that changes later.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX101"
NAME = "global-capture-in-jit"
SEVERITY = "error"
FIX = "unsafe"
SUMMARY = "A jit-compiled function reads a global or closure variable that is changed later; it keeps the stale value."
