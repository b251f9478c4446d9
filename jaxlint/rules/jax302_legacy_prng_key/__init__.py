"""JAX302 legacy-prng-key: `jax.random.PRNGKey(seed)` makes a raw uint32 key; `jax.random.key` a typed one.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed. Off by default: select it (`--select JAX302`)."""

CODE = "JAX302"
NAME = "legacy-prng-key"
SEVERITY = "info"
FIX = "unsafe"
SUMMARY = "`jax.random.PRNGKey(seed)` makes a legacy uint32 key; `jax.random.key(seed)` makes a typed key (off by default)."
DEFAULT = False
