"""JAX204 shape-varies-in-loop: a jit-compiled function called with a new shape every iteration.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX), each imported only when
it is needed."""

CODE = "JAX204"
NAME = "shape-varies-in-loop"
SEVERITY = "warning"
FIX = "none"
SUMMARY = "A jit-compiled function is called in a loop with an argument whose shape changes every iteration: one compilation each."
