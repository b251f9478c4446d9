"""Findings on public JAX model-training repositories the rules were not tuned on, against a hand triage.

    python benchmarks/corpus.py [--repos benchmarks/corpus_repos.toml] [--mirror /work/.mirror]
        [--into DIR] [--triage benchmarks/corpus_triage.tsv] [--json out.json] [--only NAME ...]
        [--verify] [--verify-timeout 600]

Each repository of the list (owner/name, the commit it is pinned at, optionally `install` and
`test`) is exported once at its commit into DIR/<owner>+<name> (default: the system temporary
folder's jaxlint-corpus/, outside this repository so that its settings are not theirs), from a
bare git directory MIRROR/<owner>+<name>/repo when there is one (blobs the mirror lacks, large
data files, are skipped), else cloned from GitHub. In each folder it runs
`jaxlint check --no-cache --output-format json .`, as a user there would, and prints per
repository the lines of Python, the findings per rule and their fixes' applicability (`safe`,
`unsafe`, `display-only`, or `none` when no fix was built).

With a triage (TSV: id, repo, location `path:row:col` relative to the repository, code,
test_file, verdict, root_cause_tag, reason; verdicts TRUE, TRUE-benign, INTENTIONAL, FALSE) it
also prints each finding's verdict, the findings the triage never saw, the triaged ones no longer
reported, and totals per rule (FALSE % of the triaged).

With `--verify`, for each repository with a `test` command: makes DIR/.venvs/<owner>+<name>
(this jaxlint, editable, plus `pip install <install>` run in the repository's folder), then runs
`jaxlint verify --run TEST --output-format json .` there and tallies the outcomes per finding
(confirmed / not-confirmed / skipped / error, and the fix's status). An install that fails is
reported as such and the repository is left out of the tally.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
DEFAULT_REPOS = REPOSITORY / "benchmarks" / "corpus_repos.toml"
DEFAULT_TRIAGE = REPOSITORY / "benchmarks" / "corpus_triage.tsv"
DEFAULT_MIRROR = Path("/work/.mirror")
DEFAULT_INTO = Path(tempfile.gettempdir()) / "jaxlint-corpus"
# Folders jaxlint skips by default, left out of the line count too.
_SKIPPED = {".git", ".venv", "venv", "build", "dist", "__pycache__", ".tox", "node_modules", "site-packages"}


def read_repos(path: Path) -> list[dict]:
    with open(path, "rb") as handle:
        return tomllib.load(handle)["repository"]


def folder_of(into: Path, name: str) -> Path:
    return into / name.replace("/", "+")


def export(repo: dict, into: Path, mirror: Path | None) -> Path:
    """The repository's tree at its commit, exported once (a marker file names the commit)."""
    folder = folder_of(into, repo["name"])
    marker = folder / ".corpus-commit"
    if marker.is_file() and marker.read_text() == repo["commit"]:
        return folder
    git_dir = mirror / repo["name"].replace("/", "+") / "repo" if mirror else None
    with tempfile.TemporaryDirectory() as scratch:
        if git_dir is None or not git_dir.is_dir():
            print(f"{repo['name']}: no mirror at {git_dir}; cloning https://github.com/{repo['name']}",
                  file=sys.stderr)
            git_dir = Path(scratch) / "clone"
            subprocess.run(["git", "clone", "--quiet", "--bare", "--filter=blob:none",
                            f"https://github.com/{repo['name']}", str(git_dir)], check=True)
        _write_tree(git_dir, repo["commit"], folder)
    subprocess.run(["git", "init", "--quiet", str(folder)], check=True)  # a clone's root, as users have it
    marker.write_text(repo["commit"])
    return folder


def _write_tree(git_dir: Path, commit: str, folder: Path) -> None:
    """Every blob of the commit that the git directory holds (a snapshot may lack the largest)."""
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    listing = subprocess.run(["git", "--git-dir", str(git_dir), "ls-tree", "-r", "-z", commit],
                             capture_output=True, check=True).stdout.split(b"\0")
    entries = []
    for entry in filter(None, listing):
        meta, path = entry.split(b"\t", 1)
        mode, kind, sha = meta.split()
        if kind == b"blob" and mode != b"120000":
            entries.append((sha, path.decode()))
    batch = subprocess.run(["git", "--git-dir", str(git_dir), "cat-file", "--batch"], capture_output=True,
                           input=b"".join(sha + b"\n" for sha, _ in entries), check=True).stdout
    at, missing = 0, 0
    for sha, path in entries:
        end = batch.index(b"\n", at)
        header = batch[at:end].split()
        at = end + 1
        if header[-1] == b"missing":
            missing += 1
            continue
        size = int(header[2])
        target = folder / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(batch[at:at + size])
        at += size + 1
    if missing:
        print(f"{folder.name}: {missing} files the mirror lacks (large blobs) left out", file=sys.stderr)


def lines_of(folder: Path) -> int:
    total = 0
    for path in folder.rglob("*.py"):
        if not _SKIPPED.intersection(path.relative_to(folder).parts):
            total += path.read_bytes().count(b"\n")
    return total


def lint(folder: Path) -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json",
                             "."], cwd=folder, capture_output=True, text=True, check=False)
    if result.returncode not in (0, 1) or result.stderr.strip():
        print(f"{folder.name}: exit {result.returncode}\n{result.stderr[-2000:]}", file=sys.stderr)
    return json.loads(result.stdout or "[]")


def applicability(finding: dict) -> str:
    return finding["fix"]["applicability"] if finding.get("fix") else "none"


def place(finding: dict) -> str:
    """The finding's file, and in a notebook its cell: `path.ipynb@cell3` (rows count within the cell)."""
    return finding["filename"] + (f"@cell{finding['cell']}" if finding.get("cell") is not None else "")


def location(finding: dict) -> str:
    return f"{place(finding)}:{finding['location']['row']}:{finding['location']['column']}"


def read_triage(path: Path) -> dict[tuple[str, str, str], dict]:
    """(repo, `path:row:col`, code) → the triage row."""
    with open(path, newline="", encoding="utf-8") as handle:
        return {(row["repo"], row["location"], row["code"]): row for row in csv.DictReader(handle, delimiter="\t")}


def verdict_of(repo: str, finding: dict, triage: dict) -> dict | None:
    """The triage row of a finding: same place, else the same row (the column moved) when only one fits."""
    row = triage.get((repo, location(finding), finding["code"]))
    if row is not None:
        return row
    prefix = f"{place(finding)}:{finding['location']['row']}:"
    near = [r for (name, where, code), r in triage.items()
            if name == repo and code == finding["code"] and where.startswith(prefix)]
    return near[0] if len(near) == 1 else None


def report_repo(repo: str, lines: int, findings: list[dict], triage: dict | None) -> None:
    per_code = Counter(f["code"] for f in findings)
    print(f"\n{repo}: {lines:,} lines of Python, {len(findings)} findings")
    if per_code:
        print("  " + ", ".join(f"{code} {n}" for code, n in sorted(per_code.items())))
    fixes = Counter((f["code"], applicability(f)) for f in findings if applicability(f) != "none")
    if fixes:
        print("  fixes: " + ", ".join(f"{code} {kind} {n}" for (code, kind), n in sorted(fixes.items())))
    for finding in findings:
        row = verdict_of(repo, finding, triage) if triage is not None else None
        verdict = row["verdict"] if row else ("not triaged" if triage is not None else "")
        print(f"  {location(finding)} {finding['code']} [fix: {applicability(finding)}] {verdict}"
              f"  {finding['message'][:110]}")


def report_totals(results: dict[str, list[dict]], lines: int, triage: dict | None) -> None:
    findings = [(repo, f) for repo, found in results.items() for f in found]
    per_code = Counter(f["code"] for _, f in findings)
    print(f"\nAll: {len(results)} repositories, {lines:,} lines of Python, {len(findings)} findings "
          f"({len(findings) * 100_000 / max(lines, 1):.1f} per 100k lines)")
    print("  " + ", ".join(f"{code} {n}" for code, n in sorted(per_code.items())))
    fixes = Counter(applicability(f) for _, f in findings)
    print("  fixes: " + ", ".join(f"{kind} {n}" for kind, n in sorted(fixes.items())))
    if triage is None:
        return
    verdicts: dict[str, Counter] = defaultdict(Counter)
    unseen, matched = [], set()
    for repo, finding in findings:
        row = verdict_of(repo, finding, triage)
        if row is None:
            unseen.append((repo, finding))
            verdicts[finding["code"]]["not triaged"] += 1
        else:
            matched.add((row["repo"], row["location"], row["code"]))
            verdicts[finding["code"]][row["verdict"]] += 1
    print("\nVerdicts per rule (FALSE % of the triaged):")
    for code in sorted(verdicts):
        counts = verdicts[code]
        triaged = sum(n for v, n in counts.items() if v != "not triaged")
        share = f"{100 * counts['FALSE'] / triaged:.0f}% false" if triaged else "none triaged"
        print(f"  {code}: " + ", ".join(f"{v} {n}" for v, n in sorted(counts.items())) + f"  ({share})")
    total = Counter(v for counts in verdicts.values() for v in counts.elements())
    triaged = sum(n for v, n in total.items() if v != "not triaged")
    print("  all: " + ", ".join(f"{v} {n}" for v, n in sorted(total.items()))
          + (f"  ({100 * total['FALSE'] / triaged:.0f}% false)" if triaged else ""))
    print(f"\nNot in the triage: {len(unseen)}")
    for repo, finding in unseen:
        print(f"  {repo} {location(finding)} {finding['code']}: {finding['message'][:120]}")
    gone = [key for key in triage if key not in matched and key[0] in results]
    print(f"\nTriaged, no longer reported: {len(gone)}")
    for key in sorted(gone):
        print(f"  {key[0]} {key[1]} {key[2]} ({triage[key]['verdict']})")


def prepare_venv(repo: dict, folder: Path, into: Path) -> Path | None:
    """A virtual environment with this jaxlint and the repository's `install`, made once."""
    venv = into / ".venvs" / repo["name"].replace("/", "+")
    python = venv / "bin" / "python"
    marker = venv / ".corpus-install"
    wanted = json.dumps([str(REPOSITORY), repo.get("install", [])])
    if marker.is_file() and marker.read_text() == wanted:
        return python
    subprocess.run([sys.executable, "-m", "venv", "--clear", str(venv)], check=True)
    pip = [str(python), "-m", "pip", "install", "--quiet"]
    steps = [["-e", str(REPOSITORY)]] + [args.split() if isinstance(args, str) else args
                                          for args in repo.get("install", [])]
    for step in steps:
        result = subprocess.run([*pip, *step], cwd=folder, capture_output=True, text=True, check=False)
        if result.returncode:
            print(f"{repo['name']}: `pip install {' '.join(step)}` failed:\n{result.stderr[-1500:]}",
                  file=sys.stderr)
            return None
    marker.write_text(wanted)
    return python


def verify(repo: dict, folder: Path, python: Path, timeout: float) -> dict | None:
    command = [str(python), "-m", "jaxlint", "verify", "--run", repo["test"], "--output-format", "json", "."]
    env = {**os.environ, "JAX_PLATFORMS": os.environ.get("JAX_PLATFORMS", "cpu")}
    env.pop("VIRTUAL_ENV", None)
    try:
        result = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=timeout, env=env,
                                check=False)
    except subprocess.TimeoutExpired:
        print(f"{repo['name']}: verify ran past {timeout:.0f} s", file=sys.stderr)
        return None
    try:
        return json.loads(result.stdout)
    except json.JSONDecodeError:
        print(f"{repo['name']}: verify exit {result.returncode}\n{result.stderr[-2000:]}", file=sys.stderr)
        return None


def report_verify(outcomes: dict[str, dict]) -> None:
    """Per repository and rule, the verdicts (confirmed, refuted, not-shown, not-reached,
    could-not-run) with the fix's status; the reasons of what was not decided."""
    print("\nVerify outcomes (per finding):")
    total: Counter = Counter()
    for name, outcome in outcomes.items():
        tally = Counter((r["code"], r.get("verdict", r["status"]), (r.get("fix") or {}).get("status", "-"))
                        for r in outcome["results"])
        total.update(tally)
        print(f"  {name} ({outcome.get('platform')}, JAX {outcome.get('jax_version')}):")
        for (code, verdict, fix), n in sorted(tally.items()):
            print(f"    {code} {verdict} (fix {fix}): {n}")
        undecided = Counter(str(r.get("reason"))[:160] for r in outcome["results"]
                            if r.get("verdict") in ("not-shown", "could-not-run"))
        for reason, n in undecided.most_common(5):
            print(f"      undecided {n}: {reason}")
        for r in outcome["results"]:
            if r.get("verdict") in ("confirmed", "refuted"):
                print(f"      {r['filename']}:{r['row']} {r['code']} {r['verdict']}: {str(r.get('reason'))[:120]}")
    per_verdict = Counter()
    for (_, verdict, _), n in total.items():
        per_verdict[verdict] += n
    print("  all: " + ", ".join(f"{v} {n}" for v, n in sorted(per_verdict.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repos", type=Path, default=DEFAULT_REPOS, help="the repository list (TOML)")
    parser.add_argument("--mirror", type=Path, default=DEFAULT_MIRROR,
                        help="folder of bare git directories <owner>+<name>/repo (else cloned from GitHub)")
    parser.add_argument("--into", type=Path, default=DEFAULT_INTO, help="where the repositories are exported")
    parser.add_argument("--triage", type=Path, default=DEFAULT_TRIAGE, help="the hand triage (TSV)")
    parser.add_argument("--json", type=Path, help="also write every finding here ({repo: [findings]})")
    parser.add_argument("--only", nargs="*", help="only these repositories (owner/name)")
    parser.add_argument("--verify", action="store_true", help="run `jaxlint verify --run TEST` where a test is given")
    parser.add_argument("--verify-timeout", type=float, default=600, help="seconds per repository's verify run")
    args = parser.parse_args()
    repos = [r for r in read_repos(args.repos) if not args.only or r["name"] in args.only]
    triage = read_triage(args.triage) if args.triage.is_file() else None
    results, lines = {}, 0
    outcomes: dict[str, dict] = {}
    for repo in repos:
        folder = export(repo, args.into, args.mirror)
        found = lint(folder)
        repo_lines = lines_of(folder)
        results[repo["name"]] = found
        lines += repo_lines
        report_repo(repo["name"], repo_lines, found, triage)
        if args.verify and repo.get("test"):
            python = prepare_venv(repo, folder, args.into)
            outcome = verify(repo, folder, python, args.verify_timeout) if python else None
            if outcome is not None:
                outcomes[repo["name"]] = outcome
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    report_totals(results, lines, triage)
    if args.verify:
        report_verify(outcomes)


if __name__ == "__main__":
    main()
