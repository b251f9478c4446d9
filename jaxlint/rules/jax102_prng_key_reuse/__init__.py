"""JAX102 prng-key-reuse: one PRNG key value consumed twice.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX102"
NAME = "prng-key-reuse"
SEVERITY = "error"
FIX = "unsafe"
SUMMARY = "The same PRNG key is consumed twice, so the \"random\" draws are identical or correlated."
QUIET_IN_TESTS = True
