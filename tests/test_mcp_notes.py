"""The notes workspace served beside the files, as agents start it: ``python -m wsnb.mcp ROOT
--notes NOTES`` over stdio, driven by the SDK's client.

The reads (search in both languages, a note, the assembled context), the proposals kept in
the notes' own plan store and decided here in Python as the notebook would, the prompts and
the resource; a path outside the notes and a key inside one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from notes_helpers import ANSWERS_ZH, write
from test_inbox import _call, _until
from test_mcp_http import SECRET, data, text
from test_mcp_stdio import run, stdio

from wsnb.errors import PlanStateError
from wsnb.notes import open_notes
from wsnb.notes.layout import STATE_FILE

NOTES_TOOLS = {"notes_search", "notes_read", "assistant_context", "propose_remember",
               "recent_notes", "propose_note_edit", "propose_note_move", "propose_note_trash",
               "propose_note", "propose_memory_edit", "propose_onboarding",
               "propose_check_in"}  # fmt: skip


@pytest.fixture
def roots(tmp_path: Path) -> tuple[Path, Path]:
    """A small project, and a notes workspace of its own beside it."""
    project = tmp_path / "project"
    write(project, "README.md", "# Demo\n")
    notes = tmp_path / "notes"
    nb = open_notes(notes)
    nb.initialize().confirm()
    nb.close()
    write(notes, "soul.md", "# Soul\n\n- Name: Ada the helper\n- Style: concise\n")
    write(notes, "memory.md", "# Long-term memory\n\n- The person likes green tea.\n")
    write(notes, "Inbox/机器学习计划.md", "# 机器学习计划\n\n每周读一篇论文，练习梯度下降。\n")
    write(notes, "Inbox/garden.md", "# Garden\n\nTomatoes need six hours of sun.\n")
    write(notes, "Inbox/keys.md", f"# Keys\n\nThe billing key is {SECRET} for now.\n")
    write(tmp_path, "outside.md", "# Outside\n\nnot a note\n")
    return project, notes


def serve(roots: tuple[Path, Path]) -> Any:
    project, notes = roots
    return stdio(project, "--notes", str(notes))


def today_file(notes: Path) -> Path:
    nb = open_notes(notes)
    try:
        return notes / "memory" / "daily" / f"{nb.today().isoformat()}.md"
    finally:
        nb.close()


def test_the_notes_are_listed_and_read(roots: tuple[Path, Path]) -> None:
    async def session(client: Client) -> dict[str, Any]:
        out: dict[str, Any] = {"tools": {t.name for t in (await client.list_tools()).tools}}
        out["prompts"] = {p.name for p in (await client.list_prompts()).prompts}
        out["resources"] = {str(r.uri) for r in (await client.list_resources()).resources}
        out["zh"] = await client.call_tool("notes_search", {"query": "机器学习论文"})
        out["en"] = await client.call_tool("notes_search", {"query": "tomatoes sun", "limit": 3})
        out["read"] = await client.call_tool("notes_read", {"path": "Inbox/garden.md"})
        out["context"] = await client.call_tool("assistant_context", {"query": "tomatoes"})
        out["small"] = await client.call_tool("assistant_context", {"budget": 2_500})
        out["outside"] = await client.call_tool("notes_read", {"path": "../outside.md"})
        out["absolute"] = await client.call_tool("notes_read",
                                                 {"path": str(roots[0] / "README.md")})
        out["prompt"] = await client.get_prompt("onboarding", {"language": "zh"})
        return out

    out = run(serve(roots), session)
    assert out["tools"] >= NOTES_TOOLS and "read_file" in out["tools"]
    assert {"onboarding", "check-in"} <= out["prompts"]
    assert "wsnb://assistant/context" in out["resources"]
    assert data(out["zh"])["rows"][0]["path"] == "Inbox/机器学习计划.md"
    assert data(out["en"])["rows"][0]["path"] == "Inbox/garden.md"
    assert "six hours of sun" in text(out["read"])
    context = data(out["context"])
    assert "Ada the helper" in context["text"] and "likes green tea" in context["text"]
    assert "Inbox/garden.md" in context["text"]  # the note that matches the query
    assert context["text"].startswith("<assistant-workspace>")
    small = data(out["small"])
    assert small["chars"] <= 2_500 < context["chars"]
    assert small["cut"] or len(small["parts"]) < len(context["parts"])
    for refused in (out["outside"], out["absolute"]):
        assert refused.is_error and "not a note" not in text(refused)
    asked = out["prompt"].messages[0].content.text
    assert "我该怎么称呼你？" in asked and "propose_onboarding" in asked and "13" in asked


def test_a_key_in_a_note_never_reaches_the_client(roots: tuple[Path, Path]) -> None:
    async def session(client: Client) -> list[Any]:
        said: list[Any] = [await client.call_tool("notes_search", {"query": "billing key"}),
                           await client.call_tool("notes_read", {"path": "Inbox/keys.md"}),
                           await client.call_tool("assistant_context", {"query": "billing key"})]
        said.append(await client.read_resource("wsnb://assistant/context"))
        return said

    found = run(serve(roots), session)
    assert data(found[0])["rows"][0]["path"] == "Inbox/keys.md"  # found, but not the key
    assert "billing key" in data(found[2])["text"]  # the note reached the context, redacted
    for answer in found:
        assert SECRET not in json.dumps(answer.model_dump(mode="json"), ensure_ascii=False)


def test_remember_changes_nothing_until_confirmed_then_appends_once(
        roots: tuple[Path, Path]) -> None:  # fmt: skip
    notes = roots[1]
    daily = today_file(notes)
    store_folder = notes / ".wsnb" / "plans"

    async def session(client: Client) -> dict[str, Any]:
        out: dict[str, Any] = {}
        proposed = await client.call_tool("propose_remember",
                                          {"text": "The person prefers 番茄 over cucumbers."})
        out["proposed"] = data(proposed)
        out["before"] = daily.exists()
        nb = open_notes(notes)
        try:
            nb.workspace.plan_store.confirm(out["proposed"]["plan_id"], confirmed_by="notebook")
            with pytest.raises(PlanStateError):
                nb.workspace.plan_store.confirm(out["proposed"]["plan_id"],
                                                confirmed_by="notebook")  # fmt: skip
        finally:
            nb.close()
        out["status"] = data(await client.call_tool(
            "plan_status", {"plan_id": out["proposed"]["plan_id"]}))
        return out

    out = run(serve(roots), session)
    assert out["proposed"]["state"] == "pending" and out["proposed"]["workspace"] == "notes"
    assert out["proposed"]["proposer"] == "mcp:claude-code"
    assert not out["before"] and store_folder.is_dir()
    written = daily.read_text(encoding="utf-8")
    assert written.count("番茄 over cucumbers") == 1
    assert "## Candidate Long-Term Memory\n\n- The person prefers" in written
    assert out["status"]["state"] == "done" and out["status"]["workspace"] == "notes"


def test_a_second_memory_is_appended_and_a_cancelled_one_leaves_nothing(
        roots: tuple[Path, Path]) -> None:  # fmt: skip
    notes = roots[1]
    daily = today_file(notes)
    write(daily.parent, daily.name, "# Daily Memory\n\n## Work Log\n\n- wrote tests\n")
    before = daily.read_bytes()
    memory_before = (notes / "memory.md").read_bytes()

    async def session(client: Client) -> list[dict[str, Any]]:
        kept = data(await client.call_tool("propose_remember", {"text": "Tea at four."}))
        dropped = data(await client.call_tool("propose_memory_edit", {"edits": [
            {"old_text": "green tea", "new_text": "black tea"}]}))  # fmt: skip
        nb = open_notes(notes)
        try:
            nb.workspace.plan_store.cancel(kept["plan_id"], by="notebook")
            nb.workspace.plan_store.cancel(dropped["plan_id"], by="notebook")
        finally:
            nb.close()
        return [kept, dropped]

    kept, dropped = run(serve(roots), session)
    assert "+- Tea at four." in kept["diff"] and kept["workspace"] == "notes"
    assert "-- The person likes green tea." in dropped["diff"]
    assert daily.read_bytes() == before
    assert (notes / "memory.md").read_bytes() == memory_before


def test_onboarding_answers_become_one_plan_and_the_state_follows(
        roots: tuple[Path, Path]) -> None:  # fmt: skip
    notes = roots[1]
    reply = ("谢谢！\n```onboarding-complete\n" + json.dumps(ANSWERS_ZH, ensure_ascii=False)
             + "\n```\n")  # fmt: skip

    async def session(client: Client) -> dict[str, Any]:
        out: dict[str, Any] = {
            "plan": data(await client.call_tool("propose_onboarding", {"answers": reply}))}
        out["soul_before"] = (notes / "soul.md").read_text(encoding="utf-8")
        nb = open_notes(notes)
        try:
            nb.workspace.plan_store.confirm(out["plan"]["plan_id"], confirmed_by="notebook")
        finally:
            nb.close()
        out["status"] = data(await client.call_tool(
            "plan_status", {"plan_id": out["plan"]["plan_id"]}))
        out["again"] = await client.call_tool("propose_onboarding", {"answers": reply})
        return out

    out = run(serve(roots), session)
    assert out["plan"]["action"] == "change_set" and out["plan"]["state"] == "pending"
    assert "阿福" not in out["soul_before"]
    assert "阿福" in (notes / "soul.md").read_text(encoding="utf-8")
    assert out["status"]["state"] == "done"
    state = json.loads((notes / STATE_FILE).read_text(encoding="utf-8"))
    assert state["onboardingComplete"] is True
    assert out["again"].is_error and "already complete" in text(out["again"])


def test_serve_mcp_in_the_kernel_shows_the_notes_proposals_in_the_same_inbox(
        roots: tuple[Path, Path], capsys: pytest.CaptureFixture[str]) -> None:  # fmt: skip
    import wsnb

    project, notes = roots
    ws = wsnb.open_workspace(project)
    serving = ws.serve_mcp(notes=str(notes))
    try:
        assert "wsnb serves this workspace" in capsys.readouterr().out
        inbox = serving.inbox
        assert inbox is not None and len(inbox.workspaces) == 2
        proposed = _call(serving.url, serving.server.token, "propose_remember",
                         {"text": "Water the tomatoes on Fridays."})  # fmt: skip
        plan_id = str(proposed["plan_id"])
        assert proposed["workspace"] == "notes"
        assert _until(lambda: plan_id in inbox.cards)
        card = inbox.cards[plan_id]
        assert "Notes workspace notes (the assistant&#x27;s memory)" in card.header.value
        assert not today_file(notes).exists()
        card.confirm_button.click()
        assert "Water the tomatoes on Fridays." in today_file(notes).read_text(encoding="utf-8")
        status = _call(serving.url, serving.server.token, "plan_status", {"plan_id": plan_id})
        assert status["state"] == "done" and status["confirmed_by"] == "notebook"
        assert status["workspace"] == "notes"
    finally:
        serving.close()
        ws.close()
    assert serving.inbox is None
