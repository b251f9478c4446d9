"""JAX302 legacy-prng-key: `jax.random.PRNGKey(seed)` makes a raw uint32 key; `jax.random.key` a typed one.

The rule's declarations; `check` finds it, `fix` fixes it, `experiment` verifies it
(JAX), each imported only when it is needed. Off by default: select it (`--select JAX302`).

Everything else of the rule, by its code: its document rules/JAX302.md, its fixtures
fixtures/JAX302_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX302_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX302_*.py."""

CODE = "JAX302"
NAME = "legacy-prng-key"
SEVERITY = "info"
FIX = "unsafe"
SUMMARY = "`jax.random.PRNGKey(seed)` makes a legacy uint32 key; `jax.random.key(seed)` makes a typed key (off by default)."
DEFAULT = False
