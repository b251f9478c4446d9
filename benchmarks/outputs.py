"""Byte-for-byte outputs of `jaxlint check`, recorded once and compared after a refactoring.

    python benchmarks/outputs.py record DIR     # write every output into DIR
    python benchmarks/outputs.py compare DIR    # rerun, report each output that differs from DIR

The runs (all `--no-cache --output-format json --exit-zero`): the bundled fixtures
(`jaxlint check fixtures/` from the repository root), each fixture project from inside its
folder (`jaxlint check .`), and each of the 19 libraries of ../shared/realcode from the folder
benchmarks/realcode.py installs them into (`jaxlint check <package>`). Stderr is recorded too:
a new warning is a change of behaviour as well.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import realcode

REPOSITORY = Path(__file__).resolve().parents[1]
PROJECTS = REPOSITORY / "fixtures" / "projects"
CHECK = (sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json", "--exit-zero")
# The jaxlint of this tree, wherever the environment's jaxlint is installed from (a copy of the
# tree can be compared while the original is being edited).
ENVIRONMENT = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(REPOSITORY), os.environ.get("PYTHONPATH"))))}


@dataclass(frozen=True)
class Run:
    name: str  # the output's file name: one word, no slash
    folder: Path
    target: str

    def execute(self) -> bytes:
        result = subprocess.run([*CHECK, self.target], cwd=self.folder, env=ENVIRONMENT,
                                capture_output=True, check=False)
        return result.stdout + b"\n--- stderr ---\n" + result.stderr + f"\n--- exit {result.returncode}\n".encode()


def runs() -> list[Run]:
    found = [Run("fixtures", REPOSITORY, "fixtures/")]
    found += [Run(f"project-{folder.name}", folder, ".") for folder in sorted(PROJECTS.iterdir()) if folder.is_dir()]
    realcode.install(realcode.SITE)
    found += [Run(f"realcode-{package}", realcode.SITE, package)
              for _, packages in realcode.LIBRARIES for package in packages]
    return found


def execute_all(selected: list[Run]) -> dict[str, bytes]:
    with ThreadPoolExecutor(max_workers=2) as pool:  # each run is a child process
        return dict(zip((run.name for run in selected), pool.map(Run.execute, selected)))


def record(folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    for name, output in execute_all(runs()).items():
        (folder / f"{name}.out").write_bytes(output)
    print(f"recorded into {folder}")
    return 0


def compare(folder: Path) -> int:
    selected = runs()
    differing = []
    for name, output in execute_all(selected).items():
        recorded = folder / f"{name}.out"
        if not recorded.is_file():
            differing.append(f"{name}: not recorded")
        elif recorded.read_bytes() != output:
            differing.append(f"{name}: differs ({len(recorded.read_bytes())} → {len(output)} bytes)")
    for line in differing:
        print(line)
    print(f"{len(selected) - len(differing)} of {len(selected)} outputs identical")
    return 1 if differing else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("record", "compare"))
    parser.add_argument("folder", type=Path, help="where the outputs are (or go)")
    args = parser.parse_args()
    sys.exit(record(args.folder) if args.action == "record" else compare(args.folder))


if __name__ == "__main__":
    main()
