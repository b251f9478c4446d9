"""JAX104 in-place-update: item assignment on a JAX array.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX104"
NAME = "in-place-update"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "Item assignment or `del` on a JAX array (JAX arrays are immutable)."
