"""The notes workspace in its first hour: captures keep their front matter, settings stay inside,
a broken state says so, a folder that does not exist yet is created by a confirmed plan."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from notes_helpers import clock_at, initialized

from wsnb.errors import PolicyError
from wsnb.notes import open_notes
from wsnb.notes.layout import FolderStatus, inspect_folder
from wsnb.notes.markdown import note_meta

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
