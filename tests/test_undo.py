"""Undo: every kind of change reversed by a plan, the undo of an undo, and the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import Bench, make_bench, snapshot, user_files, write

from wsnb.disk.trash import Trash
from wsnb.errors import StalePlanError, UndoError
from wsnb.i18n import using_language
from wsnb.plans.plan import Plan
from wsnb.types import ActionType, PlanState


def do(bench: Bench, tool: str, **params: object) -> Plan:
    plan = bench.propose(tool, **params)
    assert plan.state is PlanState.PENDING, plan.refusal
    assert plan.confirm(strong=True).success, plan.result
    return plan


def undo(bench: Bench, entry: str | int | None = None) -> Plan:
    plan = bench.book.undo(entry)
    assert plan.state is PlanState.PENDING, plan.refusal
    assert plan.undo_of is not None
    assert plan.confirm(strong=True).success, plan.result
    return plan


# -- each kind, and back again ------------------------------------------------------------


def test_undo_create_file_trashes_it_and_undo_again_brings_it_back(
    bench: Bench, root: Path
) -> None:
    created = do(bench, "create_file", path="notes/todo.md", content="milk\n")
    plan = bench.book.undo()
    assert plan.action is ActionType.TRASH and plan.state is PlanState.PENDING
    assert plan.undo_of == created.data["journal_entry"]
    assert plan.title == "Undo: Move notes/todo.md to the trash"  # words, no tool name or id
    assert "undoes: journal entry" in plan.describe()
    assert (root / "notes" / "todo.md").exists()  # an undo is a plan: nothing yet
    plan.confirm()
    assert not (root / "notes" / "todo.md").exists()

    again = undo(bench)
    assert again.action is ActionType.RESTORE
    assert (root / "notes" / "todo.md").read_bytes() == b"milk\n"


def test_undo_create_folder_while_empty(bench: Bench, root: Path) -> None:
    do(bench, "create_folder", path="empty")
    plan = bench.book.undo()
    assert plan.requires_strong_confirmation  # trashing a folder
    plan.confirm(typed_name="empty")
    assert not (root / "empty").exists()
    undo(bench)
    assert (root / "empty").is_dir()


def test_undo_write_file_restores_the_exact_bytes(bench: Bench, root: Path) -> None:
    old = "第一行\r\n第二行\r\n".encode("gbk")
    write(root, "gbk.txt", old)
    do(bench, "write_file", path="gbk.txt", content="改了\n")
    changed = (root / "gbk.txt").read_bytes()
    assert changed == "改了\r\n".encode("gbk")

    plan = undo(bench)
    assert plan.action is ActionType.WRITE_FILE
    assert (root / "gbk.txt").read_bytes() == old
    assert plan.data["backup"] and (root / plan.data["backup"]).read_bytes() == changed

    undo(bench)  # undo the undo: the change is back
    assert (root / "gbk.txt").read_bytes() == changed


def test_an_undo_is_titled_in_words_in_either_language(bench: Bench, root: Path) -> None:
    write(root, "a.txt", b"zero\n")
    do(bench, "write_file", path="a.txt", content="one\n")
    assert bench.book.undo().title == "Undo: put back the earlier version of a.txt"
    with using_language("zh_CN"):
        title = bench.book.undo().title
    assert "a.txt" in title and "Undo" not in title and "write_file" not in title


def test_undo_write_after_a_later_edit_keeps_that_edit_as_a_backup(
    bench: Bench, root: Path
) -> None:
    write(root, "a.txt", "one\n")
    do(bench, "write_file", path="a.txt", content="two\n")
    (root / "a.txt").write_bytes(b"three, by hand\n")
    plan = bench.book.undo()
    assert any("changed since" in w for w in plan.warnings)
    plan.confirm()
    assert (root / "a.txt").read_bytes() == b"one\n"
    assert (root / plan.data["backup"]).read_bytes() == b"three, by hand\n"


def test_undo_copy_trashes_the_copy_only(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "a\n")
    do(bench, "copy_file", source="a.txt", target="b.txt")
    undo(bench)
    assert not (root / "b.txt").exists() and (root / "a.txt").read_bytes() == b"a\n"


def test_undo_move_moves_back_and_undo_again_moves_again(bench: Bench, root: Path) -> None:
    write(root, "in/a.txt", "a\n")
    do(bench, "move_file", source="in/a.txt", target="out/deep/a.txt")
    plan = undo(bench)
    assert plan.action is ActionType.MOVE
    assert (root / "in" / "a.txt").read_bytes() == b"a\n"
    assert not (root / "out" / "deep" / "a.txt").exists()
    undo(bench)
    assert (root / "out" / "deep" / "a.txt").exists() and not (root / "in" / "a.txt").exists()


def test_undo_rename_of_a_folder(bench: Bench, root: Path) -> None:
    write(root, "old/x.txt")
    do(bench, "rename", path="old", new_name="new")
    plan = undo(bench)
    assert plan.action is ActionType.RENAME and plan.new_name == "old"
    assert (root / "old" / "x.txt").exists() and not (root / "new").exists()


def test_undo_trash_restores_and_undo_again_trashes(bench: Bench, root: Path) -> None:
    write(root, "keep/me.txt", "precious\n")
    before = user_files(root)
    do(bench, "trash", path="keep")
    assert not (root / "keep").exists()
    plan = undo(bench)
    assert plan.action is ActionType.RESTORE
    assert user_files(root) == before
    undo(bench)
    assert not (root / "keep").exists()


def test_undo_by_id_and_by_position(bench: Bench, root: Path) -> None:
    first = do(bench, "create_file", path="first.txt")
    do(bench, "create_file", path="second.txt")
    by_position = bench.book.undo(1)
    assert by_position.undo_of == first.data["journal_entry"]
    by_position.cancel()
    by_id = bench.book.undo(first.data["journal_entry"])
    by_id.confirm()
    assert not (root / "first.txt").exists() and (root / "second.txt").exists()


def test_history_shows_what_undid_what(bench: Bench) -> None:
    created = do(bench, "create_file", path="a.txt")
    reverse = undo(bench)
    frame = bench.book.history()
    assert frame["undo_of"].tolist()[0] == created.data["journal_entry"]
    row = frame[frame["id"] == created.data["journal_entry"]].iloc[0]
    assert row["undone_by"] == reverse.data["journal_entry"]


# -- refusals ----------------------------------------------------------------------------------


def test_a_created_file_changed_since_is_not_trashed(bench: Bench, root: Path) -> None:
    do(bench, "create_file", path="a.txt", content="mine\n")
    (root / "a.txt").write_bytes(b"edited by hand\n")
    before = snapshot(root)
    plan = bench.book.undo()
    assert plan.state is PlanState.REFUSED
    assert "changed since" in (plan.refusal or "") and "won't trash" in (plan.refusal or "")
    assert snapshot(root) == before


def test_a_created_folder_no_longer_empty_is_not_trashed(bench: Bench, root: Path) -> None:
    do(bench, "create_folder", path="box")
    write(root, "box/new.txt")
    plan = bench.book.undo()
    assert plan.state is PlanState.REFUSED and "no longer empty" in (plan.refusal or "")
    assert (root / "box" / "new.txt").exists()


def test_moving_back_onto_a_taken_place_is_refused(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "first\n")
    do(bench, "move_file", source="a.txt", target="b.txt")
    write(root, "a.txt", "someone new\n")
    before = snapshot(root)
    plan = bench.book.undo()
    assert plan.state is PlanState.REFUSED
    assert "a.txt already exists; wsnb never overwrites" in (plan.refusal or "")
    assert snapshot(root) == before


def test_restoring_onto_a_taken_place_is_refused(bench: Bench, root: Path) -> None:
    write(root, "a.txt", "old\n")
    do(bench, "trash", path="a.txt")
    write(root, "a.txt", "new\n")
    plan = bench.book.undo()
    assert plan.state is PlanState.REFUSED and "already exists" in (plan.refusal or "")
    assert (root / "a.txt").read_bytes() == b"new\n"


class UnreadableTrash(Trash):
    """The trash as wsnb meets it on macOS and Windows: it takes items, can't give them back."""

    @property
    def can_restore(self) -> bool:
        return False


def test_undo_trash_where_the_trash_cant_be_read_is_refused_saying_so(root: Path) -> None:
    bench = make_bench(root, trash=UnreadableTrash())
    write(root, "a.txt", "a\n")
    plan = bench.propose("trash", path="a.txt")
    assert any("can't bring items back" in w for w in plan.warnings)
    plan.confirm()
    assert bench.journal.entries()[-1].trashed is None
    reverse = bench.book.undo()
    assert reverse.state is PlanState.REFUSED
    assert "Restoring from the trash is not supported" in (reverse.refusal or "")
    assert "system's trash window" in (reverse.refusal or "")
    assert not (root / "a.txt").exists()


def test_a_failed_entry_cannot_be_undone(bench: Bench, root: Path) -> None:
    (root / "sub").mkdir()
    plan = bench.propose("create_file", path="sub/x.txt")
    (root / "sub").rmdir()
    assert not plan.confirm().success
    with pytest.raises(UndoError, match="failed, so it changed nothing"):
        bench.book.undo(plan.data["journal_entry"])
    with pytest.raises(UndoError, match="no change left to undo"):
        bench.book.undo()


def test_an_entry_already_undone_cannot_be_undone_again(bench: Bench) -> None:
    created = do(bench, "create_file", path="a.txt")
    reverse = undo(bench)
    with pytest.raises(UndoError, match=f"already undone by entry {reverse.data['journal_entry']}"):
        bench.book.undo(created.data["journal_entry"])


def test_opening_a_file_is_nothing_to_undo(bench: Bench, root: Path) -> None:
    write(root, "a.md")
    opened = do(bench, "open_file", path="a.md")
    with pytest.raises(UndoError, match="changed no file"):
        bench.book.undo(opened.data["journal_entry"])
    with pytest.raises(UndoError, match="no change left"):
        bench.book.undo()


def test_unknown_entries_and_positions(bench: Bench) -> None:
    with pytest.raises(UndoError, match="no change left"):
        bench.book.undo()
    do(bench, "create_file", path="a.txt")
    with pytest.raises(UndoError, match="no journal entry 'nope'"):
        bench.book.undo("nope")
    with pytest.raises(UndoError, match="position 5"):
        bench.book.undo(5)


def test_an_undo_plan_is_stale_if_things_change_before_confirming(
    bench: Bench, root: Path
) -> None:
    do(bench, "create_file", path="a.txt", content="a\n")
    plan = bench.book.undo()
    (root / "a.txt").write_bytes(b"b\n")
    with pytest.raises(StalePlanError, match="changed since the plan was made"):
        plan.confirm()
    assert (root / "a.txt").read_bytes() == b"b\n"


def test_a_second_session_can_undo_from_the_journal(root: Path) -> None:
    first = make_bench(root)
    do(first, "create_file", path="a.txt")
    later = make_bench(root)
    undo(later)
    assert not (root / "a.txt").exists()
