"""JAX111 numpy-on-tracer: a NumPy function that converts its input, applied to a traced value.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed.

Everything else of the rule, by its code: its document rules/JAX111.md, its fixtures
fixtures/JAX111_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX111_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX111_*.py."""

CODE = "JAX111"
NAME = "numpy-on-tracer"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "A NumPy function (`np.sin`, `np.asarray`, ...) on a traced value raises TracerArrayConversionError; use `jax.numpy`."
