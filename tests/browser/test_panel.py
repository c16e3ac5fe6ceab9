"""The workspace panel in real JupyterLab: tabs, the explorer and a plan confirmed in the panel.

A notebook opens a fresh copy of the sample workspace, makes a plan in a cell (it shows as a
card there) and opens ``ws.panel()``. The test clicks the panel as a person would: the Files
tab, a folder, the Plans tab and Confirm; then checks the disk, the cell's card, the explorer
and the status line. Screenshots of the panel land in the test's tmp_path.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run, output_with, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Locator, Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PANEL_TEXT = "# Confirmed in the panel\n"
CELLS = [
    "import wsnb\n\nws = wsnb.open_workspace(wsnb.copy_sample_workspace(WORKSPACE))",
    f'plan = ws.create_file("docs/from-panel.md", {PANEL_TEXT!r})\nplan',
    "panel = ws.panel()\npanel",
]


def tab(panel: Locator, title: str | re.Pattern[str]) -> Locator:
    """One of the panel's tab handles (ipywidgets draws a Lumino tab bar)."""
    return panel.locator(".lm-TabBar-tab").filter(has_text=title)


def folder_row(panel: Locator, name: str) -> Locator:
    pattern = re.compile(rf"^\s*{re.escape(name)}\s*$")
    return panel.locator(".wsnb-explorer button.wsnb-folder").filter(has_text=pattern)


def test_confirm_in_the_panel_writes_the_file_and_every_view_follows(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    workspace = lab_server.base / "panel-workspace"
    cells = [cell.replace("WORKSPACE", repr(str(workspace))) for cell in CELLS]
    write_notebook(lab_server.root / "panel.ipynb", cells)
    open_and_run(lab_page, lab_server.url, "panel.ipynb")
    target = workspace / "docs" / "from-panel.md"
    assert workspace.is_dir() and not target.exists()

    panel = output_with(lab_page, ".wsnb-panel", "Switch workspace")
    panel.scroll_into_view_if_needed()
    status = panel.locator(".wsnb-status-line")
    expect(status).to_contain_text("A plan needs your confirmation.", timeout=ACTION_TIMEOUT_MS)

    tab(panel, "Files").click()
    docs = folder_row(panel, "docs")
    expect(docs).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    docs.click()
    files = panel.locator(".wsnb-explorer button.wsnb-file")
    expect(files.filter(has_text="design notes.md")).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    expect(files.filter(has_text="from-panel.md")).to_have_count(0)
    panel.screenshot(path=tmp_path / "panel-files.png")

    tab(panel, "Plans (1)").click()
    card = panel.locator(".wsnb-plan-card").filter(has_text="Create file docs/from-panel.md")
    confirm = card.get_by_role("button", name="Confirm")
    expect(confirm).to_be_enabled(timeout=ACTION_TIMEOUT_MS)
    panel.screenshot(path=tmp_path / "panel-plans-before.png")
    confirm.click()
    expect(card).to_contain_text("✓ Created docs/from-panel.md", timeout=ACTION_TIMEOUT_MS)
    expect(status).to_contain_text("Done.", timeout=ACTION_TIMEOUT_MS)
    panel.screenshot(path=tmp_path / "panel-plans-after.png")

    assert target.read_text(encoding="utf-8") == PANEL_TEXT
    # The cell's own card of the plan (first in the page) says the same.
    both = lab_page.locator(".wsnb-plan-card").filter(has_text="Create file docs/from-panel.md")
    expect(both).to_have_count(2, timeout=ACTION_TIMEOUT_MS)
    expect(both.nth(0)).to_contain_text("✓ Created", timeout=ACTION_TIMEOUT_MS)
    expect(tab(panel, re.compile(r"^\s*Plans\s*$"))).to_have_count(1)

    tab(panel, "Files").click()  # the new file is listed without a rescan
    expect(files.filter(has_text="from-panel.md")).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    panel.screenshot(path=tmp_path / "panel-files-after.png")

    tab(panel, "Overview").click()  # built when first shown: charts and tables
    expect(panel.locator(".wsnb-chart svg")).to_have_count(2, timeout=ACTION_TIMEOUT_MS)
    expect(panel.locator(".wsnb-overview")).to_contain_text("23 files")
    panel.screenshot(path=tmp_path / "panel-overview.png")

    tab(panel, "History").click()
    expect(panel.locator(".wsnb-history")).to_contain_text("docs/from-panel.md")
    panel.screenshot(path=tmp_path / "panel-history.png")

    tab(panel, "Chat").click()  # a message in Chinese: the status line answers in Chinese
    chat_box = panel.locator(".wsnb-chat textarea.wsnb-chat-box")
    chat_box.fill("搜索 README")
    chat_box.press("Enter")
    expect(panel.locator(".wsnb-reply")).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    expect(status).to_contain_text("找到了 1 个相关文件。", timeout=ACTION_TIMEOUT_MS)
    panel.screenshot(path=tmp_path / "panel-chat.png")
    print(f"\nscreenshots of the panel: {tmp_path}")

