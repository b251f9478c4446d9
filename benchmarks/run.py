"""jaxlint against ruff on the installed sources of pinned JAX-family packages, cold and warm, and
on a multi-module project (benchmarks/project.py).

    python benchmarks/run.py [--runs 5] [--jobs N] [--only corpus|project]

Installs the packages below into benchmarks/.corpus/ once (`pip install --target --no-deps`), then
alternates ruff and jaxlint runs on the same files and prints a Markdown table: median wall time,
the ratio to ruff, lines per second and the peak memory of the largest process. For the project:
the same table, one changed file checked alone with a warm cache (what pre-commit does) against the
start-up of `python -c "import click"`, and where a cold run's time goes.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from project import write_project

PACKAGES = ("jax==0.10.2", "flax==0.12.8", "optax==0.2.8", "equinox==0.13.8", "numpyro==0.22.0")
REPOSITORY = Path(__file__).resolve().parents[1]
CORPUS = REPOSITORY / "benchmarks" / ".corpus"
# Both tools read the same settings: every file under the package folders, .gitignore not applied
# (the corpus sits in a folder the repository ignores).
CONFIGS = {"jaxlint.toml": "respect-gitignore = false\n", "ruff.toml": "respect-gitignore = false\n"}
# Runs one command and reports its wall time and the peak resident memory of its largest process.
MEASURE = """
import json, resource, subprocess, sys, time
start = time.perf_counter()
code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
print(json.dumps({"seconds": seconds, "peak_kib": peak // 1024 if sys.platform == "darwin" else peak, "code": code}))
"""


@dataclass(frozen=True)
class Tool:
    name: str
    cold: list[str]
    warm: list[str]


def compile_jaxlint() -> None:
    """What `pip install` does for users: startup must not pay for compiling jaxlint to bytecode
    (an editable install under PYTHONDONTWRITEBYTECODE, as CI images set it, never writes it)."""
    compileall.compile_dir(REPOSITORY / "jaxlint", quiet=1)


def install(corpus: Path) -> Path:
    """The pinned packages' sources, installed once; the marker names the pins."""
    site = corpus / "site"
    marker = corpus / "installed.txt"
    if marker.is_file() and marker.read_text() == "\n".join(PACKAGES):
        return site
    shutil.rmtree(site, ignore_errors=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile",
                    "--target", str(site), *PACKAGES], check=True)
    for name, text in CONFIGS.items():
        (site / name).write_text(text)
    marker.write_text("\n".join(PACKAGES))
    return site


def package_dirs(site: Path) -> list[str]:
    names = [spec.split("==")[0] for spec in PACKAGES]
    return [name for name in names if (site / name).is_dir()]


def count_lines(site: Path, folders: list[str]) -> tuple[int, int]:
    files = lines = 0
    for folder in folders:
        for path in (site / folder).rglob("*.py*"):
            if path.suffix in (".py", ".pyi"):
                files += 1
                with open(path, "rb") as handle:
                    lines += sum(1 for _ in handle)
    return files, lines


def measure(command: list[str], cwd: Path) -> dict:
    # This checkout's jaxlint, installed or not.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPOSITORY), os.environ.get("PYTHONPATH")]))}
    output = subprocess.run([sys.executable, "-c", MEASURE, *command], cwd=cwd, env=env, capture_output=True,
                            text=True, check=True).stdout
    result = json.loads(output)
    if result["code"] not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed with exit code {result['code']}")
    return result


def tools(folders: list[str], jobs: int | None, ruff: str) -> list[Tool]:
    jaxlint = [sys.executable, "-m", "jaxlint", "check", "--statistics", *(["--jobs", str(jobs)] if jobs else [])]
    ruff_check = [ruff, "check", "--select", "ALL", "--statistics"]
    return [Tool("ruff", [*ruff_check, "--no-cache", *folders], [*ruff_check, *folders]),
            Tool("jaxlint", [*jaxlint, "--no-cache", *folders], [*jaxlint, *folders])]


def run(site: Path, candidates: list[Tool], runs: int) -> dict[tuple[str, str], list[dict]]:
    """Alternating runs, so that a busy moment of the machine weighs on both tools alike."""
    for tool in candidates:  # fill the caches the warm runs read
        measure(tool.warm, site)
    samples: dict[tuple[str, str], list[dict]] = {}
    for _ in range(runs):
        for mode in ("cold", "warm"):
            for tool in candidates:
                command = tool.cold if mode == "cold" else tool.warm
                samples.setdefault((tool.name, mode), []).append(measure(command, site))
    return samples


def table(samples: dict[tuple[str, str], list[dict]], lines: int) -> str:
    rows = ["| tool | run | median s | × ruff | lines/s | peak MiB |", "|---|---|---:|---:|---:|---:|"]
    for (name, mode), runs in samples.items():
        seconds = statistics.median(r["seconds"] for r in runs)
        ruff = statistics.median(r["seconds"] for r in samples[("ruff", mode)])
        peak = max(r["peak_kib"] for r in runs) / 1024
        rows.append(f"| {name} | {mode} | {seconds:.2f} | {seconds / ruff:.2f} | {lines / seconds:,.0f} | {peak:.0f} |")
    return "\n".join(rows)


def project_report(corpus: Path, jobs: int | None, ruff: str, runs: int) -> str:
    """The multi-module project: cold and warm against ruff, one changed file, the phases of a cold run."""
    project = write_project(corpus)
    files, lines = count_lines(project, ["src"])
    report = [f"Multi-module project (benchmarks/project.py): {files} files, {lines:,} lines\n",
              table(run(project, tools(["src"], jobs, ruff), runs), lines)]
    changed = project / "src" / "app" / "layers" / "layer_5.py"
    original = changed.read_text()
    one, click = [], []
    try:
        for attempt in range(max(runs, 5)):
            changed.write_text(f"{original}\n# edit {attempt}\n")
            one.append(measure([sys.executable, "-m", "jaxlint", "check", str(changed.relative_to(project))],
                               project)["seconds"])
            click.append(measure([sys.executable, "-c", "import click"], project)["seconds"])
    finally:
        changed.write_text(original)
    report.append(f"\nOne changed file checked alone, the rest cached: {statistics.median(one):.3f} s; "
                  f"`python -c \"import click\"`: {statistics.median(click):.3f} s "
                  f"({statistics.median(one) / statistics.median(click):.1f}×)")
    verbose = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "-v", "src"], cwd=project,
                             capture_output=True, text=True,
                             env={**os.environ, "PYTHONPATH": str(REPOSITORY)}).stderr
    phases = re.search(r"jaxlint: project: .*", verbose)
    report.append(f"Where a cold run's time goes: {phases.group(0)[len('jaxlint: project: '):] if phases else '?'}")
    return "\n".join(report)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="timed runs per tool and mode (default 5)")
    parser.add_argument("--jobs", type=int, help="jaxlint --jobs (default: jaxlint's own, all cores)")
    parser.add_argument("--ruff", default=shutil.which("ruff") or str(Path(sys.executable).with_name("ruff")),
                        help="the ruff executable")
    parser.add_argument("--corpus", type=Path, default=CORPUS, help="where to install the packages")
    parser.add_argument("--only", choices=("corpus", "project"), help="run one of the two benchmarks")
    args = parser.parse_args()
    compile_jaxlint()
    if args.only != "corpus":
        print(project_report(args.corpus, args.jobs, args.ruff, args.runs), end="\n\n")
    if args.only == "project":
        return
    site = install(args.corpus)
    folders = package_dirs(site)
    files, lines = count_lines(site, folders)
    version = subprocess.run([args.ruff, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    print(f"{', '.join(PACKAGES)}: {files} files, {lines:,} lines; {version}; {os.cpu_count()} cores; "
          f"median of {args.runs} runs\n")
    print(table(run(site, tools(folders, args.jobs, args.ruff), args.runs), lines))


if __name__ == "__main__":
    main()
