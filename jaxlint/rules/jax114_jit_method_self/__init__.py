"""JAX114 jit-method-self: `jax.jit` on a method whose `self` JAX cannot take.

The rule's declarations; `check` finds it. It has no fix and no experiment.

Everything else of the rule, by its code: its document rules/JAX114.md, its fixtures
fixtures/JAX114_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX114_*.snap."""

CODE = "JAX114"
NAME = "jit-method-self"
SEVERITY = "error"
FIX = "none"
SUMMARY = "`jax.jit` on a method of a class that is not a pytree raises when called; with a static `self`, attributes changed later go stale."
