"""The summary of one module, made from its model in the per-file pass (see summary.py)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from jaxlint.knowledge.api import SHAPE_ATTRS
from jaxlint.project.summary import (
    ANY,
    Change,
    FunctionFacts,
    ModuleSummary,
    TracedCall,
    may_be_project,
    table,
    unexamined,
)
from jaxlint.semantic.imports import last_name, qualified_name
from jaxlint.semantic.model import TREE_MAPS
from jaxlint.semantic.module_arguments import site_of_call, traced_site
from jaxlint.semantic.module_calls import ModuleCalls
from jaxlint.semantic.module_state import MUTATORS, own_state_reads, state_changes, state_reads
from jaxlint.semantic.scopes import every_parameter, import_bindings
from jaxlint.semantic.values import STATIC, TRACED
from jaxlint.semantic.x64 import enables_x64
from jaxlint.source import split_lines

if TYPE_CHECKING:
    from jaxlint.semantic.model import Model
    from jaxlint.semantic.scopes import Scope
    from jaxlint.semantic.trace_info import TraceInfo
    from jaxlint.semantic.values import Value

# The last names of the `jax.random` calls that make keys: a function calling none returns no key it made.
_KEY_MAKERS = frozenset(("PRNGKey", "key", "split", "fold_in", "wrap_key_data", "clone"))


def summarise(model: Model) -> ModuleSummary:
    summary = _module_summary(model)
    if model.enables_x64 or model.wide_dtypes:  # a JAX-family module's too: linting numpyro, numpyro is the project
        return replace(summary, enables_x64=model.enables_x64, wide_dtypes=bool(model.wide_dtypes))
    return summary


def _module_summary(model: Model) -> ModuleSummary:
    if not may_be_project(model.options.module_name):
        return LIBRARY_MODULE  # a JAX-family or standard module: no import of the project names it
    module = model.module
    imports = tuple((name, b.qualified) for name, bindings in module.bindings.items() for b in bindings
                    if b.kind == "import" and b.qualified and len(bindings) == 1)
    functions, examined = table([(scope.qualname, _function_facts(model, scope)) for scope in model.functions()  # type: ignore[misc]
                                  if _offered(scope)])
    classes = [scope for scope in module.children if scope.kind == "class"]
    module_classes = tuple((c.qualname, base) for c in classes if (base := model.module_base(c)))  # type: ignore[misc]
    # Own globals changed while running: another module may read them. The rest is about what this
    # module uses of others, which only an import of the project (or one not resolved) can name.
    if not any(b.qualified is None or may_be_project(b.qualified) for b in model.imports) and not any(
            may_be_project(star) for star in module.stars):
        return ModuleSummary(imports, functions, (), (), examined, module_classes,
                             reads=_own_reads(model), changes=tuple(state_changes(model, _nothing_imported)))
    calls: list[TracedCall] = []
    callees: set[str] = set()
    for scope in model.scopes:  # the callees' facts it may use: keys, static parameters of compiled ones
        for call in scope.of_type(ast.Call):
            name = qualified_name(call.func, scope)  # type: ignore[attr-defined]
            if may_be_project(name):
                callees.add(name)  # type: ignore[arg-type]
    reads: set[str] = set()
    for scope, info in list(model.trace.items()):
        if info.traced and scope.is_function and _calls_out(model, scope):
            calls += _traced_calls(model, scope, info)
        if info.cached and info.traced and scope.is_function:
            reads |= {name for _, name in state_reads(model, scope, may_be_project)}
    reads |= set(_own_reads(model))
    calls += _entry_calls(model)
    bases = tuple(sorted({name for c in classes for b in c.node.bases  # type: ignore[attr-defined]
                          if may_be_project(name := qualified_name(b, module))}))  # type: ignore[misc]
    changes = tuple(state_changes(model, may_be_project))
    return ModuleSummary(imports, functions, tuple(calls), tuple(sorted(callees)), examined, module_classes, bases,
                         tuple(_array_calls(model)), tuple(sorted(reads)), changes,
                         instance_calls=tuple(_instance_calls(model, imports)))


def _own_reads(model: Model) -> tuple[str, ...]:
    """The module's own globals its compiled functions read (".LR"): another module may change them."""
    return tuple(sorted({name for scope, info in model.trace.items() if info.cached and info.traced and scope.is_function
                         for _, name in own_state_reads(model, scope)}))


LIBRARY_MODULE = ModuleSummary((), "", (), ())


def _nothing_imported(name: str | None) -> bool:
    return False


def _instance_calls(model: Model, imports: tuple[tuple[str, str], ...]) -> list[tuple[str, tuple]]:
    """Calls of instances of imported classes (`Attn(cfg)(x, x.shape[-2])`, `self.attn = Attn(cfg)`
    then `self.attn(x, n)`, `model.apply(params, x, True)`), each argument classified here, where
    its value is known: the defining module learns which parameters of its `__call__` are static.
    Only calls are recorded; propagate.py keeps those of flax/equinox module classes."""
    found = []
    module_calls = None
    for name, qualified in imports:
        if not may_be_project(qualified):
            continue
        loads = model.loads_of(name)
        followed = [(qualified, None)] if any(isinstance(model.parent(use), ast.Call) for _, use in loads) else []
        followed += [(f"{qualified}.{attr}", attr) for attr in _attributes_called(model, loads)]
        for target, attr in followed:
            module_calls = module_calls or ModuleCalls(model)
            if attr is None:
                calls, _ = module_calls.known_calls_of_name(name, model.module)
            else:
                calls, _ = module_calls.known_calls_of_attribute(name, attr, model.module)
            sites = [("__call__", call, where) for call, where in calls] + module_calls.method_calls()
            if sites:
                found.append((target, tuple((method, *(traced_site(call) if call in module_calls.compiled
                                                               else site_of_call(model, call, where)))
                                         for method, call, where in sites)))
    return found


def _attributes_called(model: Model, loads: list) -> list[str]:
    """The attributes of an imported module that are called (`layers.Attn(cfg)`): classes, maybe."""
    found = set()
    for _, use in loads:
        parent = model.parent(use)
        if isinstance(parent, ast.Attribute) and isinstance(call := model.parent(parent), ast.Call) and call.func is parent:
            found.add(parent.attr)
    return sorted(found)


def _array_calls(model: Model) -> list[tuple[str, tuple[int | str, ...], int]]:
    """Calls into other modules that hand them JAX arrays, traced or not (`utils.set_first(jnp.zeros(3))`):
    item assignment on those parameters raises there. Only calls of functions that the project pass
    says assign items of a parameter count, and only scopes that make such calls are interpreted."""
    found = []
    for scope in (model.module, *model.functions()):
        calls = [(c, name) for c in scope.of_type(ast.Call)
                 if (c.args or c.keywords) and may_be_project(name := qualified_name(c.func, scope))  # type: ignore[attr-defined]
                 and model.ask.assigns_items(name)]
        if not calls:
            continue
        facts = model.facts(scope)
        for call, name in calls:
            slots = tuple(i for i, a in enumerate(call.args) if not isinstance(a, ast.Starred) and _an_array(facts.value(a)))
            slots += tuple(k.arg for k in call.keywords if k.arg and _an_array(facts.value(k.value)))
            if slots:
                found.append((name, slots, call.lineno))
    return found


def _an_array(value: Value) -> bool:
    return bool(value.jax) and not value.is_tuple and not value.numpy


def _offered(scope: Scope) -> bool:
    """A function other modules can import: at module level, or a method of a module-level class."""
    parent = scope.parent
    if scope.kind != "function" or parent is None:
        return False
    return parent.kind == "module" or parent.kind == "class" and parent.parent is not None and parent.parent.kind == "module"


def _function_facts(model: Model, scope: Scope) -> FunctionFacts:
    subscripts = [s for inner in scope.subtree() for s in inner.of_type(ast.Subscript)]
    facts = _outline_facts(scope.node, model.source_lines, subscripts)  # type: ignore[arg-type]
    info = model.info(scope)
    # equinox's filter_jit takes no static arguments: it flattens each argument and keeps only the
    # leaves that are no arrays static (a dict or a list of them is fine, equinox 0.13.8)
    declared = info.static_params & info.declared_static  # not those only this module's calls leave static
    if info.cached and "jit" in info.transforms and declared and not info.filtered:
        facts = facts._replace(jit_static=tuple(sorted(declared)))
    facts = facts._replace(static_returns=_static_returns(model, scope))
    keys = model.keys
    # Key facts only where keys can be (the cost): other functions are taken, as any unknown
    # function, to consume every key they are given.
    if not keys.may_hold_keys():
        return facts
    if _returns_key(model, scope):
        facts = facts._replace(returns_key=True)
    if any(keys.is_key_name(p) for p in facts.keys_consumed):
        taken = keys.random_key_args(scope) & set(facts.positional + facts.keywords)
        facts = facts._replace(keys_examined=True, keys_taken=tuple(sorted(taken)),
                        keys_consumed=tuple(sorted(keys.consumed_params(scope))),
                        keys_derived=tuple(sorted(keys.derived_params(scope))))
    return facts


def _static_returns(model: Model, scope: Scope) -> str:
    """Which elements of the tuple the function returns at every `return` are static whatever it is
    given ("s"; else "u"), for its callers in other modules (`tokens, t = encode(x)`, `t` a shape);
    "" where it returns anything else or nothing is static. Only functions whose returned tuples
    read a shape, a size or a constant are interpreted (the cost)."""
    returns = [r.value for r in scope.of_type(ast.Return)]  # type: ignore[attr-defined]
    if not returns or not all(isinstance(r, ast.Tuple) and len(r.elts) == len(returns[0].elts) for r in returns) \
            or not any(_may_be_static(e, scope) for r in returns for e in r.elts):  # type: ignore[union-attr]
        return ""
    values = model.returned_values(scope) or []
    if len(values) != len(returns) or any(v.elts is None or len(v.elts) != len(returns[0].elts) for v in values):
        return ""
    kinds = "".join("s" if all(v.elts[i].static and not v.elts[i].traced for v in values) else "u"  # type: ignore[index]
                    for i in range(len(returns[0].elts)))  # type: ignore[union-attr]
    return kinds if "s" in kinds else ""


def _may_be_static(element: ast.expr, scope: Scope) -> bool:
    """A returned expression that may be static: a constant, a shape read, or a name where the
    function reads a shape or a length or binds a constant (a name is else a parameter or what
    was computed from them: interpreting every function of every module to find out is the cost of
    a summary)."""
    if isinstance(element, ast.Constant) or any(isinstance(n, ast.Attribute) and n.attr in SHAPE_ATTRS
                                                 for n in ast.walk(element)):
        return True
    if not isinstance(element, ast.Name):
        return False
    if element.id not in scope.bindings:
        return True  # a module-level name: a constant, perhaps
    return any(isinstance(n, ast.Attribute) and n.attr in SHAPE_ATTRS for n in scope.of_type(ast.Attribute)) \
        or any(isinstance(c.func, ast.Name) and c.func.id == "len" for c in scope.of_type(ast.Call)) \
        or any(isinstance(a.value, ast.Constant) for a in scope.of_type(ast.Assign))  # type: ignore[attr-defined]


def _returns_key(model: Model, scope: Scope) -> bool:
    """A key maker: every `return` gives a key it makes with `jax.random` itself (only such functions
    are interpreted for it: the cost)."""
    returns = [r.value for r in scope.of_type(ast.Return)]  # type: ignore[attr-defined]
    made = _made_keys(scope)
    if not returns or not all(_maybe_made(value, made) for value in returns):
        return False
    returned = model.returned_values(scope)
    return bool(returned) and all(v.key is not None for v in returned)


def _made_keys(scope: Scope) -> set[str]:
    """Names the function binds to what a key-making call returns (`key, sub = split(key)`)."""
    names: set[str] = set()
    for assign in scope.of_type(ast.Assign):
        if _key_making(assign.value):  # type: ignore[attr-defined]
            for target in assign.targets:  # type: ignore[attr-defined]
                names |= {n.id for n in ast.walk(target) if isinstance(n, ast.Name)}
    return names


def _maybe_made(value: ast.expr | None, made: set[str]) -> bool:
    """A returned expression that can be a key the function made: a key-making call, or a name (or an
    item of one) bound to one."""
    while isinstance(value, ast.Subscript):
        value = value.value
    return _key_making(value) or isinstance(value, ast.Name) and value.id in made


def _key_making(value: ast.expr | None) -> bool:
    return isinstance(value, ast.Call) and last_name(value.func) in _KEY_MAKERS


def _calls_out(model: Model, scope: Scope) -> bool:
    """A call here may reach another module's function: directly, or as a tree map's callback."""
    for call in scope.of_type(ast.Call):
        name = qualified_name(call.func, scope) or model.imported_method(call.func, scope)  # type: ignore[attr-defined]
        if may_be_project(name) or name in TREE_MAPS and call.args and may_be_project(  # type: ignore[attr-defined]
                qualified_name(call.args[0], scope)):  # type: ignore[attr-defined]
            return True
    return False


def _traced_calls(model: Model, scope: Scope, info: TraceInfo) -> list[TracedCall]:
    found = []
    label = f"called from {info.describe(scope.qualname or '')}"
    for call, args, kwargs in model.facts(scope).callee_args:
        target = qualified_name(call.func, scope)
        if target in TREE_MAPS and call.args:  # jax.tree.map(utils.clip_leaf, grads): called on the leaves
            call, args, kwargs = _mapped_call(call, args, target)
            target = qualified_name(call.func, scope)
        bound = 0
        if target is None and (method := model.imported_method(call.func, scope)):
            target, bound = method, 1  # `trainer.loss(x)`: the object fills `self`
        if not may_be_project(target):
            continue
        traced, arrays = (tuple(slot + bound if isinstance(slot, int) else slot for slot in slots)
                          for slots in _traced_slots(call, args, kwargs))
        if traced or info.cached:  # called with static values only, nothing staged: runs as Python
            found.append(TracedCall(target, label, call.lineno, info.caller, traced, arrays,  # type: ignore[arg-type]
                                    tuple(sorted(info.transforms)), info.abstract, info.cached))
    return found


def _mapped_call(call: ast.Call, args: list[Value], mapper: str) -> tuple[ast.Call, list[Value], dict[str, Value]]:
    """`jax.tree.map(f, a, b)` as the call `f(leaf_of_a, leaf_of_b)` it makes (with a key path first
    for the `_with_path` variants: a static value)."""
    with_path = mapper != "jax.tree.map"
    trees = [TRACED if v.traced and not v.uncertain else v for v in args[1:]]  # a traced tree's leaves: traced arrays
    leaves = [STATIC, *trees] if with_path else trees
    exprs = [call.args[0], *call.args[1:]] if with_path else call.args[1:]
    return ast.copy_location(ast.Call(func=call.args[0], args=exprs, keywords=[]), call), leaves, {}


def _entry_calls(model: Model) -> list[TracedCall]:
    """Other modules' functions a transform here traces whole (`jax.jit(train_lib.step)`); under
    equinox's filtered transforms only the arrays its callers pass are traced, which the calls
    here do not say: none of its parameters is known to be traced."""
    return [TracedCall(entry.target, f"traced by `{entry.reason.split(' ')[-1]}`", entry.row, "",
                       () if entry.filtered else (ANY,), (), (entry.transform.kind,), entry.transform.abstract,
                       entry.transform.cached, not entry.filtered, (*entry.static_nums, *entry.static_names),
                       entry.lax_body, entry.loop_body)
            for entry in model.external_entries() if may_be_project(entry.target)]


def _traced_slots(call: ast.Call, args: list[Value], kwargs: dict[str, Value]) -> tuple[tuple, tuple]:
    traced: list[int | str] = []
    arrays: list[int | str] = []
    for index, (expr, value) in enumerate(zip(call.args, args)):
        if isinstance(expr, ast.Starred):
            if value.traced:
                traced.append(ANY)
            break
        if value.traced and not value.uncertain:
            traced.append(index)
            if value.surely_traced_array:
                arrays.append(index)
    for name, value in kwargs.items():
        if value.traced and not value.uncertain:
            traced.append(ANY if name == "**" else name)
            if value.surely_traced_array and name != "**":
                arrays.append(name)
    return tuple(traced), tuple(arrays)


def outline(tree: ast.Module, package: str | None, text: str) -> ModuleSummary:
    """The summary of a module no rule analyses (it mentions no JAX library): its module-level
    imports, functions (which callers assume consume every key they are given), the imported
    classes its classes derive from (one may be a flax module class of another module), and whether
    it sets JAX_ENABLE_X64 (a conftest.py may, before any test imports jax)."""
    imports: list[tuple[str, str]] = []
    functions: list[tuple[str, FunctionFacts]] = []
    bases: set[str] = set()
    lines = split_lines(text)
    for statement in tree.body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            imports += [(name, qualified) for alias in statement.names
                        for name, qualified in import_bindings(statement, alias, package) if qualified]
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef)):
            functions.append((statement.name, _outline_facts(statement, lines)))
        elif isinstance(statement, ast.ClassDef):
            functions += [(f"{statement.name}.{method.name}", _outline_facts(method, lines)) for method in statement.body
                          if isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef))]
            bases |= {name for base in statement.bases if may_be_project(name := _imported(base, dict(imports)))}
    listed, notable = table(functions)
    return ModuleSummary(tuple(imports), listed, (), (), notable, class_bases=tuple(sorted(bases)),
                         changes=tuple(_own_changes(tree, lines)), enables_x64=enables_x64(tree, text))


def _own_changes(tree: ast.Module, lines: list[str]) -> list[Change]:
    """Its module-level names that its module-level functions change when called: rebound through
    `global`, or mutated (`HPARAMS["lr"] = lr`, `HPARAMS.update(...)`) when the function does not bind
    the name itself. `lines`: the module's source lines (a function whose text shows no `global`,
    no item store and no mutating call changes nothing, and is not walked)."""
    module_names = {t.id for s in tree.body if isinstance(s, (ast.Assign, ast.AnnAssign, ast.AugAssign))
                    for t in (s.targets if isinstance(s, ast.Assign) else [s.target]) if isinstance(t, ast.Name)}
    changes = []
    for function in (s for s in tree.body if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef))):
        text = _text_of(function, lines)
        if "global" not in text and not (module_names and module_names.intersection(_INDEXED_OR_MUTATED.findall(text))):
            continue
        nodes = list(ast.walk(function))  # once: config modules hold many functions
        declared = {name for node in nodes if isinstance(node, ast.Global) for name in node.names}
        if not declared and not module_names:
            continue  # it can change no module-level name
        local = {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)} | {
            n.id for n in nodes if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)} - declared
        for node in nodes:
            changed = _changed_global(node, declared, module_names - local)
            if changed:
                changes.append(Change(f".{changed[0]}", changed[1], node.lineno, function.name))  # type: ignore[attr-defined]
    return changes


# A name indexed (`HPARAMS[...]`) or mutated (`HPARAMS.update(`), as text: one pattern for every module.
_INDEXED_OR_MUTATED = re.compile(r"\b([^\W\d]\w*)\s*(?:\[|\.\s*(?:" + "|".join(sorted(MUTATORS)) + r")\s*\()")


def _changed_global(node: ast.AST, declared: set[str], shared: set[str]) -> tuple[str, str] | None:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
        node, (ast.AugAssign, ast.AnnAssign)) else []
    for target in targets:
        if isinstance(target, ast.Name) and target.id in declared:
            return target.id, "assigned"
        if isinstance(target, ast.Subscript) and isinstance(target.value, ast.Name) and target.value.id in shared:
            return target.value.id, "mutated"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS \
            and isinstance(node.func.value, ast.Name) and node.func.value.id in shared:
        return node.func.value.id, "mutated"
    return None


def _imported(expr: ast.expr, imports: dict[str, str]) -> str | None:
    """`Base` or `models.Base` as the qualified name the module-level imports give it."""
    if isinstance(expr, ast.Name):
        return imports.get(expr.id)
    if isinstance(expr, ast.Attribute):
        base = _imported(expr.value, imports)
        return f"{base}.{expr.attr}" if base else None
    return None


def _outline_facts(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str],
                   subscripts: list[ast.AST] | None = None) -> FunctionFacts:
    """What a caller sees of a function before any analysis: its parameters, and whether it may
    assign items of one. `lines`: the module's source lines; `subscripts`: the subscripts in the
    function (its nested functions' too) when the model has them indexed (else it is walked)."""
    facts = unexamined(tuple(a.arg for a in node.args.posonlyargs + node.args.args),
                       tuple(a.arg for a in node.args.kwonlyargs))
    return facts._replace(assigns_items=True) if _assigns_items(node, lines, subscripts) else facts


def _text_of(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str]) -> str:
    """The source of a function (without its decorators), from the module's lines."""
    return "\n".join(lines[node.lineno - 1:node.end_lineno])


# A line that may store into or delete an item: `] =`, `] +=` (not `] ==`), `del`, or a loop or
# `with` target, which the tree then confirms: most functions are ruled out by their text alone.
# Each pattern starts with a literal, which the regex engine finds fast (a pattern of alternatives,
# or one starting at a word boundary, is tried at every position); words are checked apart.
_ITEM_STORED = re.compile(r"\]\s*(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)")
_STORING_WORDS = (re.compile(r"del\b"), re.compile(r"for\b[^\n]*\]"), re.compile(r"as\b[^\n]*\]"))


def _may_store_item(text: str) -> bool:
    return bool(_ITEM_STORED.search(text)) or any(_at_word_start(text, pattern) for pattern in _STORING_WORDS)


def _may_index(text: str, name: str) -> bool:
    """Whether the text indexes `name` or takes an attribute of it: `p[`, `p.`, `(p)[`."""
    return _at_word_start(text, re.compile(re.escape(name) + r"[\s)\\]*[\[.]"))


def _at_word_start(text: str, pattern: re.Pattern) -> bool:
    """Whether `pattern` (starting with a word) matches where a word starts."""
    position = 0
    while (match := pattern.search(text, position)) is not None:
        start = match.start()
        if start == 0 or not (text[start - 1].isalnum() or text[start - 1] == "_"):
            return True
        position = start + 1
    return False


def _assigns_items(node: ast.FunctionDef | ast.AsyncFunctionDef, lines: list[str],
                   subscripts: Iterable[ast.AST] | None) -> bool:
    """Whether the function (its nested functions too) stores into or deletes an item of something
    one of its parameters holds: `a[0] = 1`, `self.buf[i] += x`, `del cache[k]`."""
    params = {a.arg for a in every_parameter(node.args)}
    if subscripts is None:  # not indexed by a model: a search of the text rules most functions out before a walk
        text = _text_of(node, lines)
        if not _may_store_item(text) or not any(_may_index(text, param) for param in params):
            return False  # no store, or none from a parameter (`p[0]`, `p.buf[i]`), in the text either
        subscripts = (n for n in ast.walk(node) if isinstance(n, ast.Subscript))
    for sub in subscripts:
        if isinstance(sub.ctx, (ast.Store, ast.Del)):  # type: ignore[attr-defined]
            root = sub.value  # type: ignore[attr-defined]
            while isinstance(root, (ast.Subscript, ast.Attribute)):
                root = root.value
            if isinstance(root, ast.Name) and root.id in params:
                return True
    return False
