"""One inbox over the files and the notes: an agent's memory entry and its file change wait
side by side, each card saying which workspace it belongs to; the stored record and the
journal line say it too.

The agent is a real ``python -m wsnb.mcp ROOT --notes NOTES`` over stdio, driven by the
SDK's client; the inbox is ``ws.inbox(notes=nb)`` in this process, following both plan
folders as the notebook's does.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mcp import Client
from test_inbox import _until
from test_mcp_http import data
from test_mcp_notes import roots, serve, today_file
from test_mcp_stdio import run

import wsnb
from wsnb.i18n import using_language
from wsnb.notes import open_notes
from wsnb.plans.journal import HISTORY_FILE, Journal
from wsnb.plans.status import status_of

__all__ = ["roots"]  # the fixture, shared with the notes' MCP tests

MEMORY = "The person waters the tomatoes on Fridays."


def _journal_lines(root: Path) -> list[dict[str, Any]]:
    """The journal's entries (the marks written ahead of them left out)."""
    text = (root / HISTORY_FILE).read_text(encoding="utf-8")
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    return [line for line in lines if "phase" not in line]


def test_one_inbox_shows_both_workspaces_plans_and_the_memory_card_appends_once(
        roots: tuple[Path, Path]) -> None:  # fmt: skip
    project, notes = roots
    ws = wsnb.open_workspace(project)
    nb = open_notes(notes)
    inbox = ws.inbox(notes=nb)

    async def session(client: Client) -> list[dict[str, Any]]:
        remember = await client.call_tool("propose_remember", {"text": MEMORY})
        write_file = await client.call_tool("propose_write_file",
                                            {"path": "README.md", "content": "# Demo\n\nMore.\n"})
        return [data(remember), data(write_file)]

    try:
        memory, change = run(serve(roots), session)
        assert (memory["workspace"], change["workspace"]) == ("notes", "files")
        ids = memory["plan_id"], change["plan_id"]
        assert _until(lambda: all(plan_id in inbox.cards for plan_id in ids))
        memory_card, change_card = (inbox.cards[plan_id] for plan_id in ids)
        assert "Notes workspace notes (the assistant&#x27;s memory)" in memory_card.header.value
        assert "Files workspace project" in change_card.header.value
        assert "Notes workspace" not in change_card.header.value
        said = inbox.describe()
        assert "2 plans wait for your decision." in said
        assert "[Notes workspace notes (the assistant's memory)]" in said
        assert "[Files workspace project]" in said
        with using_language("zh"):
            assert inbox.where(memory_card.plan) == "笔记工作区 notes（助手的记忆）"
            assert inbox.where(change_card.plan) == "文件工作区 project"
        stored = json.loads((notes / ".wsnb/plans" / f"{ids[0]}.json").read_text("utf-8"))
        assert stored["workspace"] == "notes"
        stored = json.loads((project / ".wsnb/plans" / f"{ids[1]}.json").read_text("utf-8"))
        assert stored["workspace"] == "files"

        daily = today_file(notes)
        assert not daily.exists()  # nothing until a person confirms
        memory_card.confirm_button.click()
        memory_card.confirm_button.click()  # a second click on a done card does nothing
        assert daily.read_text(encoding="utf-8").count(MEMORY) == 1
        assert memory_card.plan.state.value == "done"
        assert change_card.plan.state.value == "pending"
        assert (project / "README.md").read_text(encoding="utf-8") == "# Demo\n"
        [line] = [e for e in _journal_lines(notes) if e["plan_id"] == ids[0]]
        assert line["workspace"] == "notes" and line["proposed_by"] == "mcp:claude-code"
        assert nb.workspace.history.iloc[0]["workspace"] == "notes"

        change_card.confirm_button.click()
        assert (project / "README.md").read_text(encoding="utf-8") == "# Demo\n\nMore.\n"
        [line] = [e for e in _journal_lines(project) if e["plan_id"] == ids[1]]
        assert line["workspace"] == "files"
        assert not inbox.waiting and "Nothing waits" in inbox.title.value
    finally:
        inbox.close()
        nb.close()
        ws.close()


def test_records_written_before_the_workspace_was_said_still_read(tmp_path: Path) -> None:
    old_line = {"id": "0a1b2c3d4e", "plan_id": "abcd1234", "time": "2026-01-05T10:00:00+00:00",
                "action": "create_file", "tool": "create_file", "success": True,
                "target": "memory/daily/2026-01-05.md"}  # fmt: skip
    (tmp_path / ".wsnb").mkdir()
    (tmp_path / HISTORY_FILE).write_text(json.dumps(old_line) + "\n", encoding="utf-8")
    assert Journal(tmp_path, workspace="notes").entries()[0].workspace == "notes"
    assert Journal(tmp_path).entries()[0].workspace == "files"
    old_record = {"id": "abcd1234", "state": "pending", "title": "Write README.md",
                  "created": "2026-01-05T10:00:00+00:00",
                  "expires": "2026-01-06T10:00:00+00:00"}  # fmt: skip
    status = status_of(old_record)
    assert status.workspace == "files" and status.as_dict()["workspace"] == "files"


def test_an_inbox_of_one_workspace_labels_no_card(roots: tuple[Path, Path]) -> None:
    project, _notes = roots
    ws = wsnb.open_workspace(project)
    try:
        plan = ws.write_file("README.md", "# Demo\n\nMore.\n")
        inbox = ws.inbox()
        try:
            card = inbox.cards[plan.id]
            assert inbox.where(plan) == "" and "wsnb-workspace" not in card.header.value
        finally:
            inbox.close()
    finally:
        ws.close()


@pytest.mark.parametrize("kind", ["files", "notes"])
def test_a_workspace_says_its_kind_to_its_journal_and_store(
        roots: tuple[Path, Path], kind: str) -> None:  # fmt: skip
    project, notes = roots
    opened = wsnb.open_workspace(project) if kind == "files" else open_notes(notes)
    ws = opened if kind == "files" else opened.workspace  # type: ignore[union-attr]
    try:
        assert ws.plan_store.workspace == kind
        plan = ws.create_file("said.md", "# Said\n")
        plan.confirm()
        assert ws.history.iloc[0]["workspace"] == kind
    finally:
        opened.close()


def test_a_cards_label_speaks_its_plans_language(roots: tuple[Path, Path]) -> None:
    project, notes = roots
    ws = wsnb.open_workspace(project)
    nb = open_notes(notes)
    try:
        with using_language("zh"):
            plan = nb.workspace.create_file("Inbox/想法.md", "# 想法\n")
        inbox = ws.inbox(notes=nb)  # the notebook speaks English
        try:
            header = inbox.cards[plan.id].header.value
            assert "笔记工作区 notes（助手的记忆）" in header and "Notes workspace" not in header
        finally:
            inbox.close()
    finally:
        nb.close()
        ws.close()
