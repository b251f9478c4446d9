"""Content cache, like ruff's: (jaxlint build, settings, enabled codes, path, file bytes) → FileResult.

One small file per entry, named by the hash of all of the above, so a changed file, setting or
jaxlint simply misses. Entries are written to a temporary name and renamed into place, so
concurrent runs never see half an entry; an entry that does not decode is a miss, never a crash.
Beside the entries, the digest of each file's bytes is kept with its stat (`Contents`), so that a
warm run need not read the files that did not change.
"""

from __future__ import annotations

import contextlib
import functools
import marshal
import os
import time
from pathlib import Path

try:  # the builtin module hashlib takes it from: hashlib itself loads OpenSSL, a few ms of every run
    from _blake2 import blake2b
except ImportError:  # another Python implementation
    from hashlib import blake2b

from jaxlint import __version__
from jaxlint.config import Settings
from jaxlint.diagnostics import Edit, Finding, Fix, Location, Related
from jaxlint.paths import read_file
from jaxlint.project.incoming import Incoming
from jaxlint.project.summary import decode as decode_summary
from jaxlint.project.summary import encode as encode_summary
from jaxlint.results import FileResult

_TAG = ("Signature: 8a477f597d28d172789f06886806bc55\n"
        "# This file is a cache directory tag created by jaxlint.\n"
        "# For information about cache directory tags see https://bford.info/cachedir/\n")
_FORMAT = 16  # bump when the entry layout, or what an entry says (a module's name), changes
# Bounds: an entry not used for MAX_AGE is removed, then the oldest until the cache fits in MAX_BYTES.
# Checked at most once per PRUNE_EVERY, so a run usually pays one stat for it.
MAX_AGE = 30 * 86400
MAX_BYTES = 256 * 2**20
PRUNE_EVERY = 86400
_PRUNED_STAMP = ".pruned"


class Cache:
    def __init__(self, directory: str, settings: Settings, enabled: frozenset[str]) -> None:
        self._root = Path(directory)
        self._entries = str(self._root / __version__)  # a string: joined once per file, faster than a Path
        salt = repr((_FORMAT, _build_stamp(), settings.fingerprint(), sorted(enabled), str(settings.root.resolve())))
        self._salt = blake2b(salt.encode(), digest_size=16).digest()
        self._target_jax = settings.target_jax
        self._ready = False
        self._unwritable = False
        prune(self._root)

    def key(self, path: str, content: str, incoming: Incoming | None = None) -> str:
        """The entry of this file's content (its digest, `Contents`), as analysed with what the
        other modules told it."""
        digest = blake2b(self._salt, digest_size=20)
        digest.update(path.encode("utf-8", "surrogateescape") + b"\0" + content.encode() + b"\0")
        # the JAX the file's project requires (JAX301/JAX303 speak of it): a changed requirement is a new entry
        from jaxlint.jax_target import target_of

        digest.update(repr(target_of(path, self._target_jax)).encode())
        if incoming:
            digest.update(b"\0" + repr(incoming).encode("utf-8", "surrogateescape"))
        return digest.hexdigest()

    def get(self, key: str, path: str, incoming: Incoming | None = None) -> FileResult | None:
        try:
            with open(os.path.join(self._entries, key), "rb") as handle:
                _mark_used(handle)
                return _decode(marshal.load(handle), path, incoming)
        except Exception:  # noqa: BLE001 - missing, unreadable or corrupt: recompute
            return None

    def put(self, key: str, result: FileResult) -> None:
        """Best effort: a cache that cannot be written only costs time."""
        if result.errors or self._unwritable:  # internal errors and unreadable files: retry next time
            return
        try:
            payload = marshal.dumps(_encode(result))
        except ValueError:  # fix data marshal cannot represent
            return
        target = Path(self._entries, key)
        temporary = target.with_name(f".{key}.{os.getpid()}.tmp")
        try:
            self._prepare()
            temporary.write_bytes(payload)
            os.replace(temporary, target)
        except OSError:  # an unwritable cache only costs speed; stop trying for this run
            self._unwritable = True
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    def _prepare(self) -> None:
        if self._ready:
            return
        os.makedirs(self._entries, exist_ok=True)
        for name, text in (("CACHEDIR.TAG", _TAG), (".gitignore", "# Automatically created by jaxlint.\n*\n"),
                           (_PRUNED_STAMP, "")):  # a new cache starts the pruning clock
            try:
                with open(self._root / name, "x", encoding="utf-8") as handle:
                    handle.write(text)
            except FileExistsError:
                pass
        self._ready = True


class Contents:
    """What cache keys are made of: a digest of each file's bytes. A file whose stat (size, times,
    inode) is the one an earlier run recorded beside the entries is not read to find it: a warm
    run stats its files instead of reading and hashing them all. A file changed less than
    `_SETTLED_NS` before it was read is not recorded (a second change within the clock's
    granularity could keep every field of its stat), as git does for its index."""

    def __init__(self, directory: str, given: dict[str, bytes | None]) -> None:
        self._file = Path(directory, __version__, _DIGESTS)
        self._given = given  # bytes in hand already: stdin, or the project's files read to link them
        self._recorded = _recorded_digests(self._file)
        self._digests: dict[str, str | None] = {}
        self._bytes: dict[str, bytes | None] = {}
        self._changed = False

    def digest(self, path: str) -> str | None:
        """The digest of the file's bytes; None when it cannot be read."""
        if path not in self._digests:
            self._digests[path] = _digest(self._given[path]) if path in self._given else self._stat_digest(path)
        return self._digests[path]

    def data(self, path: str) -> bytes | None:
        """The file's bytes, read now unless in hand; a file changed since its digest was taken
        gets the digest of what is read now (the entry written is the new content's)."""
        if path in self._given:
            return self._given[path]
        if path not in self._bytes:
            data = self._bytes[path] = read_file(path)
            self._digests[path] = _digest(data)
        return self._bytes[path]

    def save(self) -> None:
        """Record what this run learned, best effort (a later run merely reads the files again)."""
        if not self._changed:
            return
        if len(self._recorded) > _MAX_RECORDED:  # files long gone pile up: keep this run's
            seen = {os.path.abspath(p) for p in self._digests}
            self._recorded = {path: record for path, record in self._recorded.items() if path in seen}
        temporary = self._file.with_name(f".{_DIGESTS}.{os.getpid()}.tmp")
        try:
            self._file.parent.mkdir(parents=True, exist_ok=True)
            temporary.write_bytes(marshal.dumps(self._recorded))
            os.replace(temporary, self._file)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)

    def _stat_digest(self, path: str) -> str | None:
        try:
            info = os.stat(path)
        except OSError:
            return None
        stamp = (info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_ino, info.st_dev)
        absolute = os.path.abspath(path)
        recorded = self._recorded.get(absolute)
        if type(recorded) is tuple and len(recorded) == 2 and recorded[0] == stamp and type(recorded[1]) is str:
            return recorded[1]  # (a damaged record is a miss, like a damaged entry)
        data = self._bytes[path] = read_file(path)
        digest = _digest(data)
        if digest is not None and time.time_ns() - max(info.st_mtime_ns, info.st_ctime_ns) > _SETTLED_NS:
            self._recorded[absolute] = (stamp, digest)
            self._changed = True
        return digest


_DIGESTS = ".digests"
_SETTLED_NS = 2_000_000_000
_MAX_RECORDED = 100_000


def _digest(data: bytes | None) -> str | None:
    return None if data is None else blake2b(data, digest_size=20).hexdigest()


def _recorded_digests(path: Path) -> dict[str, tuple[tuple, str]]:
    try:
        recorded = marshal.loads(path.read_bytes())
    except Exception:  # noqa: BLE001 - none yet, unreadable or corrupt: every file is read
        return {}
    return recorded if isinstance(recorded, dict) else {}


def _mark_used(handle) -> None:
    """Entries age by last use (their mtime); refreshed at most daily, so a warm run seldom writes."""
    now = time.time()
    if now - os.fstat(handle.fileno()).st_mtime > PRUNE_EVERY:
        with contextlib.suppress(OSError):
            os.utime(handle.name, (now, now))


def prune(root: Path, now: float | None = None) -> None:
    """Remove entries unused for MAX_AGE, then the least recently used beyond MAX_BYTES, in every
    version's folder under `root`; at most once per PRUNE_EVERY. Best effort, like the rest."""
    now = time.time() if now is None else now
    stamp = root / _PRUNED_STAMP
    try:
        if now - stamp.stat().st_mtime < PRUNE_EVERY:
            return
        stamp.touch()
    except FileNotFoundError:  # no cache yet, or never pruned: start the clock if the cache exists
        with contextlib.suppress(OSError):
            stamp.touch()
        return
    except OSError:
        return
    entries: list[tuple[float, int, str]] = []
    for folder in _entry_folders(root):
        with contextlib.suppress(OSError), os.scandir(folder) as scan:
            for entry in scan:
                with contextlib.suppress(OSError):
                    if entry.is_file(follow_symlinks=False):
                        info = entry.stat(follow_symlinks=False)
                        entries.append((info.st_mtime, info.st_size, entry.path))
    entries.sort()  # oldest first
    total = sum(size for _, size, _ in entries)
    for mtime, size, path in entries:
        if now - mtime <= MAX_AGE and total <= MAX_BYTES:
            break
        with contextlib.suppress(OSError):
            os.unlink(path)
            total -= size


def _entry_folders(root: Path) -> list[str]:
    with contextlib.suppress(OSError), os.scandir(root) as scan:
        return [entry.path for entry in scan if entry.is_dir(follow_symlinks=False)]
    return []


@functools.cache  # one per run: a run with project context opens two caches
def _build_stamp() -> str:
    """A digest of the modules findings come from: an edited rule invalidates the cache even when
    the version number did not change (development installs), and a reinstall of the same code
    (each CI run's, with new file times) keeps it."""
    package = Path(__file__).parent
    modules = [*package.glob("*.py"), *package.glob("rules/**/*.py"), *package.glob("semantic/*.py"),
               *package.glob("fixes/*.py"), *package.glob("project/*.py"),
               *package.glob("knowledge/*.py")]  # the findings carry their built fixes
    digest = blake2b(digest_size=16)
    for path in sorted(modules):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def _encode(result: FileResult) -> tuple:
    summary = None if result.summary is None else encode_summary(result.summary)
    # enums as their text: marshal takes only the built-in types
    findings = tuple((f.code, f.name, str(f.severity), f.message, f.location.row, f.location.column, f.end_location.row,
                      f.end_location.column, f.function, _encode_fix(f.fix), f.noqa_row, f.cell, f.context,
                      f.fixable and str(f.fixable), f.fix_data, tuple((r.row, r.message, r.cell) for r in f.related),
                      f.statement_row, f.cited)
                     for f in result.findings)
    return summary, tuple(sorted(result.asked, key=repr)), findings


def _encode_fix(fix: Fix | None) -> tuple | None:
    if fix is None:
        return None
    edits = tuple((e.content, e.location.row, e.location.column, e.end_location.row, e.end_location.column, e.cell)
                  for e in fix.edits)
    return (str(fix.applicability), fix.message, edits)


def _decode(entry: tuple, path: str, incoming: Incoming | None) -> FileResult:
    summary, asked, encoded = entry
    findings = []
    for (code, name, severity, message, row, column, end_row, end_column, function, fix, noqa_row, cell,
         context, fixable, fix_data, related, statement_row, cited) in encoded:
        findings.append(Finding(
            code=code, name=name, severity=severity, message=message, filename=path,
            location=Location(row, column), end_location=Location(end_row, end_column), function=function,
            fix=_decode_fix(fix), noqa_row=noqa_row, cell=cell, context=context, fixable=fixable,
            fix_data=fix_data, related=tuple(Related(*r) for r in related), statement_row=statement_row,
            cited=tuple(cited)))
    return FileResult(tuple(findings), summary=None if summary is None else decode_summary(summary), incoming=incoming,
                      asked=frozenset(asked))


def _decode_fix(fix: tuple | None) -> Fix | None:
    if fix is None:
        return None
    applicability, message, edits = fix
    return Fix(applicability, message, tuple(Edit(content, Location(row, column), Location(end_row, end_column), cell)
                                             for content, row, column, end_row, end_column, cell in edits))
