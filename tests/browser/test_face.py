"""The face at JupyterLab's standard, checked in real JupyterLab + Chromium, in both themes.

One notebook shows the chat, the explorer, the search panel, the panel, and the panel at the
dock's width (230 px) and at 900 px. The tests type and click as a person does and measure
what a person sees: Enter versus leaving the chat's box, the contrast of selected and
highlighted rows on screenshot pixels (WCAG AA, 4.5 : 1) in the light and the dark theme,
nothing sticking out at 230 px or 900 px and no half-cut last row, Open in JupyterLab
opening an editor tab. Screenshots of every view in both themes are written to
``WSNB_SCREENSHOTS`` (or the test's tmp dir) to be looked at.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from facecheck import (
    WCAG_AA,
    chart_text_px,
    ellipsized_buttons,
    last_row,
    scrolling_sideways,
    set_theme,
    shots_dir,
    sticking_out,
    text_contrast,
)
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

EXPANDED = ("app", "assets", "config", "docs", "src", "tests", "web")
CELLS = [
    "import ipywidgets as widgets\nimport wsnb\n\n"
    "ws = wsnb.open_workspace(wsnb.copy_sample_workspace(WORKSPACE))",
    "chat = ws.chat()\nchat.add_class('probe-chat')\nchat",
    "explorer = ws.explore()\nexplorer.add_class('probe-explorer')\nexplorer",
    "search = ws.search_panel()\nsearch.add_class('probe-search')\nsearch",
    # A text search one big file would fill: the others get their lines, the big one says more.
    "shared = ws.search_panel()\nshared.add_class('probe-shared')\nshared.mode.value = 'text'\n"
    "shared.query.value = 'widget'\nshared.search()\nshared",
    "card = ws.write_file('app/utils.py', 'print(1)\\n')\ncard",
    # A history with undos in it, for the History tab to show in words.
    "ws.write_file('README.md', 'changed\\n').confirm()\nws.undo().confirm()\n"
    "ws.create_file('docs/face-note.md', 'x\\n').confirm()\nws.undo().confirm()",
    "panel = ws.panel()\npanel.add_class('probe-panel')\npanel",
    # The dock's width, and a wide cell: the same panel shape, full trees to scroll.
    f"docked = ws.panel()\nfor name in {EXPANDED!r}:\n    docked.explorer.expand(name)\n"
    "dock = widgets.Box([docked], layout=widgets.Layout(width='230px'))\n"
    "dock.add_class('probe-dock')\ndock",
    f"wide = ws.panel()\nfor name in {EXPANDED!r}:\n    wide.explorer.expand(name)\n"
    # As wide as the box, as in a cell's output (a Box's child otherwise takes its content's width).
    "wide.layout.width = '100%'\n"
    "box = widgets.Box([wide], layout=widgets.Layout(width='900px'))\n"
    "box.add_class('probe-wide')\nbox",
]


@dataclass
class Face:
    page: Page
    workspace: Path
    shots: Path

    def probe(self, name: str) -> Locator:
        found = self.page.locator(f".probe-{name}")
        found.first.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
        return found.first

    def shot(self, locator: Locator, name: str) -> None:
        locator.scroll_into_view_if_needed()
        locator.screenshot(path=self.shots / f"{name}.png")


@pytest.fixture(scope="module")
def face(lab_server: JupyterLabServer, lab_page: Page,
         tmp_path_factory: pytest.TempPathFactory) -> Face:  # fmt: skip
    workspace = lab_server.root / "face-ws"  # inside JupyterLab's root: Open can reach it
    cells = [cell.replace("WORKSPACE", repr(str(workspace))) for cell in CELLS]
    write_notebook(lab_server.root / "face.ipynb", cells)
    open_and_run(lab_page, lab_server.url, "face.ipynb")
    return Face(lab_page, workspace, shots_dir(tmp_path_factory.mktemp("face-shots")))


def test_the_chat_sends_on_enter_never_on_leaving_the_box(face: Face) -> None:
    from playwright.sync_api import expect

    chat = face.probe("chat")
    box = chat.locator("textarea.wsnb-chat-box")
    replies = chat.locator(".wsnb-reply")
    box.click()
    box.press_sequentially("list src", delay=20)
    face.page.locator(".jp-Cell").first.click()  # another cell: the box loses focus
    face.page.wait_for_timeout(1500)
    expect(replies).to_have_count(0)
    expect(box).to_have_value("list src")

    count = face.page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                               ".filter((c) => c.model.type === 'code')"
                               ".map((c) => c.model.executionCount).join(',')")  # fmt: skip
    box.click()
    box.press("End")
    box.press("Shift+Enter")  # a new line in the box; the notebook runs nothing
    box.press_sequentially("and more", delay=20)
    expect(box).to_have_value("list src\nand more")
    face.page.wait_for_timeout(800)
    expect(replies).to_have_count(0)
    after = face.page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets"
                               ".filter((c) => c.model.type === 'code')"
                               ".map((c) => c.model.executionCount).join(',')")  # fmt: skip
    assert after == count

    box.fill("list src")
    box.press("Enter")
    expect(replies).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    expect(box).to_have_value("")
    expect(chat.locator(".wsnb-question")).to_contain_text("You")
    expect(chat.locator(".wsnb-chat-mode")).to_have_count(1)  # the offline notice, once
    expect(replies.first).not_to_contain_text("Offline mode")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_selected_and_highlighted_rows_read_in_both_themes(face: Face, theme: str) -> None:
    from playwright.sync_api import expect

    set_theme(face.page, theme)
    explorer = face.probe("explorer")
    explorer.locator("button.wsnb-file", has_text="README.md").click()
    selected = explorer.locator("button.wsnb-file.wsnb-selected")
    expect(selected).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    measured = {"explorer row": text_contrast(face.page, selected,
                                              face.shots / f"px-explorer-{theme}.png")}
    explorer.locator("button.wsnb-folder", has_text="src").first.click()
    folder = explorer.locator("button.wsnb-folder.wsnb-selected")
    expect(folder).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    measured["explorer folder"] = text_contrast(face.page, folder)
    face.shot(explorer, f"explorer-{theme}")

    search = face.probe("search")
    query = search.locator(".wsnb-query input")
    query.fill("main")
    hit = search.locator(".wsnb-result").first
    expect(hit).to_contain_text("main", timeout=ACTION_TIMEOUT_MS)
    hit.click()
    chosen = search.locator(".wsnb-result.wsnb-selected .wsnb-path")
    expect(chosen).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    measured["search row"] = text_contrast(face.page, chosen)
    measured["search match"] = text_contrast(face.page, search.locator(".wsnb-result mark").first)
    measured["mode toggle"] = text_contrast(face.page, search.locator(".mod-active").first)
    search.locator(".wsnb-mode button", has_text="Text in files").click()
    query.fill("max_widgets")
    query.press("Enter")
    line = search.locator(".wsnb-result").first
    expect(line).to_contain_text("max_widgets", timeout=ACTION_TIMEOUT_MS)
    line.click()
    preview_hit = search.locator(".wsnb-preview tr.wsnb-hit td.wsnb-t")
    expect(preview_hit).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    measured["preview hit line"] = text_contrast(face.page, preview_hit)
    face.shot(search, f"search-{theme}")
    search.locator(".wsnb-mode button", has_text="File names").click()

    low = {name: round(value, 2) for name, value in measured.items() if value < WCAG_AA}
    assert not low, f"below WCAG AA in the {theme} theme: {low} (all: {measured})"
    for name in ("chat", "panel"):
        face.shot(face.probe(name), f"{name}-{theme}")
    face.shot(face.page.locator(".wsnb-plan-card").first, f"card-{theme}")


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_panel_tab_at_dock_width_and_900_px(face: Face, theme: str) -> None:
    from playwright.sync_api import expect

    set_theme(face.page, theme)
    for probe in ("dock", "wide"):
        holder = face.probe(probe)
        for tab in ("Files", "Search", "Chat", "Plans", "History", "Overview"):
            holder.locator(".lm-TabBar-tab", has_text=tab).first.click()
            current = holder.locator(".lm-TabBar-tab.lm-mod-current", has_text=tab)
            expect(current).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
            if tab == "Overview":
                expect(holder.locator(".wsnb-chart")).to_have_count(2, timeout=ACTION_TIMEOUT_MS)
            face.page.wait_for_timeout(150)
            face.shot(holder, f"{probe}-{tab.lower()}-{theme}")
            out = sticking_out(holder)
            assert out == [], f"{probe} {tab} ({theme}) sticks out: {out[:5]}"
            cut = ellipsized_buttons(holder)
            assert cut == [], f"{probe} {tab} ({theme}): button labels cut: {cut}"
            if tab == "History":
                _check_history(holder, f"{probe} ({theme})")
            if tab == "Overview":
                sizes = chart_text_px(holder)
                assert sizes and min(sizes) >= 10, f"{probe} ({theme}) chart text px: {sizes}"
        holder.locator(".lm-TabBar-tab", has_text="Files").first.click()
        end = last_row(holder.locator(".wsnb-tree"))
        assert end["scrollable"], "the expanded tree should need scrolling"
        assert float(end["rowBottom"]) <= float(end["treeBottom"]) + 0.5, (
            f"{probe}: the last row ({end['text']}) is cut: {end}"
        )


def _check_history(holder: Locator, where: str) -> None:
    """No sideways scroll; undos read as what they put back, never as a tool or an entry id."""
    view = holder.locator(".wsnb-history").first
    sideways = scrolling_sideways(view)
    assert sideways == [], f"{where}: the history scrolls sideways: {sideways}"
    wide = view.evaluate("el => el.scrollWidth - el.clientWidth")
    assert wide <= 1, f"{where}: the history is {wide} px wider than its room"
    text = view.inner_text()
    assert "Undo: put back the earlier version of README.md" in text, text
    assert "Undo: moved docs/face-note.md to the trash" in text, text
    for internal in ("write_file", "create_file", "(entry", "undoes "):
        assert internal not in text.replace("undoes an earlier change", ""), (where, internal)


def test_a_text_search_shares_its_lines_between_files(face: Face) -> None:
    shared = face.probe("shared")
    rows = shared.locator(".wsnb-result")
    rows.first.wait_for(state="visible", timeout=ACTION_TIMEOUT_MS)
    more = shared.locator(".wsnb-more").first
    more.scroll_into_view_if_needed()
    face.shot(shared, "search-shared")
    assert more.is_visible() and "more in this file" in more.inner_text()
    paths = shared.locator(".wsnb-path").all_inner_texts()
    assert "src/widget.cpp" in paths and "data/large.txt" in paths, paths
    assert "more matching lines" in shared.locator(".wsnb-note").first.inner_text()


def test_the_overview_charts_follow_the_theme(face: Face) -> None:
    from playwright.sync_api import expect

    panel = face.probe("panel")
    panel.locator(".lm-TabBar-tab", has_text="Overview").first.click()
    chart = panel.locator(".wsnb-chart svg").first
    expect(chart).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    colours = {}
    for theme in ("light", "dark"):
        set_theme(face.page, theme)
        colours[theme] = chart.locator("text").first.evaluate(
            "el => getComputedStyle(el).fill")
        face.shot(panel, f"overview-{theme}")
    assert colours["light"] != colours["dark"], colours
    set_theme(face.page, "light")


def test_open_in_jupyterlab_opens_an_editor_tab_and_reveal_the_file_browser(
    face: Face,
) -> None:
    from playwright.sync_api import expect

    pytest.importorskip("ipylab")  # the panel extra; the test extra installs it
    explorer = face.probe("explorer")
    explorer.locator("button.wsnb-file", has_text="README.md").click()
    explorer.locator(".wsnb-action-open").click()
    tab = face.page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="README.md")
    expect(tab).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    expect(face.page.locator(".jp-FileEditor, .jp-MarkdownViewer, .jp-RenderedMarkdown")
           .first).to_be_visible(timeout=ACTION_TIMEOUT_MS)  # fmt: skip
    face.page.screenshot(path=face.shots / "open-in-jupyterlab.png")
    face.page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="face.ipynb").click()

    explorer.locator("button.wsnb-folder", has_text="docs").first.click()
    explorer.locator(".wsnb-action-reveal").click()
    crumbs = face.page.locator(".jp-FileBrowser .jp-BreadCrumbs")
    expect(crumbs).to_contain_text("docs", timeout=ACTION_TIMEOUT_MS)
    expect(explorer.locator(".wsnb-status")).to_contain_text("file browser")
