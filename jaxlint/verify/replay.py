"""Child side of `verify --run`: the records of the project's own run, as input sets for the
functions of one module (see record_hook.py for what a record holds)."""

from __future__ import annotations

import importlib
import os
import pickle
import runpy
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import jax
import jax.numpy as jnp
import numpy as np

from jaxlint.verify.harness import Inputs, describe_exception
from jaxlint.verify.jobs import Verdict
from jaxlint.verify.record_hook import STAND_IN
from jaxlint.verify.recording import read_records


@dataclass
class Replay:
    """Input sets by qualname, why a function's records could not be used, and the scripts' runs."""

    command: str
    inputs: dict[str, list[Inputs]] = field(default_factory=dict)
    problems: dict[str, str] = field(default_factory=dict)
    scripts: list[dict[str, Any]] = field(default_factory=list)
    raised: list[dict[str, Any]] = field(default_factory=list)  # exceptions the run raised on findings' rows

    def script(self, filename: str) -> Callable[[], None] | None:
        """The module's top-level code as the run ran it (a script, with its arguments), once more."""
        if not self.scripts:
            return None
        record = self.scripts[0]

        def run_script() -> None:
            argv, cwd = sys.argv, os.getcwd()
            sys.argv = [filename, *record["argv"][1:]] if record["name"] == "__main__" else list(argv)
            try:
                os.chdir(record["cwd"])
                runpy.run_path(filename, run_name=record["name"] or "__main__")
            except SystemExit as exc:
                if exc.code not in (0, None):
                    raise
            finally:
                sys.argv = argv
                os.chdir(cwd)

        return run_script

    def raised_at(self, rows: range) -> dict[str, Any] | None:
        """What the run itself raised on one of `rows`, if it did."""
        return next((r for r in self.raised if r["row"] in rows), None)

    def not_reached(self, qualname: str | None) -> Verdict:
        """Why the function has no input set: the run never called it, or what it recorded cannot be used."""
        problem = self.problems.get(qualname or "")
        if problem:
            return Verdict("skipped", f"the arguments recorded from `{self.command}` cannot be used: {problem}",
                           verdict="could-not-run")
        return Verdict("skipped", f"not reached by `{self.command}`", verdict="not-reached")


def replay(command: str, folder: str, filename: str, module: ModuleType,
           live: Iterable[dict[str, Any]] = ()) -> Replay:
    """The run's records for `filename`'s functions; `live`: the records this very process kept
    (in_place.py), whose values are the objects themselves."""
    found = Replay(command)
    wanted = os.path.realpath(filename)
    for record in [*read_records(folder), *live]:
        if record["path"] != wanted:
            continue
        qualname, kind = record["qualname"], record["kind"]
        if kind == "module":
            found.scripts.append(record)
        elif kind == "raised":
            found.raised.append(record)
        elif kind in ("failed", "live"):  # "live": proved in the run's process, or why not here
            found.problems.setdefault(qualname, record["reason"])
        else:
            try:
                inputs = _inputs(record, module, command)
            except Exception as exc:  # noqa: BLE001 - an object of the run that does not load here
                info = describe_exception(exc)
                found.problems.setdefault(qualname, f"{info['exception']}: {info['message']}")
                continue
            found.inputs.setdefault(qualname, []).append(inputs)
    for qualname, sets in found.inputs.items():
        found.inputs[qualname] = _best(sets)
    return found


def _best(sets: list[Inputs]) -> list[Inputs]:
    """Calls under a transform show how the code is traced: its own jit's concrete arguments or
    the outermost concrete call that reaches it (one such function), else its traced shapes;
    untraced calls only when there is nothing else."""
    own = [i for i in sets if not i.as_called and i.entry is None and "shapes" not in i.origin]
    through = [i for i in sets if i.entry is not None]
    through = [i for i in through if i.entry == through[0].entry]
    shapes = [i for i in sets if "shapes" in i.origin]
    return own or through or shapes or sets


def _inputs(record: dict[str, Any], module: ModuleType, command: str) -> Inputs:
    args, kwargs = record["values"] if "values" in record else pickle.loads(record["payload"])
    kind = record["kind"]
    if kind == "via":
        return _through(record, args, kwargs, command)
    origin = f"`{command}`" if kind != "shapes" else f"the shapes `{command}` traced"
    traced = None if kind == "concrete" else frozenset([*record["traced"], *record["traced_names"]])
    if kind == "shapes":
        args, kwargs = jax.tree.map(_materialize, (args, kwargs), is_leaf=_is_stand_in)
    owner = _owner(module, record["qualname"])
    if isinstance(owner, type) and args and isinstance(args[0], owner):
        method = getattr(args[0], record["qualname"].rpartition(".")[2])  # `self` recorded as the first argument
        shifted = None if traced is None else frozenset(
            (t - 1 if isinstance(t, int) else t) for t in traced if t != 0)
        return Inputs(origin, tuple(args[1:]), kwargs, bound=method, traced=shifted, as_called=traced is None)
    return Inputs(origin, tuple(args), kwargs, traced=traced, as_called=traced is None)


def _through(record: dict[str, Any], args: tuple[Any, ...], kwargs: dict[str, Any], command: str) -> Inputs:
    """The outermost function the run reached with concrete values, which runs the finding's code."""
    name, qualname = record["module"], record["entry"]
    if not name or name == "__main__" and "values" not in record:
        raise LookupError(f"`{qualname}` was reached in a script run as __main__")
    module = importlib.import_module(name)
    function: Any = module
    for part in qualname.split("."):
        function = getattr(function, part)
    traced = frozenset([*record["traced"], *record["traced_names"]])
    owner = _owner(module, qualname)
    if isinstance(owner, type) and args and isinstance(args[0], owner):
        function = getattr(args[0], qualname.rpartition(".")[2])
        args = args[1:]
        traced = frozenset((t - 1 if isinstance(t, int) else t) for t in traced if t != 0)
    return Inputs(f"`{command}` through `{qualname}`", tuple(args), kwargs, bound=function, traced=traced,
                  entry=(name, qualname))


def _owner(module: ModuleType, qualname: str) -> Any:
    owner: Any = module
    for part in qualname.split(".")[:-1]:
        owner = getattr(owner, part, None)
    return owner if qualname.count(".") else None


def _is_stand_in(value: Any) -> bool:
    return isinstance(value, dict) and STAND_IN in value


def _materialize(value: Any) -> Any:
    """A concrete array of the traced value's shape and dtype: distinct small values (a constant
    input hides what a stale or wrong value changes), a key for a key."""
    if not _is_stand_in(value):
        return value
    shape, dtype, impl = value[STAND_IN]
    if impl is not None or "key<" in dtype:
        keys = jax.random.split(jax.random.key(0, impl=impl) if impl else jax.random.key(0), max(1, int(np.prod(shape))))
        return keys.reshape(shape)
    size = int(np.prod(shape))
    if dtype == "bool":
        return jnp.asarray(np.arange(size).reshape(shape) % 2 == 0)
    if "int" in dtype:
        return jnp.asarray((np.arange(size) % 3).reshape(shape), dtype=dtype)
    values = np.linspace(0.5, 1.5, size, dtype=np.float64).reshape(shape) if size else np.zeros(shape)
    return jnp.asarray(values, dtype=dtype)
