"""Run All on every tutorial notebook in real JupyterLab: no traceback, its widgets on screen.

Each notebook is copied into the server's root as it is in the repository and run the way
the Run menu runs it. A notebook that makes widgets (plan cards, the explorer, the panel)
must leave them rendered, with no "Error displaying widget"; the panel tutorial must end
with its panel on screen.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run
from labserver import REPO, JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TUTORIALS = sorted((REPO / "notebooks").glob("[0-9][0-9]_*.ipynb"))
# A cell that builds one of these shows a widget.
_MAKES_WIDGETS = re.compile(r"\.(panel|explore|search_panel|chat|history_view|onboarding_form|"
                            r"check_in_form)\(|PlanCard\(|^\s*plan\s*$|pick_workspace",
                            re.MULTILINE)  # fmt: skip


def makes_widgets(notebook: Path) -> bool:
    """True when a code cell of the notebook builds a widget."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    return any(_MAKES_WIDGETS.search("".join(cell["source"])) for cell in cells
               if cell["cell_type"] == "code")  # fmt: skip


@pytest.mark.parametrize("notebook", TUTORIALS, ids=[p.stem for p in TUTORIALS])
def test_run_all_leaves_the_widgets_on_screen(
    lab_server: JupyterLabServer, lab_page: Page, notebook: Path
) -> None:
    from playwright.sync_api import expect

    folder = lab_server.root / "tutorials"
    folder.mkdir(exist_ok=True)
    shutil.copy2(notebook, folder / notebook.name)
    try:
        open_and_run(lab_page, lab_server.url, f"tutorials/{notebook.name}")
        page_text = lab_page.locator(".jp-Notebook").inner_text()
        assert "Error displaying widget" not in page_text
        assert "not found" not in page_text.lower() or "model not found" not in page_text.lower()
        if makes_widgets(notebook):
            views = lab_page.locator(".jp-OutputArea-output .jupyter-widgets")
            expect(views.first).to_be_visible(timeout=ACTION_TIMEOUT_MS)
        if notebook.stem == "07_panel":
            panels = lab_page.locator(".jp-Notebook .wsnb-panel")
            expect(panels.last).to_be_visible(timeout=ACTION_TIMEOUT_MS)
            expect(lab_page.locator(".jupyterlab-sidecar .wsnb-panel")).to_have_count(1)
    finally:
        # Saved, the page leaves without a "leave the page?" question; then its kernel goes.
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()
