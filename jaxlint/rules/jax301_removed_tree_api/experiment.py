"""JAX301: run the function (or import the module): JAX raises AttributeError or ImportError for
the removed name; the fix passes when the fixed function runs without it."""

from jaxlint.verify.removed import check_fix, predicted, run

__all__ = ["check_fix", "predicted", "run"]
