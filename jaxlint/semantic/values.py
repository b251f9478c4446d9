"""Abstract values: what each expression of a function holds, as far as JAX cares."""

from __future__ import annotations

import ast
from dataclasses import dataclass, replace

# Levels of `traced`: a pytree that may be a container (truthiness is fine), or an array tracer.
NOT_TRACED, TRACED_TREE, TRACED_ARRAY = 0, 1, 2


# Not frozen: a frozen dataclass sets each of these 16 fields through object.__setattr__, which made
# building a value (the interpreter's commonest step) five times slower. Never assigned to: `replace`.
@dataclass(unsafe_hash=True, slots=True)
class Value:
    traced: int = NOT_TRACED
    jax: bool = False  # a JAX array, concrete or traced
    numpy: bool = False  # a NumPy array (host value)
    static: bool = False  # a Python value known at trace time
    shape: bool = False  # derived from shapes/sizes/len (static integers or tuples of them)
    is_tuple: bool = False  # a tuple/list (for shapes: `x.shape`, `(n, m)`)
    key: tuple | None = None  # identity of a PRNG key value
    returns_arrays: bool = False  # a transformed callable (jit/grad/vmap...): calling it gives JAX arrays
    # The functions whose results such a callable returns as they are (jit, vmap): when each of them
    # returns one array, so does the callable; otherwise (empty) its result is a pytree of arrays.
    returns_of: tuple = ()
    staged_static: object = None  # the jnp call node that turned static values into a tracer
    elts: tuple[Value, ...] | None = None  # element values of a tuple/list literal
    fields: tuple[tuple[str, Value], ...] | None = None  # (name, value) of a NamedTuple/dataclass's fields
    # Traced only as far as we can tell: the result of an unknown call on traced arguments
    # (it may well be a static int). Enough for print-in-jit, not for control-flow rules.
    uncertain: bool = False
    # A pytree handed in through jit/vmap/a lax body: every leaf of it is an array tracer.
    leaves: bool = False
    # What makes it unhashable, on every path ("a list", "a dict", "a set", "an array"): hashing
    # it raises TypeError (as a static argument: ValueError). Empty when it may be hashable.
    unhashable: str = ""
    # A str or None (a literal, or a name bound to one): an array compared to it with `==` gives
    # False without raising (checked on JAX 0.10.2), so `mode == MODE_PREFILL` is a Python bool.
    text: bool = False

    def as_array(self) -> Value:
        """The value of arithmetic on this one."""
        return Value(traced=TRACED_ARRAY if self.traced else NOT_TRACED,
                     jax=self.jax or bool(self.traced and not self.uncertain), numpy=self.numpy, static=self.static,
                     shape=self.shape and self.static, staged_static=self.staged_static, uncertain=self.uncertain)

    @property
    def surely_traced_array(self) -> bool:
        return self.traced == TRACED_ARRAY and not self.uncertain


UNKNOWN = Value()
STATIC = Value(static=True)
TEXT = Value(static=True, text=True)
TRACED = Value(traced=TRACED_ARRAY, jax=True)
TREE = Value(traced=TRACED_TREE)
MAYBE_TRACED = Value(traced=TRACED_TREE, uncertain=True)


def join(a: Value, b: Value) -> Value:
    """What is known for sure after two paths meet: facts true on both."""
    if a == b:
        return a
    elts = None
    if a.elts is not None and b.elts is not None and len(a.elts) == len(b.elts):
        elts = tuple(join(x, y) for x, y in zip(a.elts, b.elts))
    return Value(
        traced=min(a.traced, b.traced), jax=a.jax and b.jax, numpy=a.numpy and b.numpy,
        static=a.static and b.static, shape=a.shape and b.shape, is_tuple=a.is_tuple and b.is_tuple,
        key=a.key if a.key == b.key else None, returns_arrays=a.returns_arrays and b.returns_arrays,
        returns_of=a.returns_of if a.returns_of == b.returns_of else (),
        staged_static=a.staged_static if a.staged_static is b.staged_static else None, elts=elts,
        fields=a.fields if a.fields == b.fields else None,
        uncertain=a.uncertain or b.uncertain, leaves=a.leaves and b.leaves,
        unhashable=_unhashable_on_both(a.unhashable, b.unhashable), text=a.text and b.text)


def _unhashable_on_both(a: str, b: str) -> str:
    if a == b or not (a and b):
        return a if a == b else ""
    return "a list, dict, set or array"


def combine(values: list[Value]) -> Value:
    """Arithmetic, comparisons and jnp-like calls: traced if any input is traced."""
    traced = any(v.traced for v in values)
    uncertain = traced and all(v.uncertain for v in values if v.traced)
    staged = next((v.staged_static for v in values if v.staged_static is not None), None)
    if any(v.traced and v.staged_static is None for v in values):
        staged = None  # mixed with a genuinely traced input: no longer a shape computation
    return Value(
        traced=TRACED_ARRAY if traced else NOT_TRACED,
        jax=(traced and not uncertain) or any(v.jax for v in values),
        numpy=not traced and any(v.numpy for v in values) and not any(v.jax for v in values),
        static=all(v.static for v in values) and not traced,
        shape=all(v.static for v in values) and any(v.shape for v in values),
        staged_static=staged, uncertain=uncertain)


def binary(op: ast.operator, left: Value, right: Value) -> Value:
    """`left op right`: tuples joined by `+` or repeated by `*` stay a tuple or list (a pytree,
    whatever tracers it holds: `shape += (n,)`, `[jnp.asarray(0.0)] * n`); anything else is arithmetic."""
    if isinstance(op, ast.Add) and left.is_tuple and right.is_tuple:
        joined = combine([left, right])
        elts = left.elts + right.elts if left.elts is not None and right.elts is not None else None
        return replace(joined, traced=TRACED_TREE if joined.traced else NOT_TRACED, jax=False, is_tuple=True, elts=elts)
    if isinstance(op, ast.Mult) and left.is_tuple != right.is_tuple and not (left.jax or right.jax):
        repeated = combine([left, right])  # `[jnp.zeros(3)] * n`: a list of n references, no array
        return replace(repeated, traced=TRACED_TREE if repeated.traced else NOT_TRACED, jax=False, is_tuple=True)
    return combine([left.as_array(), right.as_array()])


def element(value: Value) -> Value:
    """An element of a container or iteration over the value."""
    if value.traced:
        # a row of an array is an array; an element of a traced value not known to be one (a
        # parameter that may be a list or dict of arrays) is not known to be one either
        return Value(traced=value.traced, jax=value.jax and value.traced == TRACED_ARRAY and not value.uncertain,
                     uncertain=value.uncertain)
    if value.shape and value.is_tuple:
        return Value(static=True, shape=True)
    if value.jax:
        return Value(jax=True)
    if value.numpy:
        return Value(numpy=True)
    return Value(static=value.static)
