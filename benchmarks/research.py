"""jaxlint against ruff on application code: public research repositories with many findings
(fixable ones among them), cold, warm, and one file checked with its project's cache empty (what
pre-commit does on a CI machine); and one generated file with thousands of findings.

    python benchmarks/research.py [--runs 3] [--mirror DIR] [--findings 10000]

The repositories are fetched once into a folder outside this repository (`--into`; inside it,
jaxlint's own configuration would make this repository their project) at the commits below, only
their Python files and project files, from GitHub or, with `--mirror DIR`, from local clones named
DIR/<owner>+<name>/repo. Each tool runs in each repository's folder, as a user there would; the
times are summed over the repositories. Median wall time, × ruff, and the peak memory of the
largest process (a jaxlint worker or its parent).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from run import compile_jaxlint, measure

RESEARCH = Path(tempfile.gettempdir()) / "jaxlint-research"
REPOSITORIES = {  # owner/name: commit
    "google-research/big_vision": "0127fb6b337ee2a27bf4e54dea79cff176527356",
    "google-research/scenic": "4a38d475ee89cb821078c0e2bf2065ee030e1535",
    "google-research/t5x": "cc342d419ec3e3e9c4bf1df33c82330cafdc1e16",
    "google-research/vision_transformer": "c6de1e5378c9831a8477feb30994971bdc409e46",
    "google-deepmind/alphafold": "c77e5d2a8961d1a353632c462914ff0a32a950f6",
    "young-geng/EasyLM": "fe5b2c354e25d697fce7cd225e23bbbe72570da3",
}
# The files a lint reads: sources, notebooks and what configures a project (gitignores included).
_WANTED = (".py", ".ipynb", ".toml", ".cfg", ".gitignore")


def fetch(into: Path, mirror: Path | None) -> list[Path]:
    """Each repository's files at its commit, exported once (a marker names the commit)."""
    folders = []
    for repository, commit in REPOSITORIES.items():
        folder = into / repository.replace("/", "+")
        marker = folder / ".benchmark-commit"
        if not (marker.is_file() and marker.read_text() == commit):
            _export(repository, commit, folder, mirror)
            marker.write_text(commit)
        folders.append(folder)
    return folders


def _export(repository: str, commit: str, folder: Path, mirror: Path | None) -> None:
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as scratch:
        if mirror is not None:
            git_dir = str(mirror / repository.replace("/", "+") / "repo")
        else:
            git_dir = str(Path(scratch) / "clone")
            subprocess.run(["git", "clone", "--quiet", "--bare", "--filter=blob:none",
                            f"https://github.com/{repository}", git_dir], check=True)
        names = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", commit],
                               capture_output=True, text=True, check=True).stdout.splitlines()
        wanted = [n for n in names if n.endswith(_WANTED)]
        archive = subprocess.run(["git", "--git-dir", git_dir, "archive", commit, *wanted],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    subprocess.run(["git", "init", "--quiet", str(folder)], check=True)  # a clone's root, as users have it


def lines_of(folder: Path) -> int:
    return sum(path.read_bytes().count(b"\n") for path in folder.rglob("*.py"))


def one_file(folder: Path) -> Path:
    """The file a pre-commit run would check: the largest module that imports JAX."""
    sources = [p for p in folder.rglob("*.py") if b"import jax" in p.read_bytes()]
    return max(sources, key=lambda p: p.stat().st_size).relative_to(folder)


def compare(folders: list[Path], runs: int, ruff: str, jobs: list[str]) -> list[str]:
    jaxlint = [sys.executable, "-m", "jaxlint", "check", "--statistics", *jobs]
    ruff_check = [ruff, "check", "--select", "ALL", "--statistics"]
    cases = {  # name: (command in a folder, cache emptied first)
        "ruff cold": lambda f: ([*ruff_check, "--no-cache", "."], False),
        "jaxlint cold": lambda f: ([*jaxlint, "--no-cache", "."], False),
        "ruff warm": lambda f: ([*ruff_check, "."], False),
        "jaxlint warm": lambda f: ([*jaxlint, "."], False),
        "jaxlint one file, cold project": lambda f: ([*jaxlint, str(one_file(f))], True),
    }
    for folder in folders:  # fill the caches the warm runs read
        for name in ("ruff warm", "jaxlint warm"):
            measure(cases[name](folder)[0], folder)
    seconds: dict[str, list[float]] = {name: [] for name in cases}
    peaks: dict[str, int] = dict.fromkeys(cases, 0)
    for _ in range(runs):
        for name, case in cases.items():  # alternating: a busy moment weighs on every case alike
            total = 0.0
            for folder in folders:
                command, empty = case(folder)
                if empty:
                    shutil.rmtree(folder / ".jaxlint_cache", ignore_errors=True)
                result = measure(command, folder)
                total += result["seconds"]
                peaks[name] = max(peaks[name], result["peak_kib"])
            seconds[name].append(total)
        for folder in folders:  # the one-file case emptied the caches the warm runs read
            measure(cases["jaxlint warm"](folder)[0], folder)
    ruff = {mode: statistics.median(seconds[f"ruff {mode}"]) for mode in ("cold", "warm")}
    rows = ["| case | median s | × ruff | peak MiB |", "|---|---:|---:|---:|"]
    for name, values in seconds.items():
        against = ruff["warm"] if "warm" in name else ruff["cold"]
        rows.append(f"| {name} | {statistics.median(values):.2f} | {statistics.median(values) / against:.2f} | "
                    f"{peaks[name] / 1024:.0f} |")
    return rows


def generated(findings: int, ruff: str) -> list[str]:
    """One file of `findings` functions, each with a reused key and a removed tree name (both fixable)."""
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        (folder / "pyproject.toml").write_text("")
        body = ["import jax", ""]
        for index in range(findings // 2):
            body += [f"def step_{index}(key, x):", "    a = jax.random.normal(key, (3,))",
                     "    b = jax.random.uniform(key, (3,))", "    return jax.tree_map(lambda t: t + a + b, x)", ""]
        path = folder / "generated.py"
        path.write_text("\n".join(body))
        jaxlint = [sys.executable, "-m", "jaxlint", "check", "--no-cache", "--statistics", path.name]
        cases = {"ruff": [ruff, "check", "--select", "ALL", "--no-cache", "--statistics", path.name],
                 "jaxlint check": jaxlint, "jaxlint check --fix --unsafe-fixes": [*jaxlint, "--fix", "--unsafe-fixes"]}
        rows += [f"\nOne generated file: {len(body):,} lines, {findings:,} findings (half JAX102, half JAX301)\n",
                 "| case | s | peak MiB |", "|---|---:|---:|"]
        original = path.read_text()
        for name, command in cases.items():
            result = measure(command, folder)
            path.write_text(original)
            rows.append(f"| {name} | {result['seconds']:.2f} | {result['peak_kib'] / 1024:.0f} |")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs per case (default 3)")
    parser.add_argument("--jobs", type=int, help="jaxlint --jobs (default: jaxlint's own, all cores)")
    parser.add_argument("--ruff", default=shutil.which("ruff") or str(Path(sys.executable).with_name("ruff")))
    parser.add_argument("--into", type=Path, default=RESEARCH, help=f"where to export them (default {RESEARCH})")
    parser.add_argument("--mirror", type=Path, help="local clones to export from, DIR/<owner>+<name>/repo")
    parser.add_argument("--findings", type=int, default=10000, help="findings in the generated file (0: skip it)")
    args = parser.parse_args()
    compile_jaxlint()
    folders = fetch(args.into, args.mirror)
    lines = sum(lines_of(f) for f in folders)
    version = subprocess.run([args.ruff, "--version"], capture_output=True, text=True, check=True).stdout.strip()
    print(f"{len(folders)} research repositories, {lines:,} lines of Python; {version}; median of {args.runs} runs\n")
    print("\n".join(compare(folders, args.runs, args.ruff, ["--jobs", str(args.jobs)] if args.jobs else [])))
    if args.findings:
        print("\n".join(generated(args.findings, args.ruff)))


if __name__ == "__main__":
    main()
