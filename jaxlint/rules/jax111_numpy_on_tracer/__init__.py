"""JAX111 numpy-on-tracer: a NumPy function that converts its input, applied to a traced value.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX111"
NAME = "numpy-on-tracer"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "A NumPy function (`np.sin`, `np.asarray`, ...) on a traced value raises TracerArrayConversionError; use `jax.numpy`."
