"""The search panel: names as you type, text on Enter, capped results, a preview of each hit."""

from __future__ import annotations

import asyncio
from pathlib import Path

from helpers import user_files

import wsnb
from wsnb.widgets.search import SearchPanel


def labels(panel: SearchPanel) -> list[str]:
    return [label for label, _row in panel.results.options]


def enter(panel: SearchPanel, text: str) -> None:
    """Type ``text`` and press Enter: the value syncs, then the box sends its submit message."""
    panel.query.value = text
    panel.query._handle_custom_msg({"event": "submit"}, [])


def test_names_mode_searches_as_you_type(ws: wsnb.Workspace) -> None:
    panel = ws.search_panel()
    assert isinstance(panel, SearchPanel)
    panel.query.value = "main"
    assert [label.split()[0] for label in labels(panel)] == ["app/main.py", "src/main.cpp"]
    assert "2 of 2 names match" in panel.summary.value
    assert panel.results.rows == 3  # the list is as tall as its results, at least 3 rows
    assert panel.frame is not None and list(panel.frame["path"]) == ["app/main.py", "src/main.cpp"]
    panel.results.value = 1
    assert "src/main.cpp" in panel.preview.value and "#include" in panel.preview.value


def test_names_mode_caps_the_list_and_says_how_many_more(tmp_path: Path) -> None:
    root = tmp_path / "many"
    root.mkdir()
    for number in range(45):
        (root / f"report_{number:02d}.txt").write_text("x\n", encoding="utf-8")
    panel = SearchPanel(wsnb.open_workspace(root))
    panel.query.value = "report"
    assert len(panel.results.options) == 30 and panel.results.rows == 12
    assert "30 of 45 names match" in panel.summary.value and "15 more" in panel.summary.value


def test_typing_is_debounced_inside_an_event_loop(ws: wsnb.Workspace) -> None:
    panel = SearchPanel(ws, debounce=0.05)

    async def type_a_word() -> None:
        for end in range(1, 6):
            panel.query.value = "widget"[:end]
        assert panel.searches == 0  # nothing ran while keys were coming
        await asyncio.sleep(0.3)

    asyncio.run(type_a_word())
    assert panel.searches == 1
    closed = SearchPanel(ws, debounce=0.05)

    async def type_then_close() -> None:
        closed.query.value = "main"
        closed.close()
        await asyncio.sleep(0.2)

    asyncio.run(type_then_close())
    assert closed.searches == 0  # the waiting search was dropped with the panel
    assert "widge" in repr(panel)
    assert any("widget.cpp" in label for label in labels(panel))


def test_text_mode_searches_on_enter_only(ws: wsnb.Workspace) -> None:
    panel = ws.search_panel()
    panel.mode.value = "text"
    assert not panel.regex.disabled and not panel.case.disabled
    panel.query.value = "max_widgets"  # typed, then the box lost focus: no search
    assert panel.searches == 0 and panel.frame is None
    assert panel.results.items == []  # no empty list before a search
    enter(panel, "max_widgets")
    assert panel.searches == 1
    assert labels(panel)[0].startswith("config/settings.json  5")
    cells = panel.results.items[0]["cells"]
    assert ["max_widgets", True] in [list(part) for part in cells[2]["parts"]]  # marked
    panel.results.value = 0
    assert "wsnb-hit" in panel.preview.value and "line 5" in panel.preview.value


def test_text_mode_regex_and_case(ws: wsnb.Workspace) -> None:
    panel = ws.search_panel()
    panel.mode.value = "text"
    panel.case.value = True
    enter(panel, "WIDGET")
    assert panel.frame is not None and panel.frame.empty
    panel.case.value = False
    panel.regex.value = True
    enter(panel, r"max_\w+")
    assert panel.frame is not None and len(panel.frame) >= 1
    assert all("max_" in text for text in panel.frame["text"])


def test_a_bad_regex_says_why_and_shows_nothing(ws: wsnb.Workspace) -> None:
    panel = ws.search_panel()
    panel.mode.value = "text"
    panel.regex.value = True
    enter(panel, "([unclosed")
    assert panel.frame is None and panel.results.options == ()
    assert "--jp-error-color1" in panel.summary.value
    assert "is not valid" in panel.summary.value


def test_text_mode_says_how_many_lines_it_did_not_show(tmp_path: Path) -> None:
    root = tmp_path / "chatty"
    root.mkdir()
    (root / "notes.txt").write_text("needle\n" * 80, encoding="utf-8")
    panel = SearchPanel(wsnb.open_workspace(root))
    panel.mode.value = "text"
    enter(panel, "needle")
    assert len(panel.results.options) == 50
    assert "30 more matching lines in 1 file not shown" in panel.summary.value
    assert panel.results.items[-1]["cells"][-1]["parts"] == [("+30 more in this file", False)]


def test_the_search_button_runs_the_same_text_again(ws: wsnb.Workspace, sample: Path) -> None:
    panel = ws.search_panel()
    panel.mode.value = "text"
    enter(panel, "vendored")
    assert panel.frame is not None and panel.frame.empty
    assert "0 matching lines" in panel.summary.value
    (sample / "notes.md").write_text("left-pad is vendored\n", encoding="utf-8")
    ws.scan()
    panel.search_button.click()
    assert panel.searches == 2
    assert labels(panel)[0].startswith("notes.md  1")
    panel.mode.value = "names"  # the button searches in names mode too
    panel.query.value = "notes"
    panel.search_button.click()
    assert panel.searches >= 3 and labels(panel)[0].startswith("notes.md")


def test_a_folder_hit_and_an_empty_box(ws: wsnb.Workspace, sample: Path) -> None:
    before = user_files(sample)
    panel = ws.search_panel()
    panel.query.value = "docs"
    rows = panel.frame
    assert rows is not None
    folder_rows = [i for i, is_dir in enumerate(rows["is_dir"]) if is_dir]
    assert folder_rows
    panel.results.value = folder_rows[0]
    assert "a folder" in panel.preview.value
    panel.query.value = "   "
    assert panel.frame is None and panel.results.options == ()
    assert user_files(sample) == before


def test_close_leaves_no_widget_models_behind(ws: wsnb.Workspace) -> None:
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    panel = ws.search_panel()
    panel.query.value = "main"
    panel.results.value = 0
    panel.close()
    assert set(_instances) - before == set()


def test_the_hit_line_is_marked_even_when_another_line_holds_its_number() -> None:
    from wsnb.widgets._html import code_block

    block = code_block("12\nx\ny\nz", first_line=9, highlight=12)
    rows = block.split("<tr")[1:]
    assert [("wsnb-hit" in row) for row in rows] == [False, False, False, True]


def test_one_big_file_does_not_starve_the_text_results(ws: wsnb.Workspace) -> None:
    panel = ws.search_panel()
    panel.mode.value = "text"
    enter(panel, "widget")
    assert panel.frame is not None and len(panel.frame) == 50
    shown = {label.split()[0] for label in labels(panel)}
    assert {"src/widget.cpp", "src/widget.h", "src/main.cpp"} <= shown  # src/ is not starved
    held = panel.frame.attrs["more_in_file"]
    total = sum(held.values())
    assert total > 0 and f"{total:,} more matching lines in" in panel.summary.value
    last_large = max(row for row, path in enumerate(panel.frame["path"])
                     if path == "data/large.txt")  # fmt: skip
    more = panel.results.items[last_large]["cells"][-1]
    assert more["kind"] == "more" and f"+{held['data/large.txt']:,} more" in more["parts"][0][0]
