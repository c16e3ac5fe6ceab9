"""wsnb in real JupyterLab, driven in headless Chromium: clicks on plan cards change the disk.

One notebook, written into the server's root, opens a fresh copy of the sample workspace and
shows cards and the explorer; the tests click them like a person would and check the files.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from labpage import ACTION_TIMEOUT_MS, open_and_run, output_with, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CONFIRMED_TEXT = "# Confirmed in a browser\n\n- clicked Confirm\n"
CANCELLED_TEXT = "this must never be written\n"

CELLS = [
    """\
import ipywidgets as widgets
from IPython.display import display
import wsnb

ws = wsnb.open_workspace(wsnb.copy_sample_workspace({workspace!r}))
""",
    f"""\
confirm_plan = ws.create_file("notes/confirmed.md", {CONFIRMED_TEXT!r})
confirm_button = widgets.Button(description="Confirm")
confirm_label = widgets.Label(confirm_plan.title)
def _confirm(_):
    result = confirm_plan.confirm()
    confirm_label.value = "Done: " + confirm_plan.title if result.success else "Failed"
confirm_button.on_click(_confirm)
card = widgets.VBox([confirm_label, confirm_button])
card.add_class("probe-card")
display(card)
""",
]


@dataclass
class Lab:
    """The executed notebook: its page, the workspace it opened, the server."""

    page: Page
    workspace: Path
    server: JupyterLabServer


@pytest.fixture(scope="module")
def lab(lab_server: JupyterLabServer, lab_page: Page) -> Lab:
    workspace = lab_server.base / "workspace"
    cells = [cell.replace("{workspace!r}", repr(str(workspace))) for cell in CELLS]
    write_notebook(lab_server.root / "cards.ipynb", cells)
    open_and_run(lab_page, lab_server.url, "cards.ipynb")
    return Lab(lab_page, workspace, lab_server)


def test_confirm_on_a_card_writes_the_planned_file(lab: Lab, tmp_path: Path) -> None:
    target = lab.workspace / "notes" / "confirmed.md"
    assert lab.workspace.is_dir()
    assert not target.exists()
    card = output_with(lab.page, ".probe-card", "Create file notes/confirmed.md")
    before, after = tmp_path / "confirm-card-before.png", tmp_path / "confirm-card-after.png"
    card.screenshot(path=before)
    card.get_by_role("button", name="Confirm").click()
    card.get_by_text("Done").wait_for(timeout=ACTION_TIMEOUT_MS)
    card.screenshot(path=after)
    print(f"screenshots: {before} {after}")
    assert target.read_text(encoding="utf-8") == CONFIRMED_TEXT
