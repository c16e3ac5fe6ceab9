"""Every tool says what its answer holds (``outputSchema``) and every answer holds it.

The schemas are declared once, in the tool table's entries (``ToolDef.output``; a propose
tool answers a plan unless it says otherwise), so a tool added later is held to this too:
it must declare a schema, and have a call below whose answer is checked against it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from mcp import Client
from notes_helpers import write
from test_mcp_http import call_many, data, make_tree, run

import wsnb
from wsnb.mcp.http import RunningServer, start_in_thread
from wsnb.mcp.notes import NOTES_TOOLS
from wsnb.notes import open_notes
from wsnb.tools.table import TOOL_TABLE, ToolDef

ALL_TOOLS: tuple[ToolDef, ...] = (*TOOL_TABLE, *NOTES_TOOLS)

# One call or more of every tool, whose structured answer is checked against its schema.
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("workspace_summary", {}),
    ("list_folder", {"path": "src"}),
    ("list_folder", {"path": "many", "limit": 3, "offset": 2}),
    ("find_files", {"keyword": ".py"}),
    ("find_files", {"keyword": "many/*.txt", "limit": 2}),
    ("search_text", {"pattern": "hello"}),
    ("search_text", {"pattern": "x", "path": "many", "limit": 2, "offset": 1}),
    ("read_file", {"path": "README.md"}),
    ("read_file", {"path": "README.md", "tail": 1}),
    ("read_file", {"path": "README.md", "start_line": 9}),
    ("read_files", {"paths": ["README.md", "nope.txt", ".env"]}),
    ("folder_tree", {"depth": 2}),
    ("file_info", {"path": "src/main.py"}),
    ("read_table", {"path": "table.csv"}),
    ("read_file", {"path": "analysis.ipynb", "tail": 2}),
    ("search_text", {"pattern": "x = 1"}),
    ("history", {}),
    ("propose_create_file", {"path": "new.txt", "content": "new\n"}),
    ("propose_write_file", {"path": "old.txt", "content": "older notes\n"}),
    ("propose_edit", {"path": "src/main.py", "edits": [{"old_text": "print('hello')",
                                                        "new_text": "print('hi')"}]}),
    ("propose_notebook_edit", {"path": "analysis.ipynb", "cell": 1, "new_source": "x = 2"}),
    ("propose_rename_identifier", {"old": "helper", "new": "assist"}),
    ("propose_changes", {"title": "Two", "changes": [
        {"op": "create_folder", "path": "made"},
        {"op": "copy", "source": "old.txt", "target": "made/old.txt"}]}),
    ("propose_create_folder", {"path": "folder"}),
    ("propose_copy", {"source": "old.txt", "target": "copy.txt"}),
    ("propose_move", {"source": "old.txt", "target": "notes/old.txt"}),
    ("propose_rename", {"path": "trash-me.txt", "new_name": "keep-me.txt"}),
    ("propose_trash", {"path": "trash-me.txt"}),
    ("list_my_plans", {}),
    ("list_my_plans", {"state": "pending", "limit": 2}),
    ("notes_search", {"query": "garden"}),
    ("notes_read", {"path": "Inbox/garden.md", "head": 1}),
    ("recent_notes", {"timeframe": "7d"}),
    ("assistant_context", {"query": "garden", "budget": 1_000}),
    ("assistant_context", {}),
    ("propose_remember", {"text": "The person waters the garden on Fridays."}),
    ("propose_note", {"title": "Idea", "text": "a thought"}),
    ("propose_note_edit", {"path": "Inbox/garden.md", "operation": "append", "content": "- more"}),
    ("propose_note_move", {"path": "Inbox/garden.md", "target": "Projects/"}),
    ("propose_note_trash", {"path": "Inbox/garden.md"}),
    ("propose_memory_edit", {"edits": [{"old_text": "green tea", "new_text": "black tea"}]}),
    ("propose_onboarding", {"answers": {"address": "Ada"}}),
]
# Tools whose call needs an answer from an earlier one (a plan id, a journal entry).
LATER = {"plan_status", "withdraw_plan", "propose_undo", "propose_check_in"}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[wsnb.Workspace, RunningServer]]:
    root = make_tree(tmp_path)
    for n in range(6):
        write(root, f"many/n{n}.txt", "x\n")
    write(root, "table.csv", "name,count\napples,3\npears,5\n")
    write(root, "analysis.ipynb", json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "id": "c1", "metadata": {},
                   "outputs": [], "source": ["x = 1\n", "print(x)"]}],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5}, indent=1) + "\n")
    folder = tmp_path / "notes"
    nb = open_notes(folder)
    nb.initialize().confirm()
    write(folder, "memory.md", "# Long-term memory\n\n- The person likes green tea.\n")
    write(folder, "Inbox/garden.md", "# Garden\n\nTomatoes need six hours of sun.\n")
    ws = wsnb.open_workspace(root, watch=False)
    server = start_in_thread(ws, notes=nb)
    yield ws, server
    server.close()
    ws.close()
    nb.close()


def test_every_tool_declares_an_output_schema_that_is_a_json_schema() -> None:
    for spec in ALL_TOOLS:
        schema = spec.output_schema()
        assert schema is not None, f"{spec.name} declares no output schema: give its ToolDef " \
                                   "an output= (wsnb.tools.outputs has the helpers)"  # fmt: skip
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object", spec.name


def test_every_tool_has_a_call_here_whose_answer_is_checked() -> None:
    called = {name for name, _args in CALLS} | LATER
    missing = sorted({spec.name for spec in ALL_TOOLS} - called)
    assert not missing, f"add a call of {missing} to CALLS in tests/test_mcp_outputs.py"


def test_every_answer_holds_its_schema(served: Any) -> None:
    ws, server = served
    schemas = {spec.name: spec.output_schema() for spec in ALL_TOOLS}

    async def session(client: Client) -> dict[str, Any]:
        listed = {tool.name: tool for tool in (await client.list_tools()).tools}
        return {name: tool.output_schema for name, tool in listed.items()}

    published = run(session, server)
    assert published == schemas  # tools/list carries the table's schemas as they are
    answers = call_many(server, CALLS)
    checked: list[tuple[str, dict[str, Any]]] = []
    for (name, args), answer in zip(CALLS, answers, strict=True):
        checked.append((name, data(answer)))  # the SDK's client checked it already
        assert answer.structured_content is not None, (name, args)
    plan_id = next(d["plan_id"] for name, d in checked if name == "propose_create_file")
    ws.plan_store.confirm(plan_id, confirmed_by="notebook")
    later = call_many(server, [("plan_status", {"plan_id": plan_id}),
                               ("propose_undo", {}),
                               ("withdraw_plan", {"plan_id": next(
                                   d["plan_id"] for name, d in checked
                                   if name == "propose_copy")}),
                               ("history", {})])  # fmt: skip
    checked += [(name, data(answer)) for name, answer in zip(
        ("plan_status", "propose_undo", "withdraw_plan", "history"), later, strict=True)]
    [row] = checked[-1][1]["rows"]  # the plan confirmed above: a row with its state
    assert row["state"] == "done" and row["success"] is True
    for name, structured in checked:
        jsonschema.validate(structured, schemas[name])
    assert {name for name, _s in checked} >= {spec.name for spec in ALL_TOOLS} - {
        "propose_check_in"}  # no check-in is due on the day of onboarding
