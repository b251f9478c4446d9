"""Names removed from JAX, and what replaces them: the one table JAX301 (the tree functions) and
JAX303 (the rest) read. Every entry was checked on JAX 0.10.2: the name is gone (an import of it
raises ImportError, a use AttributeError) and its replacement, where one is given, exists and takes
the same arguments, so that renaming is the whole fix."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Binding, Scope


class Removal(NamedTuple):
    code: str  # the rule that reports it
    replacement: str | None  # the qualified name that takes its place, same arguments; None: no 1:1 one
    advice: str = ""  # what to do instead, when there is no 1:1 replacement (or more to say)
    removed_in: str = ""  # the JAX release that removed it (REMOVED_IN)


_TREE = "JAX301"
_API = "JAX303"

REMOVED: dict[str, Removal] = {
    "jax.tree_map": Removal(_TREE, "jax.tree.map"),
    "jax.tree_multimap": Removal(_TREE, "jax.tree.map"),
    "jax.tree_util.tree_multimap": Removal(_TREE, "jax.tree.map"),
    "jax.tree_leaves": Removal(_TREE, "jax.tree.leaves"),
    "jax.tree_flatten": Removal(_TREE, "jax.tree.flatten"),
    "jax.tree_unflatten": Removal(_TREE, "jax.tree.unflatten"),
    "jax.tree_structure": Removal(_TREE, "jax.tree.structure"),
    "jax.tree_transpose": Removal(_TREE, "jax.tree.transpose"),
    "jax.xla_computation": Removal(_API, None, "use `jax.jit(f).lower(*args).compiler_ir()`"),
    "jax.lax.tie_in": Removal(_API, None, "drop it: `tie_in(x, y)` is `y`"),
    "jax.numpy.DeviceArray": Removal(_API, "jax.Array"),
    "jax.interpreters.xla.DeviceArray": Removal(_API, "jax.Array"),
    "jax.random.KeyArray": Removal(_API, "jax.Array"),
    "jax.random.PRNGKeyArray": Removal(_API, "jax.Array"),
    "jax.experimental.maps": Removal(_API, None, "`xmap` is gone: use `jax.shard_map` or `jax.vmap` with named axes"),
    "jax.abstract_arrays": Removal(_API, None, "import `ShapedArray` from `jax.core`"),
    "jax.config.FLAGS": Removal(_API, None, "read an option as `jax.config.<option>` or `jax.config.read(...)`"),
    "jax.config.config": Removal(_API, "jax.config"),
    "jax.experimental.enable_x64": Removal(_API, "jax.enable_x64"),
    "jax.experimental.host_callback": Removal(_API, None, "use `jax.debug.callback`, `jax.pure_callback` or "
                                                          "`jax.experimental.io_callback`"),
    "jax.numpy.round_": Removal(_API, "jax.numpy.round"),
    "jax.numpy.product": Removal(_API, "jax.numpy.prod"),
    "jax.numpy.cumproduct": Removal(_API, "jax.numpy.cumprod"),
    "jax.numpy.alltrue": Removal(_API, "jax.numpy.all"),
    "jax.numpy.sometrue": Removal(_API, "jax.numpy.any"),
    "jax.numpy.row_stack": Removal(_API, "jax.numpy.vstack"),
    "jax.numpy.trapz": Removal(_API, "jax.numpy.trapezoid"),
    "jax.numpy.in1d": Removal(_API, None, "use `jnp.isin` (it keeps the input's shape: ravel it for `in1d`'s)"),
    "jax.numpy.NINF": Removal(_API, None, "use `-jnp.inf`"),
    "jax.ops.index_update": Removal(_API, None, "use `x.at[idx].set(y)`"),
    "jax.ops.index_add": Removal(_API, None, "use `x.at[idx].add(y)`"),
    "jax.ops.index": Removal(_API, None, "index with `x.at[...]`"),
    "jax.lib.xla_bridge": Removal(_API, None, "use `jax.devices()`, `jax.default_backend()`"),
    "jax.device_put_sharded": Removal(_API, None, "use `jax.device_put` with a `NamedSharding`"),
    "jax.device_put_replicated": Removal(_API, None, "use `jax.device_put` with a replicated `NamedSharding`"),
    "jax.partial": Removal(_API, "functools.partial"),  # an accidental export of functools.partial
}
# The JAX release that removed each name, from JAX's changelog, checked against its tagged sources
# (the name gone from the module, or only in its table of removed names that raise).
REMOVED_IN = {
    **dict.fromkeys(("jax.tree_map", "jax.tree_leaves", "jax.tree_flatten", "jax.tree_unflatten", "jax.tree_structure",
                     "jax.tree_transpose"), "0.6.0"),
    "jax.tree_multimap": "0.3.16", "jax.tree_util.tree_multimap": "0.3.16", "jax.xla_computation": "0.4.34",
    "jax.lax.tie_in": "0.4.29", "jax.numpy.DeviceArray": "0.4.14", "jax.interpreters.xla.DeviceArray": "0.4.11",
    "jax.random.KeyArray": "0.4.24", "jax.random.PRNGKeyArray": "0.4.24", "jax.experimental.maps": "0.4.31",
    "jax.abstract_arrays": "0.4.17", "jax.config.FLAGS": "0.4.20", "jax.config.config": "0.4.25",
    "jax.experimental.enable_x64": "0.9.0", "jax.experimental.host_callback": "0.8.0", "jax.numpy.round_": "0.4.38",
    **dict.fromkeys(("jax.numpy.product", "jax.numpy.cumproduct", "jax.numpy.alltrue", "jax.numpy.sometrue"), "0.4.16"),
    **dict.fromkeys(("jax.numpy.row_stack", "jax.numpy.trapz", "jax.numpy.in1d", "jax.numpy.NINF"), "0.4.24"),
    **dict.fromkeys(("jax.ops.index_update", "jax.ops.index_add", "jax.ops.index"), "0.3.2"),
    "jax.lib.xla_bridge": "0.9.0", "jax.device_put_sharded": "0.10.0", "jax.device_put_replicated": "0.10.0",
    "jax.partial": "0.2.21",
}
REMOVED = {name: entry._replace(removed_in=REMOVED_IN[name]) for name, entry in REMOVED.items()}
# When a replacement above appeared in JAX: a project that allows an older JAX cannot simply rename.
ADDED_IN = {**dict.fromkeys((f"jax.tree.{name}" for name in ("map", "leaves", "flatten", "unflatten", "structure",
                                                              "transpose")), "0.4.25"),
            "jax.enable_x64": "0.8.0", "jax.numpy.trapezoid": "0.4.15", "jax.Array": "0.3.18"}
# The last component of every name above: an attribute named otherwise is none of them.
_LAST_NAMES = frozenset(name.rsplit(".", 1)[1] for name in REMOVED)


def removal(qualified: str | None) -> tuple[str, Removal] | None:
    """The removed name `qualified` is, or is inside (`jax.experimental.maps.xmap`), with its entry."""
    while qualified and "." in qualified:
        found = REMOVED.get(qualified)
        if found is not None:
            return qualified, found
        qualified = qualified.rpartition(".")[0]
    return None


class Reference(NamedTuple):
    node: ast.AST  # an import statement, or the outermost expression naming the removed name
    scope: Scope
    name: str  # the removed name, as in the table
    removal: Removal
    bound: str | None = None  # for an import: the local name it binds


def _imports_removed(model: Model) -> tuple[Reference, ...]:
    found = []
    for binding in model.imports:
        hit = removal(binding.qualified)
        if hit is not None and not guarded(model, binding.node):
            scope = _owner(model, binding)
            found.append(Reference(binding.node, scope, hit[0], hit[1], binding.name))
    return tuple(found)


def references(model: Model) -> list[Reference]:
    """Every place the module names a removed JAX name: the imports of one (which raise there), and
    attribute uses (`jax.tree_map(...)`, `jax.experimental.maps.xmap`) through imports of JAX that
    still exist."""
    found = list(_imports_removed(model))
    for scope in model.scopes:
        for node in scope.of_type(ast.Attribute):
            if node.attr not in _LAST_NAMES or not isinstance(node.ctx, ast.Load):  # type: ignore[attr-defined]
                continue
            base = model.qualified(node.value, scope)  # type: ignore[attr-defined]
            name = f"{base}.{node.attr}" if base else None  # type: ignore[attr-defined]
            if name not in REMOVED or _root_import_removed(node, scope) or guarded(model, node):
                continue  # as written: the model reads old aliases (`jax.tree_map`) as their new names
            outer = node
            while isinstance(parent := model.parent(outer), ast.Attribute) and parent.value is outer:
                outer = parent  # `jax.experimental.maps.xmap`: the whole name is reported
            found.append(Reference(outer, scope, name, REMOVED[name]))
    return found


_FAILURES = frozenset(("ImportError", "ModuleNotFoundError", "AttributeError", "Exception", "BaseException"))


def guarded(model: Model, node: ast.AST) -> bool:
    """Code for older JAX versions that the module only reaches on them: a `try` that catches the
    ImportError/AttributeError, its `except` fallback, a branch of an `if` that tests `hasattr(...)`
    or a version."""
    child, parent = node, model.parent(node)
    while parent is not None:
        if isinstance(parent, ast.ExceptHandler):
            return True
        if isinstance(parent, ast.Try) and child in parent.body and any(_catches_failure(h) for h in parent.handlers):
            return True
        if isinstance(parent, (ast.If, ast.IfExp)) and child is not parent.test and _tests_version(parent.test):
            return True
        child, parent = parent, model.parent(parent)
    return False


def _catches_failure(handler: ast.ExceptHandler) -> bool:
    if handler.type is None:
        return True
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any((t.attr if isinstance(t, ast.Attribute) else getattr(t, "id", "")) in _FAILURES for t in types)


def _tests_version(test: ast.expr) -> bool:
    for node in ast.walk(test):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "hasattr":
            return True
        name = node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""
        if "version" in name.lower():
            return True
    return False


def _owner(model: Model, binding: Binding) -> Scope:
    return next(s for s in model.scopes if binding in s.bindings.get(binding.name, ()))


def _root_import_removed(node: ast.AST, scope: Scope) -> bool:
    """`hcb.id_tap` where `hcb` is an import of a removed module: the import is what is reported."""
    while isinstance(node, ast.Attribute):
        node = node.value
    if not isinstance(node, ast.Name):
        return True
    return any(b.kind == "import" and removal(b.qualified) is not None for b in scope.bindings_of(node.id))

