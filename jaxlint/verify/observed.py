"""`verify --run`, parent side: the observations of the run (observe.py's events), on the project's
lines, with their causes. Only what repeats is reported: a jitted function compiled again at the
same line in one test (or one script run), a line that compiled ten or more eager operations, a
host read inside a loop ten or more times. A function compiled once per stable input, from
each place that calls it, says nothing."""

from __future__ import annotations

import ast
import functools
import json
import os
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from jaxlint.diagnostics import Finding
from jaxlint.verify.record_hook import INSTALLED

_RETRACES = 2  # traces of one function at one line, in one test
_EAGER = 5  # compilations of one eager operation at one line, in one test (a model's eager set-up
# compiles many operations at a line, each once or twice; a new shape each iteration compiles one again and again)
_UNKNOWN = 20  # compilations at one line whose function is out of reach (eager ones among them)
_SYNCS = 10  # host reads at one line inside a loop, in one test (a few steps of a short run: not yet)


def observations(folder: str, root: str, findings: Iterable[Finding]) -> list[dict[str, Any]]:
    """The run's observations, by file and line; each names the static finding it confirms, if any."""
    traces, syncs, calls, rest = _read(folder)
    findings = list(findings)
    found = [*_recompiles(traces, calls, root), *_eager_compiles(traces, root), *_host_syncs(syncs, root),
             *_unknown_compiles([e for e in rest if e["kind"] == "trace_unknown"], root)]
    by_row = {(os.path.realpath(f.filename), f.location.row): f.code for f in findings}
    for observation in found:
        rows = [(observation["filename"], observation["row"])]
        if observation["defined_at"] and observation["kind"] == "recompile":  # a jit made in a loop: flagged there
            rows.append(tuple(observation["defined_at"].rsplit(":", 1)))
        codes = [by_row.get((os.path.realpath(os.path.join(root, f)), int(r))) for f, r in rows]
        observation["static_rule"] = next((c for c in codes if c and _explains(observation["kind"], c)), None)
    found.extend(_stale_globals([e for e in rest if e["kind"] == "stale_global"], root, findings))
    found.extend(_checked([e for e in rest if e["kind"] in CHECKS], root, findings))
    return sorted(found, key=lambda o: (o["filename"], o["row"], o["kind"]))


def limits(folder: str) -> list[str]:
    """What the run's processes could not observe (a hook this Python or JAX lacks), once each."""
    rest = _read(folder)[3]
    found = [e["text"] for e in rest if e["kind"] == "limit"]
    if any(e["kind"] == "trace_unknown" for e in rest):
        found.append("some compilations came without JAX's jit call in reach (another JAX release?): those are "
                     "counted by line, their function and cause unknown")
    return list(dict.fromkeys(found))


def _unknown_compiles(events: _Events, root: str) -> _Events:
    """Compilations whose function and arguments were out of reach: only a line that compiles again
    and again (eager operations compile there too), cause unknown."""
    runs: dict[tuple[Any, ...], int] = defaultdict(int)
    for event in events:
        runs[(tuple(event["site"]), event["test"], event["pid"], event.get("epoch", 0))] += 1
    by_site: dict[tuple[Any, ...], list[tuple[str | None, int]]] = defaultdict(list)
    for (site, test, _, _), count in runs.items():
        if count >= _UNKNOWN:
            by_site[site].append((test, count))
    return [{"kind": "recompile", "filename": _shown(site[0], root), "row": site[1], "function": None,
             "defined_at": None, "count": max(c for _, c in found), "here": max(c for _, c in found), "calls": None,
             "compile_ms": None, "causes": [{"argument": None, "before": None, "after": None, "category": "unknown"}],
             "tests": sorted(t for t, _ in found if t)} for site, found in by_site.items()]


CHECKS = ("key_reuse", "nan", "leak")  # what JAX's debug checks find (observe_checks.py, --observe-checks)


def _checked(events: list[dict[str, Any]], root: str, findings: list[Finding]) -> list[dict[str, Any]]:
    """What JAX's checks found, by line: each process says it once per line and text."""
    grouped: dict[tuple[Any, ...], dict[str, Any]] = {}
    for event in events:
        site, defined_at = event["site"], event.get("defined_at")
        ours = defined_at is not None and _in_project(defined_at[0], root)
        found = grouped.setdefault((event["kind"], tuple(site)), {
            "kind": event["kind"], "filename": _shown(site[0], root), "row": site[1],
            "function": event.get("function") if ours else None,
            "defined_at": f"{_shown(defined_at[0], root)}:{defined_at[1]}" if ours else None, "count": 0,
            "calls": None, "compile_ms": None, "causes": [], "tests": [],
            "called_at": _line(event.get("called_at"), root) if event.get("called_at") != site else None,
            "first_used_at": _line(event.get("first_used_at"), root),
            "static_rule": _finding_in(findings, event["kind"], site[0],
                                       (defined_at[1], event["last_row"]) if ours else (site[1], site[1]), site[1])})
        _tally(found, {"argument": None, "before": None, "after": None, "category": event["kind"],
                       "detail": event["detail"]}, event["test"])
    return list(grouped.values())


def _finding_in(findings: list[Finding], kind: str, filename: str, rows: tuple[int, int], row: int) -> str | None:
    """The static finding that explains the observation: on its line, else in the function it ran in."""
    here = [f for f in findings if _explains(kind, f.code) and os.path.realpath(f.filename) == os.path.realpath(filename)]
    exact = next((f.code for f in here if f.location.row == row), None)
    return exact or next((f.code for f in here if rows[0] <= f.location.row <= rows[1]), None)


def _line(site: list[Any] | None, root: str) -> str | None:
    return f"{_shown(site[0], root)}:{site[1]}" if site else None


def _stale_globals(events: list[dict[str, Any]], root: str, findings: list[Finding]) -> list[dict[str, Any]]:
    """Calls of a jitted function after a global it read while tracing changed: JAX101, shown."""
    grouped: dict[tuple[Any, ...], dict[str, Any]] = {}
    for event in events:
        site, defined_at = event["site"], event["defined_at"]
        found = grouped.setdefault((tuple(site), tuple(defined_at), event["name"]), {
            "kind": "stale_global", "filename": _shown(site[0], root), "row": site[1], "function": event["function"],
            "defined_at": f"{_shown(defined_at[0], root)}:{defined_at[1]}", "count": 0, "calls": None,
            "compile_ms": None, "causes": [], "tests": [],
            "static_rule": next((f.code for f in findings if f.code == "JAX101"
                                 and os.path.realpath(f.filename) == os.path.realpath(defined_at[0])
                                 and ((f.fix_data or {}).get("name") or "").rsplit(".", 1)[-1] == event["name"]),
                                None)})
        _tally(found, {"argument": event["name"], "before": event["before"], "after": event["after"],
                       "category": "global"}, event["test"])
    return list(grouped.values())


def _tally(found: dict[str, Any], cause: dict[str, Any], test: str | None) -> None:
    """One more event of a grouped observation: its cause and its test, each listed once."""
    found["count"] += 1
    if cause not in found["causes"]:
        found["causes"].append(cause)
    if test and test not in found["tests"]:
        found["tests"].append(test)


# The static rules whose findings an observation of each kind shows happening.
_EXPLAINED_BY = {"recompile": ("JAX202", "JAX203", "JAX204"), "eager_compile": ("JAX201", "JAX206"),
                 "host_sync": ("JAX108", "JAX205", "JAX112"), "stale_global": ("JAX101",),
                 "key_reuse": ("JAX102", "JAX110"), "nan": (), "leak": ("JAX107",)}


def _explains(kind: str, code: str) -> bool:
    return code in _EXPLAINED_BY[kind]


_Events = list[dict[str, Any]]


def _read(folder: str) -> tuple[_Events, _Events, _Events, _Events]:
    """Trace events (each with the compile time that followed it at its line), the last total of
    each line's host reads and of its calls of each jitted function, and the other events (stale
    globals, checks, limits), of every process."""
    traces: _Events = []
    rest: _Events = []
    syncs: dict[tuple[Any, ...], dict[str, Any]] = {}
    calls: dict[tuple[Any, ...], dict[str, Any]] = {}
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".observed.jsonl"):
            continue
        waiting: dict[tuple[str, int], dict[str, Any]] = {}
        for event in _events(os.path.join(folder, name)):
            site = tuple(event.get("site") or ())
            if event["kind"] in ("trace", "eager"):
                event["compile_ms"], event["pid"] = 0.0, name
                traces.append(event)
                waiting[site] = event  # type: ignore[index]
            elif event["kind"] == "compile" and site in waiting:
                waiting.pop(site)["compile_ms"] += event["ms"]  # type: ignore[call-overload]
            elif event["kind"] == "trace_unknown":
                rest.append({**event, "pid": name})
            elif event["kind"] == "host_sync":
                syncs[(name, json.dumps(event["chain"]), event["test"])] = event
            elif event["kind"] == "calls":
                calls[(name, site, tuple(event["defined_at"]), event["test"])] = event
            else:
                rest.append(event)
    return traces, list(syncs.values()), list(calls.values()), rest


def _events(path: str) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.endswith("\n"):
                return  # the process was killed while writing it
            yield json.loads(line)


def _recompiles(traces: _Events, calls: _Events, root: str) -> _Events:
    """A project function compiled again, in one test (or one script run): at a line that compiled
    it before (whatever changed), or anywhere for a weak type alone (a Python scalar where an array
    went before). Other lines that compile it for inputs of their own are how jit works."""
    own = [t for t in traces if t["kind"] == "trace" and t["defined_at"] and _in_project(t["defined_at"][0], root)]
    runs: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for trace in own:  # (a proof in the run's process clears JAX's caches: a new epoch)
        runs[(tuple(trace["defined_at"]), trace["test"], trace["pid"], trace.get("epoch", 0))].append(trace)
    flagged: dict[tuple[Any, ...], dict[str, Any]] = {}
    for (defined_at, test, _, _), run in runs.items():
        for index, trace in enumerate(run[1:], start=1):
            causes = _causes(run[:index], trace)
            again_here = any(earlier["site"] == trace["site"] for earlier in run[:index])
            if not again_here and not (causes and all(c["category"] == "weak_type" for c in causes)):
                continue
            site = tuple(trace["site"])
            found = flagged.setdefault((defined_at, site), {
                "kind": "recompile", "filename": _shown(site[0], root), "row": site[1],
                "function": trace["function"], "defined_at": f"{_shown(defined_at[0], root)}:{defined_at[1]}",
                "count": 0, "calls": None, "compile_ms": 0.0, "causes": [], "tests": []})
            found["count"] = max(found["count"], len(run))
            found["here"] = max(found.get("here", 0), sum(t["site"] == trace["site"] for t in run))
            found["compile_ms"] = round(found["compile_ms"] + trace["compile_ms"], 1)
            found["causes"].extend(c for c in causes if c not in found["causes"])
            if test and test not in found["tests"]:
                found["tests"].append(test)
    called: dict[tuple[Any, ...], int] = defaultdict(int)  # (Python 3.12+: calls are counted where they are made)
    for event in calls:
        called[(tuple(event["defined_at"]), tuple(event["site"]))] += event["count"]
    for key, found in flagged.items():
        found["calls"] = called.get(key)
    return list(flagged.values())


def _causes(before: list[dict[str, Any]], trace: dict[str, Any]) -> list[dict[str, Any]]:
    """What changed against the closest earlier call of the same function: an argument's static
    value, pytree structure, a leaf's shape, dtype or weak type; nothing, with another callable (a
    jit, lambda or closure made again)."""
    if not before:
        return []
    differences = [_differences(earlier["signature"], trace["signature"]) for earlier in before]
    closest = min(reversed(range(len(before))), key=lambda i: len(differences[i]))  # ties: the latest
    if differences[closest]:
        return differences[closest]
    if before[closest]["callable"] != trace["callable"]:
        where = trace["defined_at"][1]
        return [{"argument": None, "before": None, "after": None, "category": "new_callable",
                 "detail": f"the same signature compiled again: `{trace['function']}` made anew (line {where})"}]
    return [{"argument": None, "before": None, "after": None, "category": "unknown"}]


def _differences(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if [a["name"] for a in old] != [a["name"] for a in new]:
        return [{"argument": None, "before": _names(old), "after": _names(new), "category": "structure"}]
    found = []
    for was, now in zip(old, new, strict=True):
        name = now["name"]
        if "static" in was or "static" in now:
            if was.get("static") != now.get("static"):
                found.append({"argument": name, "before": was.get("static"), "after": now.get("static"),
                              "category": "static"})
        elif was["structure"] != now["structure"] or len(was["leaves"]) != len(now["leaves"]):
            found.append({"argument": name, "before": was["structure"], "after": now["structure"],
                          "category": "structure"})
        else:
            found.extend(_leaf_change(name, a, b) for a, b in zip(was["leaves"], now["leaves"], strict=True) if a != b)
    return found


def _leaf_change(name: str, was: list[Any], now: list[Any]) -> dict[str, Any]:
    category = "shape" if was[0] != now[0] else "dtype" if was[1] != now[1] else "weak_type"
    return {"argument": name, "before": _leaf_text(was), "after": _leaf_text(now), "category": category}


def _leaf_text(leaf: list[Any]) -> str:
    shape, dtype, weak = leaf
    text = f"{dtype}[{','.join(map(str, shape))}]" if shape is not None else dtype
    return text + (" (weak)" if weak else "")


def _names(signature: list[dict[str, Any]]) -> str:
    return ", ".join(a["name"] for a in signature)


def _eager_compiles(traces: list[dict[str, Any]], root: str) -> list[dict[str, Any]]:
    """Operations run outside jit (each compiled for its shapes), and the library's own jitted
    helpers called from the project's line: where one of them compiles again and again."""
    groups: dict[tuple[Any, ...], list[dict[str, Any]]] = defaultdict(list)
    for trace in traces:
        if trace["kind"] == "eager" or not (trace["defined_at"] and _in_project(trace["defined_at"][0], root)):
            groups[(tuple(trace["site"]), trace["test"], trace["pid"], trace.get("epoch", 0))].append(trace)
    by_site: dict[tuple[Any, ...], list[tuple[str | None, list[dict[str, Any]]]]] = defaultdict(list)
    for (site, test, _, _), group in groups.items():
        if max(Counter(t["function"] for t in group).values()) >= _EAGER:
            by_site[site].append((test, group))
    return [{"kind": "eager_compile", "filename": _shown(site[0], root), "row": site[1],
             "function": ", ".join(sorted({t["function"] for _, g in runs for t in g})), "defined_at": None,
             "count": max(len(g) for _, g in runs), "calls": None,
             "compile_ms": round(sum(t["compile_ms"] for _, g in runs for t in g), 1), "causes": [],
             "tests": sorted(t for t, _ in runs if t)} for site, runs in by_site.items()]


def _host_syncs(syncs: list[dict[str, Any]], root: str) -> list[dict[str, Any]]:
    """Host reads on a line run at each iteration of a loop (or in a function called from such a
    line), repeated. A read under an `if` in the loop (`if step % 100 == 0: print(float(loss))`)
    is a periodic log, not a sync per step."""
    totals: dict[tuple[Any, ...], list[Any]] = {}
    for sync in syncs:
        chain = [tuple(c) for c in sync["chain"]]
        loop, each_iteration = next(((c, state) for c in chain if (state := _in_loop(c[0], c[1])) is not None),
                                    (None, None))
        if loop is None or not each_iteration:
            continue
        key = (chain[0], loop, sync["test"])
        tally = totals.setdefault(key, [0, 0.0])
        tally[0] += sync["count"]
        tally[1] += sync["wait_ms"]
    by_line: dict[tuple[Any, ...], list[tuple[Any, ...]]] = defaultdict(list)
    for (line, loop, test), (count, waited) in totals.items():
        if count >= _SYNCS:
            by_line[(line, loop)].append((test, count, waited))
    return [{"kind": "host_sync", "filename": _shown(line[0], root), "row": line[1], "function": None,
             "defined_at": None, "loop": f"{_shown(loop[0], root)}:{loop[1]}",
             "count": max(c for _, c, _ in runs), "calls": None, "compile_ms": None,
             "wait_ms": round(sum(w for _, _, w in runs), 1), "causes": [], "tests": sorted(t for t, _, _ in runs if t)}
            for (line, loop), runs in by_line.items()]


_Span = tuple[int, int]


@functools.cache
def _loops(filename: str) -> tuple[tuple[_Span, tuple[_Span, ...]], ...]:
    """The row spans of the bodies of the file's `for` and `while` loops, each with the spans of the
    branches of the `if` statements in it (what runs only on some iterations)."""
    try:
        tree = ast.parse(Path(filename).read_bytes())
    except (OSError, SyntaxError, ValueError):
        return ()
    loops = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.While)):
            branches = tuple(_span(branch) for inner in node.body for found in ast.walk(inner)
                             if isinstance(found, ast.If) for branch in (found.body, found.orelse) if branch)
            loops.append((_span(node.body), branches))
    return tuple(loops)


def _span(body: list[ast.stmt]) -> _Span:
    return body[0].lineno, body[-1].end_lineno or body[-1].lineno


def _in_loop(filename: str, row: int) -> bool | None:
    """Whether the row runs at each iteration of the innermost loop around it (False: only in a
    branch of an `if` there), or None outside loops."""
    around = [(body, branches) for body, branches in _loops(filename) if body[0] <= row <= body[1]]
    if not around:
        return None
    _, branches = max(around, key=lambda loop: loop[0][0])
    return not any(start <= row <= end for start, end in branches)


def _in_project(filename: str, root: str) -> bool:
    """The project's own code: below its root, not an environment installed there."""
    real = os.path.realpath(filename)
    return real.startswith(os.path.realpath(root) + os.sep) and not any(p in real for p in INSTALLED)


def _shown(filename: str, root: str) -> str:
    relative = os.path.relpath(filename, root)
    return filename if relative.startswith("..") else relative


def describe(observation: dict[str, Any]) -> str:
    """One line for the text report."""
    kind = observation["kind"]
    where = f"{observation['filename']}:{observation['row']}"
    if kind == "recompile" and observation["function"] is None:
        text = f"{where}: recompile: {observation['count']} compilations at this line (function and cause unknown)"
    elif kind == "recompile":
        causes = "; ".join(_cause_text(c) for c in observation["causes"]) or "cause unknown"
        calls = observation.get("calls")
        calls = f" in {calls} call{'s' * (calls != 1)}" if calls else ""
        text = (f"{where}: recompile: `{observation['function']}` (defined at {observation['defined_at']}) compiled "
                f"{observation['count']} times, {observation['here']} at this line{calls}, "
                f"{observation['compile_ms']:g} ms compiling again: {causes}")
    elif kind == "eager_compile":
        text = (f"{where}: eager_compile: {observation['count']} operations compiled outside jit here "
                f"({observation['function']}), {observation['compile_ms']:g} ms")
    elif kind == "stale_global":
        changes = "; ".join(f"`{c['argument']}` traced as {c['before']}, called with {c['after']}"
                            for c in observation["causes"])
        text = (f"{where}: stale_global: `{observation['function']}` (defined at {observation['defined_at']}) "
                f"runs its compiled code with the old value: {changes}")
    elif kind in CHECKS:
        text = f"{where}: {kind}: " + "; ".join(c["detail"] for c in observation["causes"])
        if observation["function"]:
            text += f", in `{observation['function']}` (defined at {observation['defined_at']})"
        if observation.get("called_at"):
            text += f", called at {observation['called_at']}"
        if observation.get("first_used_at"):
            text += f", first used at {observation['first_used_at']}"
    else:
        text = (f"{where}: host_sync: {observation['count']} reads of device values on the host inside the loop "
                f"at {observation['loop']}, {observation['wait_ms']:g} ms waited")
    confirms = observation.get("static_rule")
    text += f" (confirms {confirms})" if confirms else " (no static finding)"
    tests = observation.get("tests") or []
    return text + (f" [in {tests[0]}{f' and {len(tests) - 1} more' if len(tests) > 1 else ''}]" if tests else "")


def _cause_text(cause: dict[str, Any]) -> str:
    if cause["category"] == "new_callable":
        return cause["detail"]
    if cause["category"] == "unknown":
        return "the same signature and callable compiled again (cause unknown)"
    return f"`{cause['argument']}` {cause['before']} → {cause['after']} ({cause['category']})"


def _said(observation: dict[str, Any]) -> str:
    """The description without its `file:row: kind: ` head, for formats that say where apart."""
    return describe(observation).split(": ", 2)[2]


def annotation(observation: dict[str, Any]) -> str:
    """A GitHub Actions warning on the observation's line."""
    from jaxlint.output.github import escape_data, escape_property

    text = _said(observation)
    where = f"file={escape_property(observation['filename'])},line={observation['row']}"
    return f"::warning {where},title={escape_property('observed ' + observation['kind'])}::{escape_data(text)}"


_SUMMARIES = {
    "recompile": "A jitted function compiled again at a line that compiled it before (or for a weak type alone).",
    "eager_compile": "Many operations compiled outside jit at one line.",
    "host_sync": "Device values read on the host inside a loop, repeatedly.",
    "stale_global": "A jitted function called after a global it read while tracing changed.",
    "key_reuse": "A PRNG key consumed again (JAX's key-reuse checker).",
    "nan": "A NaN produced (JAX's NaN check).",
    "leak": "A tracer kept after its trace ended (JAX's leak check).",
}


def add_to_sarif(log: dict[str, Any], observed: list[dict[str, Any]]) -> None:
    """The observations as results of rules `observed/KIND` in the log's run, warnings on their lines."""
    from jaxlint.output.sarif import file_uri

    run = log["runs"][0]
    for kind in sorted({o["kind"] for o in observed}):
        run["tool"]["driver"]["rules"].append({
            "id": f"observed/{kind}", "name": f"observed-{kind.replace('_', '-')}",
            "shortDescription": {"text": _SUMMARIES[kind]},
            "defaultConfiguration": {"enabled": True, "level": "warning"}})
    for observation in observed:
        run["results"].append({
            "ruleId": f"observed/{observation['kind']}", "level": "warning",
            "message": {"text": _said(observation)},
            "locations": [{"physicalLocation": {"artifactLocation": {"uri": file_uri(observation["filename"])},
                                                "region": {"startLine": observation["row"]}}}],
            "properties": {k: observation[k] for k in ("count", "calls", "compile_ms", "causes", "static_rule", "tests")
                           if observation.get(k) is not None}})
