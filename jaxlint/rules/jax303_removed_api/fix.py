"""JAX303: rename the removed name to its 1:1 replacement (see `fixes/renames.py`)."""

from jaxlint.fixes.renames import REMOVES_FINDING, build, build_text, message

__all__ = ["REMOVES_FINDING", "build", "build_text", "message"]
