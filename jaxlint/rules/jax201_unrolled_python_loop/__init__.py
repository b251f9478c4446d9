"""JAX201 unrolled-python-loop: a long Python loop in traced code is unrolled into the graph.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX201"
NAME = "unrolled-python-loop"
SEVERITY = "warning"
FIX = "unsafe"
SUMMARY = "A long Python `for` loop in jit-traced code is unrolled: the graph and the compile time grow with the number of iterations."
