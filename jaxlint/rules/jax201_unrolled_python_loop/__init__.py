"""JAX201 unrolled-python-loop: a long Python loop in traced code is unrolled into the graph.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX201.md, its fixtures
fixtures/JAX201_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX201_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX201_*.py."""

CODE = "JAX201"
NAME = "unrolled-python-loop"
SEVERITY = "warning"
FIX = "unsafe"
SUMMARY = "A long Python `for` loop in jit-traced code is unrolled: the graph and the compile time grow with the number of iterations."
