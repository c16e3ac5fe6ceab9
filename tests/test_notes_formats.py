"""Both tools' spellings read, CodePilot's written: config, markers, taxonomy, hotset, state."""

from __future__ import annotations

import json
import time
from pathlib import Path

from notes_helpers import initialized, write

from wsnb.notes import FolderStatus, open_notes
from wsnb.notes.config import NotesConfig
from wsnb.notes.docs import END, START, merge_generated
from wsnb.notes.layout import find_persona
from wsnb.notes.state import WorkspaceState
from wsnb.notes.taxonomy import Taxonomy


def test_every_persona_spelling_codepilot_reads(root: Path) -> None:
    for name in ("Claude.md", "Soul.md", "User.md", "Memory.md"):
        write(root, name, f"# {name}\n\ntext of {name}\n")
    write(root, ".assistant/state.json", "{}")
    assert find_persona(root, "soul") == "Soul.md"
    nb = open_notes(root)
    assert nb.inspect().status is FolderStatus.EXISTING_WORKSPACE
    assert len(nb.initialize()) == 2  # only Inbox and memory/daily: no second soul.md
    assert "text of Soul.md" in str(nb.prompt("x", order=("soul",)))


def test_config_reads_both_spellings_and_writes_codepilots(root: Path) -> None:
    old = {"archivePolicy": {"dailyMemoryDays": 3}, "index": {"maxFileSize": 2048,
           "extensions": ["md"]}, "someoneElses": {"a": 1}}  # fmt: skip
    write(root, ".assistant/config.json", json.dumps(old))
    nb = initialized(root)
    config = nb.config
    assert config.daily_memory_days == 3 and config.index.max_file_size == 2048
    assert config.index.extensions == (".md",)
    nb.update_config({"captureDefault": "Inbox"})
    saved = json.loads((root / ".assistant/config.json").read_text(encoding="utf-8"))
    assert saved["archivePolicy"]["dailyMemoryRetentionDays"] == 3
    assert saved["index"]["maxFileSizeKB"] == 2 and saved["index"]["includeExtensions"] == ["md"]
    assert "dailyMemoryDays" not in saved["archivePolicy"] and "maxFileSize" not in saved["index"]
    assert saved["someoneElses"] == {"a": 1} and saved["organizationStyle"] == "mixed"
    both = NotesConfig.from_file_data({"archivePolicy": {"dailyMemoryDays": 9,
                                                         "dailyMemoryRetentionDays": 4}})
    assert both.daily_memory_days == 4  # CodePilot's key wins: it is the one CodePilot edits


def test_generated_blocks_of_both_tools_are_replaced_by_codepilots() -> None:
    old = "mine\n<!-- wsnb:generated:start -->\nold\n<!-- wsnb:generated:end -->\nafter\n"
    assert merge_generated(old, "new") == f"mine\n{START}\nnew\n{END}\nafter\n"
    theirs = f"top\n{START}\n# Workspace Overview\n{END}\n"
    assert merge_generated(theirs, "new") == f"top\n{START}\nnew\n{END}\n"
    assert merge_generated("no block\n", "new") == f"no block\n\n{START}\nnew\n{END}\n"


def test_taxonomy_keeps_labels_rules_and_unknown_fields() -> None:
    data = {"version": 1, "evolutionRules": {"allowAutoArchive": True}, "owner": "x",
            "categories": [{"id": "p", "label": "Projects", "paths": ["Projects/"],
                            "role": "project", "confidence": 0.9, "source": "learned",
                            "createdBy": "system"}]}  # fmt: skip
    taxonomy = Taxonomy.from_json(data)
    first_category = taxonomy.categories[0]
    assert first_category.name == "Projects" and first_category.paths == ["Projects"]
    again = Taxonomy.infer(["Projects", "Notes"], taxonomy.categories, taxonomy.extra)
    from datetime import datetime

    saved = again.to_json(datetime(2026, 3, 5))
    assert saved["evolutionRules"] == {"allowAutoArchive": True} and saved["owner"] == "x"
    first = saved["categories"][0]
    assert first["label"] == "Projects" and first["paths"] == ["Projects/"]
    assert first["createdBy"] == "system" and first["source"] == "learned"
    assert {c["label"] for c in saved["categories"]} == {"Projects", "Notes"}
    gone = Taxonomy.infer(["Notes"], taxonomy.categories)  # a learned folder that went away
    assert [c.name for c in gone.categories] == ["Notes"]


def test_hotset_reads_last_accessed_and_writes_codepilots_shape(root: Path) -> None:
    write(root, "a.md", "# A\n")
    write(root, "b.md", "# B\n")
    now_ms = time.time() * 1000
    write(root, ".assistant/index/hotset.json", json.dumps({
        "pinned": [], "lastUpdated": now_ms, "extra": 1, "frequent": [
            {"path": "a.md", "count": 8, "lastAccessed": now_ms},
            {"path": "b.md", "count": 8, "lastAccessed": now_ms - 28 * 86_400_000}]}))  # fmt: skip
    nb = initialized(root)
    uses = nb.hotset.set_index("path")["uses"]
    assert 7.9 < uses["a.md"] <= 8 and 1.9 < uses["b.md"] < 2.1  # two half-lives: a quarter
    nb.pin("b.md")
    saved = json.loads((root / ".assistant/index/hotset.json").read_text())
    assert saved["pinned"] == ["b.md"] and saved["extra"] == 1
    assert isinstance(saved["lastUpdated"], int)
    record = next(r for r in saved["frequent"] if r["path"] == "a.md")
    assert abs(record["lastAccessed"] - now_ms) < 2_000 and "lastUsed" not in record


def test_state_versions_are_never_downgraded() -> None:
    newer = {"schemaVersion": 7, "onboardingComplete": True, "lastCheckInDate": "2026-03-01",
             "dailyCheckInEnabled": True, "futureField": [1]}  # fmt: skip
    state = WorkspaceState.from_json(newer)
    assert state.to_json() == newer and state.migrated_from == []
    v3 = WorkspaceState.from_json({"schemaVersion": 3, "onboardingComplete": True,
                                   "lastCheckInDate": "2026-03-01"})  # fmt: skip
    assert v3.schema_version == 4 and v3.migrated_from == [3] and not v3.daily_check_in_enabled
    kept = WorkspaceState.from_json({"schemaVersion": 3, "dailyCheckInEnabled": True})
    assert kept.daily_check_in_enabled  # set already: the migration keeps it


def test_taxonomy_suggestions_and_docs_scan_the_folder_once(root: Path) -> None:
    write(root, "Projects/a.md", "# A\n")
    nb = initialized(root)
    scans = []
    original = nb.workspace.scan

    def counting(*args: object, **kwargs: object) -> object:
        scans.append(1)
        return original()

    nb.workspace.scan = counting  # type: ignore[method-assign]
    for call in (lambda: nb.taxonomy, nb.suggest_categories, nb.generate_docs):
        scans.clear()
        call()
        assert len(scans) == 1


def test_notes_speak_chinese_when_asked(root: Path) -> None:
    from wsnb.i18n import using_language

    write(root, "soul.md", "# Soul\n\nMine.\n")
    nb = initialized(root)
    with using_language("zh"):
        group = nb.onboard({})
        assert "soul.md 保留原有内容" in group.note and "个计划" in group.describe()
