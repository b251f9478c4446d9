"""May a variable that a compiled function reads become a traced argument of it (JAX101's fix)?

Only when every value ever bound to it is known to be an array, a number or a tuple/list/dict of
those (an optimizer, a string or a function would fail as an argument of jit), and the function
uses it only as an array (arithmetic, jnp operands), never where Python needs the value itself
(an `if`, a shape, a slice, a call of unknown code)."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import is_array_annotation
from jaxlint.rules.where_arms import NAMED_NUMBERS
from jaxlint.semantic.api import last_name
from jaxlint.written import unparsed

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope

_DEPTH = 3  # names followed through other names (`a = b * 2`) for their values
_LOCALS = 8  # locals followed to their uses (`y = x * scale; z = y + 1; return z`)
# Calls of JAX that return something other than an array (the model marks their results as JAX's).
_NOT_ARRAYS = frozenset(("default_rng", "RandomState", "Generator", "dtype", "finfo", "iinfo", "vectorize",
                         "frompyfunc", "errstate", "printoptions"))
# jnp functions whose arguments after the first may be a traced array (elementwise, selections).
_ARRAY_OPERANDS = frozenset(("where", "maximum", "minimum", "clip", "add", "subtract", "multiply", "divide",
                             "true_divide", "power", "dot", "matmul", "vdot", "inner", "outer", "select",
                             "hypot", "arctan2", "logaddexp", "fmax", "fmin", "cross", "kron", "polyval",
                             "heaviside", "copysign", "nextafter", "ldexp", "isclose", "allclose", "equal",
                             "not_equal", "less", "less_equal", "greater", "greater_equal", "mod", "remainder"))
# jnp functions whose first argument is a shape, a size or a count: never a traced value.
_SIZED = frozenset(("zeros", "ones", "empty", "full", "arange", "linspace", "logspace", "geomspace", "eye",
                    "identity", "tri", "tril_indices", "triu_indices", "indices"))
_NUMBER_CALLS = frozenset(("builtins.float", "builtins.int", "builtins.complex", "builtins.len", "builtins.round"))
_FILLING = frozenset(("append", "extend", "insert", "update", "setdefault", "add"))  # they put values in
_ARRAY_METHODS = frozenset(("sum", "mean", "max", "min", "prod", "std", "var", "astype", "conj", "ravel",
                            "flatten", "transpose", "dot", "squeeze", "cumsum", "clip", "round"))
_ARRAY_ATTRIBUTES = frozenset(("T", "real", "imag", "mT"))
_STATIC_ATTRIBUTES = frozenset(("shape", "ndim", "dtype", "size"))  # static even for a traced array


def passable(model: Model, owner: Scope, name: str, function: Scope, loads: list[ast.Name]) -> bool:
    """`name` of `owner`, read by `function` at `loads`, may be handed to it as a traced argument."""
    return _Bindings(model).known(owner, name, _DEPTH) and all(_used_as_array(model, load, _LOCALS) for load in loads)


def attributes_passable(model: Model, cls: Scope, method: Scope, loads: list[ast.Attribute]) -> bool:
    """The attributes of the object that the compiled `method` reads at `loads` (`self.scale`) may
    be handed to it as traced arguments: a method under one jit decorator that never stores them,
    whose values (every store of such an attribute in the module) are known, used as arrays."""
    node = method.node
    if not isinstance(node, ast.FunctionDef) or node.args.kwarg is not None or len(node.decorator_list) != 1 \
            or not _jit_decorator(node.decorator_list[0]):
        return False
    names = {load.attr for load in loads}
    bindings = _Bindings(model)
    for scope in model.scopes:
        for store in scope.of_type(ast.Attribute):
            if store.attr not in names or not isinstance(store.ctx, (ast.Store, ast.Del)):  # type: ignore[attr-defined]
                continue
            statement = model.parent(store)
            if scope in method.subtree() or not (isinstance(statement, (ast.Assign, ast.AugAssign)) and bindings.value(
                    scope, statement.value, _DEPTH)
                    and (isinstance(statement, ast.AugAssign) or statement.targets == [store])):
                return False
    return all(_used_as_array(model, load, _LOCALS) for load in loads)


def _jit_decorator(decorator: ast.expr) -> bool:
    """`@partial(jax.jit, ...)`, `@jax.jit(...)`, `@jax.jit`."""
    if isinstance(decorator, ast.Call):
        if last_name(decorator.func) == "partial":
            return bool(decorator.args) and last_name(decorator.args[0]) in ("jit", "pjit")
        decorator = decorator.func
    return last_name(decorator) in ("jit", "pjit")


# -- what is bound to the variable ---------------------------------------------------------------

class _Bindings:
    """Whether each value bound to a variable is known; a variable met again while its own
    bindings are being checked (`bias = bias + 1`) is as its other bindings say."""

    def __init__(self, model: Model) -> None:
        self.model = model
        self.checking: set[tuple[Scope, str]] = set()

    def known(self, owner: Scope, name: str, depth: int) -> bool:
        """Every value bound to `name` of `owner`, there or in a function declaring it global/nonlocal."""
        if (owner, name) in self.checking:
            return True
        places = [(owner, b) for b in owner.bindings.get(name, [])]
        for scope in self.model.declaring(name, owner.kind == "module"):
            if scope is not owner and scope.lookup_scope(name) in (owner, scope):
                places += [(scope, b) for b in scope.bindings.get(name, [])]
        self.checking.add((owner, name))
        try:
            return bool(places) and depth > 0 and all(self._binding(scope, b, depth) for scope, b in places) \
                and self._stored_known(owner, name, depth)
        finally:
            self.checking.discard((owner, name))

    def _stored_known(self, owner: Scope, name: str, depth: int) -> bool:
        """What is put into it (`CONFIG["lr"] = v`, `table[i] += v`, `items.append(v)`) is known too."""
        for scope, use in self.model.accessed_loads(name):
            parent = self.model.parent(use)
            if scope.lookup_scope(name) is not owner:
                continue
            if isinstance(parent, ast.Subscript) and isinstance(parent.ctx, ast.Store):
                statement = self.model.parent(parent)
                value = getattr(statement, "value", None)
                if not (isinstance(statement, (ast.Assign, ast.AugAssign)) and value is not None
                        and self.value(scope, value, depth)):
                    return False
            elif isinstance(parent, ast.Attribute) and parent.attr in _FILLING and isinstance(
                    call := self.model.parent(parent), ast.Call) and call.func is parent and (
                    call.keywords or not all(self.value(scope, a, depth) for a in call.args)):
                return False
        return True

    def _binding(self, scope: Scope, binding, depth: int) -> bool:
        if binding.kind == "param":
            if _numeric_annotation(binding.node.annotation):  # `value: float`, `w: jax.Array`: declared so
                return True
            arguments = self.model.arguments_from_callers(scope, binding.name) or _constructed_with(
                self.model, scope, binding.name)
            return bool(arguments) and all(self.value(caller, a, depth - 1) for caller, a in arguments)
        if binding.kind not in ("assign", "augassign", "for"):
            return False
        target, statement = binding.node, self.model.parent(binding.node)
        if isinstance(statement, ast.AnnAssign):
            return statement.value is None or self.value(scope, statement.value, depth)
        if isinstance(statement, (ast.Assign, ast.AugAssign)):
            return self.value(scope, statement.value, depth)
        if isinstance(statement, (ast.For, ast.AsyncFor)) and statement.target is target:
            return self._elements(scope, statement.iter, depth)
        return False  # unpacked from a tuple, a with-as, a comprehension target: not followed

    def _elements(self, scope: Scope, items: ast.expr, depth: int) -> bool:
        """Each item of `for x in items` is known: a literal of known values, a range, an array's rows."""
        if isinstance(items, (ast.Tuple, ast.List)):
            return all(self.value(scope, e, depth) for e in items.elts)
        if isinstance(items, ast.Call) and self.model.qualified(items.func, scope) == "builtins.range":
            return True
        return _array(self.model, scope, items)

    def value(self, scope: Scope, expr: ast.expr, depth: int) -> bool:
        """An array, a number, or a tuple/list/dict of those."""
        if isinstance(expr, ast.Constant):
            return isinstance(expr.value, (int, float, complex)) and not isinstance(expr.value, bool)
        if isinstance(expr, (ast.Tuple, ast.List)):
            return all(self.value(scope, e, depth) for e in expr.elts)
        if isinstance(expr, ast.Dict):
            return None not in expr.keys and all(self.value(scope, v, depth) for v in expr.values)
        if isinstance(expr, ast.UnaryOp) and not isinstance(expr.op, ast.Not):
            return self.value(scope, expr.operand, depth)
        if isinstance(expr, ast.BinOp):  # numbers and arrays, or an array whatever the other side
            both = self.value(scope, expr.left, depth) and self.value(scope, expr.right, depth)
            return both or _array(self.model, scope, expr)
        if isinstance(expr, ast.Name):
            owner = scope.lookup_scope(expr.id)
            return owner is not None and self.known(owner, expr.id, depth - 1)
        if isinstance(expr, ast.Attribute) and self.model.qualified(expr, scope) in NAMED_NUMBERS:
            return True  # `math.pi`, `jnp.inf`
        if isinstance(expr, ast.Call):
            called = self.model.qualified(expr.func, scope) or ""
            if called in _NUMBER_CALLS or called.startswith("math.") and not called.startswith("math.is"):
                return True  # `float(os.environ["LR"])`, `math.sqrt(2)`: a number or an exception
        return _array(self.model, scope, expr)


def _array(model: Model, scope: Scope, expr: ast.expr) -> bool:
    """The model knows `expr` as a JAX or NumPy array (not a generator, a dtype or a key's data)."""
    value = model.facts(scope).values.get(expr)
    if value is None or not (value.jax or value.numpy) or value.returns_arrays:
        return False
    return not (isinstance(expr, ast.Call) and (last_name(expr.func) or "") in _NOT_ARRAYS)


# -- how the compiled function uses it ------------------------------------------------------------

def _used_as_array(model: Model, load: ast.expr, depth: int,
                   following: frozenset[tuple[Scope, str]] = frozenset()) -> bool:
    """A traced array would do where `load` is: followed up through arithmetic and jnp calls to
    a return, or through a local variable to that variable's own uses."""
    node, parent = load, model.parent(load)
    while True:
        if isinstance(parent, (ast.BinOp, ast.Compare, ast.Tuple, ast.List)) or (
                isinstance(parent, ast.UnaryOp) and not isinstance(parent.op, ast.Not)) or (
                isinstance(parent, ast.IfExp) and parent.test is not node) or (
                isinstance(parent, ast.Subscript) and parent.value is node) or (
                isinstance(parent, ast.Attribute) and parent.attr in _ARRAY_ATTRIBUTES):
            node, parent = parent, model.parent(parent)
        elif isinstance(parent, ast.Attribute) and parent.attr in _STATIC_ATTRIBUTES:
            return True
        elif isinstance(parent, ast.Attribute) and parent.attr in _ARRAY_METHODS and isinstance(
                call := model.parent(parent), ast.Call) and call.func is parent:
            node, parent = call, model.parent(call)
        elif isinstance(parent, ast.Call) and _array_operand(model, parent, node):
            node, parent = parent, model.parent(parent)
        elif isinstance(parent, (ast.Return, ast.Expr, ast.Lambda)):
            return True
        elif isinstance(parent, (ast.Assign, ast.AugAssign)) and parent.value is node:
            return depth > 0 and _local_used_as_array(model, parent, depth - 1, following)
        elif isinstance(parent, ast.keyword) and (callee := _module_function(model, parent)) is not None:
            return depth > 0 and parent.arg is not None and _uses_as_array(  # `helper(x, scale=scale)`
                model, callee, parent.arg, depth - 1, following)
        else:
            return False


def _array_operand(model: Model, call: ast.Call, node: ast.expr) -> bool:
    """`node` is an operand of a jnp/lax function that takes arrays there (`jnp.exp(x)`,
    `jnp.where(c, x, y)`), not a shape, an axis or a keyword option."""
    if node not in call.args:
        return False
    qualified = model.qualified(call.func, _scope_at(model, call)) or ""
    if not qualified.startswith(("jax.numpy.", "jax.lax.", "jax.nn.", "jax.scipy.")):
        return False
    function = qualified.rsplit(".", 1)[-1]
    return function not in _SIZED and (call.args[0] is node or function in _ARRAY_OPERANDS)


def _local_used_as_array(model: Model, statement: ast.Assign | ast.AugAssign, depth: int,
                         following: frozenset[tuple[Scope, str]]) -> bool:
    """Every use of the local the statement assigns (`x = x * scale`)."""
    targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
    if len(targets) != 1 or not isinstance(targets[0], ast.Name):
        return False
    return _uses_as_array(model, _scope_at(model, statement), targets[0].id, depth, following)


def _uses_as_array(model: Model, scope: Scope, name: str, depth: int,
                   following: frozenset[tuple[Scope, str]]) -> bool:
    """Every read of the variable `name` of `scope` (a local met again is being followed already)."""
    if (scope, name) in following:
        return True
    uses = [n for s in scope.subtree() for n in s.of_type(ast.Name)
            if isinstance(n.ctx, ast.Load) and n.id == name and s.lookup_scope(name) is scope]  # type: ignore[attr-defined]
    return all(_used_as_array(model, use, depth, following | {(scope, name)}) for use in uses)  # type: ignore[arg-type]


def _module_function(model: Model, keyword: ast.keyword) -> Scope | None:
    """The function of this module that `f(..., name=value)` calls, when `f` is bound to it alone."""
    call = model.parent(keyword)
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        return None
    owner = _scope_at(model, call).lookup_scope(call.func.id)
    bindings = owner.bindings.get(call.func.id, []) if owner is not None else []
    if len(bindings) != 1 or bindings[0].kind != "def":
        return None
    callee = model.scope_of.get(bindings[0].node)
    params = callee.node.args if callee is not None else None  # type: ignore[attr-defined]
    return callee if params is not None and keyword.arg in [a.arg for a in params.args + params.kwonlyargs] else None


def _scope_at(model: Model, node: ast.AST) -> Scope:
    """The function (or the module) whose code `node` is part of."""
    parent = model.parent(node)
    while parent is not None and not isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
        parent = model.parent(parent)
    return model.scope_of[parent] if parent is not None else model.module


def _constructed_with(model: Model, init: Scope, param: str) -> list[tuple[Scope, ast.expr]]:
    """What every `Cls(...)` call passes for `param` of `Cls.__init__`; empty when the class is
    used otherwise (subclassed, passed on) or a call does not say."""
    cls = init.parent
    if getattr(init.node, "name", None) != "__init__" or cls is None or cls.kind != "class" or cls.parent is None:
        return []
    name = cls.node.name  # type: ignore[attr-defined]
    positional = init.positional_params()[1:]
    found = []
    for scope, use in model.loads_of(name):
        call = model.parent(use)
        if scope.lookup_scope(name) is not cls.parent or not (isinstance(call, ast.Call) and call.func is use) \
                or any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
            return []
        given = [k.value for k in call.keywords if k.arg == param]
        if param in positional and positional.index(param) < len(call.args):
            given.append(call.args[positional.index(param)])
        if len(given) != 1:
            return []
        found.append((scope, given[0]))
    return found


def _numeric_annotation(annotation: ast.expr | None) -> bool:
    """A number's or an array's annotation (not `bool`: a traced bool raises in `if`)."""
    return annotation is not None and (unparsed(annotation).strip("'\"") in ("int", "float", "complex")
                                       or is_array_annotation(annotation))
