"""Change sets: several changes as one plan, all or none, journaled as one group, undone whole."""

from __future__ import annotations

from pathlib import Path

import pytest

import wsnb
from wsnb.disk.trash import Trash, TrashRecord
from wsnb.errors import PlanStateError, TrashError, UsageError
from wsnb.plans.steps import step_rows
from wsnb.policy.access import WsPath
from wsnb.types import ActionType, PlanState


def _disk(root: Path) -> dict[str, bytes | None]:
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
            for p in sorted(root.rglob("*")) if ".wsnb" not in p.relative_to(root).parts}


@pytest.fixture
def tree(tmp_path: Path) -> tuple[wsnb.Workspace, Path]:
    return _tree_of(tmp_path)


def _tree_of(tmp_path: Path) -> tuple[wsnb.Workspace, Path]:
    root = tmp_path / "ws"
    (root / "src").mkdir(parents=True)
    (root / "src" / "a.py").write_text("def load():\n    return 1\n")
    (root / "src" / "b.py").write_text("from a import load\nprint(load())\n")
    (root / "notes.txt").write_bytes(b"old\r\n")
    return wsnb.open_workspace(root), root


def test_a_rename_across_files_is_one_plan_with_a_step_per_change(
    tree: tuple[wsnb.Workspace, Path],
) -> None:
    ws, root = tree
    plan = ws.change_set("Rename load to read", [
        {"op": "edit", "path": "src/a.py",
         "edits": [{"old_text": "def load", "new_text": "def read"}]},
        {"op": "edit", "path": "src/b.py",
         "edits": [{"old_text": "load", "new_text": "read", "replace_all": True}]},
        {"op": "create_folder", "path": "docs"},
        {"op": "create_file", "path": "docs/rename.md", "content": "load is read now\n"},
    ])  # fmt: skip
    assert plan.action is ActionType.CHANGE_SET and plan.state is PlanState.PENDING
    assert [row["state"] for row in step_rows(plan)] == ["pending"] * 4
    assert "+def read():" in plan.describe() and "[3]" in plan.describe()
    result = plan.confirm()
    assert result.success, result.error
    assert (root / "src" / "b.py").read_text() == "from a import read\nprint(read())\n"
    assert (root / "docs" / "rename.md").read_text() == "load is read now\n"
    history = ws.history
    assert list(history["group"].head(4)) == [plan.id] * 4
    assert sorted(history["step"].head(4)) == [1, 2, 3, 4]


def test_undo_of_a_change_set_undoes_it_whole(tree: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = tree
    before = _disk(root)
    ws.change_set("Three", [
        {"op": "create_folder", "path": "docs"},
        {"op": "create_file", "path": "docs/a.md", "content": "a\n"},
        {"op": "edit", "path": "notes.txt", "edits": [["old", "new"]]},
    ]).confirm()  # fmt: skip
    assert (root / "notes.txt").read_bytes() == b"new\r\n"
    undo = ws.undo()
    assert undo.action is ActionType.CHANGE_SET and undo.title == "Undo: Three"
    assert undo.confirm().success
    assert _disk(root) == before  # the folder the set made is gone too, the file back
    with pytest.raises(wsnb.UndoError, match="already undone"):
        ws.undo(ws.history["id"].iloc[-1])  # any step of the set: the set was undone


class FullTrash(Trash):
    """The system trash when it refuses one item (the trash it goes to sits on a full disk);
    it takes the others as the real trash does."""

    def __init__(self, refuses: str) -> None:
        super().__init__()
        self.refuses = refuses

    def send(self, path: WsPath) -> TrashRecord:
        if path.relative == self.refuses:
            raise TrashError(f"Could not move {path} to the trash (No space left on device); "
                             "nothing was changed.", path=path.relative)  # fmt: skip
        return super().send(path)


def test_a_set_whose_third_step_fails_leaves_the_disk_as_it_was(tmp_path: Path) -> None:
    _ws, root = _tree_of(tmp_path)
    ws = wsnb.open_workspace(root, trash=FullTrash("src/b.py"))
    before = _disk(root)
    plan = ws.change_set("Breaks at three", [
        {"op": "edit", "path": "notes.txt", "edits": [["old", "new"]]},
        {"op": "create_file", "path": "blocker", "content": "x\n"},
        {"op": "trash", "path": "src/b.py"},  # the trash refuses it when its turn comes
    ])  # fmt: skip
    result = plan.confirm()
    assert not result.success and plan.state is PlanState.FAILED
    assert "Change 3 (Move src/b.py to the trash) failed" in result.error
    assert "were undone" in result.error
    assert _disk(root) == before
    assert [r["state"] for r in step_rows(plan)] == ["undone", "undone", "failed"]
    assert not ws.history["success"].iloc[0]


def test_a_step_that_can_never_run_on_what_the_steps_before_it_leave_is_refused_at_once(
    tree: tuple[wsnb.Workspace, Path],
) -> None:
    ws, root = tree
    before = _disk(root)
    plan = ws.change_set("Breaks at three", [
        {"op": "edit", "path": "notes.txt", "edits": [["old", "new"]]},
        {"op": "create_file", "path": "blocker", "content": "x\n"},
        {"op": "create_file", "path": "blocker/inside.md", "content": "y\n"},
    ])  # fmt: skip
    assert plan.is_refused and _disk(root) == before
    assert plan.refusal == (
        "Change 3 (Create file blocker/inside.md): blocker is a file, so blocker/inside.md "
        "can't be inside it. It was planned on the files as change 2 (Create file blocker) "
        "leaves them.")


def test_leaving_one_change_out_runs_the_others(tree: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = tree
    plan = ws.change_set("Two files", [
        {"op": "create_file", "path": "one.md", "content": "1\n"},
        {"op": "create_file", "path": "two.md", "content": "2\n"},
        {"op": "rename", "path": "notes.txt", "new_name": "notes.md"},
    ])  # fmt: skip
    plan.leave_out(2)
    assert plan.left_out == [2]
    # A file only the left-out step watches may change; the rest still runs.
    assert "left out" in plan.confirm().message
    assert (root / "one.md").exists() and not (root / "two.md").exists()
    assert (root / "notes.md").exists()
    assert [r["state"] for r in step_rows(plan)] == ["done", "left out", "done"]


def test_leaving_out_is_checked(tree: tuple[wsnb.Workspace, Path]) -> None:
    ws, _root = tree
    plan = ws.change_set("One", [{"op": "create_file", "path": "x.md", "content": ""}])
    with pytest.raises(UsageError, match="nothing to carry out"):
        plan.leave_out(1)
    with pytest.raises(UsageError, match="changes 1 to 1"):
        plan.leave_out(5)
    plan.cancel()
    with pytest.raises(PlanStateError):
        plan.put_back(1)


def test_a_refused_change_refuses_the_set_and_says_which(tree: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = tree
    (root / ".env").write_text("K=1\n")
    plan = ws.change_set("Bad", [
        {"op": "create_file", "path": "ok.md", "content": ""},
        {"op": "edit", "path": ".env", "edits": [["K=1", "K=2"]]},
    ])  # fmt: skip
    assert plan.is_refused and (plan.refusal or "").startswith("Change 2 (Edit .env):")
    twice = ws.change_set("Twice", [
        {"op": "edit", "path": "notes.txt", "edits": [["old", "a"]]},
        {"op": "rename", "path": "src/a.py", "new_name": "c.py"},
        {"op": "edit", "path": "notes.txt", "edits": [["a", "b"]]},
    ])  # fmt: skip
    assert twice.is_refused  # two changes of one file's text: one edit with two edits
    assert "Changes 1 and 3 both act on notes.txt" in (twice.refusal or "")
    unknown = ws.change_set("Unknown", [{"op": "delete", "path": "notes.txt"}])
    assert unknown.is_refused and "one of edit, write" in (unknown.refusal or "")
    assert not (root / "ok.md").exists()


def test_a_stale_step_stops_the_whole_set(tree: tuple[wsnb.Workspace, Path]) -> None:
    ws, root = tree
    plan = ws.change_set("Stale", [
        {"op": "create_file", "path": "new.md", "content": ""},
        {"op": "edit", "path": "notes.txt", "edits": [["old", "new"]]},
    ])  # fmt: skip
    (root / "notes.txt").write_bytes(b"someone else\r\n")
    with pytest.raises(wsnb.StalePlanError):
        plan.confirm()
    assert not (root / "new.md").exists()
