"""The history view: the journal as a table, Undo per entry, refreshed after plans run."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

import wsnb
from wsnb.i18n import using_language
from wsnb.plans.journal import Journal, JournalEntry, new_entry_id
from wsnb.types import PlanState
from wsnb.widgets import HistoryView, PlanCard


@pytest.fixture
def ws(root: Path) -> wsnb.Workspace:
    (root / "notes.txt").write_text("one\n", encoding="utf-8")
    return wsnb.open_workspace(root)


def _rows(view: HistoryView) -> int:
    return len(view.table.children) - 1  # one header row, then one row an entry


def _cells(view: HistoryView, row: int) -> list[str]:
    """The HTML of entry ``row``'s cells (0 = most recent), the Undo button left out."""
    return [cell.value for cell in view.table.children[row + 1].children[:3]]


def test_an_empty_journal_says_so(ws: wsnb.Workspace) -> None:
    view = ws.history_view()
    assert isinstance(view, HistoryView)
    assert _rows(view) == 0 and "no changes yet" in view.title.value
    assert view.describe() == "History: no changes yet."


def test_the_view_refreshes_after_a_plan_runs(ws: wsnb.Workspace) -> None:
    view = HistoryView(ws)
    ws.create_file("a.txt", "a\n").confirm()
    PlanCard(ws.write_file("notes.txt", "two\n")).confirm_button.click()
    assert _rows(view) == 2 and "2 changes" in view.title.value
    first_row = _cells(view, 0)
    assert "changed notes.txt" in first_row[1]  # most recent first, in words
    assert "write_file" not in " ".join(first_row)
    assert view.describe().splitlines()[1].split() == ["changed", "notes.txt", "done"]


def test_a_cancelled_plan_leaves_no_row(ws: wsnb.Workspace) -> None:
    view = HistoryView(ws)
    ws.create_file("a.txt").cancel()
    assert _rows(view) == 0


def test_undo_button_shows_the_undo_card_and_confirming_it_undoes(
    ws: wsnb.Workspace, root: Path
) -> None:
    plan = ws.write_file("notes.txt", "two\n")
    plan.confirm()
    view = ws.history_view()
    entry = plan.data["journal_entry"]
    assert (root / "notes.txt").read_text(encoding="utf-8") == "two\n"

    view.undo_buttons[entry].click()

    card = view.undo_card
    assert card is not None and view.undo_area.children == (card,)
    assert card.plan.undo_of == entry and card.plan.state is PlanState.PENDING
    assert (root / "notes.txt").read_text(encoding="utf-8") == "two\n"  # nothing yet

    card.confirm_button.click()
    assert (root / "notes.txt").read_text(encoding="utf-8") == "one\n"
    assert _rows(view) == 2
    assert view.undo_buttons[entry].disabled  # already undone
    assert f"undone by entry {view.ws.history.iloc[0]['id']}" in view.describe()


def test_a_failed_entry_has_no_undo(ws: wsnb.Workspace, root: Path) -> None:
    # A failed execution is journaled like any other (here written as the journal writes it).
    failed = JournalEntry(id=new_entry_id(), plan_id="abc123", time=datetime.now(UTC),
                          action="write_file", tool="write_file", success=False,
                          target="notes.txt", error="The disk is full.")  # fmt: skip
    Journal(root).append(failed)
    view = HistoryView(ws)
    assert _rows(view) == 1 and view.undo_buttons[failed.id].disabled
    assert "FAILED" in _cells(view, 0)[2]
    assert "failed: The disk is full." in view.describe()


def test_an_undo_that_cannot_be_made_shows_the_sentence(ws: wsnb.Workspace) -> None:
    plan = ws.create_file("a.txt", "a\n")
    plan.confirm()
    view = HistoryView(ws)
    ws.undo().confirm()  # undone elsewhere; the view learned of it
    entry = plan.data["journal_entry"]
    assert view.undo_buttons[entry].disabled
    assert view.undo(entry) is None
    assert "already undone" in view.note.value


def test_closed_view_stops_listening_and_refresh_reads_other_writers(
    ws: wsnb.Workspace, root: Path
) -> None:
    view = HistoryView(ws)
    view.close()
    ws.create_file("a.txt", "a\n").confirm()
    other = wsnb.open_workspace(root)  # another notebook on the same folder
    other.create_file("b.txt", "b\n").confirm()
    live = HistoryView(ws)
    other.create_file("c.txt", "c\n").confirm()
    assert _rows(live) == 2
    live.refresh_button.click()
    assert _rows(live) == 3


def test_limit_counts_the_rows_not_shown(ws: wsnb.Workspace) -> None:
    for name in "abc":
        ws.create_file(f"{name}.txt", name).confirm()
    view = HistoryView(ws, limit=2)
    assert _rows(view) == 2
    assert "1 older entries not shown" in view.note.value


def test_text_plain_is_the_table_and_repr_is_short(ws: wsnb.Workspace) -> None:
    ws.create_file("a.txt", "a\n").confirm()
    view = HistoryView(ws)
    bundle = view._repr_mimebundle_()
    assert bundle is not None and bundle["text/plain"] == view.describe()
    assert repr(view) == f"<HistoryView {ws.root}: 1 entries>"


def test_refresh_and_close_leave_no_widget_models_behind(ws: wsnb.Workspace) -> None:
    from ipywidgets.widgets.widget import _instances

    ws.create_file("a.txt", "a\n").confirm()
    before = set(_instances)
    view = HistoryView(ws)
    created = len(set(_instances) - before)
    view.refresh()
    view.refresh()
    assert len(set(_instances) - before) == created  # old rows closed, not piled up
    view.undo(ws.history.iloc[0]["id"])
    view.close()
    assert set(_instances) - before == set()


def test_an_undo_reads_as_what_it_put_back_in_both_languages(
    ws: wsnb.Workspace, root: Path
) -> None:
    plan = ws.write_file("notes.txt", "two\n")
    plan.confirm()
    ws.undo(plan.data["journal_entry"]).confirm()
    ws.create_file("b.txt", "b\n").confirm()
    ws.undo().confirm()
    view = HistoryView(ws)
    undo_trash, _create, undo_write, _write = (_cells(view, n) for n in range(4))
    assert "Undo: put back the earlier version of notes.txt" in undo_write[1]
    assert "Undo: moved b.txt to the trash" in undo_trash[1]
    # What a person reads: the cells without their hover titles.
    shown = re.sub(r"title='[^']*'", "", " ".join(undo_write + undo_trash))
    for internal in ("write_file", "trash_file", "(entry", *ws.history["id"]):
        assert internal not in shown, internal
    assert list(ws.history["what"][:2]) == ["Undo: moved b.txt to the trash", "created b.txt"]
    with using_language("zh_CN"):
        view.refresh()
        assert "撤销" in _cells(view, 2)[1] and "notes.txt" in _cells(view, 2)[1]
        assert "undo" not in _cells(view, 2)[1].lower()
