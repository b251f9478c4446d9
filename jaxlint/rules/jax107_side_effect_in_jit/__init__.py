"""JAX107 side-effect-in-jit: jit-compiled code that changes state outside itself (a global, a
container or object of an enclosing scope, an attribute of `self`): the change runs once, while
tracing, and may leak tracers.

The rule's declarations; `check` finds it, `experiment` verifies it (JAX). It has no fix.

Everything else of the rule, by its code: its document rules/JAX107.md, its fixtures
fixtures/JAX107_*.py, its diagnostic snapshots tests/snapshots/diagnostics/JAX107_*.snap."""

CODE = "JAX107"
NAME = "side-effect-in-jit"
SEVERITY = "error"
FIX = "none"
SUMMARY = "A global, an outside list/dict or `self.attr` changed in jit-compiled code changes once, at trace time, not on every call."
