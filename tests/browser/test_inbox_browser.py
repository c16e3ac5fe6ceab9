"""An agent's proposal in real JupyterLab: the card appears in the open notebook's inbox, and the
file changes on disk only after a person clicks Confirm.

The notebook serves its workspace with ``ws.serve_mcp()``; this test plays the agent with the
MCP SDK's own client over HTTP (the token and URL come from a file the notebook writes outside
the workspace). Screenshots before and after the click go to ``WSNB_SCREENSHOTS`` (or the
test's tmp dir) to be looked at.
"""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from facecheck import shots_dir
from labpage import ACTION_TIMEOUT_MS, open_and_run, write_notebook
from labserver import JupyterLabServer

if TYPE_CHECKING:
    from playwright.sync_api import Page

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CELLS = [
    "import json, pathlib\nimport wsnb\n\nwsnb.set_language(LANGUAGE)\n"
    "ws = wsnb.open_workspace(wsnb.copy_sample_workspace(WORKSPACE))",
    "server = ws.serve_mcp(show=False)\n"
    "pathlib.Path(INFO).write_text(json.dumps({'url': server.url, "
    "'token': server.server.token}))",
    "inbox = ws.inbox()\ninbox.add_class('probe-inbox')\ninbox",
]


def _agent(info: dict[str, str], tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """One tool call as the agent "browser-agent", through the SDK's client over HTTP."""
    import anyio
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import Implementation

    async def main() -> dict[str, Any]:
        headers = {"Authorization": f"Bearer {info['token']}"}
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            transport = streamable_http_client(info["url"], http_client=http)
            who = Implementation(name="browser-agent", version="1")
            async with Client(transport, client_info=who) as client:
                result = await client.call_tool(tool, arguments)
                assert not result.is_error, result
                assert result.structured_content is not None
                return dict(result.structured_content)

    # Playwright's sync API keeps an event loop on this thread: the client runs on its own.
    answers: list[dict[str, Any]] = []
    worker = threading.Thread(target=lambda: answers.append(anyio.run(main)))
    worker.start()
    worker.join(ACTION_TIMEOUT_MS / 1000)
    assert answers, f"the agent's {tool} call got no answer"
    return answers[0]


def _read_info(path: Path) -> dict[str, str]:
    deadline = time.monotonic() + ACTION_TIMEOUT_MS / 1000
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    info: dict[str, str] = json.loads(path.read_text(encoding="utf-8"))
    return info


# What a person reads, in each language: nothing waiting, who asked, one waiting, the button.
WORDS = {
    "en": ("Nothing waits for a decision", "Proposed by browser-agent",
           "1 plan waits for your decision.", "Confirm"),
    "zh": ("没有等待决定的计划", "由 browser-agent 提议", "1 个计划等待你的决定。", "确认"),
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "zh"])
def test_an_agents_card_appears_in_the_notebook_and_a_click_confirms_it(
    lab_server: JupyterLabServer, lab_page: Page, tmp_path: Path, language: str
) -> None:
    from playwright.sync_api import expect

    nothing, asked, one, confirm = WORDS[language]
    workspace = lab_server.root / f"agents-ws-{language}"
    info_path = tmp_path / "server.json"
    cells = [cell.replace("WORKSPACE", repr(str(workspace))).replace("INFO", repr(str(info_path)))
             .replace("LANGUAGE", repr(language)) for cell in CELLS]  # fmt: skip
    name = f"agents-{language}.ipynb"
    write_notebook(lab_server.root / name, cells)
    shots = shots_dir(tmp_path / "shots")
    try:
        open_and_run(lab_page, lab_server.url, name)
        inbox = lab_page.locator(".probe-inbox")
        expect(inbox).to_contain_text(nothing, timeout=ACTION_TIMEOUT_MS)
        info = _read_info(info_path)
        readme = (workspace / "README.md").read_text(encoding="utf-8")

        proposed = _agent(info, "propose_write_file",
                          {"path": "README.md", "content": readme + "Agreed.\n"})  # fmt: skip
        card = inbox.locator(".wsnb-plan-card", has_text=asked)
        expect(card).to_be_visible(timeout=ACTION_TIMEOUT_MS)
        expect(card).to_contain_text("README.md")
        expect(inbox).to_contain_text(one)
        card.scroll_into_view_if_needed()
        inbox.screenshot(path=shots / f"inbox-proposed-{language}.png")
        assert (workspace / "README.md").read_text(encoding="utf-8") == readme
        assert _agent(info, "plan_status", {"plan_id": proposed["plan_id"]})["state"] == "pending"

        card.get_by_role("button", name=confirm).click()

        expect(inbox.locator(".wsnb-plan-card.wsnb-state-done")).to_have_count(
            1, timeout=ACTION_TIMEOUT_MS)
        assert (workspace / "README.md").read_text(encoding="utf-8") == readme + "Agreed.\n"
        status = _agent(info, "plan_status", {"plan_id": proposed["plan_id"]})
        assert status["state"] == "done" and status["confirmed_by"] == "notebook"
        expect(inbox).to_contain_text(nothing)
        inbox.screenshot(path=shots / f"inbox-confirmed-{language}.png")
    finally:
        lab_page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        lab_page.wait_for_timeout(500)
        lab_server.shutdown_kernels()
