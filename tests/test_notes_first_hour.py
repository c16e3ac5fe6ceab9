"""The notes workspace in its first hour: captures keep their front matter, settings stay inside,
a broken state says so, a folder that does not exist yet is created by a confirmed plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from notes_helpers import clock_at, initialized, write

from wsnb.errors import PolicyError, UsageError, WorkspaceOpenError
from wsnb.notes import open_notes
from wsnb.notes.layout import FolderStatus, inspect_folder
from wsnb.text.markdown import note_meta

FRONT = "---\ntags: [ml, reading]\naliases: [Attention paper]\n---\nThe transformer paper.\n"


def test_capture_keeps_the_front_matter_first(root: Path) -> None:
    nb = initialized(root)
    plan = nb.capture("Attention", FRONT)
    assert plan.confirm().success
    text = (root / "Inbox" / "attention.md").read_text(encoding="utf-8")
    assert text.startswith("---\ntags: [ml, reading]\n")
    assert "---\n\n# Attention\n\nThe transformer paper.\n" in text
    meta = note_meta(text, "attention.md")
    assert meta.tags == ["ml", "reading"] and meta.aliases == ["Attention paper"]
    assert meta.title == "Attention"


@pytest.mark.parametrize("folder", ["/tmp", "/tmp/notes/", "~/notes", "../elsewhere"])
@pytest.mark.parametrize("key", ["captureDefault", "archivePolicy.archiveFolder"])
def test_update_config_refuses_a_folder_outside_and_saves_nothing(
    root: Path, folder: str, key: str
) -> None:
    nb = initialized(root)
    before = (root / ".assistant/config.json").read_bytes()
    changes = ({"captureDefault": folder} if key == "captureDefault"
               else {"archivePolicy": {"archiveFolder": folder}})  # fmt: skip
    with pytest.raises(PolicyError) as caught:
        nb.update_config(changes)
    assert "relative path" in str(caught.value) or "outside" in str(caught.value)
    assert (root / ".assistant/config.json").read_bytes() == before
    assert json.loads(before).get("captureDefault") != folder


def test_a_corrupt_state_is_kept_aside_and_inspect_says_so(root: Path) -> None:
    initialized(root)
    assert open_notes(root).inspect().status is FolderStatus.EXISTING_WORKSPACE
    (root / ".assistant/state.json").write_text('{"onboardingComplete": tru', encoding="utf-8")
    seen = inspect_folder(root)
    assert seen.status is FolderStatus.PARTIAL_WORKSPACE and "can't be read" in (seen.problem or "")
    nb = open_notes(root, clock=clock_at(2026, 3, 5))
    assert not nb.state.onboarding_complete
    kept = sorted((root / ".assistant").glob("state.json.corrupt-*"))
    assert [p.read_text(encoding="utf-8") for p in kept] == ['{"onboardingComplete": tru']
    inspection = nb.inspect()
    assert inspection.status is not FolderStatus.EXISTING_WORKSPACE
    assert "kept aside as .assistant/state.json.corrupt-" in (inspection.problem or "")
    assert inspection.problem in str(inspection)
    nb.initialize().confirm()  # a new state is saved; the kept copy stays
    assert nb.inspect().status is FolderStatus.EXISTING_WORKSPACE and not nb.inspect().problem
    assert kept[0].exists()


def test_open_notes_on_a_missing_folder_creates_it_only_after_the_plan(tmp_path: Path) -> None:
    target = tmp_path / "my notes"
    nb = open_notes(target, clock=clock_at(2026, 3, 5))
    assert nb.inspect().status is FolderStatus.NOT_FOUND
    assert "initialize()" in nb.inspect().advice
    group = nb.initialize()
    assert "claude.md" in group.note and str(target) in group.note
    with pytest.raises(UsageError, match="does not exist yet"):
        nb.capture("Idea", "text")
    assert list(tmp_path.iterdir()) == []  # nothing written before the confirmation
    assert all(result.success for result in group.confirm())
    assert nb.inspect().status is FolderStatus.EXISTING_WORKSPACE
    assert (target / "soul.md").is_file() and (target / "Inbox").is_dir()
    assert not (tmp_path / ".wsnb").exists()  # the folder above is not a workspace
    assert nb.capture("Idea", "text").confirm().success


def test_a_missing_folder_in_a_missing_folder_is_still_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(WorkspaceOpenError, match="create that folder first"):
        open_notes(tmp_path / "a" / "b")


def test_the_parent_policy_has_every_field_of_the_policy(tmp_path: Path) -> None:
    from wsnb.notes.creating import _ParentPolicy
    from wsnb.policy.access import AccessPolicy
    from wsnb.types import PermissionMode

    made = _ParentPolicy(tmp_path / "new", PermissionMode.CONFIRM)
    assert set(vars(AccessPolicy(tmp_path))) <= set(vars(made))
    assert not made.check_create("other")  # only the new folder is ever created there
    assert made.check_create("new")


def test_a_folder_made_meanwhile_is_initialized_as_it_is(tmp_path: Path) -> None:
    target = tmp_path / "notes"
    nb = open_notes(target, clock=clock_at(2026, 3, 5))
    target.mkdir()
    write(target, "mine.md", "# Mine\n")
    group = nb.initialize()  # no plan to create it: the usual layout plans
    assert "soul.md" in {plan.target.relative for plan in group if plan.target}
    group.confirm()
    assert (target / "mine.md").read_text(encoding="utf-8") == "# Mine\n"
    assert nb.inspect().status is FolderStatus.EXISTING_WORKSPACE
