"""An agent over MCP is told what it can do: MCP tools and arguments, never a Python call.

The catalogue (``wsnb.advice``) holds every advising sentence once per face; the walk below
calls every MCP tool with the inputs that make it refuse, fail or cut its answer, in both
languages, and finds no Python name in any error, note, message or warning it gives.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import write
from mcp_types import CallToolResult
from test_mcp_http import call_many, make_tree

import wsnb
from wsnb.advice import ADVICE, Advice, Face, speaking_to
from wsnb.i18n import _, using_language
from wsnb.mcp.http import RunningServer, start_in_thread
from wsnb.notes import open_notes

# What only a person at Python can follow: a call, an attribute, a keyword argument.
PYTHON = re.compile(r"\b(?:ws|nb|wsnb)\.(?!ipynb\b)\w|\.attrs\b|\b[a-z_]+\(\)|\b[a-z_]+\([a-z_]*=|"
                    r"=None\b|\bmax_bytes\b|\bmax_files\b|\bScanLimits\b|\bls\(|"
                    r"\bfind\(")
SAID = ("note", "message", "error", "warnings")  # the sentences of a structured answer

# Calls that refuse, fail or cut their answer (the workspace below makes each happen).
WALK: list[tuple[str, dict[str, Any]]] = [
    ("read_file", {"path": "missing.txt"}),
    ("read_file", {"path": "src"}),
    ("read_file", {"path": ".env"}),
    ("read_file", {"path": "../outside/secret.txt"}),
    ("read_file", {"path": "big.txt"}),
    ("read_file", {"path": "big.txt", "start_line": 99_999}),
    ("read_file", {"path": "big.txt", "start_line": 5, "end_line": 2}),
    ("read_file", {"path": "big.txt", "head": 1, "tail": 1}),
    ("read_file", {"path": "picture.png"}),
    ("read_files", {"paths": ["missing.txt", "src", ".env", "big.txt", "picture.png"]}),
    ("list_folder", {"path": "missing"}),
    ("list_folder", {"path": "README.md"}),
    ("list_folder", {"path": "many", "limit": 2}),
    ("list_folder", {"path": "many", "offset": -1}),
    ("find_files", {"keyword": "n", "limit": 1}),
    ("find_files", {"keyword": "many/*.txt", "limit": 1}),
    ("find_files", {"keyword": "[", "limit": 1}),
    ("search_text", {"pattern": "x", "limit": 1}),
    ("search_text", {"pattern": "API_KEY"}),
    ("search_text", {"pattern": "x", "path": "missing"}),
    ("search_text", {"pattern": "(", "regex": True}),
    ("search_text", {"pattern": "x", "limit": 500}),
    ("folder_tree", {"path": "missing"}),
    ("read_table", {"path": "missing.csv"}),
    ("read_table", {"path": "README.md"}),
    ("read_table", {"path": "rows.csv", "limit": 1}),
    ("propose_notebook_edit", {"path": "nb.ipynb", "cell": 9, "new_source": "x"}),
    ("propose_notebook_edit", {"path": "nb.ipynb", "cell": 1, "mode": "sideways"}),
    ("propose_notebook_edit", {"path": "README.md", "cell": 1, "new_source": "x"}),
    ("propose_rename_identifier", {"old": "nowhere_at_all", "new": "x"}),
    ("propose_rename_identifier", {"old": "helper", "new": "bad name"}),
    ("file_info", {"path": "missing.txt"}),
    ("history", {"limit": 99}),
    ("plan_status", {"plan_id": "abcdef"}),
    ("list_my_plans", {"state": "sideways"}),
    ("withdraw_plan", {"plan_id": "abcdef"}),
    ("propose_create_file", {"path": "README.md", "content": "x"}),
    ("propose_create_file", {"path": "newdir/", "content": "x"}),
    ("propose_create_file", {"path": ".env.local", "content": "x"}),
    ("propose_write_file", {"path": "missing.txt", "content": "x"}),
    ("propose_edit", {"path": "src/main.py", "edits": [{"old_text": "absent", "new_text": "x"}]}),
    ("propose_edit", {"path": "many/n0.txt", "edits": [{"old_text": "x", "new_text": "y"},
                                                        {"old_text": "y\ny", "new_text": "z"}]}),
    ("propose_move", {"source": "src", "target": "lib"}),
    ("propose_move", {"source": "old.txt", "target": "README.md"}),
    ("propose_copy", {"source": "missing.txt", "target": "x.txt"}),
    ("propose_rename", {"path": "old.txt", "new_name": "a/b.txt"}),
    ("propose_trash", {"path": "missing.txt"}),
    ("propose_undo", {"entry": "nothing-here"}),
    ("propose_changes", {"title": "t", "changes": [{"op": "sideways"}]}),
    ("propose_changes", {"title": "t", "changes": [
        {"op": "trash", "path": "old.txt"},
        {"op": "edit", "path": "old.txt", "edits": [{"old_text": "old", "new_text": "new"}]}]}),
    ("notes_read", {"path": "missing.md"}),
    ("notes_search", {"query": "x", "limit": 99}),
    ("recent_notes", {"timeframe": "whenever"}),
    ("assistant_context", {"budget": 10}),
    ("propose_note", {"title": " "}),
    ("propose_note_edit", {"path": "missing.md", "operation": "append", "content": "x"}),
    ("propose_note_edit", {"path": "Inbox/garden.md", "operation": "replace_section",
                           "section": "Nope", "content": "x"}),
    ("propose_note_edit", {"path": "Inbox/garden.md", "operation": "find_replace",
                           "find_text": "absent", "content": "x"}),
    ("propose_note_trash", {"path": "missing.md"}),
    ("propose_memory_edit", {"edits": [{"old_text": "absent", "new_text": "x"}]}),
    ("propose_remember", {"text": "  "}),
    ("propose_onboarding", {"answers": "not json"}),
    ("propose_check_in", {"answers": {"done": "x"}}),
]


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[wsnb.Workspace, RunningServer, Path]]:
    root = make_tree(tmp_path)
    write(root, "big.txt", "".join(f"line {n} x\n" for n in range(30_000)))  # > 128 KiB
    (root / "picture.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(100))
    for n in range(5):
        write(root, f"many/n{n}.txt", "x\ny\ny\n" if n == 0 else "x\n")
    write(root, "rows.csv", "a,b\n" + "".join(f"{n},{n}\n" for n in range(10)))
    write(root, "nb.ipynb", '{"cells": [{"cell_type": "code", "execution_count": null, "id": '
                            '"c1", "metadata": {}, "outputs": [], "source": ["x = 1"]}], '
                            '"metadata": {}, "nbformat": 4, "nbformat_minor": 5}\n')
    folder = tmp_path / "notes"
    nb = open_notes(folder)
    nb.initialize().confirm()
    write(folder, "Inbox/garden.md", "# Garden\n\n## Sun\n\nsix hours\n")
    ws = wsnb.open_workspace(root, watch=False, limits=wsnb.ScanLimits(max_files=25))
    server = start_in_thread(ws, notes=nb)
    yield ws, server, root
    server.close()
    ws.close()
    nb.close()


def sentences(result: CallToolResult) -> list[str]:
    """What an answer says to its reader: an error's text, or the structured answer's notes,
    messages and warnings (never a file's text or a diff, which are data)."""
    if result.is_error:
        return [getattr(block, "text", "") for block in result.content]
    found: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for name, item in value.items():
                walk(item, name)
        elif isinstance(value, list):
            for item in value:
                walk(item, key)
        elif isinstance(value, str) and key in SAID:
            found.append(value)

    walk(result.structured_content or {})
    return found


class _Any:
    """A field's value for any format spec: the sentences are checked as a reader sees them."""

    def __format__(self, spec: str) -> str:
        return "7"

    def __repr__(self) -> str:
        return "'x'"


def test_every_advising_sentence_has_an_mcp_rendering_without_python() -> None:
    assert len(ADVICE) >= 30
    for name, entry in ADVICE.items():
        for lang in ("en", "zh"):
            with using_language(lang), speaking_to(Face.MCP):
                template = _(entry.mcp) if isinstance(entry, Advice) else entry.mcp(2)
            said = template.format_map(defaultdict(_Any))
            assert not PYTHON.search(said), (name, lang, said)
        if isinstance(entry, Advice):
            assert entry.python != entry.mcp, name
            with using_language("zh"):
                assert _(entry.mcp) != entry.mcp, f"{name} has no Chinese MCP rendering"


def test_a_notebook_still_reads_the_python_advice() -> None:
    from wsnb.advice import NOT_FOUND

    assert "ls() or find()" in NOT_FOUND(path="x")
    with speaking_to(Face.MCP):
        assert "list_folder or find_files" in NOT_FOUND(path="x")
    assert "ls() or find()" in NOT_FOUND(path="x")  # the face is the block's only


@pytest.fixture(params=["en", "zh"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """The server's language (its threads read the process's setting)."""
    wsnb.set_language(request.param)
    yield request.param
    wsnb.set_language("en")


def test_no_mcp_answer_advises_a_python_call(served: Any, language: str) -> None:
    ws, server, root = served
    results = call_many(server, WALK)
    created = call_many(server, [("propose_create_file", {"path": "made.txt",
                                                          "content": "v1\n"})])  # fmt: skip
    plan_id = (created[0].structured_content or {})["plan_id"]
    ws.plan_store.confirm(plan_id, confirmed_by="notebook")
    (root / "made.txt").write_text("changed by hand\n", encoding="utf-8")
    results += call_many(server, [("propose_undo", {}), ("withdraw_plan", {"plan_id": plan_id}),
                                  ("workspace_summary", {})])  # fmt: skip
    said = {(name, line) for (name, _args), result in zip([*WALK, ("propose_undo", {}),
                                                            ("withdraw_plan", {}),
                                                            ("workspace_summary", {})],
                                                           results, strict=True)
            for line in sentences(result)}  # fmt: skip
    errors = sum(result.is_error for result in results)
    assert errors >= len(WALK) - 10  # the walk reaches the refusals it means to reach
    python = sorted((name, line) for name, line in said if PYTHON.search(line))
    assert not python, "Python advice reached an agent:\n" + "\n".join(map(str, python))
    # The advice it does give names MCP tools and arguments, in the server's language.
    joined = "\n".join(line for _name, line in said)
    assert ("不存在" in joined) is (language == "zh")
    for named in ("list_folder", "offset=", "start_line", "propose_write_file", "list_my_plans",
                  "propose_rename", "propose_note"):
        assert named in joined, named
