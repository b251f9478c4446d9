"""JAX204's experiment: the loop's run, counting the callee's compilations, and the fixed function's beside
it (verify/compile_count_experiment.py, shared with the other rule that predicts recompilation in a loop)."""

from jaxlint.verify.compile_count_experiment import check_fix, predicted, run

__all__ = ["check_fix", "predicted", "run"]
