"""JAX206 python-container-to-jnp: a list or tuple literal where a `jnp` function takes only arrays.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX206"
NAME = "python-container-to-jnp"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "A list/tuple literal passed where a `jnp` function takes only arrays (`jnp.sum([a, b])`) raises TypeError."
