"""`jaxlint verify`: run each finding's function under JAX to prove it, and prove its fix.

Only `example` is public: examples files call it. Importing this package imports no JAX.
"""

from jaxlint.verify.examples import example

__all__ = ["example"]
