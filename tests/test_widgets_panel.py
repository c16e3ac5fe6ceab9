"""The workspace panel: one state shared with the notebook's cells, driven by clicks."""

from __future__ import annotations

import html
import sys
from pathlib import Path

import pandas as pd
import pytest

import wsnb
from wsnb.types import PlanState
from wsnb.widgets import WorkspacePanel
from wsnb.widgets.card import PlanCard
from wsnb.widgets.explorer import FileRow, FolderNode
from wsnb.widgets.overview import CHARTS_HINT
from wsnb.widgets.panel import DOCK_HINT, TAB_NAMES
from wsnb.widgets.plansview import RECENT_OUTCOMES
from wsnb.widgets.status import Event, StatusLine, language_of, sentence
from wsnb.widgets.table import SortableTable


@pytest.fixture
def panel(ws: wsnb.Workspace) -> WorkspacePanel:
    return ws.panel()


def shown_names(node: FolderNode) -> list[str]:
    return [row.button.description for row in node.entries.children
            if isinstance(row, (FolderNode, FileRow))]  # fmt: skip


# -- composition ---------------------------------------------------------------------------


def test_the_panel_composes_the_existing_views(ws: wsnb.Workspace, panel: WorkspacePanel) -> None:
    assert isinstance(panel, WorkspacePanel)
    assert tuple(panel.tabs.titles) == TAB_NAMES
    kinds = [type(v).__name__ for v in panel.tabs.children]
    assert kinds == ["Explorer", "SearchPanel", "ChatView", "PlansView", "HistoryView",
                     "OverviewView"]  # fmt: skip
    assert panel.explorer.ws is ws and panel.history.ws is ws and panel.chat.workspace is ws
    assert str(ws.root) in panel.title.value and "confirm-before-write" in panel.title.value
    report = ws.scan_report
    assert f"{report.files} files, {report.dirs} folders" in panel.scan_info.value
    assert panel.status.text == "Workspace opened."
    text = panel.describe()
    assert text.splitlines()[0] == f"Workspace panel: {ws.root} (confirm-before-write)"
    assert "Plans: 0 waiting" in text and "Status: Workspace opened." in text
    assert repr(panel) == f"<WorkspacePanel {ws.root}: 0 plans waiting>"


def test_the_panel_says_itself_in_chinese(ws: wsnb.Workspace) -> None:
    from english import english_sentences

    from wsnb.i18n import using_language

    with using_language("zh"):
        text = ws.panel().describe()
    words = text.replace(str(ws.root), "")  # the root is a path, not a sentence
    assert text.startswith("工作区面板：") and "扫描：" in text, text
    assert english_sentences([words]) == [], text


def test_show_brings_a_tab_forward_and_refuses_an_unknown_one(panel: WorkspacePanel) -> None:
    assert panel.show("History") is panel.history
    assert panel.tabs.selected_index == TAB_NAMES.index("History")
    with pytest.raises(wsnb.UsageError, match="no tab 'Nope'"):
        panel.show("Nope")


# -- one state with the cells ------------------------------------------------------------


def test_a_plan_made_in_code_appears_in_the_plans_tab_at_once(
    ws: wsnb.Workspace, panel: WorkspacePanel
) -> None:
    first = ws.create_file("notes/one.md", "1\n")
    second = ws.create_folder("drafts")
    assert panel.plans.pending == [second, first]  # newest first
    assert panel.plans.card(first).plan is first
    assert panel.tabs.titles[TAB_NAMES.index("Plans")] == "Plans (2)"
    assert panel.status.text == "2 plans need your confirmation."
    assert "  waiting: Create file notes/one.md" in panel.describe()
    first.confirm()  # "Done." never hides the plan that still waits
    assert panel.status.text == "Done. 1 plan still needs your confirmation."


def test_plans_waiting_before_the_panel_opened_are_shown(ws: wsnb.Workspace) -> None:
    waiting = ws.create_file("a.txt", "a\n")
    decided = ws.create_file("b.txt", "b\n")
    decided.cancel()
    panel = ws.panel()
    assert panel.plans.pending == [waiting]
    assert decided.id not in panel.plans.cards  # an old outcome: the view starts clean
    assert panel.status.text == "A plan needs your confirmation."


def test_confirm_in_the_panel_updates_the_cells_card_the_explorer_and_the_disk(
    ws: wsnb.Workspace, panel: WorkspacePanel, sample: Path
) -> None:
    plan = ws.create_file("docs/new-page.md", "# New\n")
    cell_card = PlanCard(plan)  # the card the cell showed
    panel.explorer.expand("docs")
    assert "new-page.md" not in shown_names(panel.explorer.node("docs"))
    before = ws.scan_report.files
    panel.plans.card(plan).confirm_button.click()
    assert (sample / "docs" / "new-page.md").read_text(encoding="utf-8") == "# New\n"
    assert plan.state is PlanState.DONE
    assert cell_card.status.startswith("✓") and cell_card.confirm_button.disabled
    assert "new-page.md" in shown_names(panel.explorer.node("docs"))  # no manual rescan
    assert f"{before + 1} files" in panel.scan_info.value
    assert panel.plans.pending == [] and panel.plans.outcome_cards[0].plan is plan
    assert panel.status.text == "Done."
    assert panel.tabs.titles[TAB_NAMES.index("Plans")] == "Plans"
    assert "created docs/new-page.md" in panel.history.describe()


def test_confirm_in_the_cell_moves_the_plan_to_the_outcomes(
    ws: wsnb.Workspace, panel: WorkspacePanel, sample: Path
) -> None:
    plan = ws.create_file("notes.txt", "hello\n")
    PlanCard(plan).confirm_button.click()
    assert (sample / "notes.txt").exists()
    panel_card = panel.plans.card(plan)
    assert panel_card in panel.plans.outcome_cards and panel_card.confirm_button.disabled
    assert panel_card.status == PlanCard(plan).status
    assert "notes.txt" in shown_names(panel.explorer.root_node)


def test_cancel_and_refusal_are_said_on_the_status_line(ws: wsnb.Workspace,
                                                        panel: WorkspacePanel) -> None:  # fmt: skip
    plan = ws.create_file("c.txt", "c\n")
    panel.plans.card(plan).cancel_button.click()
    assert panel.status.text == "Cancelled; nothing was changed."
    refused = ws.create_file(".env", "SECRET=1\n")
    assert refused.state is PlanState.REFUSED
    assert panel.status.text == "The plan was refused; nothing was changed."
    assert panel.plans.card(refused) in panel.plans.outcome_cards


def test_only_the_last_outcomes_stay_and_older_cards_are_closed(
    ws: wsnb.Workspace, panel: WorkspacePanel
) -> None:
    plans = [ws.create_file(f"f{i}.txt", f"{i}\n") for i in range(RECENT_OUTCOMES + 2)]
    first_card = panel.plans.card(plans[0])
    for plan in plans:
        plan.cancel()
    assert [c.plan for c in panel.plans.outcome_cards] == plans[::-1][:RECENT_OUTCOMES]
    assert plans[0].id not in panel.plans.cards
    assert first_card.comm is None  # closed, not left alive in the kernel


def test_undo_from_the_history_tab(ws: wsnb.Workspace, panel: WorkspacePanel,
                                   sample: Path) -> None:  # fmt: skip
    ws.create_file("undo-me.txt", "x\n").confirm()
    entry = str(ws.history.iloc[0]["id"])
    card = panel.history.undo(entry)
    assert card is not None and card.plan.undo_of == entry
    assert card.plan in panel.plans.pending  # the undo plan is a plan like any other
    assert panel.status.text == "A plan needs your confirmation."
    card.confirm_button.click()
    assert not (sample / "undo-me.txt").exists()
    assert panel.plans.card(card.plan).plan.state is PlanState.DONE
    assert "undone by entry" in panel.history.describe()
    assert "undo-me.txt" not in shown_names(panel.explorer.root_node)


def test_a_plan_from_the_explorer_buttons_reaches_the_plans_tab(
    ws: wsnb.Workspace, panel: WorkspacePanel, sample: Path
) -> None:
    panel.explorer.select("docs")
    panel.explorer.actions["new_file"].click()
    panel.explorer.name_box.value = "from-button.md"
    panel.explorer.ok_button.click()
    plan = panel.explorer.last_plan
    assert plan is not None and panel.plans.pending == [plan]
    panel.plans.card(plan).confirm_button.click()
    assert (sample / "docs" / "from-button.md").exists()
    assert panel.explorer.cards.children[0].plan.state is PlanState.DONE


# -- the status line -----------------------------------------------------------------------


def test_the_status_line_speaks_the_language_typed_last(panel: WorkspacePanel) -> None:
    panel.search.query.value = "说明"
    panel.search.search()
    count = int(panel.search.frame["path"].nunique())  # type: ignore[index]
    assert count >= 1
    assert panel.status.text == f"找到了 {count} 个相关文件。"
    panel.search.query.value = "12"  # no words: the language stays
    panel.search.search()
    assert panel.status.text.startswith("找到了")
    panel.search.query.value = "readme"
    panel.search.search()
    found = int(panel.search.frame["path"].nunique())  # type: ignore[index]
    assert panel.status.text == ("Found 1 matching file." if found == 1
                                 else f"Found {found} matching files.")  # fmt: skip
    panel.explorer.name_box.value = "新文件.md"
    panel.rescan()
    report = panel.ws.scan_report
    assert panel.status.text == f"扫描完成：{report.files} 个文件，{report.dirs} 个文件夹。"


def test_each_sentence_is_one_short_line_in_both_languages() -> None:
    for event in Event:
        for language in ("zh", "en"):
            text = sentence(event, language, files=1200, folders=3, count=12)
            assert "\n" not in text and len(text) <= 60, text
            assert text[-1] in "。." and "{" not in text
    assert sentence(Event.FOUND, "zh", count=12) == "找到了 12 个相关文件。"
    scanned = sentence(Event.SCANNED, "en", files=1200, folders=3)
    assert scanned == "Scan done: 1,200 files, 3 folders."
    assert [language_of(t) for t in ("打开", "open the file", "a.md", "42")] == \
        ["zh", "en", None, None]  # fmt: skip


def test_the_panel_starts_in_the_language_asked_for(ws: wsnb.Workspace) -> None:
    assert ws.panel(language="zh").status.text == "已打开工作区。"
    with pytest.raises(wsnb.UsageError, match="'zh' or 'en'"):
        ws.panel(language="de")


def test_a_status_line_refuses_an_unknown_language() -> None:
    with pytest.raises(wsnb.UsageError, match="'zh' or 'en'"):
        StatusLine("fr")
    line = StatusLine("zh")
    assert line.say(Event.DONE) == "操作已完成。" and "操作已完成。" in line.value


# -- header: rescan and the workspace switcher ---------------------------------------------


def test_rescan_sees_a_file_made_outside_and_says_so(ws: wsnb.Workspace, panel: WorkspacePanel,
                                                    sample: Path) -> None:  # fmt: skip
    before = ws.scan_report.files
    (sample / "outside.txt").write_text("made by another program\n", encoding="utf-8")
    panel.rescan_button.click()
    assert f"{before + 1} files" in panel.scan_info.value
    assert "outside.txt" in shown_names(panel.explorer.root_node)
    assert panel.status.text == f"Scan done: {before + 1} files, {ws.scan_report.dirs} folders."


def test_the_switcher_opens_another_workspace_and_forgets_the_old_one(
    ws: wsnb.Workspace, panel: WorkspacePanel, tmp_path: Path
) -> None:
    other = wsnb.copy_sample_workspace(tmp_path / "other")
    panel.switch_button.value = True
    assert panel.picker is not None and panel.picker_box.layout.display == ""
    panel.picker.path_box.value = str(other)
    opened = panel.picker.pick()
    assert opened is not None and panel.ws is opened and opened.root == other.resolve()
    assert panel.explorer.ws is opened and panel.plans.ws is opened
    assert panel.picker_box.layout.display == "none"
    assert panel.status.text == "Workspace opened."
    ws.create_file("old.txt", "old\n")  # a plan in the old workspace
    assert panel.plans.pending == []
    assert len(ws._book._listeners) == 0 and len(ws._book._new_plan_listeners) == 0


# -- overview, tables, docking, closing ----------------------------------------------------


def test_the_overview_is_built_when_shown_with_charts_and_tables(
    ws: wsnb.Workspace, panel: WorkspacePanel
) -> None:
    assert panel.overview.summary is None  # nothing computed until the tab is opened
    panel.show("Overview")
    summary = panel.overview.summary
    assert summary is not None and summary.files == ws.scan_report.files
    assert len(panel.overview.charts) == 2
    # Inline SVG painted with the theme's variables: the charts follow light and dark themes.
    assert all(c.value.startswith("<svg") and "var(--jp-ui-font-color1)" in c.value
               and "var(--jp-brand-color1)" in c.value for c in panel.overview.charts)
    assert set(panel.overview.tables) == {"Languages", "Top folders", "Key files",
                                          "Entry points", "All files"}  # fmt: skip
    every = panel.overview.tables["All files"]
    assert list(every.shown["size"]) == sorted(every.frame["size"], reverse=True)
    ws.create_file("new.txt", "new\n").confirm()  # the open tab follows the change
    assert "new.txt" in set(panel.overview.tables["All files"].frame["path"])
    assert panel.overview.summary is not summary


def test_without_matplotlib_the_overview_shows_tables_alone(
    panel: WorkspacePanel, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if it were not installed
    panel.show("Overview")
    assert panel.overview.charts == []
    assert html.escape(CHARTS_HINT) in panel.overview.chart_box.children[0].value
    assert "Languages" in panel.overview.tables


def test_a_sortable_table_sorts_its_view_and_keeps_the_data() -> None:
    frame = pd.DataFrame({"path": ["b", "a", "c"], "size": [10, 3000, 20]})
    table = SortableTable(frame, max_rows=2)
    assert list(table.shown["path"]) == ["b", "a", "c"]
    table.sort_menu.value = "size"
    table.order_button.value = True
    assert list(table.shown["path"]) == ["a", "c", "b"]
    assert "2.9 KiB" in table.body.value and "1 more rows" in table.note.value
    assert list(table.sort("path")["path"]) == ["a", "b", "c"]
    assert list(frame["path"]) == ["b", "a", "c"]  # the DataFrame itself is untouched


def test_dock_uses_sidecar_and_the_cell_says_where_the_panel_went(ws: wsnb.Workspace) -> None:
    pytest.importorskip("sidecar")
    panel = ws.panel(dock=True)
    assert panel.docked and panel.sidecar is not None
    shown = panel.sidecar.outputs[0]["data"]["application/vnd.jupyter.widget-view+json"]
    assert shown["model_id"] == panel.model_id
    bundle = panel._repr_mimebundle_()
    assert bundle is not None and set(bundle) == {"text/plain"}
    assert "Docked in JupyterLab's side area." in bundle["text/plain"]
    panel.close()
    assert panel.sidecar.comm is None
    beside = ws.panel()
    assert beside.dock(anchor="split-right") and beside.sidecar is not None
    assert beside.sidecar.anchor == "split-right"
    with pytest.raises(wsnb.UsageError, match="anchor must be one of"):
        beside.dock(anchor="left")


def test_dock_without_sidecar_stays_inline_with_a_one_line_note(
    ws: wsnb.Workspace, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sidecar", None)  # as if it were not installed
    panel = ws.panel(dock=True)
    assert not panel.docked and panel.sidecar is None
    assert html.escape(DOCK_HINT) in panel.dock_note.value and "\n" not in DOCK_HINT
    bundle = panel._repr_mimebundle_()
    assert bundle is not None and "application/vnd.jupyter.widget-view+json" in bundle


def test_close_stops_listening_and_closes_the_models(ws: wsnb.Workspace) -> None:
    panel = ws.panel()
    plan = ws.create_file("x.txt", "x\n")
    card = panel.plans.card(plan)
    panel.close()
    panel.close()  # twice is harmless (ipywidgets closes again on collection)
    assert card.comm is None and panel.comm is None and panel.explorer.comm is None
    assert len(ws._book._listeners) == 0 and len(ws._book._new_plan_listeners) == 0
    assert len(plan._listeners) == 0
    ws.create_file("y.txt", "y\n")  # no error from a closed view


def test_subscribe_new_hears_every_plan_made_and_stops_when_told(ws: wsnb.Workspace) -> None:
    heard: list[tuple[str, PlanState]] = []
    stop = ws.subscribe_new(lambda plan: heard.append((plan.title, plan.state)))
    made = ws.create_file("n.txt", "n\n")
    ws.create_file(".env", "KEY=1\n")  # refused, but made: a view shows why
    made.confirm()
    undo = ws.undo()
    assert heard == [
        ("Create file n.txt", PlanState.PENDING),
        ("Create file .env", PlanState.REFUSED),
        (undo.title, PlanState.PENDING),
    ]
    stop()
    ws.create_file("m.txt", "m\n")
    assert len(heard) == 3


def test_chat_in_the_panel_its_plans_and_the_language_of_the_message(
    ws: wsnb.Workspace, panel: WorkspacePanel, sample: Path
) -> None:
    assert panel.show("Chat") is panel.chat
    reply = panel.chat.send("搜索 README")
    assert reply is not None and reply.table is not None
    count = int(reply.table["path"].nunique())
    assert panel.status.text == f"找到了 {count} 个相关文件。"
    reply = panel.chat.send("create a file notes/from-chat.md")
    assert reply is not None and len(reply.plans) == 1
    plan = reply.plans[0]
    assert panel.plans.pending == [plan]  # the agent's plan is in the Plans tab too
    assert panel.status.text == "A plan needs your confirmation."
    panel.plans.card(plan).confirm_button.click()
    assert (sample / "notes" / "from-chat.md").exists()
    assert panel.chat.replies[-1].cards[0].plan.state is PlanState.DONE  # the chat's card agrees
    assert panel.status.text == "Done."
    panel.chat.send("你好")
    assert panel.status.text == "已回答。"


def test_the_panel_follows_a_change_without_a_rescan(
    ws: wsnb.Workspace, panel: WorkspacePanel
) -> None:
    scanned = ws.scan_report
    panel.show("Overview")
    ws.create_file("src/added.cpp", "int added() { return 1; }\n").confirm()
    after = ws.scan_report
    assert after.elapsed == scanned.elapsed  # the index followed the change in place
    assert after.files == scanned.files + 1
    assert f"{after.files} files" in panel.scan_info.value
    assert "src/added.cpp" in set(panel.overview.tables["All files"].frame["path"])


def test_a_confirmed_plan_never_makes_the_header_rescan(sample: Path) -> None:
    from wsnb import ScanLimits

    cut = wsnb.open_workspace(sample, limits=ScanLimits(max_files=5))  # can't follow changes
    panel = cut.panel()
    try:
        before = panel.scan_info.value
        scans: list[int] = []
        original = cut.scan
        cut.scan = lambda progress=None: scans.append(1) or original(progress)  # type: ignore[method-assign]
        cut.create_file("from-test.md", "x\n").confirm()
        assert scans == []  # the index was dropped, yet the header kept its counts
        assert cut.last_scan is None and panel.scan_info.value == before
    finally:
        panel.close()


def test_the_overview_bars_stay_visible_beside_one_big_one() -> None:
    """One 600 KiB folder beside folders of a few hundred bytes: every bar can be seen,
    and its label still says its real size."""
    import re

    pytest.importorskip("matplotlib")
    from wsnb.widgets.overview import chart_svg

    frame = pd.DataFrame({"folder": ["data", "src", "docs"], "bytes": [614_400, 990, 300]})
    svg = chart_svg(frame, "folder", "bytes", "Largest folders")
    widths = []
    for path in re.findall(r'<g id="patch_\d+">\s*<path d="([^"]+)"', svg)[2:5]:  # the bars
        xs = [float(x) for x in re.findall(r"([\d.]+) [\d.]+", path)]
        widths.append(max(xs) - min(xs))
    assert len(widths) == 3 and min(widths) >= 0.02 * max(widths) and min(widths) >= 1.5
    assert "300 bytes" in svg and "990 bytes" in svg and "600.0 KiB" in svg
