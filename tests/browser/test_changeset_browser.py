"""An agent's change set in real JupyterLab: one card with a line per change, a box unticked to
leave one change out, and a click that carries out the rest.

The agent is the MCP SDK's client over HTTP, as in ``test_inbox_browser.py``. Screenshots of the
card before and after go to ``WSNB_SCREENSHOTS`` (or the test's tmp dir) to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from facecheck import shots_dir
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer
from test_inbox_browser import CELLS, _agent, _read_info

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CHANGES = [
    {"op": "create_folder", "path": "changes"},
    {"op": "create_file", "path": "changes/CHANGELOG.md", "content": "# Changelog\n"},
    {"op": "create_file", "path": "changes/unwanted.md", "content": "not this one\n"},
    {"op": "edit", "path": "config/app.yaml",
     "edits": [{"old_text": "port: 8080", "new_text": "port: 9090"}]},
]  # fmt: skip


def test_a_change_set_card_leaves_one_change_out_and_confirms_the_rest(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path
) -> None:
    from playwright.sync_api import expect

    workspace = lab_server.root / "changeset-ws"
    info_path = tmp_path / "server.json"
    cells = [cell.replace("WORKSPACE", repr(str(workspace))).replace("INFO", repr(str(info_path)))
             .replace("LANGUAGE", repr("en")) for cell in CELLS]  # fmt: skip
    write_notebook(lab_server.root / "changeset.ipynb", cells)
    shots = shots_dir(tmp_path / "shots")
    try:
        open_and_run(lab_page, lab_server.url, "changeset.ipynb")
        inbox = lab_page.locator(".probe-inbox")
        expect(inbox).to_contain_text("Nothing waits for a decision", timeout=ACTION_TIMEOUT_MS)
        info = _read_info(info_path)
        proposed = _agent(info, "propose_changes", {"title": "Start a changelog",
                                                     "changes": CHANGES})  # fmt: skip
        card = inbox.locator(".wsnb-plan-card", has_text="Start a changelog")
        expect(card).to_be_visible(timeout=ACTION_TIMEOUT_MS)
        for line in ("[1] Create folder changes", "[2] Create file changes/CHANGELOG.md",
                     "[3] Create file changes/unwanted.md", "[4] Edit config/app.yaml"):
            expect(card).to_contain_text(line)
        card.locator("summary", has_text="diff").click()  # the edit's diff unfolds
        expect(card).to_contain_text("port: 9090")
        card.scroll_into_view_if_needed()
        card.screenshot(path=shots / "changeset-proposed.png")
        assert not (workspace / "changes").exists()

        card.get_by_role("checkbox", name="[3] Create file changes/unwanted.md").uncheck()
        confirm = card.get_by_role("button", name="Confirm 3 changes")
        expect(confirm).to_be_enabled(timeout=ACTION_TIMEOUT_MS)
        confirm.click()

        expect(inbox.locator(".wsnb-plan-card.wsnb-state-done")).to_have_count(
            1, timeout=ACTION_TIMEOUT_MS)
        assert (workspace / "changes" / "CHANGELOG.md").read_text() == "# Changelog\n"
        assert not (workspace / "changes" / "unwanted.md").exists()
        assert "port: 9090" in (workspace / "config" / "app.yaml").read_text()
        status = _agent(info, "plan_status", {"plan_id": proposed["plan_id"]})
        assert status["state"] == "done"
        assert [step["state"] for step in status["steps"]] == ["done", "done", "left out", "done"]
        inbox.screenshot(path=shots / "changeset-confirmed.png")
    finally:
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()
