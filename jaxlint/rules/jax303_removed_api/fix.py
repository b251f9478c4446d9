"""JAX303: rename the removed name to its 1:1 replacement (see `fixes/renames.py`)."""

from jaxlint.fixes.renames import build, build_text, message

__all__ = ["build", "build_text", "message"]
