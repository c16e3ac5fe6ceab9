"""An agent's memory entry in real JupyterLab: its card appears in the notebook's inbox beside
a files plan, each labelled with its workspace, and a click on Confirm appends it to today's
memory, once.

The notebook serves a workspace and a notes workspace with ``ws.serve_mcp(notes=nb)`` and shows
``ws.inbox(notes=nb)``; the agent is the MCP SDK's client over HTTP, as in
``test_inbox_browser.py``. One run is English in the light theme, one Chinese in the dark; the
label's contrast is measured on screenshot pixels; the Chinese inbox is as narrow as JupyterLab's
dock (230 px), and no card may spill sideways there; and the screenshots go to
``WSNB_SCREENSHOTS`` (or the test's tmp dir) to be looked at.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from facecheck import WCAG_AA, set_theme, shots_dir, text_contrast
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer
from test_inbox_browser import _agent, _read_info

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import json, pathlib\nimport wsnb\n\nwsnb.set_language(LANGUAGE)\n"
    "ws = wsnb.open_workspace(wsnb.copy_sample_workspace(WORKSPACE))\n"
    "nb = wsnb.open_notes(NOTES)\nnb.initialize().confirm()",
    "server = ws.serve_mcp(show=False, notes=nb)\n"
    "pathlib.Path(INFO).write_text(json.dumps({'url': server.url, "
    "'token': server.server.token}))",
    "import ipywidgets as widgets\ninbox = ws.inbox(notes=nb)\n"
    "shown = widgets.Box([inbox], layout=widgets.Layout(width=WIDTH))\n"
    "shown.add_class('probe-inbox')\nshown",
]

# What a person reads, per language: nothing waiting, the two labels, two waiting, the button.
WORDS = {
    "en": ("Nothing waits for a decision", "Notes workspace {notes} (the assistant's memory)",
           "Files workspace {files}", "2 plans wait for your decision.", "Confirm",
           "The person likes short answers."),
    "zh": ("没有等待决定的计划", "笔记工作区 {notes}（助手的记忆）", "文件工作区 {files}",
           "2 个计划等待你的决定。", "确认", "这个人喜欢简短的回答。"),
}  # fmt: skip


@pytest.mark.parametrize(("language", "theme", "width"),
                         [("en", "light", "900px"), ("zh", "dark", "230px")])  # fmt: skip
def test_an_agents_memory_entry_waits_in_the_inbox_and_a_click_appends_it_once(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path, language: str, theme: str,
    width: str,
) -> None:
    from playwright.sync_api import expect

    workspace = lab_server.root / f"memory-ws-{language}"
    notes = lab_server.root / f"memory-notes-{language}"
    nothing, notes_label, files_label, two, confirm, memory = WORDS[language]
    notes_label = notes_label.format(notes=notes.name)
    files_label = files_label.format(files=workspace.name)
    info_path = tmp_path / "server.json"
    cells = [cell.replace("WORKSPACE", repr(str(workspace))).replace("NOTES", repr(str(notes)))
             .replace("INFO", repr(str(info_path))).replace("LANGUAGE", repr(language))
             .replace("WIDTH", repr(width)) for cell in CELLS]  # fmt: skip
    name = f"memory-{language}.ipynb"
    write_notebook(lab_server.root / name, cells)
    shots = shots_dir(tmp_path / "shots")
    try:
        open_and_run(lab_page, lab_server.url, name)
        set_theme(lab_page, theme)
        inbox = lab_page.locator(".probe-inbox")
        expect(inbox).to_contain_text(nothing, timeout=ACTION_TIMEOUT_MS)
        info = _read_info(info_path)
        readme = (workspace / "README.md").read_text(encoding="utf-8")

        remembered = _agent(info, "propose_remember", {"text": memory})
        change = _agent(info, "propose_write_file",
                        {"path": "README.md", "content": readme + "Agreed.\n"})  # fmt: skip
        assert (remembered["workspace"], change["workspace"]) == ("notes", "files")
        memory_card = inbox.locator(".wsnb-plan-card", has_text=notes_label)
        files_card = inbox.locator(".wsnb-plan-card", has_text=files_label)
        expect(memory_card).to_be_visible(timeout=ACTION_TIMEOUT_MS)
        expect(files_card).to_be_visible(timeout=ACTION_TIMEOUT_MS)
        expect(memory_card).to_contain_text(memory)  # the entry in the card's preview
        expect(inbox).to_contain_text(two)
        label = memory_card.locator(".wsnb-workspace")
        contrast = text_contrast(lab_page, label, shots / f"memory-label-{theme}.png")
        assert contrast >= WCAG_AA, f"the workspace label reads at {contrast:.2f} : 1 ({theme})"
        for card in (memory_card, files_card):  # nothing spills sideways, even at dock width
            spill = card.evaluate("el => el.scrollWidth - el.clientWidth")
            assert spill <= 1, f"a card spills {spill} px at {width}"
        memory_card.scroll_into_view_if_needed()
        inbox.screenshot(path=shots / f"memory-proposed-{language}-{theme}.png")
        daily = notes / str(remembered["target"])
        assert not daily.exists()  # nothing is written before the click

        memory_card.get_by_role("button", name=confirm).click()

        expect(inbox.locator(".wsnb-plan-card.wsnb-state-done")).to_have_count(
            1, timeout=ACTION_TIMEOUT_MS)
        assert daily.read_text(encoding="utf-8").count(memory) == 1
        status = _agent(info, "plan_status", {"plan_id": remembered["plan_id"]})
        assert (status["state"], status["workspace"]) == ("done", "notes")
        assert status["confirmed_by"] == "notebook"
        assert (workspace / "README.md").read_text(encoding="utf-8") == readme  # still waits
        assert _agent(info, "plan_status", {"plan_id": change["plan_id"]})["state"] == "pending"
        inbox.screenshot(path=shots / f"memory-confirmed-{language}-{theme}.png")
    finally:
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()
