"""config.json merged over defaults, state.json migrated and saved, the local-date check-in."""

from __future__ import annotations

import json
import os
from datetime import UTC, date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from notes_helpers import clock_at, codepilot_v1, initialized, write

from wsnb.errors import UsageError
from wsnb.notes import FolderStatus, open_notes
from wsnb.notes.config import DEFAULT_CONFIG, NotesConfig, deep_merge, parse_style
from wsnb.notes.state import WorkspaceState


def test_defaults() -> None:
    config = NotesConfig.from_file_data(None)
    assert config.organisation_style == "mixed" and config.capture_folder == "Inbox"
    assert config.daily_memory_days == 30
    index = config.index
    assert (index.max_file_size, index.chunk_size, index.chunk_overlap, index.max_depth) == (
        512 * 1024, 1200, 150, 8)  # fmt: skip
    assert index.extensions == (".md", ".txt", ".markdown")
    assert {".obsidian/**", ".trash/**", "node_modules/**", ".git/**", "**/*.png",
            "**/*.mp4"} <= set(config.ignore)  # fmt: skip


def test_objects_merge_and_arrays_replace() -> None:
    merged = deep_merge(DEFAULT_CONFIG, {"index": {"chunkSize": 800}, "ignore": ["drafts/**"]})
    assert merged["index"]["chunkSize"] == 800 and merged["index"]["chunkOverlap"] == 150
    assert merged["ignore"] == ["drafts/**"]
    assert DEFAULT_CONFIG["index"]["chunkSize"] == 1200  # the defaults are not touched


def test_config_file_is_merged_and_bad_values_fall_back(root: Path) -> None:
    write(root, ".assistant/config.json", json.dumps(
        {"organizationStyle": "time", "archivePolicy": {"dailyMemoryDays": 14},
         "index": {"chunkSize": "big", "extensions": ["md", ".TXT"]}, "extra": 1}))  # fmt: skip
    config = open_notes(root).config
    assert config.organisation_style == "time" and config.daily_memory_days == 14
    assert config.promote_after_days == 7
    assert config.index.chunk_size == 1200 and config.index.extensions == (".md", ".txt")
    assert config.data["extra"] == 1


def test_a_corrupt_config_gives_the_defaults(root: Path) -> None:
    write(root, ".assistant/config.json", "{not json")
    assert open_notes(root).config.data == DEFAULT_CONFIG


def test_update_config_saves_atomically_and_checks_the_capture_folder(root: Path) -> None:
    nb = initialized(root)
    nb.update_config({"captureDefault": "收件箱", "archivePolicy": {"dailyMemoryDays": 10}})
    saved = json.loads((root / ".assistant/config.json").read_text(encoding="utf-8"))
    assert saved["captureDefault"] == "收件箱" and saved["archivePolicy"]["promoteAfterDays"] == 7
    before = (root / ".assistant/config.json").read_bytes()
    with pytest.raises(Exception, match="outside"):
        nb.update_config({"captureDefault": "../elsewhere"})
    assert (root / ".assistant/config.json").read_bytes() == before
    assert not [p for p in (root / ".assistant").iterdir() if p.name.startswith(".wsnb-tmp")]


@pytest.mark.parametrize(("answer", "style"), [
    ("按项目", "project"), ("按时间整理", "time"), ("主题", "topic"), ("混合", "mixed"),
    ("By project", "project"), ("topic and time", "mixed"), ("時間", "time"),
])  # fmt: skip
def test_organisation_style_in_english_and_chinese(answer: str, style: str) -> None:
    assert parse_style(answer) == style


def test_an_unknown_style_is_a_clear_error() -> None:
    with pytest.raises(UsageError, match="project, time, topic"):
        parse_style("whatever")


def test_a_version_one_workspace_opens_and_is_migrated(root: Path) -> None:
    codepilot_v1(root)
    nb = open_notes(root, clock=clock_at(2026, 3, 5))
    assert nb.inspect().status is FolderStatus.EXISTING_WORKSPACE
    assert nb.state.onboarding_complete and nb.state.last_check_in == date(2026, 3, 1)
    assert nb.state.migrated_from == [1, 2, 3]
    saved = json.loads((root / ".assistant/state.json").read_text())
    assert saved["schemaVersion"] == 4 and saved["hookTriggeredSessionId"] == "abc"
    assert saved["dailyCheckInEnabled"] is False  # CodePilot's v4: check-ins are opt-in
    assert not nb.needs_check_in()
    nb.enable_check_in()
    assert nb.needs_check_in()
    assert open_notes(root).state.migrated_from == []  # saved: no second migration


def test_state_round_trip_and_unknown_input() -> None:
    state = WorkspaceState(onboarding_complete=True, last_check_in=date(2026, 1, 2))
    assert WorkspaceState.from_json(state.to_json()) == state
    assert WorkspaceState.from_json(["not", "a", "dict"]) == WorkspaceState()
    odd = WorkspaceState.from_json({"schemaVersion": 2, "lastCheckInDate": "yesterday"})
    assert odd.last_check_in is None


def test_needs_check_in_uses_the_local_date_of_the_same_clock(root: Path) -> None:
    # 23:30 UTC on 4 March is already 5 March at UTC+8: the check-in date is the local one.
    late = datetime(2026, 3, 4, 23, 30, tzinfo=UTC).astimezone(
        timezone(timedelta(hours=8)))  # fmt: skip
    nb = initialized(root, clock=lambda: late)
    assert nb.today() == date(2026, 3, 5)
    assert not nb.needs_check_in()  # onboarding not done yet
    nb.state.onboarding_complete = True
    nb.state.last_check_in = date(2026, 3, 4)
    assert not nb.needs_check_in()  # check-ins are off until turned on
    nb.state.daily_check_in_enabled = True
    assert nb.needs_check_in()
    nb.state.last_check_in = date(2026, 3, 5)
    nb.save_state()
    assert not open_notes(root, clock=lambda: late).needs_check_in()


def test_index_settings_edited_by_hand_are_followed_by_the_next_search(root: Path) -> None:
    """A search reads config.json again only when its stamp moved, and every edit moves it:
    one that changes the size, and one of the same size in place."""
    nb = initialized(root)
    write(root, "drafts/tea.md", "# Tea draft\n\ngreen tea\n")
    write(root, "kept/tea.md", "# Tea\n\ngreen tea\n")
    assert set(nb.search("tea", mode="words")["path"]) == {"drafts/tea.md", "kept/tea.md"}
    config = root / ".assistant/config.json"
    data = json.loads(config.read_text(encoding="utf-8"))
    config.write_text(json.dumps({**data, "ignore": ["drafts/**"]}), encoding="utf-8")
    assert list(nb.search("tea", mode="words")["path"]) == ["kept/tea.md"]
    before = config.stat()
    with config.open("r+b") as file:  # the same size, the same file: only its times move
        edited = file.read().replace(b"drafts/**", b"kept/**\x20\x20")
        file.seek(0)
        file.write(edited)
    os.utime(config, ns=(before.st_atime_ns, before.st_mtime_ns + 1_000_000))
    assert config.stat().st_size == before.st_size and config.stat().st_ino == before.st_ino
    assert list(nb.search("tea", mode="words")["path"]) == ["drafts/tea.md"]
    assert nb.config.ignore == ("kept/**  ",)
