"""The inbox: agents' plans appear as cards (live, from any process) and a click confirms them."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from helpers import run_child, write

import wsnb
from wsnb.i18n import using_language
from wsnb.plans.plan import Plan
from wsnb.types import PlanState
from wsnb.widgets.card import PlanCard
from wsnb.widgets.inbox import Inbox, paste_lines


@pytest.fixture
def ws(root: Path) -> wsnb.Workspace:
    write(root, "notes/todo.md", "buy milk\n")
    return wsnb.open_workspace(root, watch=False)


def _agent(root: Path) -> wsnb.Workspace:
    return wsnb.open_workspace(root, watch=False)


def _proposed(agent: wsnb.Workspace, name: str, proposer: str) -> Plan:
    """A new file ``name`` proposed by an agent and kept pending in the plans folder."""
    plan = agent.create_file(name, "x\n")
    agent.plan_store.submit(plan, proposer=proposer)
    return plan


def _until(check: Callable[[], bool], seconds: float = 10.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.05)
    return check()


def test_an_agents_plan_shows_as_a_card_that_says_who_asked(
    ws: wsnb.Workspace, root: Path
) -> None:
    agent = _agent(root)
    plan = agent.write_file("notes/todo.md", "buy bread\n")
    agent.plan_store.submit(plan, proposer="mcp:claude-code")

    inbox = ws.inbox()
    try:
        [card] = inbox.cards.values()
        assert card.plan.id == plan.id and card.plan is not plan
        assert "Proposed by claude-code" in card.header.value
        assert "1 plan waits for your decision." in inbox.title.value
        assert "proposed by: claude-code" in card.plan.describe()
        assert f"Plan {plan.id}: Write notes/todo.md  (Proposed by claude-code)" in inbox.describe()
    finally:
        inbox.close()


def test_the_card_speaks_chinese_too(ws: wsnb.Workspace, root: Path) -> None:
    agent = _agent(root)
    with using_language("zh"):
        plan = agent.create_file("新.md", "你好\n")
        agent.plan_store.submit(plan, proposer="mcp:claude-code")
        [waiting] = ws.pending_plans()
        card = PlanCard(waiting)
        assert "由 claude-code 提议" in card.header.value
        assert "提议者：claude-code" in waiting.describe()
        card.close()


def test_a_click_confirms_it_and_only_then_the_file_changes(
    ws: wsnb.Workspace, root: Path
) -> None:
    agent = _agent(root)
    plan = agent.write_file("notes/todo.md", "buy bread\n")
    agent.plan_store.submit(plan, proposer="mcp:claude-code")
    inbox = ws.inbox()
    try:
        card = inbox.cards[plan.id]
        assert (root / "notes/todo.md").read_text() == "buy milk\n"
        card.confirm_button.click()
        assert (root / "notes/todo.md").read_text() == "buy bread\n"
        assert card.plan.state is PlanState.DONE
        assert agent.plan_store.status(plan.id).state == "done"
        assert ws.history.iloc[0]["proposed_by"] == "mcp:claude-code"
        assert inbox.waiting == [] and "Nothing waits" in inbox.title.value
    finally:
        inbox.close()


def test_cancel_on_the_card_tells_the_agent(ws: wsnb.Workspace, root: Path) -> None:
    agent = _agent(root)
    plan = _proposed(agent, "maybe.md", "mcp:claude-code")
    inbox = ws.inbox()
    try:
        inbox.cards[plan.id].cancel_button.click()
        assert agent.plan_store.status(plan.id).state == "cancelled"
        assert not (root / "maybe.md").exists()
    finally:
        inbox.close()


def test_the_notebooks_own_plans_are_in_the_inbox_too(ws: wsnb.Workspace) -> None:
    inbox = ws.inbox()
    try:
        plan = ws.create_file("mine.md", "x\n")
        assert inbox.cards[plan.id].plan is plan
        assert "Proposed by" not in inbox.cards[plan.id].header.value
    finally:
        inbox.close()


_PROPOSE = """
import sys, wsnb
ws = wsnb.open_workspace(sys.argv[1], watch=False)
plan = ws.create_file("from-far.md", "hello\\n")
ws.plan_store.submit(plan, proposer="mcp:codex")
print(plan.id)
"""


def test_a_plan_proposed_by_another_process_appears_live(ws: wsnb.Workspace, root: Path) -> None:
    inbox = ws.inbox()
    try:
        assert inbox.cards == {} and ws.plan_store.watching
        child = run_child(_PROPOSE, str(root))
        plan_id = child.communicate(timeout=60)[0].strip()
        assert _until(lambda: plan_id in inbox.cards)
        card = inbox.cards[plan_id]
        assert "Proposed by codex" in card.header.value
        assert card in inbox.box.children
        card.confirm_button.click()
        assert (root / "from-far.md").read_text() == "hello\n"
    finally:
        inbox.close()
    assert not ws.plan_store.watching


def test_a_plan_confirmed_elsewhere_updates_its_card(ws: wsnb.Workspace, root: Path) -> None:
    agent = _agent(root)
    plan = _proposed(agent, "elsewhere.md", "mcp:vscode")
    inbox = ws.inbox()
    try:
        card = inbox.cards[plan.id]
        agent.plan_store.confirm(plan.id, confirmed_by="mcp-elicitation:vscode")
        assert _until(lambda: card.plan.state is PlanState.DONE)
        assert card.confirm_button.disabled or card._buttons.layout.display == "none"
    finally:
        inbox.close()


def test_paste_lines_are_ready_to_paste() -> None:
    text = paste_lines("http://127.0.0.1:5555/mcp", "tok123", "/data/proj")
    assert ('claude mcp add --transport http wsnb http://127.0.0.1:5555/mcp '
            '--header "Authorization: Bearer tok123"') in text  # fmt: skip
    blocks = text.split("\n\n")
    vscode = json.loads("\n".join(line[2:] for line in blocks[1].splitlines()[1:]))
    assert vscode["servers"]["wsnb"] == {"type": "http", "url": "http://127.0.0.1:5555/mcp",
                                         "headers": {"Authorization": "Bearer tok123"}}
    jupyter_ai = json.loads("\n".join(line[2:] for line in blocks[2].splitlines()[1:]))
    assert jupyter_ai["mcpServers"]["wsnb"]["args"] == ["-m", "wsnb.mcp", "/data/proj"]
    with using_language("zh"):
        assert "VS Code（.vscode/mcp.json）：" in paste_lines("u", "t", "r")


def test_an_inbox_is_a_widget_with_a_text_twin(ws: wsnb.Workspace) -> None:
    inbox = Inbox(ws)
    try:
        bundle = inbox._repr_mimebundle_()
        assert bundle is not None
        assert bundle["text/plain"].startswith("Nothing waits for a decision")
    finally:
        inbox.close()


# -- serve_mcp: the server in the kernel, driven by the SDK's own client -------------------


def _call(url: str, token: str, tool: str, args: dict[str, object]) -> dict[str, object]:
    import anyio
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp_types import Implementation

    async def main() -> dict[str, object]:
        headers = {"Authorization": f"Bearer {token}"}
        async with httpx2.AsyncClient(headers=headers, timeout=30) as http:
            transport = streamable_http_client(url, http_client=http)
            info = Implementation(name="claude-code", version="1")
            async with Client(transport, client_info=info) as client:
                result = await client.call_tool(tool, args)
                assert not result.is_error, result
                assert result.structured_content is not None
                return dict(result.structured_content)

    return anyio.run(main)


def test_serve_mcp_prints_the_lines_and_a_client_proposal_waits_for_a_click(
    ws: wsnb.Workspace, root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    serving = ws.serve_mcp()
    try:
        printed = capsys.readouterr().out
        assert serving.url.startswith("http://127.0.0.1:") and serving.url in printed
        assert f'--header "Authorization: Bearer {serving.server.token}"' in printed
        assert serving.server.token not in repr(serving)
        inbox = serving.inbox
        assert inbox is not None

        proposed = _call(serving.url, serving.server.token, "propose_write_file",
                         {"path": "notes/todo.md", "content": "buy bread\n"})  # fmt: skip
        plan_id = str(proposed["plan_id"])
        assert proposed["state"] == "pending"
        assert _until(lambda: plan_id in inbox.cards)
        card = inbox.cards[plan_id]
        assert "Proposed by claude-code" in card.header.value
        assert (root / "notes/todo.md").read_text() == "buy milk\n"

        card.confirm_button.click()

        assert (root / "notes/todo.md").read_text() == "buy bread\n"
        status = _call(serving.url, serving.server.token, "plan_status", {"plan_id": plan_id})
        assert status["state"] == "done" and status["confirmed_by"] == "notebook"
    finally:
        serving.close()
    assert not serving.running and serving.inbox is None


def test_closing_the_workspace_stops_the_server(ws: wsnb.Workspace) -> None:
    serving = ws.serve_mcp(show=False)
    assert serving.running
    ws.close()
    assert not serving.running


def test_a_stdio_server_in_its_own_process_reaches_the_notebooks_inbox(
    ws: wsnb.Workspace, root: Path, tmp_path: Path
) -> None:
    """What `claude mcp add wsnb -- python -m wsnb.mcp ROOT` starts: they meet on disk."""
    import os
    import sys

    import anyio
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client
    from mcp_types import Implementation

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    params = StdioServerParameters(command=sys.executable, args=["-m", "wsnb.mcp", str(root)],
                                   env=env)  # fmt: skip

    async def propose() -> dict[str, object]:
        info = Implementation(name="claude-code", version="1")
        # The server's stderr to a file: the SDK's default is the sys.stderr of its import time,
        # which under pytest may be a capture with no file descriptor.
        with (tmp_path / "server.log").open("w") as log:
            async with Client(stdio_client(params, errlog=log), client_info=info,
                              read_timeout_seconds=30) as client:  # fmt: skip
                result = await client.call_tool("propose_create_file",
                                                {"path": "from-stdio.md", "content": "hi\n"})
        assert not result.is_error and result.structured_content is not None
        return dict(result.structured_content)

    inbox = ws.inbox()
    try:
        plan_id = str(anyio.run(propose)["plan_id"])
        assert _until(lambda: plan_id in inbox.cards)
        card = inbox.cards[plan_id]
        assert "Proposed by claude-code" in card.header.value
        assert not (root / "from-stdio.md").exists()
        card.confirm_button.click()
        assert (root / "from-stdio.md").read_text() == "hi\n"
        assert ws.plan_store.status(plan_id).confirmed_by == "notebook"
    finally:
        inbox.close()


def test_decided_cards_leave_after_the_last_few(ws: wsnb.Workspace, root: Path) -> None:
    from wsnb.widgets.plansview import RECENT_OUTCOMES

    agent = _agent(root)
    inbox = ws.inbox()
    try:
        for n in range(RECENT_OUTCOMES + 2):
            plan = agent.create_file(f"n{n}.md", "x\n")
            agent.plan_store.submit(plan, proposer="mcp:claude-code")
            inbox.refresh()
            inbox.cards[plan.id].confirm_button.click()
        assert len(inbox.cards) == RECENT_OUTCOMES
        assert all(card.plan.state is PlanState.DONE for card in inbox.cards.values())
        assert len(ws.history) == RECENT_OUTCOMES + 2
    finally:
        inbox.close()


def test_the_panels_plans_tab_shows_an_agents_plan_live(ws: wsnb.Workspace, root: Path) -> None:
    early = _proposed(_agent(root), "early.md", "mcp:vscode")
    panel = ws.panel()
    try:
        assert early.id in panel.plans.cards  # proposed before the panel opened
        child = run_child(_PROPOSE, str(root))
        plan_id = child.communicate(timeout=60)[0].strip()
        assert _until(lambda: plan_id in panel.plans.cards)
        assert [p.id for p in panel.plans.pending] == [plan_id, early.id]  # newest first
        panel.plans.card(plan_id).confirm_button.click()
        assert (root / "from-far.md").read_text() == "hello\n"
        assert plan_id not in [p.id for p in panel.plans.pending]
    finally:
        panel.close()
    assert not ws.plan_store.watching


def test_waiting_for_agents_writes_nothing_until_one_proposes(ws: wsnb.Workspace,
                                                              root: Path) -> None:  # fmt: skip
    assert not (root / ".wsnb").exists()
    inbox = ws.inbox()
    try:
        assert ws.plan_store.watching and not (root / ".wsnb").exists()
        plan = _proposed(_agent(root), "first.md", "mcp:codex")
        assert _until(lambda: plan.id in inbox.cards)  # the folder appeared; the inbox looked
    finally:
        inbox.close()
