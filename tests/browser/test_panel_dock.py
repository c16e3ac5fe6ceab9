"""The workspace panel docked in JupyterLab's side area through sidecar, in headless Chromium.

A module of its own: each module gets its own JupyterLab server and page, and one notebook
per page keeps "the current notebook" unambiguous.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer
from test_panel import CELLS, folder_row, tab

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_dock_opens_the_panel_in_the_side_area(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    pytest.importorskip("sidecar")
    workspace = lab_server.base / "docked-workspace"
    cells = [CELLS[0].replace("WORKSPACE", repr(str(workspace))), "ws.panel(dock=True)"]
    write_notebook(lab_server.root / "docked.ipynb", cells)
    open_and_run(lab_page, lab_server.url, "docked.ipynb")

    docked = lab_page.locator(".jupyterlab-sidecar .wsnb-panel")
    expect(docked).to_have_count(1, timeout=ACTION_TIMEOUT_MS)
    expect(docked.locator(".wsnb-status-line")).to_contain_text("Workspace opened.")
    cell = lab_page.locator(".jp-Cell").nth(1)
    expect(cell).to_contain_text("Docked in JupyterLab's side area.", timeout=ACTION_TIMEOUT_MS)
    expect(cell.locator(".wsnb-panel")).to_have_count(0)  # shown once: in the side area
    tab(docked, "Files").click()
    expect(folder_row(docked, "src")).to_be_visible(timeout=ACTION_TIMEOUT_MS)
    lab_page.screenshot(path=tmp_path / "panel-docked.png")
    print(f"\nscreenshot of the docked panel: {tmp_path / 'panel-docked.png'}")
