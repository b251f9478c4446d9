"""JAX109 discarded-functional-update: `x.at[i].set(v)` or a `jnp` call whose result is thrown away.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed."""

CODE = "JAX109"
NAME = "discarded-functional-update"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "The result of `x.at[...].set(...)` or of a `jnp` call is discarded: JAX arrays are immutable, so nothing changes."
