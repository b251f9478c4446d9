"""JAX207 float64-without-x64: a float64 or complex128 dtype asked of JAX in a project where nothing
turns x64 on: JAX makes float32 (complex64) instead.

The rule's declarations; `check` finds it. It has no fix (turning x64 on changes the whole
program's precision and memory) and no experiment.

Everything else of the rule, by its code: its document rules/JAX207.md, its fixtures
fixtures/JAX207_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX207_*.snap."""

CODE = "JAX207"
NAME = "float64-without-x64"
SEVERITY = "warning"
FIX = "none"
SUMMARY = "`jnp.float64`/`complex128` dtypes in JAX calls while nothing in the project enables x64 are silently float32/complex64."
