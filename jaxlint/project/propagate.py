"""The project pass: from the modules' summaries, what each module learns from the others (which of
its functions other modules' traced code calls, with which parameters traced; the facts of the
functions it calls; whether its project turns x64 on). Run again after the modules that learned
something are analysed anew with it, until nothing changes."""

from __future__ import annotations

from dataclasses import dataclass, field

from jaxlint.project.incoming import Entry, Incoming
from jaxlint.project.resolve import ProjectIndex
from jaxlint.project.summary import (
    ANY,
    FunctionFacts,
    ModuleSummary,
    TracedCall,
    notable,
)
from jaxlint.project.x64 import told_x64


@dataclass
class _Gathered:
    traced: set[str] = field(default_factory=set)
    arrays: set[str] = field(default_factory=set)
    transforms: set[str] = field(default_factory=set)
    abstract: bool = False
    cached: bool = False
    whole: bool = False
    lax_body: bool = False
    loop_body: bool = False
    callers: list[str] = field(default_factory=list)


def incoming_facts(index: ProjectIndex, shown: dict[str, str]) -> dict[str, Incoming]:
    """Per module path (absolute), what the other modules tell it (modules told nothing are left
    out); `shown` gives each path as the user sees it (for messages)."""
    summaries = index.summaries
    gathered: dict[str, dict[str, _Gathered]] = {}
    functions: dict[str, dict[str, FunctionFacts]] = {}
    for path, summary in summaries.items():
        for call in summary.calls:
            found = index.resolve_function(path, call.target)
            if found is not None and found[0] != path:
                target, qualname, facts = found
                _gather(gathered.setdefault(target, {}).setdefault(qualname, _Gathered()), call, facts,
                        f"{call.label} in {shown[path]}:{call.row}" + (f", which is {call.via}" if call.via else ""))
        for qualified in summary.callees:
            found = index.resolve_function(path, qualified)
            if found is not None and found[0] != path and notable(found[2]):
                functions.setdefault(path, {})[qualified] = found[2]
    changed = _stale_reads(index, summaries, shown)
    classes = _module_classes(index, summaries)
    arrays = _arrays_given(index, summaries, shown)
    x64 = told_x64(summaries)
    instance_calls = _instance_calls(index, summaries)
    result: dict[str, Incoming] = {}
    for path in gathered.keys() | functions.keys() | changed.keys() | classes.keys() | arrays.keys() | x64 \
            | instance_calls.keys():
        entries = tuple(_entry(name, facts) for name, facts in sorted(gathered.get(path, {}).items()))
        result[path] = Incoming(entries, tuple(sorted(functions.get(path, {}).items())),
                                tuple(sorted(changed.get(path, {}).items())), tuple(sorted(classes.get(path, {}).items())),
                                tuple((name, tuple(sorted(params)), where)
                                      for name, (params, where) in sorted(arrays.get(path, {}).items())),
                                path in x64, tuple((name, tuple(sites))
                                                   for name, sites in sorted(instance_calls.get(path, {}).items())))
    return result


def _instance_calls(index: ProjectIndex, summaries: dict[str, ModuleSummary]) -> dict[str, dict[str, list]]:
    """Per module, the calls other modules make of its flax/equinox module classes' instances."""
    found: dict[str, dict[str, list]] = {}
    for path, summary in sorted(summaries.items()):
        for target, sites in summary.instance_calls:
            resolved = index.resolve(path, target)
            if resolved is None or resolved[0] == path:
                continue
            module, qualname = resolved
            if qualname in dict(summaries[module].module_classes):
                found.setdefault(module, {}).setdefault(qualname, []).extend(sites)
    return found


def _arrays_given(index: ProjectIndex, summaries: dict[str, ModuleSummary],
                  shown: dict[str, str]) -> dict[str, dict[str, tuple[set[str], str]]]:
    """Per module, the parameters of its functions that other modules' code hands JAX
    arrays, with the first such call."""
    found: dict[str, dict[str, tuple[set[str], str]]] = {}
    for path, summary in sorted(summaries.items()):
        for target, slots, row in summary.array_calls:
            resolved = index.resolve_function(path, target)
            if resolved is not None and resolved[0] != path:
                module, qualname, facts = resolved
                where = f"`{qualname}` is given a JAX array in {shown[path]}:{row}"
                params, _ = found.setdefault(module, {}).setdefault(qualname, (set(), where))
                params.update(*(_slot_params(slot, facts.positional) for slot in slots))
    return found


def _module_classes(index: ProjectIndex, summaries: dict[str, ModuleSummary]) -> dict[str, dict[str, str]]:
    """Per module, the imported classes its classes derive from that are flax/equinox modules."""
    found: dict[str, dict[str, str]] = {}
    for path, summary in summaries.items():
        for base in summary.class_bases:
            target = index.resolve(path, base)
            module_class = target and dict(index.summaries[target[0]].module_classes).get(target[1])
            if module_class:
                found.setdefault(path, {})[base] = module_class
    return found


def _stale_reads(index: ProjectIndex, summaries: dict[str, ModuleSummary],
                 shown: dict[str, str]) -> dict[str, dict[str, str]]:
    """Per module, the state its compiled functions read that some module changes while running,
    with where: a read of `cfg.lr` meets a change of `cfg.lr`, of `cfg` or of `cfg.lr.x`."""
    # By the path of the module that owns the state and the state's root name (`cfg` of `cfg.lr`: only
    # names of one root overlap): (name, description, path of the changing module)
    changes: dict[tuple[str, str], list[tuple[str, str, str]]] = {}
    for path, summary in summaries.items():
        for change in summary.changes:
            found = (path, change.target[1:]) if change.target.startswith(".") else index.resolve(path, change.target)
            if found is not None and found[1]:
                where = f" (in `{change.where}`)" if change.where else ""
                changes.setdefault((found[0], _root(found[1])), []).append(
                    (found[1], f"{change.kind} in {shown[path]}:{change.row}{where}", path))
    stale: dict[str, dict[str, str]] = {}
    for path, summary in summaries.items():
        for qualified in summary.reads:
            own = qualified.startswith(".")  # its own global: the module's own analysis sees its own changes
            found = (path, qualified[1:]) if own else index.resolve(path, qualified)
            if found is None or not found[1]:
                continue
            owner, read = found
            hits = [where for name, where, by in changes.get((owner, _root(read)), ())
                    if _overlaps(read, name) and not (own and by == path)]
            if hits:
                stale.setdefault(path, {})[qualified] = min(hits)
    return stale


def _root(name: str) -> str:
    return name.split(".", 1)[0]


def _overlaps(read: str, changed: str) -> bool:
    return read == changed or read.startswith(changed + ".") or changed.startswith(read + ".")


def _gather(into: _Gathered, call: TracedCall, facts: FunctionFacts, caller: str) -> None:
    static = set().union(*(_slot_params(slot, facts.positional) for slot in call.static))
    for slot in call.traced:
        names = _slot_params(slot, facts.positional) | (set(facts.keywords) if call.whole else set())
        into.traced |= names - static
        if slot in call.arrays:
            into.arrays |= names
    into.transforms |= set(call.transforms)
    into.abstract |= call.abstract
    into.cached |= call.cached
    into.whole |= call.whole
    into.lax_body |= call.lax_body
    into.loop_body |= call.loop_body
    if caller not in into.callers:
        into.callers.append(caller)


def _slot_params(slot: int | str, positional: tuple[str, ...]) -> set[str]:
    """The parameters an argument slot fills (positions past the named ones fill `*args`: left out)."""
    if slot == ANY:
        return set(positional)
    if isinstance(slot, int):
        return {positional[slot]} if -len(positional) <= slot < len(positional) else set()
    return {slot}


def _entry(qualname: str, gathered: _Gathered) -> Entry:
    # the message names the shortest chain of callers: the nearest compiled code, and never a cycle
    return Entry(qualname, tuple(sorted(gathered.traced)), tuple(sorted(gathered.arrays)),
                 tuple(sorted(gathered.transforms)), gathered.abstract, gathered.cached,
                 min(gathered.callers, key=lambda caller: (len(caller), caller)),
                 gathered.whole, gathered.lax_body, gathered.loop_body)
