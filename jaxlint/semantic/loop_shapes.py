"""Shapes in Python loops: whether an argument's shape changes from one iteration to the next.

A slice changes shape when its length does: a bound that follows the loop against one that does
not (`x[:i]`), or two bounds whose difference does (`x[i:2 * i]`); `x[i:i + k]` and
`x[i * k:(i + 1) * k]` keep their length. A list changes length when the loop makes it longer
(`append`, `extend`, `+=`, a concatenation with itself) and nothing in that loop empties, shrinks
or rebinds it (`buf = []`, `buf.clear()`, `del buf[:]`: a batch filled and flushed). A name has
the shape of the assignments that reach its use: the last one before it in the iteration, and
those in branches after that one (`x = jnp.pad(x, ...)` to a fixed length hides what came before);
every assignment in the loop when none comes before it."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.knowledge.static_arguments import SHAPE_SINKS
from jaxlint.semantic.loops import body_nodes, counts_up, is_name

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

# Functions that build an array of the shape of a list of arrays or values.
_FROM_SEQUENCE = frozenset(("array", "asarray", "stack", "vstack", "hstack", "concatenate", "column_stack"))
# Calls that return their first argument made longer.
_GROWING = frozenset(("jax.numpy.concatenate", "jax.numpy.append", "jax.numpy.vstack", "jax.numpy.hstack",
                      "numpy.concatenate", "numpy.append", "numpy.vstack", "numpy.hstack"))
_LENGTHENING = frozenset(("append", "extend", "insert", "appendleft", "extendleft"))
_SHORTENING = frozenset(("clear", "pop", "popleft", "remove"))
# Containers that keep at most so many items when given `maxlen`.
_BOUNDED = frozenset(("collections.deque",))
_BLOCKS = ("body", "orelse", "finalbody")
_DISPLAYS = (ast.List, ast.Tuple, ast.ListComp)


class LoopShapes:
    def __init__(self, model: Model) -> None:
        self.model = model
        self.loops = model.loops
        self._naming_cache: dict[ast.AST, dict[str, list[ast.AST]]] = {}
        self._growing: dict[tuple[str, Scope, tuple[ast.AST, ...]], bool] = {}

    def shape_change(self, expr: ast.expr, scope: Scope, loops: list[ast.AST],
                     followed: frozenset[str] = frozenset()) -> str | None:
        """Why the shape of `expr` changes every iteration of `loops`, else None. `followed`: the names
        whose assignments are being followed already (`x = f(y)` and `y = g(x)` in one loop)."""
        if isinstance(expr, ast.Subscript):
            if _takes_an_item(expr.slice):  # `xs[-1]`, `x[i, :j]`: the first axis is gone, what is left not known
                first = expr.slice.elts[0] if isinstance(expr.slice, ast.Tuple) else expr.slice
                return self._slice_change(expr.slice, loops) or self.shape_change(first, scope, loops, followed)
            return self._slice_change(expr.slice, loops) or self.shape_change(expr.value, scope, loops, followed)
        if isinstance(expr, ast.Call):
            return self._call_shape_change(expr, scope, loops, followed)
        if isinstance(expr, ast.Name) and expr.id not in followed:
            if self._grows(expr.id, scope, loops):
                return f"`{expr.id}` grows every iteration"
            for value in self.reaching(expr, loops):
                why = self.shape_change(value, scope, loops, followed | {expr.id})
                if why is not None:
                    return why
        return None

    def array_source(self, expr: ast.expr, scope: Scope) -> ast.expr:
        """What an array is built from, shape and all: `xs` of `jnp.asarray(xs)`, `jnp.stack(xs)`."""
        if isinstance(expr, ast.Call) and expr.args and not isinstance(expr.args[0], ast.Starred):
            name = self.model.qualified(expr.func, scope) or ""
            if name.startswith(("jax.numpy.", "numpy.")) and name.rsplit(".", 1)[-1] in _FROM_SEQUENCE:
                return expr.args[0]
        return expr

    # -- what reaches a name -----------------------------------------------------------------

    def reaching(self, name: ast.Name, loops: list[ast.AST]) -> list[ast.expr]:
        """The values of the assignments in `loops` that `name` may read: from the last plain
        assignment before it in the iteration on, else every one in the loops (carried)."""
        return self._reaching(name, loops)[0]

    def _reaching(self, name: ast.Name, loops: list[ast.AST]) -> tuple[list[ast.expr], bool]:
        """`reaching`, and whether one assignment before the use decides alone what it reads."""
        later: list[ast.stmt] = []  # statements between that assignment and the use
        child, parent = name, self.model.parent(name)
        boundaries = {id(_boundary(loop, self.model)) for loop in loops}
        while parent is not None and id(child) not in boundaries and not isinstance(child, _SCOPES):
            block = block_of(parent, child)
            for earlier in reversed(block[:_index(block, child)] if block is not None else []):
                if isinstance(earlier, (ast.Assign, ast.AnnAssign)) and binds(earlier, name.id):
                    value = _plain_assignment(earlier, name.id)  # None: unpacked (`x, n = ...`), not known
                    more = [v for s in later for v in _assigned(s, name.id)]
                    decided = value is not None and not any(binds(s, name.id) for s in later)
                    return [value, *more] if value is not None else more, decided
                later.append(earlier)  # a branch, a loop or `x += 1` after it: may rebind (the shape stays)
            child, parent = parent, self.model.parent(parent)
        return self.loops.assigned_in(name.id, loops), False

    # -- slices ----------------------------------------------------------------------------

    def _slice_change(self, index: ast.expr, loops: list[ast.AST]) -> str | None:
        for part in index.elts if isinstance(index, ast.Tuple) else [index]:
            if not isinstance(part, ast.Slice):
                continue
            lower, upper = (b is not None and self.loops.depends(b, loops) for b in (part.lower, part.upper))
            if lower and upper:
                if self._length_counts(part, loops):
                    span = f"`{ast.unparse(part.lower)}` to `{ast.unparse(part.upper)}`"  # type: ignore[arg-type]
                    return f"the length of the slice from {span} changes every iteration"
                continue  # `x[i:i + k]`: a window of fixed width, or not known
            if lower or upper:
                bound = part.lower if lower else part.upper
                return f"the slice bound `{ast.unparse(bound)}` changes every iteration"  # type: ignore[arg-type]
        return None

    def _length_counts(self, part: ast.Slice, loops: list[ast.AST]) -> bool:
        """`upper - lower` still holds a count of the loop (`i` of `range`, a `+=` counter) once
        the names assigned in the loop are expanded: `x[i:2 * i]`, `x[start:start + i]`. Anything
        else the difference holds must not change with the loop (else the length is not known)."""
        varying = frozenset().union(*(self.loops.varying(loop) for loop in loops))

        def expand(name: ast.Name) -> ast.expr | None:
            values, decided = self._reaching(name, loops) if name.id in varying else ([], False)
            return values[0] if decided else None

        opaque: dict[str, ast.expr] = {}
        upper, lower = (_terms(bound, expand, opaque) for bound in (part.upper, part.lower))
        if upper is None or lower is None:
            return False
        left = {factor for monomial in _subtract(upper, lower) for factor in monomial}
        if any(self.loops.depends(opaque[f], loops) for f in left if f in opaque):
            return False  # an opaque part that follows the loop (`min(i + k, n)`): the length is not known
        counters = self._counters(loops)
        return bool(left & counters) and not (left & varying) - counters

    def _counters(self, loops: list[ast.AST]) -> frozenset[str]:
        """Names that count the loop's iterations: `range`/`enumerate`/`count` indices, `+=` counters."""
        found: set[str] = set()
        for loop in loops:
            target, iterable = getattr(loop, "target", None), getattr(loop, "iter", None)
            if target is not None:
                found |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name) and counts_up(target, iterable, n.id)}
            found |= {n.target.id for n in body_nodes(loop) if isinstance(n, ast.AugAssign)
                      and isinstance(n.target, ast.Name) and isinstance(n.op, (ast.Add, ast.Sub))}
        return frozenset(found)

    # -- calls -----------------------------------------------------------------------------

    def _call_shape_change(self, call: ast.Call, scope: Scope, loops: list[ast.AST],
                           followed: frozenset[str]) -> str | None:
        name = self.model.qualified(call.func, scope) or ""
        jax_name = "jax.numpy." + name[len("numpy."):] if name.startswith("numpy.") else name
        if jax_name == "jax.numpy.pad":  # padded by what the loop changes: to a fixed length, or unknown
            widths = call.args[1:2] + [k.value for k in call.keywords if k.arg == "pad_width"]
            if any(self.loops.depends(w, loops) for w in widths) or not call.args:
                return None
            return self.shape_change(call.args[0], scope, loops, followed)
        if name in ("builtins.list", "builtins.tuple") and len(call.args) == 1 and not call.keywords:
            return self.shape_change(call.args[0], scope, loops, followed)  # `list(range(i))`: as long as its items
        if (name == "builtins.range" or jax_name == "jax.numpy.arange") and len(call.args) == 1 and not call.keywords:
            why = self._slice_change(ast.Slice(lower=None, upper=call.args[0]), loops)  # `range(i)`: `[:i]`'s length
            return why and why.replace("slice", "range")
        if (name == "builtins.range" or jax_name == "jax.numpy.arange") and 2 <= len(call.args) <= 3 \
                and not call.keywords:
            # `arange(i, min(n, i + k))`: its length is that of the slice `i:min(n, i + k)`
            if len(call.args) == 3 and self.loops.depends(call.args[2], loops):
                return f"its step `{ast.unparse(call.args[2])}` changes every iteration"
            why = self._slice_change(ast.Slice(lower=call.args[0], upper=call.args[1]), loops)
            return why and why.replace("slice", "range")
        for argument in _sizes(call, scope, self.model):
            if self.loops.depends(argument, loops):
                return f"its shape `{ast.unparse(argument)}` changes every iteration"
        if name.rsplit(".", 1)[-1] in _FROM_SEQUENCE and name.startswith(("jax.numpy.", "numpy.")) and call.args:
            first = call.args[0]
            parts = first.elts if isinstance(first, (ast.List, ast.Tuple)) else [first]
            if _fills_up(parts, scope, self.model):
                return None  # `concatenate([x, zeros(k - len(x))])`: padded to a length, fixed or not known
            for part in parts:
                why = self.shape_change(part, scope, loops, followed)
                if why is not None:
                    return why
        return None

    # -- lists that grow ---------------------------------------------------------------------

    def _grows(self, name: str, scope: Scope, loops: list[ast.AST]) -> bool:
        """`name` is made longer every iteration of one of `loops`, and nothing in that loop empties,
        shortens or rebinds it; nor is it a container of bounded length (`deque(maxlen=k)`).
        Memoised: a long loop asks it of the same name at every read."""
        key = (name, scope, tuple(loops))
        found = self._growing.get(key)
        if found is None:
            found = self._growing[key] = not self._bounded(name, scope) and any(
                self._grows_in(loop, name, scope) for loop in loops)
        return found

    def _grows_in(self, loop: ast.AST, name: str, scope: Scope) -> bool:
        target = getattr(loop, "target", None)
        if target is not None and any(is_name(node, name) for node in ast.walk(target)):
            return False  # a fresh value each iteration (`for batch in batched(...)`): lengthened, not grown
        nodes = self._naming(loop).get(name, ())
        return any(self._lengthens(n, name, scope) for n in nodes) and not any(self._resets(n, name, scope) for n in nodes)

    def _naming(self, loop: ast.AST) -> dict[str, list[ast.AST]]:
        """The nodes that run every iteration of `loop` (`body_nodes`), by the names they hold as
        themselves, a child or a grandchild: every way to lengthen or reset a list names it so
        (`buf.append`, `buf += [x]`, `a, buf = ...`). Indexed once per loop: asked for every name
        read in it, a walk of the body each time was quadratic in a long loop."""
        found = self._naming_cache.get(loop)
        if found is None:
            nodes = list(body_nodes(loop))
            inside = {id(n) for n in nodes}
            sets: dict[str, dict[int, ast.AST]] = {}
            for node in nodes:
                if isinstance(node, ast.Name):
                    parent = self.model.parent(node)
                    for holder in (node, parent, self.model.parent(parent) if parent is not None else None):
                        if holder is not None and id(holder) in inside:
                            sets.setdefault(node.id, {})[id(holder)] = holder
            found = self._naming_cache[loop] = {name: list(held.values()) for name, held in sets.items()}
        return found

    def _lengthens(self, node: ast.AST, name: str, scope: Scope) -> bool:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return node.func.attr in _LENGTHENING and is_name(node.func.value, name)
        if isinstance(node, ast.AugAssign):  # `buf += [x]`; `acc += x` adds numbers
            return is_name(node.target, name) and isinstance(node.op, ast.Add) and isinstance(node.value, _DISPLAYS)
        value = _plain_assignment(node, name)
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):  # `buf = buf + [x]`
            return any(is_name(a, name) and isinstance(b, _DISPLAYS)
                       for a, b in ((value.left, value.right), (value.right, value.left)))
        if isinstance(value, ast.Call) and self.model.qualified(value.func, scope) in _GROWING and value.args:
            first = value.args[0]
            return any(is_name(p, name) for p in (first.elts if isinstance(first, (ast.List, ast.Tuple)) else [first]))
        return False

    def _resets(self, node: ast.AST, name: str, scope: Scope) -> bool:
        """`node` empties, shortens or rebinds `name`."""
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            return node.func.attr in _SHORTENING and is_name(node.func.value, name)
        if isinstance(node, ast.Delete):
            return any(is_name(t, name) or isinstance(t, ast.Subscript) and is_name(t.value, name) for t in node.targets)
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and isinstance(node.slice, ast.Slice):
            return is_name(node.value, name)  # `buf[:] = ...`
        if isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store):
            statement = self.model.parent(node)
            return not (isinstance(statement, (ast.Assign, ast.AugAssign)) and self._lengthens(statement, name, scope))
        return False

    def _bounded(self, name: str, scope: Scope) -> bool:
        for binding in scope.bindings_of(name):
            statement = self.model.parent(binding.node)
            while isinstance(statement, (ast.Tuple, ast.List)):  # `a, buf = [], deque(maxlen=4)`
                statement = self.model.parent(statement)
            value = _plain_assignment(statement, name)
            if isinstance(value, ast.Call) and self.model.qualified(value.func, scope) in _BOUNDED \
                    and (len(value.args) > 1 or any(k.arg == "maxlen" for k in value.keywords)):
                return True
        return False


def _takes_an_item(index: ast.expr) -> bool:
    """The index's first part is an integer, not a slice: the first axis, the one a list or a
    concatenation grows along and a leading slice cuts, is gone from the result."""
    first = index.elts[0] if isinstance(index, ast.Tuple) and index.elts else index
    return not isinstance(first, ast.Slice) and not (isinstance(first, ast.Constant) and first.value in (None, Ellipsis))


def _fills_up(parts: list[ast.expr], scope: Scope, model: Model) -> bool:
    """One part is an array sized by the length of another: the padding that fills it up."""
    texts = {ast.unparse(p) for p in parts}
    for part in parts:
        sizes = _sizes(part, scope, model) if isinstance(part, ast.Call) else []
        if any(ast.unparse(measured) in texts - {ast.unparse(part)} for size in sizes for measured in _measured(size)):
            return True
    return False


def _sizes(call: ast.Call, scope: Scope, model: Model) -> list[ast.expr]:
    """The arguments that set the shape of what a jnp, NumPy or jax.random maker makes (`n` of `zeros(n)`)."""
    name = model.qualified(call.func, scope) or ""
    jax_name = "jax.numpy." + name[len("numpy."):] if name.startswith("numpy.") else name
    sink = SHAPE_SINKS.get(jax_name)
    if sink is None or not jax_name.startswith(("jax.numpy.", "jax.random.")):
        return []
    positions, keywords = sink
    return [a for i, a in enumerate(call.args) if i in positions] + [k.value for k in call.keywords if k.arg in keywords]


def _measured(expr: ast.expr) -> list[ast.expr]:
    """What `expr` takes the length or shape of: `x` of `len(x)`, `x.shape[0]`, `x.size`."""
    found = []
    for node in ast.walk(expr):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" and node.args:
            found.append(node.args[0])
        elif isinstance(node, ast.Attribute) and node.attr in ("shape", "size"):
            found.append(node.value)
    return found


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.Module)


def _boundary(loop: ast.AST, model: Model) -> ast.AST:
    """The node a use inside `loop` climbs to last: the loop itself, or a comprehension's expression."""
    return model.parent(loop) if isinstance(loop, ast.comprehension) else loop  # type: ignore[return-value]


def block_of(parent: ast.AST | None, child: ast.AST) -> list[ast.stmt] | None:
    """The list of statements of `parent` (its body, else, finally) that holds `child`."""
    for field in _BLOCKS:
        block = getattr(parent, field, None)
        if isinstance(block, list) and any(s is child for s in block):
            return block
    return None


def _index(block: list[ast.stmt], child: ast.AST) -> int:
    return next(i for i, s in enumerate(block) if s is child)


def _plain_assignment(node: ast.AST | None, name: str) -> ast.expr | None:
    """The value of `name = value` (or `name: T = value`, `a = name = value`, `a, name = b, value`)."""
    if isinstance(node, ast.Assign):
        for target in node.targets:
            if is_name(target, name):
                return node.value
            if (isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple)
                    and len(target.elts) == len(node.value.elts)):
                return next((v for t, v in zip(target.elts, node.value.elts) if is_name(t, name)), None)
    if isinstance(node, ast.AnnAssign) and is_name(node.target, name):
        return node.value
    return None


def _assigned(statement: ast.stmt, name: str) -> list[ast.expr]:
    return [v for n in ast.walk(statement) if (v := _plain_assignment(n, name)) is not None]


def binds(statement: ast.stmt, name: str) -> bool:
    """`statement` (or a statement in it) binds `name`."""
    return any(isinstance(n, ast.Name) and n.id == name and isinstance(n.ctx, ast.Store) for n in ast.walk(statement))


# -- differences of bounds, as sums of products ---------------------------------------------

Terms = dict  # a sorted tuple of factors (names; `ast.dump` of opaque parts) → its coefficient


def _terms(expr: ast.expr | None, expand, opaque: dict[str, ast.expr], depth: int = 4) -> Terms | None:
    """`expr` as a sum of products of names and opaque parts (`len(x)`, recorded in `opaque`);
    an absent bound is 0; `expand(name)` gives the one value a name assigned in the loop holds."""
    if expr is None:
        return {}
    if isinstance(expr, ast.Constant):
        return ({(): expr.value} if expr.value else {}) if type(expr.value) is int else None
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        inner = _terms(expr.operand, expand, opaque, depth)
        return None if inner is None else _subtract({}, inner)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub, ast.Mult)):
        left, right = _terms(expr.left, expand, opaque, depth), _terms(expr.right, expand, opaque, depth)
        if left is None or right is None:
            return None
        if isinstance(expr.op, ast.Mult):
            return _multiply(left, right)
        return _subtract(left, right if isinstance(expr.op, ast.Sub) else _subtract({}, right))
    if isinstance(expr, ast.Name):
        value = expand(expr) if depth else None
        return _terms(value, expand, opaque, depth - 1) if value is not None else {(expr.id,): 1}
    key = ast.dump(expr)
    opaque[key] = expr
    return {(key,): 1}


def _subtract(a: Terms, b: Terms) -> Terms:
    out = dict(a)
    for key, value in b.items():
        out[key] = out.get(key, 0) - value
    return {k: v for k, v in out.items() if v}


def _multiply(a: Terms, b: Terms) -> Terms:
    out: Terms = {}
    for ka, va in a.items():
        for kb, vb in b.items():
            key = tuple(sorted(ka + kb))
            out[key] = out.get(key, 0) + va * vb
    return {k: v for k, v in out.items() if v}
