"""jaxlint: find, fix and prove the gotchas of JAX code."""

__version__ = "0.1.0"
