"""A notes folder laid out exactly as CodePilot's assistant workspace writes it, and a check of
what CodePilot accepts when it reads a folder back.

The layout, key names and serialisation follow CodePilot's own writers: persona files found
through its spelling lists (here ``AGENTS.md``, ``Soul.md``, ``User.md``, ``memory.md``),
``state.json`` at schema 4 with ``dailyCheckInEnabled`` and a session id, ``config.json`` with
``dailyMemoryRetentionDays``/``maxFileSizeKB``/``includeExtensions`` (pretty JSON, two spaces,
a final newline), ``taxonomy.json`` with ``label``, folder paths ending in ``/`` and
``evolutionRules``, ``hotset.json`` with ``lastAccessed`` in epoch milliseconds, the JSONL
index (``chunkId`` ``<noteId>-<n>``, 0-based lines), generated docs between
``<!-- AI_GENERATED_START -->`` and ``<!-- AI_GENERATED_END -->``, daily memories with the
``<!-- promoted -->`` marker and ``## Promoted from <date>`` in memory.md, and archive lines
``- **<date>.md**: <first line>``.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

START = "<!-- AI_GENERATED_START -->"
END = "<!-- AI_GENERATED_END -->"
PERSONA = {"claude": ("claude.md", "Claude.md", "CLAUDE.md", "AGENTS.md"),
           "soul": ("soul.md", "Soul.md", "SOUL.md"),
           "user": ("user.md", "User.md", "USER.md", "PROFILE.md"),
           "memory": ("memory.md", "Memory.md", "MEMORY.md")}  # fmt: skip
EVOLUTION_RULES = {"allowAutoCreateCategory": False, "allowAutoArchive": False,
                   "requireConfirmationForMoves": True}  # fmt: skip


def _js(data: Any, newline: bool = False) -> str:
    """What ``JSON.stringify(data, null, 2)`` gives (non-ASCII kept as it is)."""
    return json.dumps(data, ensure_ascii=False, indent=2) + ("\n" if newline else "")


def _put(root: Path, relative: str, text: str) -> None:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("utf-8"))


@dataclass(frozen=True)
class Fixture:
    root: Path
    today: date
    kept_day: date  # within the retention
    promote_day: date  # older than 7 days and past the retention, not promoted yet
    marked_day: date  # promoted before: marker in the file, heading in memory.md
    memory_before: str


NOTES = {
    "Notes/tea.md": "---\ntags: [drinks]\n---\n# Green tea\n\nThe user brews green tea at 80 °C "
                    "every morning; black tea only on weekends.\n",
    "Projects/thesis.md": "# 毕业论文\n\n## 决定\n\n第二章改用贝叶斯方法，导师已经同意。\n",
    "Inbox/idea.md": "# Idea\n\nA reading list for the summer.\n",
}  # fmt: skip


def make_codepilot_folder(root: Path, today: date) -> Fixture:
    """The folder as CodePilot leaves it after onboarding and a few weeks of check-ins."""
    kept, promote, marked = (today - timedelta(days=n) for n in (1, 10, 12))
    _put(root, "AGENTS.md", "# Rules\n\n- Always answer in Chinese.\n- Never delete files.\n")
    _put(root, "Soul.md", "# Soul\n\nName: 阿福. Calm, concise, a little dry humour.\n")
    _put(root, "User.md", "# User Profile\n\n- Name: 小王\n- Writes a thesis on Bayesian "
                          "statistics.\n")  # fmt: skip
    memory = (f"# Memory\n\n<!-- Long-term facts and notes go here -->\n\n- Prefers green tea."
              f"\n\n## Promoted from {marked.isoformat()}\n\n- Meets the supervisor on "
              "Fridays.\n")  # fmt: skip
    _put(root, "memory.md", memory)
    for relative, text in NOTES.items():
        _put(root, relative, text)
    _put(root, f"memory/daily/{kept.isoformat()}.md", f"## {kept.isoformat()}\n\n## Work Log\n\n"
         "Read two papers.\n\n## Candidate Long-Term Memory\n\n- Reads papers in the "
         "morning, writes in the afternoon.\n")  # fmt: skip
    _put(root, f"memory/daily/{promote.isoformat()}.md", "# Daily Memory\n\n## Work Log\n\n"
         "Drafted chapter two.\n\n## Candidate Long-Term Memory\n\n- The thesis deadline is "
         "the end of June; chapter two uses Bayesian methods.\n")  # fmt: skip
    _put(root, f"memory/daily/{marked.isoformat()}.md", "# Daily Memory\n\n## To Remember\n\n"
         "- Meets the supervisor on Fridays.\n\n<!-- promoted -->\n")  # fmt: skip
    _put(root, "memory/daily/archive.md", "- **2026-01-02.md**: Daily Memory\n")
    _put(root, "README.ai.md", f"My own words before the block.\n\n{START}\n# Workspace "
         f"Overview\n\n## Directories\n- **Notes/** — directory\n{END}\n\nAnd after it.\n")
    _put(root, "Projects/README.ai.md", f"{START}\n# Projects\n\n- thesis.md\n{END}\n")
    _put(root, ".assistant/state.json", _js({
        "onboardingComplete": True, "lastCheckInDate": kept.isoformat(), "schemaVersion": 4,
        "dailyCheckInEnabled": True, "hookTriggeredSessionId": "sess-42"}))  # fmt: skip
    _put(root, ".assistant/config.json", _js({
        "workspaceType": "general", "organizationStyle": "mixed", "captureDefault": "Inbox",
        "archivePolicy": {"completedTaskArchiveAfterDays": 30, "closedProjectArchive": True,
                          "dailyMemoryRetentionDays": 3},
        "ignore": [".obsidian/**", ".trash/**", "**/*.png", "**/*.jpg", "**/*.jpeg",
                   "**/*.gif", "**/*.mp4", "node_modules/**", ".git/**"],
        "index": {"maxFileSizeKB": 512, "chunkSize": 1200, "chunkOverlap": 150, "maxDepth": 8,
                  "includeExtensions": [".md", ".txt", ".markdown"]},
        "customFlag": "kept"}, newline=True))  # fmt: skip
    _put(root, ".assistant/taxonomy.json", _js({"version": 1, "categories": [
        _category("Notes", "notes", 0.9), _category("Projects", "project", 0.9),
        _category("Inbox", "inbox", 0.9), _category("memory", "memory", 0.9),
    ], "evolutionRules": EVOLUTION_RULES}))  # fmt: skip
    now_ms = time.time() * 1000  # the hotset decays by the real clock: used an hour ago
    _put(root, ".assistant/index/hotset.json", _js({
        "pinned": ["Notes/tea.md"],
        "frequent": [{"path": "Projects/thesis.md", "count": 3, "lastAccessed": now_ms - 3.6e6}],
        "lastUpdated": now_ms - 3.6e6}))  # fmt: skip
    _write_index(root)
    return Fixture(root, today, kept, promote, marked, memory)


def _category(name: str, role: str, confidence: float) -> dict[str, Any]:
    return {"id": name.lower(), "label": name, "paths": [name + "/"], "role": role,
            "confidence": confidence, "source": "learned",
            "description": f"Auto-detected {role} directory", "createdBy": "system"}  # fmt: skip


def _write_index(root: Path) -> None:
    manifests, chunks = [], []
    for relative, text in NOTES.items():
        note_id = hashlib.md5(relative.encode()).hexdigest()
        lines = text.split("\n")
        title = next((line[2:] for line in lines if line.startswith("# ")), relative)
        manifests.append({"noteId": note_id, "path": relative, "title": title, "aliases": [],
                          "tags": [], "headings": [title], "mtime": 1.0e12, "size": len(text),
                          "hash": hashlib.md5(text.encode()).hexdigest(),
                          "summary": text[:200].replace("\n", " ").strip(),
                          "categoryIds": [relative.split("/")[0].lower()]})  # fmt: skip
        chunks.append({"chunkId": f"{note_id}-0", "noteId": note_id, "path": relative,
                       "heading": title, "text": text, "startLine": 0,
                       "endLine": len(lines) - 1})  # fmt: skip
    _put(root, ".assistant/index/manifest.jsonl",
         "\n".join(json.dumps(m, ensure_ascii=False) for m in manifests) + "\n")
    _put(root, ".assistant/index/chunks.jsonl",
         "\n".join(json.dumps(c, ensure_ascii=False) for c in chunks) + "\n")


# ---------------------------------------------------------------------------
# What CodePilot accepts when it reads the folder back
# ---------------------------------------------------------------------------


def _resolve(root: Path, role: str) -> Path | None:
    names = set(p.name for p in root.iterdir())
    return next((root / n for n in PERSONA[role] if n in names), None)


def _json(root: Path, relative: str, problems: list[str]) -> Any:
    try:
        return json.loads((root / relative).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        problems.append(f"{relative}: not readable JSON ({exc})")
        return None


def _check_state(root: Path, problems: list[str]) -> None:
    state = _json(root, ".assistant/state.json", problems)
    if not isinstance(state, dict):
        return
    if not isinstance(state.get("schemaVersion"), int) or state["schemaVersion"] < 4:
        problems.append("state.json: schemaVersion is below 4 (CodePilot would migrate it)")
    for key, kind in (("onboardingComplete", bool), ("dailyCheckInEnabled", bool)):
        if not isinstance(state.get(key), kind):
            problems.append(f"state.json: {key} is not a {kind.__name__}")
    last = state.get("lastCheckInDate")
    if last is not None and not (isinstance(last, str) and len(last) == 10):
        problems.append("state.json: lastCheckInDate is not YYYY-MM-DD")
    if state.get("hookTriggeredSessionId") != "sess-42":
        problems.append("state.json: CodePilot's hookTriggeredSessionId was lost")


def _check_config(root: Path, problems: list[str]) -> None:
    config = _json(root, ".assistant/config.json", problems)
    if not isinstance(config, dict):
        return
    archive, index = config.get("archivePolicy", {}), config.get("index", {})
    if not isinstance(archive.get("dailyMemoryRetentionDays"), int):
        problems.append("config.json: archivePolicy.dailyMemoryRetentionDays is missing")
    if not isinstance(index.get("maxFileSizeKB"), int):
        problems.append("config.json: index.maxFileSizeKB is missing")
    if not isinstance(index.get("includeExtensions"), list):
        problems.append("config.json: index.includeExtensions is missing")
    for section, key in (("archivePolicy", "dailyMemoryDays"), ("index", "maxFileSize"),
                         ("index", "extensions")):  # fmt: skip
        if key in config.get(section, {}):
            problems.append(f"config.json: {section}.{key} is a key CodePilot never reads")
    if config.get("customFlag") != "kept":
        problems.append("config.json: an unknown key was dropped")
    if not isinstance(config.get("ignore"), list):
        problems.append("config.json: ignore is not a list")


def _check_taxonomy(root: Path, problems: list[str]) -> None:
    taxonomy = _json(root, ".assistant/taxonomy.json", problems)
    if not isinstance(taxonomy, dict):
        return
    if taxonomy.get("evolutionRules") != EVOLUTION_RULES:
        problems.append("taxonomy.json: evolutionRules were changed or dropped")
    for category in taxonomy.get("categories", []):
        if not (isinstance(category.get("label"), str) and category["label"]):
            problems.append(f"taxonomy.json: {category.get('id')} has no label")
        paths = category.get("paths")
        if not isinstance(paths, list) or not all(isinstance(p, str) and p.endswith("/")
                                                  for p in paths):  # fmt: skip
            problems.append(f"taxonomy.json: {category.get('id')} paths do not end in '/'")


def _check_hotset(root: Path, problems: list[str]) -> None:
    hotset = _json(root, ".assistant/index/hotset.json", problems)
    if not isinstance(hotset, dict):
        return
    if not isinstance(hotset.get("pinned"), list):
        problems.append("hotset.json: pinned is not a list")
    for item in hotset.get("frequent", []):
        if not (isinstance(item.get("path"), str) and isinstance(item.get("count"), int | float)
                and isinstance(item.get("lastAccessed"), int | float)):  # fmt: skip
            problems.append(f"hotset.json: a frequent record lacks path/count/lastAccessed: {item}")
    if not isinstance(hotset.get("lastUpdated"), int | float):
        problems.append("hotset.json: lastUpdated is missing")


def _check_index(root: Path, problems: list[str]) -> None:
    needs = {"manifest.jsonl": ("noteId", "path", "title", "aliases", "tags", "headings", "mtime",
                                "size", "hash", "summary", "categoryIds"),
             "chunks.jsonl": ("chunkId", "noteId", "path", "heading", "text", "startLine",
                              "endLine")}  # fmt: skip
    for name, fields in needs.items():
        path = root / ".assistant/index" / name
        if not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").strip().split("\n"):
            if not line:
                continue
            try:
                record = json.loads(line)  # CodePilot parses every line and drops all on error
            except ValueError:
                problems.append(f"{name}: a line is not JSON")
                continue
            missing = [f for f in fields if f not in record]
            if missing:
                problems.append(f"{name}: a record lacks {missing}")


def _check_docs_and_memory(fixture: Fixture, problems: list[str]) -> None:
    root = fixture.root
    for doc in root.rglob("*.ai.md"):
        text = doc.read_text(encoding="utf-8")
        if text.count(START) != 1 or text.count(END) != 1 or "wsnb:generated" in text:
            problems.append(f"{doc.relative_to(root)}: not exactly one CodePilot block")
    memory = _resolve(root, "memory")
    text = memory.read_text(encoding="utf-8") if memory else ""
    if not text.startswith(fixture.memory_before):
        problems.append("memory.md: was rewritten, not appended to")
    if "<!-- promoted -->" in text:
        problems.append("memory.md: the promoted marker was copied into it")
    for role in PERSONA:
        if _resolve(root, role) is None:
            problems.append(f"no {role} file under any spelling CodePilot reads")


def codepilot_problems(fixture: Fixture) -> list[str]:
    """Every way the folder now differs from what CodePilot reads as its own (empty: none)."""
    problems: list[str] = []
    for check in (_check_state, _check_config, _check_taxonomy, _check_hotset, _check_index):
        check(fixture.root, problems)
    _check_docs_and_memory(fixture, problems)
    return problems
