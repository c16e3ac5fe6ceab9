"""The chat widget: replies with tables and live plan cards; a click confirms; answers stream."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from agent_server import ScriptedServer, Step, text_chunks

import wsnb
from wsnb.agent import Agent
from wsnb.types import PlanState
from wsnb.widgets.card import PlanCard
from wsnb.widgets.chat import ChatView, ReplyView


@pytest.fixture
def ws(tmp_path: Path) -> wsnb.Workspace:
    workspace = wsnb.open_workspace(wsnb.copy_sample_workspace(tmp_path / "sample"))
    workspace._agent = Agent(workspace, environ={})
    return workspace


def test_a_search_shows_its_table(ws: wsnb.Workspace) -> None:
    chat = ws.chat()
    assert isinstance(chat, ChatView)
    reply = chat.send("搜索 README")
    assert reply is not None and reply.table is not None
    view = chat.replies[-1]
    assert "README.md" in view.table.value and "<table" in view.table.value
    # The offline notice is said once, by the chat, not by every reply.
    assert "Offline mode" in chat.status.value and "Offline" not in view.answer.value
    assert "mode: offline" not in view.footer.value
    assert "搜索 README" in chat.conversation.children[0].value
    assert "You" in chat.conversation.children[0].value and "wsnb" in view.answer.value
    assert view in chat.conversation.children
    assert view._repr_mimebundle_()["text/plain"] == reply.plain()


def test_a_chinese_reply_table_has_chinese_headers_and_sizes(ws: wsnb.Workspace) -> None:
    chat = ws.chat()
    chat.send("列出 app")
    shown = chat.replies[-1].table.value
    headers = re.findall(r"<th[^>]*col_heading[^>]*>([^<]*)</th>", shown)
    assert headers and not any(re.search(r"[A-Za-z]{3,}", h) for h in headers), headers
    assert "字节" in shown or "KiB" in shown
    assert "bytes" not in shown
    chat.send("list app")
    english = re.findall(r"<th[^>]*col_heading[^>]*>([^<]*)</th>", chat.replies[-1].table.value)
    assert "path" in english or "name" in english, english


def test_a_rename_arrives_as_a_card_and_a_click_confirms_it(ws: wsnb.Workspace) -> None:
    chat = ws.chat()
    chat.send("把 README.md 重命名为 README.txt")
    cards = chat.replies[-1].cards
    assert len(cards) == 1 and isinstance(cards[0], PlanCard)
    assert (ws.root / "README.md").exists()
    cards[0].confirm_button.click()
    assert cards[0].plan.state is PlanState.DONE
    assert (ws.root / "README.txt").exists() and not (ws.root / "README.md").exists()


def test_cancel_on_the_card_changes_nothing(ws: wsnb.Workspace) -> None:
    chat = ws.chat()
    chat.send("delete app/utils.py")
    card = chat.replies[-1].cards[0]
    card.cancel_button.click()
    assert card.plan.state is PlanState.CANCELLED
    assert (ws.root / "app" / "utils.py").exists()


def test_enter_in_the_box_sends_and_clears_it_leaving_it_sends_nothing(
    ws: wsnb.Workspace,
) -> None:
    chat = ws.chat()
    chat.input.value = "list src"  # what typing (and then clicking elsewhere) syncs
    assert chat.replies == [] and chat.input.value == "list src"
    # The page's Enter: the box empties itself and sends the text as a message.
    chat.input.value = ""
    chat.input._on_message(chat.input, {"event": "submit", "text": "list src"}, None)
    assert len(chat.replies) == 1 and chat.replies[0].reply.table is not None
    chat.input.value = "   "
    chat._on_click()
    assert len(chat.replies) == 1  # an empty message sends nothing


def test_a_forbidden_request_shows_no_card(ws: wsnb.Workspace) -> None:
    chat = ws.chat()
    chat.send("永久删除 README.md")
    view = chat.replies[-1]
    assert view.cards == [] and "永久" not in view.footer.value
    assert "从不永久删除" in view.answer.value  # a Chinese message gets a Chinese refusal


@pytest.fixture
def server() -> Iterator[ScriptedServer]:
    srv = ScriptedServer()
    yield srv
    srv.close()


def test_a_model_answer_streams_into_the_conversation(
    ws: wsnb.Workspace, server: ScriptedServer
) -> None:
    ws.agent.connect(server.url, model="test-model", environ={})
    server.script(Step(events=text_chunks("The sample is a small C++/Python project.", size=6)))
    chat = ws.chat()
    reply = chat.send("tell me more about the sample")
    assert reply is not None and reply.mode == "test-model"
    assert chat.streamed == reply.text == "The sample is a small C++/Python project."
    assert "test-model" in chat.status.value
    assert isinstance(chat.conversation.children[-1], ReplyView)
