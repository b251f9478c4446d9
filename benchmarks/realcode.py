"""Findings on JAX libraries the rules were not written on, against a hand triage.

    python benchmarks/realcode.py [--triage ../shared/realcode/triage.tsv] [--json out.json]

Installs the pinned libraries below into benchmarks/.realcode/ once (`pip install --target
--no-deps`), lints each package folder on its own as a user of that library would
(`jaxlint check --output-format json <package>`), and prints findings per 100k lines per rule.
With a triage (columns: location `package/path.py:row:col`, code, verdict, reason; verdicts
TRUE, TRUE-benign, INTENTIONAL, FALSE) it also prints each finding's verdict, the FALSE ones
still reported, the TRUE ones no longer reported and the findings the triage has never seen.
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

# (distribution, the package folders it installs)
LIBRARIES = (
    ("dm-haiku==0.0.17", ("haiku",)), ("distrax==0.1.9", ("distrax",)), ("blackjax==1.7.1", ("blackjax",)),
    ("diffrax==0.7.2", ("diffrax",)), ("chex==0.1.92", ("chex",)), ("rlax==0.1.9", ("rlax",)),
    ("jraph==0.0.6.dev0", ("jraph",)), ("jaxopt==0.8.5", ("jaxopt",)), ("optimistix==0.1.0", ("optimistix",)),
    ("lineax==0.1.1", ("lineax",)), ("evosax==0.3.2", ("evosax",)), ("gymnax==1.0.1", ("gymnax",)),
    ("jax-md==0.2.29", ("jax_md",)), ("dm-pix==0.4.5", ("dm_pix",)), ("mctx==0.0.71", ("mctx",)),
    ("dynamax==1.0.3", ("dynamax",)), ("brax==0.14.2", ("brax",)), ("jumanji==1.1.2", ("jumanji",)),
    ("flashbax==0.1.3", ("flashbax",)),
)
REPOSITORY = Path(__file__).resolve().parents[1]
SITE = REPOSITORY / "benchmarks" / ".realcode"
DEFAULT_TRIAGE = REPOSITORY.parent / "shared" / "realcode" / "triage.tsv"


def install(site: Path) -> None:
    marker = site / "installed.txt"
    pins = "\n".join(spec for spec, _ in LIBRARIES)
    if marker.is_file() and marker.read_text() == pins and (site / "jaxlint.toml").is_file():
        return
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-compile", "--target",
                    str(site), *(spec for spec, _ in LIBRARIES)], check=True)
    # Settings of their own: the folder sits in a part of the repository that git ignores.
    (site / "jaxlint.toml").write_text("respect-gitignore = false\n")
    marker.write_text(pins)


def lint(site: Path, package: str) -> list[dict]:
    result = subprocess.run([sys.executable, "-m", "jaxlint", "check", "--no-cache", "--output-format", "json",
                             package], cwd=site, capture_output=True, text=True, check=False)
    if result.returncode not in (0, 1) or result.stderr.strip():
        print(f"{package}: exit {result.returncode}\n{result.stderr}", file=sys.stderr)
    return json.loads(result.stdout or "[]")


def count_lines(site: Path, packages: list[str]) -> int:
    return sum(path.read_bytes().count(b"\n") for package in packages for path in (site / package).rglob("*.py"))


def read_triage(path: Path) -> dict[tuple[str, str], dict]:
    """(`package/path.py:row`, code) → the triage row."""
    with open(path, newline="", encoding="utf-8") as handle:
        return {(row["location"].rsplit(":", 1)[0], row["code"]): row for row in csv.DictReader(handle, delimiter="\t")}


def report(findings: list[dict], lines: int, triage: dict[tuple[str, str], dict] | None) -> None:
    per_code = Counter(f["code"] for f in findings)
    print(f"{len(findings)} findings in {lines:,} lines: {len(findings) * 100_000 / lines:.1f} per 100k lines")
    print("  " + ", ".join(f"{code} {count}" for code, count in sorted(per_code.items())))
    if triage is None:
        return
    seen = {(f"{f['filename']}:{f['location']['row']}", f["code"]): f for f in findings}
    verdicts = Counter((key[1], triage[key]["verdict"] if key in triage else "not triaged") for key in seen)
    print("  by verdict: " + ", ".join(f"{code} {verdict} {n}" for (code, verdict), n in sorted(verdicts.items())))
    sections = {
        "FALSE still reported": [k for k, row in triage.items() if row["verdict"] == "FALSE" and k in seen],
        "TRUE no longer reported (or reported on another line)": [
            k for k, row in triage.items() if row["verdict"] == "TRUE" and k not in seen],
        "not in the triage": [k for k in seen if k not in triage],
    }
    for title, keys in sections.items():
        print(f"\n{title}: {len(keys)}")
        for key in sorted(keys):
            text = seen[key]["message"] if key in seen else triage[key]["reason"]
            print(f"  {key[0]} {key[1]}: {text[:140]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--triage", type=Path, default=DEFAULT_TRIAGE, help="the hand triage (TSV)")
    parser.add_argument("--json", type=Path, help="also write every finding here")
    args = parser.parse_args()
    install(SITE)
    packages = [folder for _, folders in LIBRARIES for folder in folders]
    findings = [finding for package in packages for finding in lint(SITE, package)]
    if args.json:
        args.json.write_text(json.dumps(findings, indent=1))
    report(findings, count_lines(SITE, packages), read_triage(args.triage) if args.triage.is_file() else None)


if __name__ == "__main__":
    main()
