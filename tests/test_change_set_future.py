"""A change set planned against the tree its earlier changes leave.

Change 2 of a set meets the files as change 1 left them: a renamed file is edited at its
new name, with its text; a new file's text is edited, copied or moved; what change 1 moved
away or trashed is gone, and naming it is refused at once, naming both changes. Each card
shows its diff against that content; each change is checked against what the earlier ones
left just before it runs, the files as they are now before the first one runs; undo takes
the whole set back; the journal written ahead backs up what each write replaces. The cuts
here are real: a child process confirms and ends itself at a chosen point.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

import pytest
from crashkit import tree_hash
from helpers import TESTS, run_child, write
from test_change_sets import FullTrash

import wsnb
from wsnb.disk.trash import Trash, TrashRecord
from wsnb.errors import StalePlanError, UsageError
from wsnb.plans.journal import HISTORY_FILE
from wsnb.policy.access import WsPath
from wsnb.types import PlanState
from wsnb.widgets.changesetcard import ChangeSetCard

RENAME_THEN_EDIT = [
    {"op": "rename", "path": "app/utils.py", "new_name": "helpers.py"},
    {"op": "edit", "path": "app/helpers.py",
     "edits": [{"old_text": "def word_count", "new_text": "def count_words"}]},
]  # fmt: skip


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return wsnb.copy_sample_workspace(tmp_path / "sample")


def test_an_edit_after_a_rename_edits_the_renamed_files_text_and_undoes_whole(
        sample: Path) -> None:  # fmt: skip
    before = tree_hash(sample)
    original = (sample / "app" / "utils.py").read_text(encoding="utf-8")
    ws = wsnb.open_workspace(sample, watch=False)
    plan = ws.change_set("Rename the helpers", RENAME_THEN_EDIT)
    assert plan.state is PlanState.PENDING, plan.refusal
    rename, edit = plan.steps
    assert rename.data["after"] == [] and edit.data["after"] == [1]
    assert edit.diff is not None
    assert edit.diff.startswith("--- a/app/helpers.py\n+++ b/app/helpers.py")
    assert "-def word_count(text: str) -> int:" in edit.diff
    assert "+def count_words(text: str) -> int:" in edit.diff
    text = plan.describe()
    assert "[2] Edit app/helpers.py (on the files change 1 leaves)" in text
    # The originals are watched now; the renamed file is expected as change 1 leaves it.
    assert set(plan.data["fingerprints"]) == {"app/utils.py", "app/helpers.py"}
    expected = edit.data["expects"]["app/helpers.py"]
    assert expected["sha256"] == hashlib.sha256(original.encode("utf-8")).hexdigest()
    card = ChangeSetCard(plan)
    try:
        assert "on the files change 1 leaves" in card.step_lines[1].value
        assert "+def count_words(text: str) -&gt; int:" in card.step_lines[1].value
    finally:
        card.close()
    result = plan.confirm()
    assert result.success, result.error
    assert not (sample / "app" / "utils.py").exists()
    assert (sample / "app" / "helpers.py").read_text(encoding="utf-8") == original.replace(
        "def word_count", "def count_words")
    undo = ws.undo()
    assert [step.title for step in undo.steps] == ["Write app/helpers.py",
                                                   "Rename app/helpers.py to utils.py"]
    assert undo.warnings == []  # nothing changed since: nothing to warn of
    assert undo.confirm().success and tree_hash(sample) == before


def test_an_edit_after_a_create_edits_the_new_text_and_a_copy_copies_it(root: Path) -> None:
    before = tree_hash(root)
    ws = wsnb.open_workspace(root, watch=False)
    plan = ws.change_set("New notes", [
        {"op": "create_file", "path": "notes/new.md", "content": "one\ntwo\n"},
        {"op": "edit", "path": "notes/new.md", "edits": [["two", "three"]]},
        {"op": "copy", "source": "notes/new.md", "target": "notes/copy.md"},
        {"op": "rename", "path": "notes/copy.md", "new_name": "kept.md"},
    ])  # fmt: skip
    assert plan.state is PlanState.PENDING, plan.refusal
    create, edit, copy, _rename = plan.steps
    assert edit.diff is not None and "-two\n+three\n" in edit.diff
    assert "(10 bytes)" in copy.description  # the edited text's size, not the created one's
    # What each was planned on, through the changes before those (the copy's text: 1 and 2).
    assert [step.data["after"] for step in plan.steps] == [[], [1], [1, 2], [1, 2, 3]]
    assert create.parent_dirs == ["notes"] and copy.parent_dirs == []  # made once, by change 1
    assert plan.confirm().success
    assert (root / "notes" / "new.md").read_text() == "one\nthree\n"
    assert (root / "notes" / "kept.md").read_text() == "one\nthree\n"
    assert not (root / "notes" / "copy.md").exists()
    assert ws.undo().confirm().success and tree_hash(root) == before


def test_a_folder_renamed_is_named_by_its_new_path_and_a_path_trashed_can_be_made_anew(
        root: Path) -> None:  # fmt: skip
    write(root, "src/main.py", "def main():\n    print('hello')\n")
    write(root, "old.log", "old\n")
    before = tree_hash(root)
    ws = wsnb.open_workspace(root, watch=False)
    plan = ws.change_set("Tidy", [
        {"op": "rename", "path": "src", "new_name": "lib"},
        {"op": "edit", "path": "lib/main.py", "edits": [["hello", "hello, you"]]},
        {"op": "move", "source": "lib/main.py", "target": "app/main.py"},
        {"op": "trash", "path": "old.log"},
        {"op": "create_file", "path": "old.log", "content": "a new log\n"},
    ])  # fmt: skip
    assert plan.state is PlanState.PENDING, plan.refusal
    assert plan.confirm(strong=True).success
    assert (root / "app" / "main.py").read_text() == "def main():\n    print('hello, you')\n"
    assert (root / "lib").is_dir() and not (root / "src").exists()
    assert (root / "old.log").read_text() == "a new log\n"
    assert ws.undo().confirm(strong=True).success and tree_hash(root) == before


@pytest.mark.parametrize(("changes", "refusal"), [
    ([{"op": "rename", "path": "a.txt", "new_name": "b.txt"},
      {"op": "edit", "path": "a.txt", "edits": [["alpha", "omega"]]}],
     "Change 2 (Edit a.txt): a.txt is not there once change 1 (Rename a.txt to b.txt) ran: it "
     "is at b.txt then. Name b.txt instead, or put this change before change 1."),
    ([{"op": "rename", "path": "src", "new_name": "lib"},
      {"op": "copy", "source": "src/main.py", "target": "main.py"}],
     "Change 2 (Copy src/main.py to main.py): src/main.py is not there once change 1 (Rename "
     "src to lib) ran: it is at lib/main.py then. Name lib/main.py instead, or put this change "
     "before change 1."),
    ([{"op": "trash", "path": "src"},
      {"op": "edit", "path": "src/main.py", "edits": [["hello", "bye"]]}],
     "Change 2 (Edit src/main.py): src/main.py is not there once change 1 (Move src to the "
     "trash) ran: it goes to the trash. Put this change before change 1, or leave one out."),
    ([{"op": "create_file", "path": "x.md", "content": "x\n"},
      {"op": "create_file", "path": "x.md", "content": "y\n"}],
     "Change 2 (Create file x.md): x.md already exists; wsnb never overwrites. Choose another "
     "name, or use write_file() to change an existing file. It was planned on the files as "
     "change 1 (Create file x.md) leaves them."),
    ([{"op": "edit", "path": "a.txt", "edits": [["alpha", "omega"]]},
      {"op": "trash", "path": "a.txt"}],
     "Change 2 (Move a.txt to the trash): a.txt would go to the trash with what change 1 (Edit "
     "a.txt) writes; a change set does not trash what it writes. Leave one of the two changes "
     "out."),
    ([{"op": "rename", "path": "a.txt", "new_name": "b.txt"},
      {"op": "edit", "path": "b.txt", "edits": [["no such text", "x"]]}],
     "Change 2 (Edit b.txt): b.txt: Edit 1: old_text matched no place in the file, not even "
     "with whitespace forgiven. Read the file again and quote its text exactly. It was planned "
     "on the files as change 1 (Rename a.txt to b.txt) leaves them."),
], ids=["renamed", "inside-a-renamed-folder", "trashed", "made-twice", "trash-what-it-wrote",
        "quoted-text-not-there"])
def test_a_change_that_cant_be_made_on_what_the_earlier_ones_leave_is_refused_naming_both(
        root: Path, changes: list[dict[str, object]], refusal: str) -> None:  # fmt: skip
    write(root, "a.txt", "alpha beta\n")
    write(root, "src/main.py", "def main():\n    print('hello')\n")
    before = tree_hash(root)
    plan = wsnb.open_workspace(root, watch=False).change_set("Conflict", changes)
    assert plan.is_refused and plan.refusal == refusal
    assert tree_hash(root) == before


def test_a_change_planned_on_another_cant_be_left_out_without_it(sample: Path) -> None:
    ws = wsnb.open_workspace(sample, watch=False)
    plan = ws.change_set("Rename the helpers", [
        *RENAME_THEN_EDIT, {"op": "create_file", "path": "docs/renamed.md", "content": "x\n"}])
    with pytest.raises(UsageError, match=r"Change 2 \(Edit app/helpers.py\) is planned on the "
                                         r"files as change 1 \(Rename app/utils.py to "
                                         r"helpers.py\) leaves them"):
        plan.leave_out(1)
    assert plan.left_out == []
    plan.leave_out(2)
    plan.leave_out(1)  # the change planned on it is out already
    with pytest.raises(UsageError, match="Change 2"):
        plan.put_back(2)
    card = ChangeSetCard(plan)
    try:
        card.step_boxes[0].value = True  # ticking change 1 back in is fine
        assert plan.left_out == [2]
        card.step_boxes[0].value = False
        card.step_boxes[1].value = True  # change 2 without change 1: said in place
        assert plan.left_out == [1, 2] and "Change 2" in card.status
        assert card.step_boxes[1].value is False
    finally:
        card.close()
    plan.put_back(1)
    assert plan.confirm().success  # the rename and the new file; the edit left out
    assert (sample / "app" / "helpers.py").read_text() == (
        wsnb.copy_sample_workspace(sample.parent / "again") / "app" / "utils.py").read_text()
    assert (sample / "docs" / "renamed.md").exists()


def test_a_changed_original_still_makes_the_set_stale_before_anything_runs(
        sample: Path) -> None:  # fmt: skip
    ws = wsnb.open_workspace(sample, watch=False)
    plan = ws.change_set("Rename the helpers", RENAME_THEN_EDIT)
    write(sample, "app/utils.py", "def word_count(): pass\n")
    before = tree_hash(sample)
    with pytest.raises(StalePlanError, match=r"app/utils\.py changed since the plan was made"):
        plan.confirm()
    assert tree_hash(sample) == before and plan.state is PlanState.STALE


class EditingTrash(Trash):
    """The real trash, while someone's editor saves ``path`` at the moment an item goes to the
    trash: a change made by hand while the set runs."""

    def __init__(self, root: Path, path: str) -> None:
        super().__init__()
        self.root, self.path = root, path

    def send(self, item: WsPath) -> TrashRecord:
        record = super().send(item)
        write(self.root, self.path, "saved by hand meanwhile\n")
        return record


def test_a_path_an_earlier_change_made_is_checked_against_what_it_left_when_its_turn_comes(
        root: Path) -> None:  # fmt: skip
    write(root, "notes.txt", "old notes\n")
    write(root, "src/b.py", "b = 1\n")
    ws = wsnb.open_workspace(root, watch=False, trash=EditingTrash(root, "n.txt"))
    plan = ws.change_set("Tidy", [
        {"op": "rename", "path": "notes.txt", "new_name": "n.txt"},
        {"op": "trash", "path": "src/b.py"},
        {"op": "edit", "path": "n.txt", "edits": [["old", "new"]]},
    ])  # fmt: skip
    result = plan.confirm()
    assert not result.success and plan.state is PlanState.FAILED
    assert result.error.startswith(
        "Change 3 (Edit n.txt) failed: n.txt is not as the changes before it left it: it "
        "changed while the set ran. The 2 changes before it were undone")
    assert (root / "src" / "b.py").read_text() == "b = 1\n"
    # The hand's text stays, at the name the file had before the set.
    assert (root / "notes.txt").read_text() == "saved by hand meanwhile\n"
    assert not (root / "n.txt").exists()


def test_the_journal_written_ahead_backs_up_what_a_write_of_a_renamed_file_replaces(
        sample: Path) -> None:  # fmt: skip
    original = (sample / "app" / "utils.py").read_bytes()
    ws = wsnb.open_workspace(sample, watch=False)
    assert ws.change_set("Rename the helpers", RENAME_THEN_EDIT).confirm().success
    lines = [json.loads(line) for line in (sample / HISTORY_FILE).read_text().splitlines()]
    [begun] = [line for line in lines if line.get("phase") == "begun"]
    rename, edit = begun["steps"]
    assert rename["source"] == "app/utils.py" and rename["target"] == "app/helpers.py"
    assert rename["size"] == len(original)  # what it moves, as it is before the set
    assert edit["target"] == "app/helpers.py" and edit["backup"].startswith(".wsnb/backups/")
    assert (sample / edit["backup"]).read_bytes() == original  # made before anything changed
    new = (sample / "app" / "helpers.py").read_bytes()
    assert edit["digest"] == hashlib.sha256(new).hexdigest()


def test_a_set_that_fails_after_a_change_planned_on_another_ran_is_taken_back_whole(
        sample: Path) -> None:  # fmt: skip
    before = tree_hash(sample)
    ws = wsnb.open_workspace(sample, watch=False, trash=FullTrash("debug.log"))
    plan = ws.change_set("Breaks", [*RENAME_THEN_EDIT, {"op": "trash", "path": "debug.log"}])
    result = plan.confirm()
    assert not result.success and "The 2 changes before it were undone" in result.error
    assert tree_hash(sample) == before


# -- cut short: a child confirms and ends itself at a chosen point -----------------------------

_linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="uses os._exit")
_CUT = """
import json, os, sys
sys.path.insert(0, sys.argv[3])
import wsnb
from test_write_ahead import cut_at
cut_at(sys.argv[2])
ws = wsnb.open_workspace(sys.argv[1], watch=False)
ws.change_set("Rename the helpers", json.loads(sys.argv[4])).confirm(strong=True)
os._exit(0)
"""


def _cut(root: Path, point: str,
         changes: list[dict[str, object]] = RENAME_THEN_EDIT) -> wsnb.Workspace:  # fmt: skip
    child = run_child(_CUT, str(root), point, str(TESTS), json.dumps(changes))
    _out, err = child.communicate(timeout=120)
    assert child.returncode == 9, err
    with pytest.warns(wsnb.InterruptedWarning, match="Rename the helpers"):
        return wsnb.open_workspace(root, watch=False)


@_linux
def test_cut_after_the_rename_it_is_found_undone_exactly_or_finished(
        sample: Path, tmp_path: Path) -> None:  # fmt: skip
    before = tree_hash(sample)
    whole = wsnb.copy_sample_workspace(tmp_path / "whole")
    assert wsnb.open_workspace(whole, watch=False).change_set(
        "Rename the helpers", RENAME_THEN_EDIT).confirm().success
    ws = _cut(sample, "step:2")  # the rename ran; the edit of the renamed file did not
    [found] = ws.interrupted
    assert [s["state"] for s in found.steps] == ["ran", "not run"]
    finish = found.finish()  # planned again on the disk as it is: the file at its new name
    assert [step.title for step in finish.steps] == ["Edit app/helpers.py"]
    assert finish.confirm().success and tree_hash(sample) == tree_hash(whole)
    assert ws.undo().confirm().success and tree_hash(sample) == before


@_linux
def test_cut_after_the_rename_a_renamed_file_changed_since_is_not_finished(sample: Path) -> None:
    ws = _cut(sample, "step:2")
    write(sample, "app/helpers.py", "def word_count(text): return 0\n")  # edited by hand since
    [found] = ws.interrupted
    with pytest.raises(UsageError, match=r"Change 2 of “Rename the helpers” no longer applies: "
                                         r"app/helpers\.py changed since the set was confirmed"):
        found.finish()
    assert found.undo().confirm().success  # the rename taken back; the hand's text kept
    assert (sample / "app" / "utils.py").read_text() == "def word_count(text): return 0\n"


@_linux
def test_cut_after_the_edit_of_the_renamed_file_its_backup_brings_it_back(
        sample: Path) -> None:  # fmt: skip
    before = tree_hash(sample)
    ws = _cut(sample, "after:2")  # both ran; the edit's line was never written
    [found] = ws.interrupted
    assert [s["state"] for s in found.steps] == ["ran", "ran"]
    assert found.undo().confirm().success and tree_hash(sample) == before


@_linux
@pytest.mark.parametrize("changes", [
    [{"op": "trash", "path": "debug.log"},
     {"op": "create_file", "path": "debug.log", "content": "a new log\n"}],
    [{"op": "rename", "path": "README.md", "new_name": "READ.md"},
     {"op": "rename", "path": "READ.md", "new_name": "README.md"}],
], ids=["trashed-then-made-anew", "renamed-and-back"])
def test_a_change_the_next_one_undid_on_disk_is_found_ran_when_that_one_ran(
        sample: Path, changes: list[dict[str, object]]) -> None:  # fmt: skip
    """The disk after change 2 looks like change 1 never ran; it did, and both are undone."""
    before = tree_hash(sample)
    ws = _cut(sample, "after:2", changes)  # both ran; change 2's line was never written
    [found] = ws.interrupted
    assert [s["state"] for s in found.steps] == ["ran", "ran"]
    assert found.undo().confirm(strong=True).success and tree_hash(sample) == before
