"""Child side: run the examples file, import the module, find the function a finding lives in,
and load the fixed copy of the module."""

from __future__ import annotations

import ast
import functools
import importlib
import importlib.util
import inspect
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import MethodType, ModuleType
from typing import TYPE_CHECKING, Any

from jaxlint.verify import examples as examples_module
from jaxlint.verify.alarm import Timeout, time_limit
from jaxlint.verify.harness import Inputs, Subject, describe_exception
from jaxlint.verify.hints import NO_INPUTS
from jaxlint.verify.inputs import NoInputs, from_annotations
from jaxlint.verify.jobs import Job, Target, Verdict

if TYPE_CHECKING:
    from jaxlint.verify.replay import Replay

ExampleKey = tuple[str, str]  # (real path of the module file, qualname)


class Unresolved(LookupError):
    """An `example("module:qualname")` target that names nothing."""


Problem = tuple[int | None, str]  # (line of the examples file, what went wrong there)


@dataclass
class Examples:
    inputs: dict[ExampleKey, list[Inputs]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)


def run_examples(path: str | None, timeout: float, progress: Callable[[], None]) -> Examples:
    """Run the examples file one top-level statement at a time, so that one failing import
    (a module that exits or raises at import) loses only the examples that needed it. Every
    failure, and every `example()` target that does not resolve, is a problem with its line."""
    found = Examples()
    if path is None:
        return found
    try:
        with open(path, encoding="utf-8") as handle:
            tree = ast.parse(handle.read(), filename=path)
    except (OSError, SyntaxError, ValueError) as exc:
        found.problems.append((getattr(exc, "lineno", None), f"{type(exc).__name__}: {exc}"))
        return found
    namespace: dict[str, Any] = {"__name__": "__jaxlint_examples__", "__file__": path}
    examples_module.collected.clear()
    for statement in tree.body:
        progress()  # each statement has its own time limit
        code = compile(ast.Module([statement], type_ignores=[]), path, "exec")
        try:
            with time_limit(timeout):
                exec(code, namespace)  # noqa: S102 - running the user's examples file is the point
        except Timeout:
            found.problems.append((statement.lineno, f"timed out after {timeout:g}s"))
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            found.problems.append((statement.lineno, _failed(exc)))
    for example in examples_module.collected:
        try:
            key = _example_key(example.function, timeout)
        except (Exception, SystemExit, Timeout) as exc:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
            found.problems.append((example.row, f"example({example.function!r}): {_failed(exc)}"))
            continue
        held = example.function if _not_importable(example.function) else None
        found.inputs.setdefault(key, []).append(Inputs("examples", example.args, example.kwargs, held))
    return found


def _failed(exc: BaseException) -> str:
    if isinstance(exc, SystemExit):
        return f"sys.exit({exc.code!r}) was called"
    if isinstance(exc, Unresolved):
        return str(exc)
    if isinstance(exc, Timeout):
        return "timed out"
    info = describe_exception(exc)
    return f"{info['exception']}: {info['message']}"


def _example_key(function: Callable[..., Any] | str, timeout: float) -> ExampleKey:
    if isinstance(function, str):
        module_name, _, qualname = function.partition(":")
        with time_limit(timeout):
            module = importlib.import_module(module_name)
        owner: Any = module
        for part in qualname.split("."):
            if not hasattr(owner, part):
                raise Unresolved(f"module `{module_name}` has no `{qualname}`")
            owner = getattr(owner, part)
        return os.path.realpath(module.__file__ or ""), qualname
    inner = inspect.unwrap(function)
    code = getattr(inner, "__code__", None)
    if code is None:
        raise TypeError("not a Python function")
    # `make.<locals>.add`, as the model names it: `make.add`
    return os.path.realpath(code.co_filename), inner.__qualname__.replace(".<locals>", "")


def _not_importable(function: Any) -> bool:
    """A bound method or a function defined in another function: only the object itself runs it."""
    return inspect.ismethod(function) or ".<locals>." in getattr(inspect.unwrap(function), "__qualname__", "")


def import_module(job: Job) -> ModuleType:
    """The module by its dotted name from the project root, else straight from its file."""
    filename = os.path.realpath(job.filename)
    try:
        module = importlib.import_module(job.module)
    except ModuleNotFoundError as exc:
        if exc.name is None or not job.module.startswith(exc.name):
            raise
    else:
        if os.path.realpath(getattr(module, "__file__", "") or "") == filename:
            return module
    return _load_file(job.module.replace("-", "_") + "__jaxlint", filename)


def load_fixed(job: Job, target: Target) -> tuple[ModuleType, str]:
    """Write the fixed module to a temporary file and import it (afresh for each finding) beside the
    original package."""
    folder = tempfile.mkdtemp(prefix="jaxlint-fix-")
    filename = os.path.join(folder, os.path.basename(job.filename))
    with open(filename, "w", encoding="utf-8") as handle:
        handle.write(job.fixed_source or "")
    return _load_file(f"{job.module}__jaxlint_fixed_{target.id}", filename), filename


def _load_file(name: str, filename: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, filename)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {filename}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def subject(target: Target, module: ModuleType, filename: str, examples: Examples,
            replay: Replay | None = None) -> Subject | Verdict:
    """The function to run for `target` and its inputs, or why it cannot be run. With a recorded
    run (`replay`), a function neither it nor the examples reached is not run."""
    if target.qualname is None:
        return _script(target, module, filename, replay)
    found = resolve(module, target.qualname)
    if isinstance(found, Verdict):
        held = _held(target, module, filename, examples)
        return held or (replay.not_reached(target.qualname) if replay else found)
    function, qualname = found
    if qualname != target.qualname and (own := _held(target, module, filename, examples)):
        return own  # a nested function the examples name itself (`example(make_step(), x)`)
    if qualname != target.qualname and replay is not None and (made := _made(target, function, qualname, filename,
                                                                             module, examples)):
        return made
    inputs = _examples_for(examples, module, filename, qualname)
    if inputs and all(i.entry is not None for i in inputs):  # recorded through the function that reached it
        return Subject(target, module, inputs[0].bound, filename, inputs)
    if not inputs and replay is not None:
        return replay.not_reached(qualname)
    if not inputs:
        try:
            args, kwargs = from_annotations(function)
        except NoInputs as exc:
            evidence = {"function": qualname, "detail": str(exc)}
            return Verdict("skipped", NO_INPUTS, evidence)
        if not args and not kwargs and qualname in _entry_points(filename):
            return Verdict("skipped", f"`{qualname}` is the script's entry point: verify runs it only when asked "
                                      f"(--run \"python {os.path.basename(filename)}\", or example({qualname}) in "
                                      f"an examples file)", {"function": qualname})
        origin = "annotations" if args or kwargs else "no parameters"
        inputs = [Inputs(origin, args, kwargs)]
    return Subject(target, module, function, filename, inputs, nested=qualname != target.qualname)


def _made(target: Target, outer: Callable[..., Any], qualname: str, filename: str, module: ModuleType,
          examples: Examples) -> Subject | None:
    """A nested function the recorded run called after its maker returned it (purejaxrl's
    `jax.jit(make_train(config))(key)`): the maker run again on its recorded arguments makes it,
    and its own recorded call gives its inputs."""
    inner = _examples_for(examples, module, filename, target.qualname or "")
    made_with = _examples_for(examples, module, filename, qualname)
    if not inner or not made_with or target.qualname is None or target.qualname.count(".") != qualname.count(".") + 1:
        return None
    try:
        with time_limit(_MAKER_LIMIT_S):
            args, kwargs = made_with[0].fresh()
            made = outer(*args, **kwargs)
    except (Timeout, Exception):  # noqa: BLE001 - the maker fails here: the finding goes the usual way
        return None
    name = target.qualname.rsplit(".", 1)[-1]
    if not callable(made) or getattr(inspect.unwrap(made), "__name__", None) != name:
        return None
    return Subject(target, module, made, filename, inner, made_by=made_with[0])


def remade(subject: Subject, module: ModuleType) -> Callable[..., Any] | None:
    """The fixed module's version of a nested function `made` made: its maker run again."""
    assert subject.made_by is not None
    found = resolve(module, (subject.target.qualname or "").rsplit(".", 1)[0])
    if isinstance(found, Verdict):
        return None
    args, kwargs = subject.made_by.fresh()
    with time_limit(_MAKER_LIMIT_S):
        made = found[0](*args, **kwargs)
    return made if callable(made) else None


_MAKER_LIMIT_S = 60  # a maker builds environments and networks, it does not train


@functools.cache
def _entry_points(filename: str) -> frozenset[str]:
    """`main`, and the functions the module's `if __name__ == "__main__":` block calls: a training
    run, a benchmark, something that logs, which nobody asked verify to start."""
    try:
        tree = ast.parse(Path(filename).read_text(encoding="utf-8"))
    except (OSError, SyntaxError, ValueError):
        return frozenset()
    found = {"main"}
    for statement in tree.body:
        test = statement.test if isinstance(statement, ast.If) else None
        if isinstance(test, ast.Compare) and ast.unparse(test).replace("'", '"') == '__name__ == "__main__"':
            found |= {node.func.id for node in ast.walk(statement)
                      if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)}
    return frozenset(found)


def _script(target: Target, module: ModuleType, filename: str, replay: Replay | None) -> Subject | Verdict:
    """Module-level code runs again as the recorded run ran it (a script and its arguments)."""
    if replay is None:
        return Verdict("skipped", "module-level code: it ran without this error when the module was imported")
    run_script = replay.script(filename)
    if run_script is None:
        return replay.not_reached(None)
    inputs = [Inputs(f"`{replay.command}`", ())]
    return Subject(target, module, run_script, filename, inputs, nested=True)


def resolve(module: ModuleType, qualname: str) -> tuple[Callable[..., Any], str] | Verdict:
    """The innermost importable function on the qualname's path: `f.inner` and `f.<lambda>` run `f`."""
    owner: Any = module
    parts = qualname.split(".")
    depth = 0
    for part in parts:
        if not isinstance(owner, (ModuleType, type)) or not hasattr(owner, part):
            break
        owner = getattr(owner, part)
        depth += 1
    path = ".".join(parts[:depth])
    if depth == 0 or not callable(owner):
        return Verdict("skipped", f"`{qualname}` is not importable from the module (defined conditionally?)")
    if isinstance(owner, type) or (depth > 1 and isinstance(getattr(module, parts[0], None), type)):
        return Verdict("skipped", f"`{qualname}` is a method: give an example for a function that applies "
                                  f"its class")
    return owner, path


def _examples_for(examples: Examples, module: ModuleType, filename: str, qualname: str) -> list[Inputs]:
    for path in (filename, module.__file__ or ""):
        found = examples.inputs.get((os.path.realpath(path), qualname))
        if found:
            return found
    return []


def _held(target: Target, module: ModuleType, filename: str, examples: Examples) -> Subject | None:
    """A method runs when the examples name it bound to an instance (`example(Model().apply, x)`), a
    nested function when they name the function object a call returned (`example(make_step(), x)`)."""
    bound = [i for i in _examples_for(examples, module, filename, target.qualname or "") if i.bound is not None]
    if not bound:
        return None
    return Subject(target, module, bound[0].bound, filename, bound)


def rebind(original: Any, function: Any) -> Any:
    """The fixed method bound to the original's instance."""
    if inspect.ismethod(original):
        return MethodType(function, original.__self__)
    return function
