"""Recorders installed in the child before any user module is imported: `print` calls and
`jax.random` key consumptions, each with the file and line that made them."""

from __future__ import annotations

import builtins
import functools
import inspect
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import jax
import numpy as np

_MAX_RECORDS = 1000
# jax.random functions taking a key that do not consume it (as JAX's key-reuse checker has it).
_NOT_CONSUMING = {"fold_in", "clone", "key_data", "key_impl", "wrap_key_data", "PRNGKey", "key"}


@dataclass(frozen=True)
class Record:
    filename: str
    row: int
    name: str  # "print" or the jax.random function
    text: str = ""  # what print printed
    key: bytes = b""  # the consumed key's data
    output: Any = None  # the draw, as a NumPy array


@dataclass
class Recorder:
    records: list[Record] = field(default_factory=list)
    active: bool = False

    @contextmanager
    def recording(self) -> Iterator[list[Record]]:
        self.records = []
        self.active = True
        try:
            yield self.records
        finally:
            self.active = False

    def add(self, record: Record) -> None:
        if self.active and len(self.records) < _MAX_RECORDS:
            self.records.append(record)


prints = Recorder()
draws = Recorder()


def install() -> None:
    """Wrap `builtins.print` and the key-consuming `jax.random` functions (idempotent)."""
    if getattr(builtins.print, "_jaxlint", False):
        return
    builtins.print = _recording_print(builtins.print)
    for name in dir(jax.random):
        function = getattr(jax.random, name)
        if name.startswith("_") or name in _NOT_CONSUMING or not inspect.isfunction(function):
            continue
        parameters = list(inspect.signature(function).parameters)
        if parameters and parameters[0] == "key":
            setattr(jax.random, name, _recording_sampler(name, function))


def _caller() -> tuple[str, int]:
    frame = sys._getframe(2)
    return os.path.realpath(frame.f_code.co_filename), frame.f_lineno


def _recording_print(original: Callable[..., None]) -> Callable[..., None]:
    @functools.wraps(original)
    def print(*values: object, sep: str | None = " ", end: str | None = "\n", file: Any = None,
              flush: bool = False) -> None:
        if prints.active:
            filename, row = _caller()
            prints.add(Record(filename, row, "print", (" " if sep is None else sep).join(map(str, values))))
        original(*values, sep=sep, end=end, file=file, flush=flush)

    print._jaxlint = True  # type: ignore[attr-defined]
    return print


def _recording_sampler(name: str, original: Callable[..., Any]) -> Callable[..., Any]:
    @functools.wraps(original)
    def sampler(key: Any, *args: Any, **kwargs: Any) -> Any:
        result = original(key, *args, **kwargs)
        if draws.active and not isinstance(key, jax.core.Tracer):
            filename, row = _caller()
            draws.add(Record(filename, row, name, key=key_bytes(key), output=_concrete(result)))
        return result

    return sampler


def key_bytes(key: Any) -> bytes:
    if isinstance(key, jax.Array) and jax.numpy.issubdtype(key.dtype, jax.dtypes.prng_key):
        key = jax.random.key_data(key)
    return np.asarray(key).tobytes()


def _concrete(value: Any) -> Any:
    try:
        if isinstance(value, jax.Array) and jax.numpy.issubdtype(value.dtype, jax.dtypes.prng_key):
            return np.asarray(jax.random.key_data(value))
        return np.asarray(value)
    except Exception:  # noqa: BLE001 - the user's code may raise anything: what it raised is the evidence
        return None
