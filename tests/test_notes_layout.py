"""Opening, inspecting and initializing a notes workspace; the symlinked-parent escape."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from notes_helpers import clock_at, codepilot_v1, initialized, write

import wsnb
from wsnb.errors import PolicyError, WorkspaceOpenError, WsnbError
from wsnb.notes import FolderStatus, inspect_folder, open_notes
from wsnb.notes.layout import is_generated_or_persona
from wsnb.types import PlanState


def test_open_notes_is_exported() -> None:
    assert wsnb.open_notes is open_notes


def test_inspect_statuses(tmp_path: Path) -> None:
    assert inspect_folder(tmp_path / "nope").status is FolderStatus.NOT_FOUND
    (tmp_path / "empty").mkdir()
    assert inspect_folder(tmp_path / "empty").status is FolderStatus.EMPTY
    write(tmp_path, "plain/a.md", "# A\n")
    assert inspect_folder(tmp_path / "plain").status is FolderStatus.NORMAL_DIRECTORY
    write(tmp_path, "file.txt", "x")
    seen = inspect_folder(tmp_path / "file.txt")
    assert (seen.status, seen.reason) == (FolderStatus.INVALID, "not a directory")
    write(tmp_path, "partial/.assistant/config.json", "{}")
    assert inspect_folder(tmp_path / "partial").status is FolderStatus.PARTIAL_WORKSPACE
    codepilot_v1(tmp_path / "old")
    seen = inspect_folder(tmp_path / "old")
    assert seen.status is FolderStatus.EXISTING_WORKSPACE
    assert seen.exists["claude.md"] and not seen.exists["README.ai.md"]


@pytest.mark.skipif(os.geteuid() == 0, reason="root can read and write anything")
def test_inspect_not_writable_or_readable(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o555)
    try:
        seen = inspect_folder(locked)
        assert (seen.status, seen.reason) == (FolderStatus.INVALID, "not writable")
        nb = open_notes(locked)
        assert nb.initialize().refused  # read-only: every plan refused, nothing written
    finally:
        locked.chmod(0o755)
    locked.chmod(0o000)
    try:
        assert inspect_folder(locked).reason == "not readable"
    finally:
        locked.chmod(0o755)


def test_open_missing_folder_says_what_to_do(tmp_path: Path) -> None:
    # One missing folder is created by initialize()'s plan (test_notes_first_hour.py); a chain
    # of them is an error that says what to do.
    with pytest.raises(WorkspaceOpenError, match="does not exist"):
        open_notes(tmp_path / "missing" / "deeper")


def test_initialize_creates_the_layout_as_confirmed_plans(root: Path) -> None:
    nb = open_notes(root, clock=clock_at(2026, 3, 5))
    group = nb.initialize()
    assert {p.target.relative for p in group if p.target} == {
        "claude.md", "soul.md", "user.md", "memory.md", "Inbox", "memory/daily"}  # fmt: skip
    assert not (root / "claude.md").exists() and not (root / ".assistant").exists()
    group.confirm()
    assert all(p.state is PlanState.DONE for p in group)
    assert (root / "memory/daily").is_dir() and (root / "Inbox").is_dir()
    state = json.loads((root / ".assistant/state.json").read_text())
    assert state == {"schemaVersion": 4, "onboardingComplete": False, "lastCheckInDate": None,
                     "dailyCheckInEnabled": False}  # fmt: skip
    config = json.loads((root / ".assistant/config.json").read_text())
    assert config["index"]["chunkSize"] == 1200
    assert (root / ".assistant/taxonomy.json").is_file()
    assert nb.inspect().status is FolderStatus.EXISTING_WORKSPACE
    assert len(nb.history) == 6  # journaled like any plan


def test_initialize_never_overwrites_and_accepts_other_names(root: Path) -> None:
    write(root, "AGENTS.md", "my rules\n")
    write(root, "PROFILE.md", "me\n")
    write(root, "soul.md", "mine\n")
    nb = open_notes(root)
    group = nb.initialize()
    assert [p.target.relative for p in group if p.action.value == "create_file"] == ["memory.md"]
    group.confirm()
    assert (root / "AGENTS.md").read_text() == "my rules\n"
    assert (root / "soul.md").read_text() == "mine\n"
    assert not (root / "claude.md").exists() and not (root / "user.md").exists()


def test_initialize_twice_has_nothing_to_do(root: Path) -> None:
    nb = initialized(root)
    again = nb.initialize()
    assert len(again) == 0 and "Nothing to do" in again.describe()


def test_a_refused_plan_stops_the_group_before_anything_runs(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, root / "memory")
    nb = open_notes(root)
    group = nb.initialize()
    assert group.refused
    with pytest.raises(WsnbError, match="refused"):
        group.confirm()
    assert not (root / "claude.md").exists() and list(outside.iterdir()) == []


def test_a_symlinked_parent_never_leads_outside(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    nb = initialized(root)
    (root / "Inbox").rmdir()
    os.symlink(outside, root / "Inbox")
    with pytest.raises(PolicyError, match="symbolic link"):
        nb.capture("escape", "text")
    with pytest.raises(PolicyError):
        nb.capture("escape", "text", folder="Inbox/sub")
    os.symlink(outside, root / "Linked")
    assert nb.move("claude.md", "Linked/claude.md").is_refused
    assert nb.move("claude.md", "Linked").is_refused
    assert list(outside.iterdir()) == []


def test_a_symlinked_metadata_folder_is_refused(root: Path, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    os.symlink(outside, root / ".assistant")
    nb = open_notes(root)
    with pytest.raises(PolicyError, match="symbolic link"):
        nb.save_state()
    with pytest.raises(PolicyError):
        nb.update_config({"organizationStyle": "time"})
    assert list(outside.iterdir()) == []


def test_plans_may_not_write_the_metadata_folder(root: Path) -> None:
    nb = initialized(root)
    plan = nb.workspace.create_file(".assistant/other.json", "{}")
    assert plan.is_refused and "never writes" in (plan.refusal or "")
    with pytest.raises(PolicyError):
        nb.capture("x", folder=".assistant")


def test_persona_and_generated_files_are_not_notes() -> None:
    assert is_generated_or_persona("soul.md") and is_generated_or_persona("CLAUDE.md")
    assert is_generated_or_persona("Projects/README.ai.md")
    assert not is_generated_or_persona("Projects/soul.md")
    assert not is_generated_or_persona("notes/a.md")


def test_read_only_mode_plans_nothing_and_saves_nothing(root: Path) -> None:
    nb = open_notes(root, mode="read-only")
    group = nb.initialize()
    assert group.refused and len(group.refused) == len(group)
    with pytest.raises(PolicyError, match="read-only"):
        nb.save_state()
    assert list(root.iterdir()) == []


@pytest.mark.parametrize("folder", ["/", "/etc", "/usr"])
def test_a_system_folder_is_invalid_and_never_listed(folder: str) -> None:
    seen = inspect_folder(folder)
    assert seen.status is FolderStatus.INVALID
    assert seen.reason == "a system folder, or one too broad to be a workspace"
    assert seen.entries == 0 and seen.exists == {}
