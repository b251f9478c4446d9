"""JAX108 tracer-concretization: a traced value used where Python or JAX needs a concrete one
(`float(x)`, `int(x)`, `x.item()`, `range(n)`, a shape, a slice bound); tracing raises.

The rule's declarations; `check` finds it, `fix` marks the parameters that cause it static when
they wholly do, `experiment` verifies it (JAX).

Everything else of the rule, by its code: its document rules/JAX108.md, its fixtures
fixtures/JAX108_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX108_*.snap
and its fixed-file snapshots tests/snapshots/fixes/JAX108_*.py."""

CODE = "JAX108"
NAME = "tracer-concretization"
SEVERITY = "error"
FIX = "safe"
SUMMARY = "`float(x)`, `int(x)`, `x.item()`, `range(x)`, a shape or a slice bound of a traced value raises while tracing."
