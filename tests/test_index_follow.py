"""A confirmed plan (and its undo) updates the index in place: it equals a fresh scan after.

The workspaces here do not watch, so only the plan's own path is tested.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest

import wsnb
from wsnb.fileindex.index import FileIndex
from wsnb.fileindex.scanner import scan
from wsnb.plans.plan import Plan


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    (root / "pkg" / "inner").mkdir(parents=True)
    (root / "pkg" / "inner" / "a.py").write_text("x = 1\n", encoding="utf-8")
    (root / "pkg" / "b.txt").write_text("b\n", encoding="utf-8")
    (root / "pkg" / "skip.log").write_text("ignored by the sample's .gitignore?\n")
    workspace = wsnb.open_workspace(root, watch=False)
    workspace.scan()
    return workspace


def confirm_and_check(ws: wsnb.Workspace, plan: Plan) -> FileIndex:
    """Confirm ``plan``; the index must be updated in place and equal a full rescan."""
    before = ws._index
    assert before is not None
    result = plan.confirm(strong=True)
    assert result.success, result.error
    after = ws._index
    assert after is before and not after.stale  # followed in place, not dropped for a rescan
    fresh, _ = scan(ws.policy, limits=ws.limits)
    pd.testing.assert_frame_equal(after.frame.reset_index(drop=True), fresh)
    assert after.report.entries == len(fresh)
    return after


PLANS: dict[str, Callable[[wsnb.Workspace], Plan]] = {
    "create file in new folders": lambda ws: ws.create_file("notes/2026/todo.md", "# To do\n"),
    "create folder": lambda ws: ws.create_folder("pkg/new_folder"),
    "write file": lambda ws: ws.write_file("pkg/b.txt", "longer content now\n"),
    "copy": lambda ws: ws.copy("pkg/b.txt", "elsewhere/b_copy.txt"),
    "move": lambda ws: ws.move("pkg/b.txt", "moved/b.txt"),
    "rename file": lambda ws: ws.rename("pkg/b.txt", "c.txt"),
    "rename folder with children": lambda ws: ws.rename("pkg", "package"),
    "trash file": lambda ws: ws.trash("pkg/inner/a.py"),
    "trash folder": lambda ws: ws.trash("pkg"),
}


@pytest.mark.parametrize("kind", list(PLANS))
def test_each_kind_of_plan_and_its_undo_keep_the_index_equal_to_a_scan(
    ws: wsnb.Workspace, kind: str
) -> None:
    confirm_and_check(ws, PLANS[kind](ws))
    undo = ws.undo()
    assert not undo.is_refused, undo.refusal
    confirm_and_check(ws, undo)  # undo of a trash is a restore, of a create a trash


def test_the_index_shows_the_change_at_once(ws: wsnb.Workspace) -> None:
    confirm_and_check(ws, ws.rename("pkg", "package"))
    paths = set(ws.files["path"])
    assert {"package", "package/inner/a.py", "package/b.txt"} <= paths
    assert not any(p == "pkg" or p.startswith("pkg/") for p in paths)
    assert ws.find("a.py")["path"].iloc[0] == "package/inner/a.py"


def test_a_new_gitignore_re_decides_its_folder_in_place(ws: wsnb.Workspace) -> None:
    before = ws._index
    ws.create_file("pkg/.gitignore", "*.txt\n").confirm()
    assert ws._index is before and not before.stale  # its subtree read again, not a rescan
    fresh, _ = scan(ws.policy, limits=ws.limits)
    pd.testing.assert_frame_equal(ws.files.reset_index(drop=True), fresh, check_like=False)
    assert "pkg/b.txt" not in set(ws.files["path"])


def test_an_open_file_plan_changes_nothing_in_the_index(ws: wsnb.Workspace) -> None:
    before = ws._index
    assert before is not None
    ws.context.extras["spawn"] = lambda argv: None  # never start a program in a test
    plan = ws.open("pkg/b.txt")
    assert plan.action.value == "open_file"
    from wsnb.fileindex.index import plan_change

    change = plan_change(plan)
    assert not change and not change.items and not change.folders


def _rows_that_differ(old: pd.DataFrame, new: pd.DataFrame) -> tuple[bool, tuple[str, ...]]:
    """The meaning of ``changed_paths``, spelt out on whole rows (every column, both frames)."""
    from wsnb.fileindex.frames import FILE_COLUMNS

    both = pd.concat([old[list(FILE_COLUMNS)], new[list(FILE_COLUMNS)]], ignore_index=True)
    differ = both[~both.duplicated(keep=False)]
    if differ.empty:
        return False, ()
    counts = differ.groupby("path", sort=True)["is_dir"].agg(["size", "all"])
    time_only = (counts["size"] == 2) & counts["all"]
    return True, tuple(str(path) for path in counts.index[~time_only])


def test_changed_paths_means_what_whole_rows_say(tmp_path: Path) -> None:
    from wsnb.fileindex.changes import changed_paths
    from wsnb.policy.access import AccessPolicy

    root = wsnb.copy_sample_workspace(tmp_path / "sample")
    old, _report = scan(AccessPolicy(root))
    assert changed_paths(old, old.copy()) == (False, ())
    later = pd.Timedelta(seconds=5)
    edited = old.copy()
    edited.loc[edited["path"] == "src/main.cpp", "size"] += 1  # a file changed
    edited.loc[edited["path"] == "src", "modified"] += later  # its folder's time alone moved
    edited.loc[edited["path"] == "docs", "is_dir"] = False  # a folder became a file
    edited = edited[edited["path"] != "web/index.js"]  # removed
    extra = old[old["path"] == "README.md"].assign(path="README2.md", name="README2.md")
    edited = pd.concat([edited, extra], ignore_index=True)  # added
    for before, after in [(old, edited), (edited, old), (old.iloc[:0], old), (old, old.iloc[:0])]:
        assert changed_paths(before, after) == _rows_that_differ(before, after)
    assert changed_paths(old, edited)[1] == ("README2.md", "docs", "src/main.cpp", "web/index.js")
    moved = old.copy()
    moved.loc[moved["path"] == "src", "modified"] += later
    assert changed_paths(old, moved) == (True, ())  # a row differs, no path counts


def test_changed_paths_reads_only_the_path_and_the_values_a_path_does_not_decide(
        tmp_path: Path) -> None:  # fmt: skip
    """A rescan compares a few arrays, not every column of two whole frames again."""
    from wsnb.fileindex.changes import changed_paths
    from wsnb.policy.access import AccessPolicy

    frame, _report = scan(AccessPolicy(wsnb.copy_sample_workspace(tmp_path / "sample")))
    lean = frame[["path", "size", "modified", "is_dir", "is_text", "is_hidden", "is_symlink"]]
    grown = lean.copy()
    grown.loc[grown["path"] == "README.md", "size"] += 10
    assert changed_paths(lean, grown) == (True, ("README.md",))
