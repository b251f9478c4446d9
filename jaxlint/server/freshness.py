"""The engine's process-wide memos, made for one command's run, forgotten after each lint of a
long-lived server: they answer from what the disk held when first asked (whether a folder is a
package, where a project's markers are, whether its configuration turns x64 on), which a file
created or edited in the session makes stale; and the project index's method memos keep every
run's index (with the project's summaries) alive until they fill up, which a run of one command
never notices and a session of thousands of lints does."""

from __future__ import annotations

import sys
from types import ModuleType

_MODULES = ("jaxlint.engine", "jaxlint.project.")  # the engine's and the project pass's memos


def forget_run_memos() -> int:
    """Clear every functools memo of the engine and project modules loaded; the number cleared."""
    cleared = 0
    for name, module in list(sys.modules.items()):
        if module is None or not (name == _MODULES[0] or name.startswith(_MODULES[1])):
            continue
        for memo in _memos(module):
            memo.cache_clear()
            cleared += 1
    return cleared


def _memos(module: ModuleType):
    for value in list(vars(module).values()):
        if getattr(value, "__module__", None) != module.__name__:
            continue  # imported from elsewhere: that module's own sweep clears it
        if hasattr(value, "cache_clear"):
            yield value
        elif isinstance(value, type):
            yield from (member for member in vars(value).values() if hasattr(member, "cache_clear"))
