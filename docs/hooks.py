"""The rule pages of the docs site, made from the rule documents (a MkDocs hook, `hooks:` in mkdocs.yml).

The rule documents live in `rules/JAXnnn.md` (what `jaxlint explain` prints and the wheel ships), so
the site takes them from there instead of keeping copies: each becomes the page `rules/JAXnnn.md`,
is listed under "Rules" in the navigation, and has a row in the catalog's table (docs/rules/index.md,
at its `rule-table` marker). A new rule's document appears on the site with nothing else to edit.
Nothing here is needed beyond MkDocs itself (1.5 or newer)."""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.structure.files import File

ROOT = Path(__file__).resolve().parent.parent
RULE_DOCS = ROOT / "rules"
MARKER = re.compile(r"<!-- rule-table\b.*?-->")
_TITLE = re.compile(r"^# (JAX\d+): (\S+)\s*$", re.MULTILINE)  # "# JAX104: in-place-update"
_CLASSES = re.compile(r"^\*\*Severity:\*\* (.+?) · \*\*Fix:\*\* (.+?)\s*$", re.MULTILINE)
_SUMMARY = re.compile(r'^SUMMARY = "((?:[^"\\]|\\.)*)"$', re.MULTILINE)  # a rule's declaration


def _documents() -> list[Path]:
    return sorted(RULE_DOCS.glob("JAX*.md"))


def on_config(config):
    """Each rule's page under "Rules" in the navigation, after the pages written there by hand."""
    for entry in config["nav"] or []:
        if isinstance(entry, dict) and isinstance(entry.get("Rules"), list):
            listed = {next(iter(item.values())) if isinstance(item, dict) else item for item in entry["Rules"]}
            for doc in _documents():
                page = f"rules/{doc.name}"
                if page not in listed:
                    title = _TITLE.search(doc.read_text(encoding="utf-8"))
                    entry["Rules"].append({f"{doc.stem} {title.group(2)}" if title else doc.stem: page})
    return config


def on_files(files, config):
    """The rule documents as pages of the site, read where they are (src_dir: the repository root)."""
    for doc in _documents():
        files.append(File(f"rules/{doc.name}", src_dir=str(ROOT), dest_dir=config["site_dir"],
                          use_directory_urls=config["use_directory_urls"]))
    return files


def on_page_markdown(markdown, page, config, files):
    """The catalog's table of every rule, from each document's title and severity line and the
    summary its package declares."""
    if page.file.src_uri != "rules/index.md" or not MARKER.search(markdown):
        return markdown
    summaries = {}
    for declaration in sorted((ROOT / "jaxlint" / "rules").glob("jax*/__init__.py")):
        found = _SUMMARY.search(declaration.read_text(encoding="utf-8"))
        if found:
            summaries[declaration.parent.name[:6].upper()] = found.group(1).replace('\\"', '"')
    rows = ["| code | name | severity | fix | summary |", "|---|---|---|---|---|"]
    for doc in _documents():
        text = doc.read_text(encoding="utf-8")
        title, classes = _TITLE.search(text), _CLASSES.search(text)
        name = title.group(2) if title else ""
        severity, fix = classes.groups() if classes else ("", "")
        summary = summaries.get(doc.stem, "").replace("|", "\\|")
        rows.append(f"| [{doc.stem}]({doc.name}) | {name} | {severity} | {fix} | {summary} |")
    return MARKER.sub(lambda _: "\n".join(rows), markdown, count=1)


def on_serve(server, config, builder):
    """`mkdocs serve` rebuilds when a rule document changes."""
    server.watch(str(RULE_DOCS))
    return server
