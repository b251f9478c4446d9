"""What a rule may use of the semantic analysis besides the `Model` it is handed (semantic/model.py)
and the scopes' types (semantic/scopes.py): the values and facts it reads, and the questions about
syntax it asks. Rules import from here only (tests/test_layers.py keeps it so): what lies below
can move without a rule noticing."""

from __future__ import annotations

from jaxlint.semantic.array_arguments import ARRAY_ONLY
from jaxlint.semantic.classes import BUILDERS, method_class, plain_assigned_value, receiver_attribute_stores
from jaxlint.semantic.concrete_guards import concrete_only, shape_guarded
from jaxlint.semantic.differentiation import differentiated_facts, differentiated_params
from jaxlint.semantic.imports import last_name, qualified_name
from jaxlint.semantic.interpret import Facts, Interpreter, KeyUse, comparison_value
from jaxlint.semantic.liveness import SOME_BINDING, reaching_binding
from jaxlint.semantic.loop_shapes import binds, block_of
from jaxlint.semantic.loops import Compiled, body_nodes
from jaxlint.semantic.module_state import MUTATORS, own_state_reads, state_changes, state_reads
from jaxlint.semantic.narrowing import dead_under_tracing
from jaxlint.semantic.propagation import call_argument
from jaxlint.semantic.removed_api import Reference
from jaxlint.semantic.side_effects import SideEffect, outside_effects
from jaxlint.semantic.static_arguments import concrete_arguments, number_literals
from jaxlint.semantic.trace_info import Origin, TraceInfo
from jaxlint.semantic.values import TRACED_ARRAY, Value

__all__ = [
    "ARRAY_ONLY", "BUILDERS", "MUTATORS", "SOME_BINDING", "TRACED_ARRAY", "Compiled", "Facts", "Interpreter", "KeyUse",
    "Origin", "Reference", "SideEffect", "TraceInfo", "Value", "binds", "block_of", "body_nodes", "call_argument",
    "comparison_value", "concrete_arguments", "concrete_only", "dead_under_tracing", "differentiated_facts",
    "differentiated_params", "last_name", "method_class", "number_literals", "outside_effects", "own_state_reads",
    "plain_assigned_value", "qualified_name", "reaching_binding", "receiver_attribute_stores", "shape_guarded",
    "state_changes", "state_reads",
]
