"""JAX203 unstable-static-arg: a static argument that changes every iteration, or cannot be hashed.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX), each imported only when
it is needed."""

CODE = "JAX203"
NAME = "unstable-static-arg"
SEVERITY = "warning"
FIX = "none"
SUMMARY = "A jit-compiled function gets a static argument that changes every loop iteration (one compilation each) or is unhashable (ValueError)."
